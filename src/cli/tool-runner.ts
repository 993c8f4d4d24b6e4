import { parseArgs } from 'node:util';
import * as z from 'zod';
import path from 'node:path';
import type { ServerDeps, ToolDef } from '../mcp/tool.js';
import { execaGit } from '../work/git.js';
import { newSession } from '../work/session.js';
import { startWorkSession } from '../work/start.js';
import { describeZodError } from '../mcp/schema.js';
import { readCliDefaultIssue } from './default-issue.js';
import type { CliIO } from './io.js';
import { EXIT, UsageError, runEnvelope } from './outcome.js';

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

/**
 * Runs an MCP tool's handler from the command line: same schema, same capability code, same
 * envelope. The CLI is a connection of its own whose brain is `--client` (or none).
 */
export async function runToolFromCli(tool: ToolDef, argv: string[], io: CliIO): Promise<number> {
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

  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options, allowPositionals: false, strict: true }));
  } catch (err) {
    io.stderr(`butler: ${(err as Error).message}\n`);
    return EXIT.usage;
  }
  if (values.help) {
    const aliasOf = (k: string) => Object.entries(ALIASES).find(([, target]) => target === k)?.[0];
    const flags = Object.keys(shape)
      .filter((k) => k !== 'client')
      .map((k) => `--${k.replace(/_/g, '-')}${aliasOf(k) ? ` (--${aliasOf(k)})` : ''}`)
      .join(' ');
    io.stdout(`${tool.name}: ${tool.config.description}\noptions: ${flags} --project DIR --client BRAIN --json\n`);
    return EXIT.ok;
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
  const prefix = `butler ${tool.name.replace('_', ' ')}`;
  return runEnvelope(io, { prefix, json: Boolean(values.json), root: () => session.projectRoot }, async () => {
    const project = typeof values.project === 'string' ? values.project : io.cwd;
    const brain = typeof values.client === 'string' ? values.client : io.env.BUTLER_BRAIN;
    const started = await startWorkSession(session, { projectRoot: path.resolve(io.cwd, project), clientName: brain, register: false }, deps);
    if (started.status !== 'ok') return started;
    // The default issue `butler work start --issue N` kept for this clone, as work_start does for a connection.
    session.defaultIssue = await readCliDefaultIssue(session.projectRoot!);
    const parsed = tool.config.inputSchema.safeParse(args);
    if (!parsed.success) throw new UsageError(`invalid options for ${tool.name}: ${describeZodError(parsed.error)}`);
    return tool.handler(parsed.data, { session, deps, memo: new Map() });
  });
}
