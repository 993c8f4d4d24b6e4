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
import { needInput, ok, type ToolResult } from '../../shared/result.js';
import type { CliIO, Command } from '../io.js';
import { parseArgsMessage } from '../suggest.js';
import { EXIT, UsageError, runEnvelope } from '../outcome.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import { toolGroup, type CliGroup } from '../tool-runner.js';

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
    const t = cliErrors(await cliLang(io));
    const consent = await personConsents(io, t.approveAskRun(tokenVar, url), t);
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
  usage: (lang) => cliUsage(lang).issue,
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
  let t = cliErrors(await cliLang(io));
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    io.stderr(`butler issue approve-url: ${parseArgsMessage(err, ['--project', '--json', '--help'], t)}\n`);
    return EXIT.usage;
  }
  const { values: v, positionals: pos } = parsed;
  const lang = await cliLang(io, v.project);
  t = cliErrors(lang);
  if (v.help) {
    io.stdout(`${cliUsage(lang).issue}\n`);
    return EXIT.ok;
  }
  return runEnvelope(io, { prefix: 'butler issue approve-url', json: Boolean(v.json) }, async () => {
    const dir = io.userConfigDir;
    if (!dir) throw invalidArgument(t.noConfigDir, t.noConfigDirHint);
    const cfg = (await loadConfig(path.resolve(io.cwd, v.project ?? '.'))).issues;
    const raw = pos[0] ?? cfg?.url;
    if (!raw) throw new UsageError(t.noUrl);
    if (!approvalKey(raw)) throw new UsageError(t.badUrl);
    // Where a token goes is a person's decision (src/cli/person.ts): a terminal, no agent above, a yes.
    const tokenVar = approvalTokenVar(cfg, io.env);
    const consent = await personConsents(io, t.approveAsk(tokenVar, raw), t);
    // No person to ask: need input, exit 3, as every person-only verb (person.ts).
    if (!consent.given && consent.code === EXIT.need_input) return needInput(t.approveRefused(consent.why), {});
    if (!consent.given) throw new ButlerError('policy_blocked', t.approveRefused(consent.why), t.approveRefusedHint);
    const key = await approveUrl(dir, raw, new Date(), tokenVar);
    if (!key) throw new UsageError(t.badUrl);
    return ok(t.approved(key, tokenVar), { url: key, token_var: tokenVar, file: path.join(dir, 'approved-urls.json') });
  });
}
