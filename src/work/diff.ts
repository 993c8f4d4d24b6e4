import type { Lang } from '../shared/config.js';
import type { Audience } from '../shared/audience.js';
import { ButlerError } from '../shared/errors.js';
import { ok, type ToolResult } from '../shared/result.js';
import type { GitRunner } from '../shared/git.js';
import { assertRecordId } from './git.js';
import { logArgs, parseLog } from './history.js';
import { inspectText } from './messages/inspect.js';
import { gitFailure, gitOk, pathspecFor, requireRepo } from './repo.js';
import { readStatus } from './status.js';
import { untrackedFiles, withIntentToAdd } from './untracked.js';

export type DiffLevel = 'stat' | 'full';

/** Caps keep one call from flooding a brain's context; the caller narrows with `path`. */
export const STAT_FILES_CAP = 200;
export const FULL_CHARS_CAP = 40_000;

export interface DiffInput {
  projectRoot: string;
  path?: string;
  level?: DiffLevel;
  recordId?: string;
  git: GitRunner;
  /** Summaries and hints; English when omitted (the worker surface resolves no language). */
  lang?: Lang;
  /** Whose words (docs/decisions.md D37); an agent's when omitted. */
  audience?: Audience;
}

interface FileStat {
  path: string;
  added: number | null;
  deleted: number | null;
}

export function parseNumstat(out: string): FileStat[] {
  return out
    .split('\0')
    .map((s) => s.replace(/^\n+/, ''))
    .filter(Boolean)
    .map((rec) => {
      const [a = '-', d = '-', ...rest] = rec.split('\t');
      // Binary files show "-": there is no line count to give.
      return { path: rest.join('\t'), added: a === '-' ? null : Number(a), deleted: d === '-' ? null : Number(d) };
    });
}

function statData(files: FileStat[]) {
  return {
    files: files.slice(0, STAT_FILES_CAP),
    ...(files.length > STAT_FILES_CAP ? { files_truncated: true } : {}),
    file_count: files.length,
    added: files.reduce((s, f) => s + (f.added ?? 0), 0),
    deleted: files.reduce((s, f) => s + (f.deleted ?? 0), 0),
  };
}

function capPatch(patch: string, lang: Lang) {
  return patch.length > FULL_CHARS_CAP
    ? { patch: patch.slice(0, FULL_CHARS_CAP), truncated: true, hint: inspectText(lang).narrowHint }
    : { patch, truncated: false };
}

const DIFF_OPTS = ['--no-color', '--no-ext-diff', '--no-renames'];

/** work_diff: unrecorded changes (or one record with record_id); a stat by default, the patch only on request. */
export async function diffWork(input: DiffInput): Promise<ToolResult> {
  const level = input.level ?? 'stat';
  const lang = input.lang ?? 'en';
  const t = inspectText(lang);
  const { top } = await requireRepo(input.projectRoot, lang);
  const pathspec = pathspecFor(top, input.path);
  const scope = input.path ? { path: pathspec[0] } : {};
  if (input.recordId !== undefined) {
    const id = assertRecordId(input.recordId, lang);
    return diffRecord({ git: input.git, top, id, level, pathspec, scope, lang, audience: input.audience });
  }

  const st = await readStatus(input.git, top, lang);
  // A branch with no commits yet is compared with the empty tree.
  const base = st.head ?? (await gitOk(input.git, top, ['hash-object', '-t', 'tree', '--stdin'], 'hash-object', lang, '')).trim();
  // Only list new files when status saw some: the common case costs no extra call.
  const untracked = st.entries.some((e) => e.kind === 'untracked') ? await untrackedFiles(input.git, top, pathspec, lang) : [];
  const common = ['--literal-pathspecs', 'diff', ...DIFF_OPTS];
  const listed = {
    untracked: untracked.slice(0, STAT_FILES_CAP),
    ...(untracked.length > STAT_FILES_CAP ? { untracked_truncated: true } : {}),
  };
  return withIntentToAdd(input.git, top, st.gitDir, untracked, lang, async (env) => {
    const diff = async (extra: string[]) => {
      const r = await input.git(top, [...common, ...extra, '--end-of-options', base, '--', ...pathspec], env ? { env } : undefined);
      if (r.exitCode !== 0) throw gitFailure(r, 'diff', top, lang);
      return r.stdout;
    };
    if (level === 'full') {
      const patch = await diff([]);
      return ok(patch ? t.changesFull : t.noChanges, { level, ...scope, ...capPatch(patch, lang), ...listed });
    }
    const s = statData(parseNumstat(await diff(['--numstat', '-z'])));
    const summary = s.file_count ? t.changesStat(s.file_count, s.added, s.deleted, untracked.length) : t.noChanges;
    return ok(summary, { level, ...scope, ...s, ...listed });
  });
}

interface RecordQuery {
  git: GitRunner;
  top: string;
  id: string;
  level: DiffLevel;
  pathspec: string[];
  scope: object;
  lang: Lang;
  audience?: Audience;
}

async function diffRecord({ git, top, id, level, pathspec, scope, lang, audience }: RecordQuery): Promise<ToolResult> {
  const t = inspectText(lang, audience);
  const resolved = await git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${id}^{commit}`]);
  const sha = resolved.stdout.trim();
  if (resolved.exitCode !== 0 || !/^[0-9a-f]{40,64}$/.test(sha)) {
    throw new ButlerError('not_found', t.noRecord(id), t.noRecordHint, { record_id: id });
  }
  const [record] = parseLog(await gitOk(git, top, logArgs(1, sha, []), 'log', lang));
  const show = ['--literal-pathspecs', 'show', ...DIFF_OPTS, '--diff-merges=first-parent', '--format='];
  if (level === 'full') {
    const patch = await gitOk(git, top, [...show, '--end-of-options', sha, '--', ...pathspec], 'show', lang);
    return ok(t.recordFull(id), { level, ...scope, record, ...capPatch(patch.replace(/^\n+/, ''), lang) });
  }
  const files = parseNumstat(await gitOk(git, top, [...show, '--numstat', '-z', '--end-of-options', sha, '--', ...pathspec], 'show', lang));
  const s = statData(files);
  return ok(t.recordStat(id, s.file_count, s.added, s.deleted), { level, ...scope, record, ...s });
}
