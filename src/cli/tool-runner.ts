import { parseArgs } from 'node:util';
import * as z from 'zod';
import { toErrorResult } from '../shared/errors.js';
import type { ToolResult } from '../shared/result.js';
import type { ServerDeps, ToolDef } from '../mcp/tool.js';
import { execaGit } from '../work/git.js';
import { newSession } from '../work/session.js';
import { startWorkSession } from '../work/start.js';
import { describeZodError } from '../mcp/schema.js';
import type { CliIO } from './io.js';

/** Short flags people type, mapped to the tools' argument names. */
const ALIASES: Record<string, string> = {
  issue: 'issue_id',
  id: 'handover_id',
  target: 'target_brain',
  source: 'source_brain',
  from: 'created_from',
  to: 'created_to',
  'session-log': 'session_log_path',
};

function unwrap(t: z.ZodType): z.ZodType {
  let cur = t;
  while (cur instanceof z.ZodOptional || cur instanceof z.ZodDefault || cur instanceof z.ZodNullable) {
    cur = (cur as z.ZodOptional<z.ZodType>).unwrap() as z.ZodType;
  }
  return cur;
}

export const EXIT = { ok: 0, error: 1, need_input: 3 } as const;

/**
 * Runs an MCP tool's handler from the command line: same schema, same capability code, same
 * envelope. The CLI is a connection of its own whose brain is `--client` (or none).
 */
export async function runToolFromCli(tool: ToolDef, argv: string[], io: CliIO, extra: { defaultIssueFlag?: boolean } = {}): Promise<number> {
  const shape = tool.config.inputSchema.shape as Record<string, z.ZodType>;
  const options: Record<string, { type: 'string' | 'boolean' }> = {
    project: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean' },
    client: { type: 'string' },
  };
  // A boolean argument is a plain switch (`--share`); everything else takes a value.
  for (const key of Object.keys(shape)) options[key.replace(/_/g, '-')] = { type: unwrap(shape[key] as z.ZodType) instanceof z.ZodBoolean ? 'boolean' : 'string' };
  for (const [alias, target] of Object.entries(ALIASES)) if (target in shape) options[alias] = { type: 'string' };
  if (extra.defaultIssueFlag && !('issue' in options)) options.issue = { type: 'string' };

  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options, allowPositionals: false, strict: true }));
  } catch (err) {
    io.stderr(`butler: ${(err as Error).message}\n`);
    return 2;
  }
  if (values.help) {
    const aliasOf = (k: string) => Object.entries(ALIASES).find(([, target]) => target === k)?.[0];
    const flags = Object.keys(shape)
      .filter((k) => k !== 'client')
      .map((k) => `--${k.replace(/_/g, '-')}${aliasOf(k) ? ` (--${aliasOf(k)})` : ''}`)
      .join(' ');
    io.stdout(`${tool.name}: ${tool.config.description}\noptions: ${flags} --project DIR --client BRAIN --json\n`);
    return 0;
  }
  const args: Record<string, unknown> = {};
  for (const [flag, value] of Object.entries(values)) {
    if (value === undefined || ['project', 'json', 'help'].includes(flag)) continue;
    const key = ALIASES[flag] && ALIASES[flag] in shape ? ALIASES[flag] : flag.replace(/-/g, '_');
    if (!(key in shape)) continue;
    const inner = unwrap(shape[key] as z.ZodType);
    args[key] = inner instanceof z.ZodNumber && typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  const deps: ServerDeps = { cwd: io.cwd, env: io.env, userConfigDir: io.userConfigDir, now: () => new Date(), git: execaGit };
  const session = newSession();
  let result: ToolResult<object>;
  try {
    const project = typeof values.project === 'string' ? values.project : io.cwd;
    const brain = typeof values.client === 'string' ? values.client : io.env.BUTLER_BRAIN;
    const started = await startWorkSession(session, { projectRoot: (await import('node:path')).resolve(io.cwd, project), clientName: brain, register: false }, deps);
    if (started.status !== 'ok') result = started;
    else {
      if (extra.defaultIssueFlag && typeof values.issue === 'string' && /^\d+$/.test(values.issue)) session.defaultIssue = Number(values.issue);
      const parsed = tool.config.inputSchema.safeParse(args);
      result = parsed.success
        ? await tool.handler(parsed.data, { session, deps, memo: new Map() })
        : { status: 'error', summary: `Invalid arguments for ${tool.name}`, data: {}, error_code: 'invalid_argument', hint: describeZodError(parsed.error) };
    }
  } catch (err) {
    result = toErrorResult(err);
  }
  io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : render(result));
  return EXIT[result.status];
}

/** A short human rendering: summary, then the fields people look for. */
function render(r: ToolResult<object>): string {
  const d = r.data as Record<string, unknown>;
  const lines = [`${r.status === 'ok' ? '✓' : r.status === 'need_input' ? '?' : '✗'} ${r.summary}`];
  if (r.hint) lines.push(`  hint: ${r.hint}`);
  for (const k of ['handover_id', 'snapshot_file', 'latest_file', 'source_brain', 'target_brain', 'shared', 'share_error']) {
    if (d[k]) lines.push(`  ${k}: ${String(d[k])}`);
  }
  if (typeof d.handoff_prompt === 'string') lines.push('', d.handoff_prompt);
  if (Array.isArray(d.handovers)) for (const h of d.handovers as Record<string, unknown>[]) lines.push(`  ${h.handover_id}  ${h.source_brain} -> ${h.target_brain}  ${h.summary}`);
  if (Array.isArray(d.candidate_handovers)) for (const h of d.candidate_handovers as Record<string, unknown>[]) lines.push(`  candidate ${h.handover_id}  ${h.source_brain} -> ${h.target_brain}  ${h.summary}`);
  if (Array.isArray(d.brains)) for (const b of d.brains as Record<string, unknown>[]) lines.push(`  ${b.brain_id}  ${b.title ?? ''}  ${b.last_seen ? `last seen ${b.last_seen}` : 'installed, not seen yet'}`);
  for (const [k, label] of [['required_action', 'next'], ['next_session', 'next session'], ['for_target', 'for the target'], ['for_source', 'for the source']]) {
    const a = d[k as string] as { tool?: string; args?: unknown } | undefined;
    if (a?.tool) lines.push(`  ${label}: ${a.tool} ${JSON.stringify(a.args ?? {})}`);
  }
  return `${lines.join('\n')}\n`;
}
