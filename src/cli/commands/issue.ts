import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openIssueBackend, type OpenIssueBackendOptions } from '../../issues/index.js';
import { approveUrl } from '../../issues/trust.js';
import {
  closeIssue, commentIssue, createIssue, deleteIssueComment, readIssue, reopenIssue, updateIssueBody, updateIssueTitle,
} from '../../issues/ops.js';
import { recordOwnFiles } from '../../work/own-record.js';
import { issueRecorder, noteIssueChange, type IssueChange } from '../../issues/record.js';
import type { IssueBackend } from '../../issues/types.js';
import { findProjectRoot } from '../../shared/root.js';
import { loadConfig, resolveLang, type Lang } from '../../shared/config.js';
import { ButlerError, invalidArgument } from '../../shared/errors.js';
import { ok, type ToolResult } from '../../shared/result.js';
import { execaGit } from '../../work/git.js';
import type { CliIO, Command } from '../io.js';
import { EXIT, UsageError, runEnvelope } from '../outcome.js';

const USAGE = `usage: butler issue <verb> [--project DIR] [--client NAME] [--json]
  read ID [--comments N]            body only unless N > 0 (then the last N comments)
  create --title T [--body B | --body-file F] [--label L]...
  comment ID (--body B | --body-file F)
  delete-comment ID COMMENT_ID [--reason R]
  update-title ID --title T
  update-body ID (--body B | --body-file F)
  reopen ID | close ID
  approve-url [URL]                 let your token go to this tracker URL (default: issues.url)
--body-file - reads stdin. Exit: 0 ok, 1 error, 3 needs input, 2 usage.`;

const OPTIONS = {
  project: { type: 'string' },
  client: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  issue: { type: 'string' },
  'issue-id': { type: 'string' },
  'comment-id': { type: 'string' },
  comments: { type: 'string' },
  'last-n-comments': { type: 'string' },
  title: { type: 'string' },
  body: { type: 'string' },
  'body-file': { type: 'string' },
  label: { type: 'string', multiple: true },
  reason: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
type Verb = (b: IssueBackend, lang: Lang, v: Values, pos: string[], io: CliIO) => Promise<ToolResult>;

function num(value: string | undefined, what: string): number {
  if (value === undefined) throw new UsageError(`${what} is required`);
  if (!/^[1-9][0-9]{0,9}$/.test(value)) throw new UsageError(`${what} must be a positive number, got "${value}"`);
  return Number(value);
}

async function bodyOf(v: Values, io: CliIO): Promise<string | undefined> {
  const file = v['body-file'];
  if (file === undefined) return v.body;
  if (file === '-') return io.readStdin();
  return readFile(path.resolve(io.cwd, file), 'utf8');
}

async function requiredBody(v: Values, io: CliIO): Promise<string> {
  const b = await bodyOf(v, io);
  if (b === undefined) throw new UsageError('--body or --body-file is required');
  return b;
}

const issueId = (v: Values, pos: string[]) => num(pos[0] ?? v.issue ?? v['issue-id'], 'issue id');

const VERBS: Record<string, Verb> = {
  read: (b, lang, v, pos) => {
    const n = v.comments ?? v['last-n-comments'];
    if (n !== undefined && !/^\d{1,3}$/.test(n)) throw new UsageError('--comments must be 0-999');
    return readIssue(b, lang, issueId(v, pos), n === undefined ? undefined : Number(n));
  },
  create: async (b, lang, v, _pos, io) => {
    if (v.title === undefined) throw new UsageError('--title is required');
    return createIssue(b, lang, v.title, await bodyOf(v, io), v.label);
  },
  comment: async (b, lang, v, pos, io) => commentIssue(b, lang, issueId(v, pos), await requiredBody(v, io)),
  'delete-comment': (b, lang, v, pos) =>
    deleteIssueComment(b, lang, issueId(v, pos), num(pos[1] ?? v['comment-id'], 'comment id'), v.reason),
  'update-title': (b, lang, v, pos) => {
    if (v.title === undefined) throw new UsageError('--title is required');
    return updateIssueTitle(b, lang, issueId(v, pos), v.title);
  },
  'update-body': async (b, lang, v, pos, io) => updateIssueBody(b, lang, issueId(v, pos), await requiredBody(v, io)),
  reopen: (b, lang, v, pos) => reopenIssue(b, lang, issueId(v, pos)),
  close: (b, lang, v, pos) => closeIssue(b, lang, issueId(v, pos)),
};

/** What each verb changes, for the record of a local issue change (src/issues/record.ts). */
const CHANGES: Record<string, IssueChange | null> = {
  read: null,
  create: 'created',
  comment: 'commented',
  'delete-comment': 'comment_deleted',
  'update-title': 'retitled',
  'update-body': 'body_updated',
  reopen: 'reopened',
  close: 'closed',
};

/** `.butler/config.yaml` `lang`, else BUTLER_LANG, else Japanese; an unreadable config leaves it to the environment. */
async function langOf(root: string, env: CliIO['env']): Promise<Lang> {
  return resolveLang(await loadConfig(root).catch(() => ({})), env);
}

/** `butler issue <verb>`: the eight issue tools for humans, on the same capability code and envelope. */
export const issue: Command = async (argv, io) => {
  const [verb, ...rest] = argv;
  if (verb === '--help' || verb === '-h' || verb === 'help') {
    io.stdout(`${USAGE}\n`);
    return EXIT.ok;
  }
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    io.stderr(`butler issue: ${(err as Error).message}\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (verb === 'approve-url') return approve(parsed.values, parsed.positionals, io);
  const run = VERBS[verb ?? ''];
  if (!run || parsed.values.help) {
    (run ? io.stdout : io.stderr)(`${USAGE}\n`);
    return run ? EXIT.ok : EXIT.usage;
  }
  const v = parsed.values;
  const start = path.resolve(io.cwd, v.project ?? '.');
  // The repository's top level, as for the MCP tools: a subfolder must not grow its own .butler/issues.
  const projectRoot = findProjectRoot(start) ?? start;
  return runEnvelope(io, { prefix: `butler issue ${verb}`, json: Boolean(v.json), usage: USAGE, root: () => projectRoot }, async () => {
    const lang = await langOf(projectRoot, io.env);
    const backend = await openAsking(
      { projectRoot, env: io.env, userConfigDir: io.userConfigDir, author: v.client ?? io.env.BUTLER_BRAIN ?? io.env.USER ?? 'cli', lang },
      io,
    );
    const result = await run(backend, lang, v, parsed.positionals, io);
    return noteIssueChange(result, backend.kind, CHANGES[verb!] ?? null, issueRecorder((files, message) => recordOwnFiles(projectRoot, execaGit, files, message)), lang);
  });
};

/**
 * A tracker URL from the repository's config gets the token only once the person approved it; at a
 * terminal Butler asks, elsewhere the error names `butler issue approve-url`.
 */
async function openAsking(o: OpenIssueBackendOptions, io: CliIO): Promise<IssueBackend> {
  try {
    return await openIssueBackend(o);
  } catch (err) {
    const url = err instanceof ButlerError && err.code === 'policy_blocked' ? err.data.url : undefined;
    if (typeof url !== 'string' || !io.ask || !o.userConfigDir) throw err;
    const answer = await io.ask(`Send your issue tracker token to ${url}? Only say yes if you trust this repository's tracker. [y/N] `);
    if (!/^y(es)?$/i.test(answer.trim())) throw err;
    await approveUrl(o.userConfigDir, url, new Date());
    return openIssueBackend(o);
  }
}

async function approve(v: Values, pos: string[], io: CliIO): Promise<number> {
  return runEnvelope(io, { prefix: 'butler issue approve-url', json: Boolean(v.json) }, async () => {
    const dir = io.userConfigDir;
    if (!dir) throw invalidArgument('No user config folder', 'Set HOME, XDG_CONFIG_HOME or BUTLER_CONFIG_HOME.');
    const raw = pos[0] ?? (await loadConfig(path.resolve(io.cwd, v.project ?? '.'))).issues?.url;
    if (!raw) throw invalidArgument('No URL given and no issues.url in .butler/config.yaml', 'usage: butler issue approve-url URL');
    const key = await approveUrl(dir, raw, new Date());
    if (!key) throw new UsageError('not an http(s) URL without credentials: usage: butler issue approve-url URL');
    return ok(`Approved ${key} for your issue token`, { url: key, file: path.join(dir, 'approved-urls.json') });
  });
}
