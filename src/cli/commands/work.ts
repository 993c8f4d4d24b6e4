import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, resolveLang, type Lang } from '../../shared/config.js';
import { issueExists, openIssueBackend } from '../../issues/index.js';
import type { ToolResult } from '../../shared/result.js';
import { diffWork } from '../../work/diff.js';
import { finishWork } from '../../work/finish.js';
import { execaGit } from '../../work/git.js';
import { historyWork } from '../../work/history.js';
import { observeWork } from '../../work/observe.js';
import { publishWork } from '../../work/publish.js';
import { recordWork } from '../../work/record.js';
import { syncWork } from '../../work/sync.js';
import { resolveProjectRoot } from '../../work/repo.js';
import { newSession } from '../../work/session.js';
import { setDefaultIssue } from '../../work/start.js';
import { readCliDefaultIssue, writeCliDefaultIssue } from '../default-issue.js';
import type { CliIO, Command } from '../io.js';
import { EXIT, UsageError, runEnvelope } from '../outcome.js';

const USAGE = `usage: butler work <verb> [--project DIR] [--json]
  start    [--issue N]                     set the default issue (kept for this clone); without --issue, clear it
  observe  [--issue N]                     work state, ahead/behind, changed paths, next step
  diff     [--path P] [--full] [--record ID]
  history  [-n N] [--path P]
  record   -m MESSAGE [--issue N ...] [--no-issue]
  publish
  sync                                     fetch the upstream and bring its records in (clean tree only)
  finish   [--issue N]                     proposes the remaining steps; does nothing itself
Exit: 0 ok, 1 error, 2 usage, 3 needs input.`;

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

async function run(verb: Verb, v: Values, io: CliIO, at: { root: string | null }): Promise<ToolResult<object>> {
  // Before the project is known, only the environment can choose the language.
  const root = await resolveProjectRoot(execaGit, path.resolve(io.cwd, v.project ?? '.'), resolveLang({}, io.env));
  at.root = root;
  const lang = await langOf(root, io.env);
  const issues = (v.issue ?? []).map(issueNumber);
  if (issues.length > 1 && verb !== 'record') throw new UsageError('only record takes several --issue');
  const defaultIssue = issues[0] ?? (await readCliDefaultIssue(root));
  const git = execaGit;
  const tracker = { projectRoot: root, env: io.env, userConfigDir: io.userConfigDir, author: io.env.BUTLER_BRAIN ?? 'cli', lang };
  const exists = (id: number) => issueExists(tracker, id);
  switch (verb) {
    case 'start': {
      const session = newSession();
      const r = await setDefaultIssue(session, issues[0] ?? null, lang, exists);
      await writeCliDefaultIssue(root, session.defaultIssue);
      return r;
    }
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
      return recordWork({ projectRoot: root, message: v.message, issueIds, defaultIssue, git, lang, issueExists: exists });
    }
    case 'publish':
      return publishWork({ projectRoot: root, defaultIssue, git, lang });
    case 'sync':
      return syncWork({ projectRoot: root, defaultIssue, git, lang });
    case 'finish': {
      const issueClosed = (id: number) => openIssueBackend(tracker).then((b) => b.read(id)).then((i) => i.state === 'closed', () => false);
      return finishWork({ projectRoot: root, defaultIssue, git, lang, issueClosed });
    }
  }
}

export const work: Command = async (argv, io) => {
  const [verb, ...rest] = argv;
  if (!verb || verb === '--help' || verb === '-h' || verb === 'help') {
    (verb ? io.stdout : io.stderr)(`${USAGE}\n`);
    return verb ? EXIT.ok : EXIT.usage;
  }
  if (!(VERBS as readonly string[]).includes(verb)) {
    io.stderr(`butler work: unknown verb "${verb}"\n${USAGE}\n`);
    return EXIT.usage;
  }
  let values: Values;
  try {
    values = parse(rest).values;
  } catch (err) {
    io.stderr(`butler work ${verb}: ${(err as Error).message}\n`);
    return EXIT.usage;
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT.ok;
  }
  const at = { root: null as string | null };
  return runEnvelope(io, { prefix: `butler work ${verb}`, json: Boolean(values.json), root: () => at.root }, () => run(verb as Verb, values, io, at));
};
