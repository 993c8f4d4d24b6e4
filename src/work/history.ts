import type { Lang } from '../shared/config.js';
import { ok, type ToolResult } from '../shared/result.js';
import type { GitRunner } from '../shared/git.js';
import { inspectText } from './messages/inspect.js';
import { gitFailure, pathspecFor, requireRepo } from './repo.js';

export const HISTORY_DEFAULT = 10;
export const HISTORY_MAX = 50;

export interface WorkRecordEntry {
  record_id: string;
  message: string;
  created_at: string;
  author: string;
  issue_ids: number[];
}

/** `#12` anywhere in a message links issue 12 (work_record writes them as `Refs #12`). */
export function issueIdsIn(text: string): number[] {
  const ids = new Set<number>();
  for (const m of text.matchAll(/(?:^|[^\w&/])#([1-9][0-9]{0,9})\b/g)) ids.add(Number(m[1]));
  return [...ids];
}

const FORMAT = '--format=%h%x1f%cI%x1f%an%x1f%B';

export function parseLog(out: string): WorkRecordEntry[] {
  return out
    .split('\0')
    .map((s) => s.replace(/^\n/, ''))
    .filter((s) => s.trim() !== '')
    .map((rec) => {
      const [id = '', date = '', author = '', body = ''] = rec.split('\x1f');
      return { record_id: id, message: body.split('\n')[0]!.trim(), created_at: date, author, issue_ids: issueIdsIn(body) };
    });
}

/**
 * Log arguments shared by work_history and work_diff(record_id); `rev` is validated by the caller.
 * `--no-show-signature`: a person's `log.showSignature` would put gpg's output among the records.
 */
export function logArgs(n: number, rev: string, pathspec: string[]): string[] {
  return [
    '--literal-pathspecs',
    'log',
    `--max-count=${n}`,
    '-z',
    '--no-color',
    '--no-show-signature',
    '--abbrev=12',
    FORMAT,
    '--end-of-options',
    rev,
    '--',
    ...pathspec,
  ];
}

/**
 * work_history: the `git log` replacement, newest first, small by default. `lang` is English when
 * omitted (the worker surface resolves no language).
 */
export async function historyWork(input: {
  projectRoot: string;
  n?: number;
  path?: string;
  git: GitRunner;
  lang?: Lang;
}): Promise<ToolResult> {
  const lang = input.lang ?? 'en';
  const t = inspectText(lang);
  const { top } = await requireRepo(input.projectRoot, lang);
  const n = Math.min(Math.max(Math.trunc(input.n ?? HISTORY_DEFAULT), 1), HISTORY_MAX);
  const pathspec = pathspecFor(top, input.path);
  const r = await input.git(top, logArgs(n, 'HEAD', pathspec));
  if (r.exitCode !== 0) {
    // A branch with no commits yet has an empty history, not an error.
    if (/does not have any commits|unknown revision|bad (default )?revision 'HEAD'/i.test(r.stderr)) {
      return ok(t.noHistory, { records: [], n, ...(input.path ? { path: pathspec[0] } : {}) });
    }
    throw gitFailure(r, 'log', top, lang);
  }
  const records = parseLog(r.stdout);
  return ok(t.history(records.length, input.path ? pathspec[0]! : null), { records, n, ...(input.path ? { path: pathspec[0] } : {}) });
}
