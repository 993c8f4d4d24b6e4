/**
 * One record per client Butler supports (docs/decisions.md D35): everything install, uninstall, status,
 * the hooks and the transcript readers need to know about a client, as data. Adding a client is one
 * record (a file beside this one, listed in `index.ts`), its transcript reader and its tests.
 */

/** What Butler does at a hook event; each client names the event its own way. */
export type HookRole = 'sessionStart' | 'guard' | 'preCompact' | 'sessionEnd';
/** Events only some clients have (Claude Code's PostCompact): a record lists them when it has them. */
export type OptionalHookRole = 'postCompact';

export interface HookSpec {
  /** The client's event name (`PreToolUse`, `BeforeTool`). */
  event: string;
  /** Absent: the handler runs for every reason of the event. */
  matcher?: string;
  /** In the client's own unit (`hooks.timeoutUnit`). */
  timeout: number;
  /**
   * Claude Code's `onFailure: "block"`: a hook that cannot start, times out or exits with a code other
   * than 0 or 2 blocks the tool call instead of letting it run (docs/decisions.md D34). Only where the
   * client reads it; a client without it lets the call run.
   */
  onFailure?: 'block';
}

export interface ClientRecord {
  /** The install flag (`butler install --<key>`) and the key of the client in `butler status --json`. */
  key: string;
  /** The brain id: the client's MCP `clientInfo.name`, normalised (docs/decisions.md D13). */
  brain: string;
  /** Other names a person or an agent may use for it (`--brain`, `target_brain`), matched in any case. */
  aliases: readonly string[];
  title: string;
  /** A plain `butler install` sets up every client whose folder exists in the project (else Claude Code and Codex). */
  configDir: string;
  hooks: {
    /** The committed file holding the hooks (JSON `{hooks: {Event: [{matcher, hooks: [...]}]}}` for every client so far). */
    file: string;
    /** Where `--personal` puts them instead (git-ignored), when the client has such a file. */
    personalFile?: string;
    timeoutUnit: 'seconds' | 'milliseconds';
    /**
     * How a hook command finds the vendored runtime: a variable the client sets to the project root, or a
     * walk up from the hook's working directory (the client gives none, or expands it unquoted).
     */
    locate:
      | { kind: 'env'; variable: string }
      | {
          kind: 'walk-up';
          /** The client replaces `$NAME` in its settings with its own environment when it loads them: spell variables `${NAME#}`. */
          settingsExpandEnv?: boolean;
        };
    events: Record<HookRole, HookSpec> & Partial<Record<OptionalHookRole, HookSpec>>;
    /** SessionStart's stdout: plain text for the model, or JSON `hookSpecificOutput.additionalContext`. */
    startOutput: 'text' | 'json-context';
    /**
     * The guard's deny: `hookSpecificOutput.permissionDecision: "deny"` (exit 0), or top-level
     * `{decision: "deny", reason}` (exit 0); every client so far lets a command run on empty stdout.
     */
    denyOutput: 'permission-decision' | 'decision';
  };
  /** The tool names under which the client runs a shell command (the guard checks those). */
  shellTools: readonly string[];
  mcp: {
    /** The committed file holding `mcpServers.butler` (JSON) or `[mcp_servers.butler]` (TOML). */
    file: string;
    format: 'json' | 'toml';
    /** Keys written before and after `command` / `args` in Butler's entry (key order as the client's docs show it). */
    before: Readonly<Record<string, unknown>>;
    after: Readonly<Record<string, unknown>>;
    /** A list of approved server names in the hooks file (Claude Code's `enabledMcpjsonServers`). */
    approvalKey?: string;
    /** How the model sees Butler's tools: `mcp__butler__work_observe`, `mcp_butler_work_observe`. */
    toolPrefix: string;
  };
  transcript: {
    format: 'claude' | 'codex' | 'gemini';
    /** Folders holding the client's transcripts: under `$env` when set, else under `$HOME/<home>`. */
    roots: readonly { env?: string; home?: string; sub: readonly string[] }[];
    /** fast-glob pattern below a root for the transcript of a session id (`{id}`), newest wins. */
    byId: string;
  };
  /** The guidance file the client reads, where install writes Butler's block (AGENTS.md is shared; a file that only points at AGENTS.md is left as it is). */
  guide: string | null;
  /** The client's command; on PATH (or its folder under $HOME) means the client is on this machine (status, docs/decisions.md D38). */
  program: string;
  /** What a person must do once before the client runs project hooks and servers (install notes, status). */
  trust: string | null;
  /**
   * How status can tell whether the client will run the guard: `hook-hash` — the client records the hooks
   * the user trusted by a hash of each command (src/install/status-live.ts); absent: nothing to read.
   */
  trustCheck?: 'hook-hash';
}
