import type { PersonConsent } from '../work/index.js';
import type { Audience } from '../shared/audience.js';
import * as z from 'zod';
import type { GitRunner } from '../shared/git.js';
import type { WorkSession } from '../work/index.js';
import type { ToolResult } from '../shared/result.js';

/** Everything a tool may touch, injected per server so each test gets a fresh world. */
export interface ServerDeps {
  /** Where the server was started; used only to suggest a `project_root`. */
  cwd: string;
  env: Record<string, string | undefined>;
  /** The user's Butler folder outside every repository (tracker URL approvals); none in most tests. */
  userConfigDir?: string;
  now: () => Date;
  git: GitRunner;
  /**
   * The CLI only: a person's yes at a terminal (src/cli/person.ts) before `work record` records
   * Butler's own files (docs/decisions.md D34). The MCP server never has one, so work_record keeps refusing the agent.
   */
  personConsent?: PersonConsent;
  /** Whose words the results speak (docs/decisions.md D37): the CLI's `person`; the MCP server's agent, by default. */
  audience?: Audience;
}

export interface ToolContext {
  session: WorkSession;
  deps: ServerDeps;
  /** MCP clientInfo from initialize: `claude-code`, `codex-mcp-client`, ... */
  client?: { name: string; title?: string };
  /** Per-server cache (for example parsed indexes), dropped with the server. */
  memo: Map<string, unknown>;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolDef<S extends z.ZodObject = z.ZodObject> {
  name: string;
  config: {
    title: string;
    description: string;
    inputSchema: S;
    annotations: ToolAnnotations;
  };
  handler: (args: z.output<S>, ctx: ToolContext) => Promise<ToolResult<object>>;
  /**
   * The handler reads the session's default issue (work_start's) although the schema has no issue
   * argument: the CLI gives such a verb `--issue N`, that one call's default issue (src/cli/tool-flags.ts).
   */
  defaultIssue?: true;
}

/** Keeps each tool file a plain `{name, config, handler}` while letting TypeScript infer `args`. */
export function defineTool<S extends z.ZodObject>(def: ToolDef<S>): ToolDef {
  return def as unknown as ToolDef;
}
