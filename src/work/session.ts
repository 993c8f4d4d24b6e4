/**
 * State of one brain connection (one MCP server instance): which project, which default issue and
 * which brain. Never exposed as an id; each connection owns its own object.
 */
export interface WorkSession {
  projectRoot: string | null;
  defaultIssue: number | null;
  /** Normalised brain id from MCP clientInfo.name, e.g. `claude-code`, `codex-mcp-client`. */
  brainId: string | null;
  clientTitle: string | null;
}

export function newSession(): WorkSession {
  return { projectRoot: null, defaultIssue: null, brainId: null, clientTitle: null };
}
