import path from 'node:path';
import { parseArgs } from 'node:util';
import { cliVerbs } from '../../mcp/tools/index.js';
import { approvalKey, approveUrl, approvalTokenVar } from '../../issues/index.js';
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

/** `butler issue <verb>`: the eight issue tools and the list for people; ids are positional. */
export const issueGroup: CliGroup = {
  name: 'issue',
  usage: (lang) => cliUsage(lang).issue,
  verbs: cliVerbs('issue'),
  positionals: ['issue_id', 'comment_id'],
  extraVerbs: ['approve-url'],
  folder: true,
  client: 'author',
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
    io.stderr(
      `butler issue approve-url: ${parseArgsMessage(err, ['--project', '--json', '--help'], t, argv)}\n  ${t.listsOptions('butler issue approve-url')}\n`,
    );
    return EXIT.usage;
  }
  const { values: v, positionals: pos } = parsed;
  const lang = await cliLang(io, v.project);
  t = cliErrors(lang);
  if (v.help) {
    io.stdout(`${cliUsage(lang).approveUrl}\n`);
    return EXIT.ok;
  }
  // A usage error says what is wrong, then where the options are, as every usage error does (walk-through 13 item 7).
  const usage = `  ${t.listsOptions('butler issue approve-url')}`;
  return runEnvelope(io, { prefix: 'butler issue approve-url', json: Boolean(v.json), usage }, async () => {
    const dir = io.userConfigDir;
    if (!dir) throw invalidArgument(t.noConfigDir, t.noConfigDirHint);
    const cfg = (await loadConfig(path.resolve(io.cwd, v.project ?? '.'))).issues;
    const raw = pos[0] ?? cfg?.url;
    if (!raw) throw new UsageError(t.noUrl);
    // The rule every backend and the config reader apply (src/shared/tracker-url.ts): what they refuse is never approved.
    if (!approvalKey(raw)) throw new UsageError(t.badUrl(raw));
    // Where a token goes is a person's decision (src/cli/person.ts): a terminal, no agent above, a yes.
    const tokenVar = approvalTokenVar(cfg, io.env);
    const consent = await personConsents(io, t.approveAsk(tokenVar, raw), t);
    // No person to ask: need input, exit 3, as every person-only verb (person.ts).
    if (!consent.given && consent.code === EXIT.need_input) return needInput(t.approveRefused(consent.why), {});
    if (!consent.given) throw new ButlerError('policy_blocked', t.approveRefused(consent.why), t.approveRefusedHint);
    const key = await approveUrl(dir, raw, new Date(), tokenVar);
    if (!key) throw new UsageError(t.badUrl(raw));
    return ok(t.approved(key, tokenVar), { url: key, token_var: tokenVar, file: path.join(dir, 'approved-urls.json') });
  });
}
