import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, resolveLang, type Lang } from '../../shared/config.js';
import { toErrorResult } from '../../shared/errors.js';
import type { ToolResult } from '../../shared/result.js';
import { diffWork } from '../../work/diff.js';
import { finishWork } from '../../work/finish.js';
import { execaGit } from '../../work/git.js';
import { historyWork } from '../../work/history.js';
import { observeWork } from '../../work/observe.js';
import { publishWork } from '../../work/publish.js';
import { recordWork } from '../../work/record.js';
import { syncWork } from '../../work/sync.js';
import { sessionText } from '../../work/messages/session.js';
import { resolveProjectRoot } from '../../work/repo.js';
import type { CliIO, Command } from '../io.js';

/**
 * Exit codes: 0 ok, 1 error envelope, 2 usage error, 3 need_input. A script can tell "Butler said
 * no" (1) from "you called it wrong" (2) and from "a person has to decide" (3).
 */
const EXIT = { ok: 0, error: 1, need_input: 3 } as const;

const USAGE = `usage: butler work <verb> [--project DIR] [--json]
  start    [--issue N]                     check the project; the CLI keeps no state, so pass --issue again later
  observe  [--issue N]                     work state, changed paths, unpublished records, next step
  diff     [--path P] [--full] [--record ID]
  history  [-n N] [--path P]
  record   -m MESSAGE [--issue N ...] [--no-issue]
  publish
  sync                                     fetch the upstream and bring its records in (clean tree only)
  finish   [--issue N]                     proposes the remaining steps; does nothing itself`;

const OPTIONS = {
  project: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  issue: { type: 'string', multiple: true },
  'no-issue': { type: 'boolean' },
  message: { type: 'string', short: 'm' },
  path: { type: 'string' },
  full: { type: 'boolean' },
  record: { type: 'string' },
  n: { type: 'string', short: 'n' },
} as const;

const VERBS = ['start', 'observe', 'diff', 'history', 'record', 'publish', 'sync', 'finish'] as const;
type Verb = (typeof VERBS)[number];

class UsageError extends Error {}

function issueNumber(v: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(v)) throw new UsageError(`--issue must be a positive number, got "${v}"`);
  return Number(v);
}

type Values = ReturnType<typeof parse>['values'];
const parse = (argv: string[]) => parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true });

/** `.butler/config.yaml` `lang`, else BUTLER_LANG, else Japanese; an unreadable config leaves it to the environment. */
async function langOf(root: string, env: CliIO['env']): Promise<Lang> {
  return resolveLang(await loadConfig(root).catch(() => ({})), env);
}

async function run(verb: Verb, v: Values, io: CliIO): Promise<ToolResult<object>> {
  // Before the project is known, only the environment can choose the language.
  const root = await resolveProjectRoot(execaGit, path.resolve(io.cwd, v.project ?? '.'), resolveLang({}, io.env));
  const lang = await langOf(root, io.env);
  const issues = (v.issue ?? []).map(issueNumber);
  if (issues.length > 1 && verb !== 'record') throw new UsageError('only record takes several --issue');
  const defaultIssue = issues[0] ?? null;
  const git = execaGit;
  switch (verb) {
    case 'start':
      return { status: 'ok', summary: sessionText(lang).project(root), data: { project_root: root, default_issue: defaultIssue } };
    case 'observe':
      return observeWork({ projectRoot: root, defaultIssue, git, lang });
    case 'diff':
      return diffWork({ projectRoot: root, path: v.path, level: v.full ? 'full' : 'stat', recordId: v.record, git, lang });
    case 'history': {
      if (v.n !== undefined && !/^[0-9]+$/.test(v.n)) throw new UsageError('-n must be a number');
      return historyWork({ projectRoot: root, n: v.n === undefined ? undefined : Number(v.n), path: v.path, git, lang });
    }
    case 'record': {
      if (!v.message?.trim()) throw new UsageError('record needs -m MESSAGE');
      const issueIds = v['no-issue'] ? [] : issues.length ? issues : undefined;
      return recordWork({ projectRoot: root, message: v.message, issueIds, defaultIssue: null, git, lang });
    }
    case 'publish':
      return publishWork({ projectRoot: root, defaultIssue: null, git, lang });
    case 'sync':
      return syncWork({ projectRoot: root, defaultIssue: null, git, lang });
    case 'finish':
      return finishWork({ projectRoot: root, defaultIssue, git, lang });
  }
}

export const work: Command = async (argv, io) => {
  const [verb, ...rest] = argv;
  if (!verb || verb === '--help' || verb === '-h' || verb === 'help') {
    io.stdout(`${USAGE}\n`);
    return verb ? 0 : 2;
  }
  if (!(VERBS as readonly string[]).includes(verb)) {
    io.stderr(`butler work: unknown verb "${verb}"\n${USAGE}\n`);
    return 2;
  }
  let values: Values;
  try {
    values = parse(rest).values;
  } catch (err) {
    io.stderr(`butler work ${verb}: ${(err as Error).message}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  let result: ToolResult<object>;
  try {
    result = await run(verb as Verb, values, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`butler work ${verb}: ${err.message}\n`);
      return 2;
    }
    result = toErrorResult(err);
  }
  if (values.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else if (result.status === 'error') io.stderr(render(result));
  else io.stdout(render(result));
  return EXIT[result.status];
};

type Rec = Record<string, unknown>;

/** Short, human: the summary first, then only what a person acts on. */
export function render(r: ToolResult<object>): string {
  const d = r.data as Rec;
  const out = [`${r.status === 'ok' ? '✓' : r.status === 'need_input' ? '?' : '✗'} ${r.summary}`];
  if (r.hint) out.push(`  hint: ${r.hint}`);
  if (typeof d.work_state === 'string' && d.project_root) {
    out.push(`  state: ${d.work_state}   branch: ${d.branch ?? '(detached)'}   head: ${String(d.head ?? '-').slice(0, 12)}`);
    const up = d.upstream as Rec | null;
    if (up) out.push(`  upstream: ${up.judged_by}`);
    for (const f of (d.dirty_files as string[] | undefined) ?? []) out.push(`    ${f}`);
    if (d.dirty_files_truncated) out.push(`    … ${Number(d.dirty_count) - (d.dirty_files as string[]).length} more`);
  }
  if (Array.isArray(d.files)) {
    for (const f of d.files as Rec[]) out.push(`  ${pad(`+${f.added ?? '-'}`, 6)} ${pad(`-${f.deleted ?? '-'}`, 6)} ${f.path}`);
  }
  for (const f of (d.untracked as string[] | undefined) ?? []) out.push(`  ?? ${f}`);
  for (const f of (d.conflicted_files as string[] | undefined) ?? []) out.push(`  conflict: ${f}`);
  if (typeof d.patch === 'string' && d.patch) out.push('', d.patch.trimEnd());
  if (Array.isArray(d.records)) {
    for (const x of d.records as Rec[]) {
      const ids = (x.issue_ids as number[]).map((i) => `#${i}`).join(' ');
      out.push(`  ${x.record_id}  ${String(x.created_at).slice(0, 16)}  ${x.message}${ids ? `  ${ids}` : ''}`);
    }
  }
  if (Array.isArray(d.pending_actions)) {
    for (const a of d.pending_actions as Rec[]) out.push(`  → ${a.action}: ${a.reason}`);
  }
  const next = d.required_action as Rec | null | undefined;
  if (next?.tool) out.push(`  next: ${next.tool}${next.reason ? ` (${next.reason})` : ''}`);
  if (d.diagnostic && r.status === 'error') out.push(`  git: ${String(d.diagnostic).split('\n').slice(0, 4).join('\n       ')}`);
  return `${out.join('\n')}\n`;
}

const pad = (s: string, n: number) => s.padEnd(n);
