import path from 'node:path';
import { parseArgs } from 'node:util';
import { issueClose } from '../../mcp/tools/issue/close.js';
import { issueComment } from '../../mcp/tools/issue/comment.js';
import { issueCreate } from '../../mcp/tools/issue/create.js';
import { issueDeleteComment } from '../../mcp/tools/issue/delete-comment.js';
import { issueRead } from '../../mcp/tools/issue/read.js';
import { issueReopen } from '../../mcp/tools/issue/reopen.js';
import { issueUpdateBody } from '../../mcp/tools/issue/update-body.js';
import { issueUpdateTitle } from '../../mcp/tools/issue/update-title.js';
import * as z from 'zod';
import { approvalTokenVar } from '../../issues/index.js';
import { listIssues } from '../../issues/ops.js';
import { approvalKey, approveUrl } from '../../issues/trust.js';
import { withIssueBackend } from '../../mcp/tools/issue/backend.js';
import { defineTool } from '../../mcp/tool.js';
import { personConsents } from '../person.js';
import { loadConfig } from '../../shared/config.js';
import { ButlerError, invalidArgument } from '../../shared/errors.js';
import { TRACKER_URL_RULE } from '../../shared/tracker-url.js';
import { ok, type ToolResult } from '../../shared/result.js';
import type { CliIO, Command } from '../io.js';
import { parseArgsMessage } from '../suggest.js';
import { EXIT, UsageError, runEnvelope } from '../outcome.js';
import { toolGroup, type CliGroup } from '../tool-runner.js';

const USAGE = `usage: butler issue <verb> [--project DIR] [--client NAME] [--json]
  list [--all]                      open issues (--all: closed ones too), newest first
  read ID [--comments N]            body only unless N > 0 (then the last N comments)
  create --title T [--body B | --body-file F] [--label L]...
  comment ID (--body B | --body-file F)
  delete-comment ID COMMENT_ID [--reason R]
  update-title ID --title T
  update-body ID (--body B | --body-file F)
  reopen ID | close ID
  approve-url [URL]                 let your token go to this tracker URL (default: issues.url)
--body-file - reads stdin. Exit: 0 ok, 1 error, 3 needs input, 2 usage.`;

/**
 * A tracker URL from the repository's config gets the token only once the person approved it; at a
 * terminal Butler asks (and runs the tool again), elsewhere the error names `butler issue approve-url`.
 */
async function askingApproval(call: () => Promise<ToolResult<object>>, io: CliIO): Promise<ToolResult<object>> {
  try {
    return await call();
  } catch (err) {
    const url = err instanceof ButlerError && err.code === 'policy_blocked' ? err.data.url : undefined;
    if (typeof url !== 'string' || !io.ask || !io.userConfigDir) throw err;
    const cfg = (await loadConfig(path.resolve(io.cwd))).issues;
    const tokenVar = approvalTokenVar(cfg, io.env);
    const consent = await personConsents(
      io,
      `Send your issue tracker token (${tokenVar}) to ${url}? Only say yes if you trust this repository's tracker. [y/N] `,
    );
    if (!consent.given) throw err;
    await approveUrl(io.userConfigDir, url, new Date(), tokenVar);
    return call();
  }
}

/**
 * For people only: the model-facing surface has no list tool (its text is budgeted, and a brain
 * reads the issue it is given). A tool definition all the same, so the runner gives it the same flags and envelope.
 */
export const issueList = defineTool({
  name: 'issue_list',
  config: {
    title: 'List issues',
    description: 'butler issue list [--all]: the open issues (--all: every issue), newest first, from the configured tracker.',
    inputSchema: z.object({ all: z.boolean().optional() }),
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  handler: (args, ctx) => withIssueBackend(ctx, null, (b, lang) => listIssues(b, lang, args.all === true)),
});

/** `butler issue <verb>`: the eight issue tools and the list for people; ids are positional. */
export const issueGroup: CliGroup = {
  name: 'issue',
  usage: USAGE,
  verbs: {
    list: issueList,
    read: issueRead,
    create: issueCreate,
    comment: issueComment,
    'delete-comment': issueDeleteComment,
    'update-title': issueUpdateTitle,
    'update-body': issueUpdateBody,
    reopen: issueReopen,
    close: issueClose,
  },
  positionals: ['issue_id', 'comment_id'],
  extraVerbs: ['approve-url'],
  folder: true,
  around: askingApproval,
};

const tools = toolGroup(issueGroup);

/** `approve-url` is the person's own decision (no MCP tool: a brain must never approve a URL), so it runs here. */
export const issue: Command = (argv, io) => (argv[0] === 'approve-url' ? approve(argv.slice(1), io) : tools(argv, io));

async function approve(argv: string[], io: CliIO): Promise<number> {
  let parsed: { values: { project?: string; json?: boolean; help?: boolean }; positionals: string[] };
  const options = {
    project: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    io.stderr(`butler issue approve-url: ${parseArgsMessage(err, ['--project', '--json', '--help'])}\n`);
    return EXIT.usage;
  }
  const { values: v, positionals: pos } = parsed;
  if (v.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT.ok;
  }
  return runEnvelope(io, { prefix: 'butler issue approve-url', json: Boolean(v.json) }, async () => {
    const dir = io.userConfigDir;
    if (!dir) throw invalidArgument('No user config folder', 'Set HOME, XDG_CONFIG_HOME or BUTLER_CONFIG_HOME.');
    const cfg = (await loadConfig(path.resolve(io.cwd, v.project ?? '.'))).issues;
    const raw = pos[0] ?? cfg?.url;
    if (!raw) throw new UsageError('no URL given and no issues.url in .butler/config.yaml: usage: butler issue approve-url URL');
    // The rule every backend and the config reader apply (src/shared/tracker-url.ts): what they refuse is never approved.
    const bad = () =>
      new UsageError(`${raw} is not ${TRACKER_URL_RULE}; Butler never sends a token there. usage: butler issue approve-url URL`);
    if (!approvalKey(raw)) throw bad();
    // Where a token goes is a person's decision (src/cli/person.ts): a terminal, no agent above, a yes.
    const tokenVar = approvalTokenVar(cfg, io.env);
    const consent = await personConsents(io, `Let ${tokenVar} go to ${raw}? Only say yes if you trust this tracker. [y/N] `);
    if (!consent.given)
      throw new ButlerError(
        'policy_blocked',
        `Approving a tracker URL ${consent.why}; nothing approved`,
        'Ask the user to run butler issue approve-url in their own terminal.',
      );
    const key = await approveUrl(dir, raw, new Date(), tokenVar);
    if (!key) throw bad();
    return ok(`Approved ${key} for ${tokenVar}`, { url: key, token_var: tokenVar, file: path.join(dir, 'approved-urls.json') });
  });
}
