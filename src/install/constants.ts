/** Version stamped into `.butler/bin/VERSION`; a newer Butler rewrites the vendored runtime. */
export { BUTLER_VERSION } from '../shared/version.js';

/** The vendored runtime, relative to the project root. Every written command points here. */
export const BIN_DIR = '.butler/bin';
export const BUNDLES = ['butler.mjs', 'session-start.cjs', 'pre-tool-use.cjs', 'pre-tool-use.sh', 'pre-compact.cjs'] as const;
/** The hooks' names before they became CommonJS (scripts/build.mjs): install and uninstall remove them. */
export const LEGACY_BUNDLES = ['session-start.mjs', 'pre-tool-use.mjs', 'pre-compact.mjs'] as const;
/**
 * The PreToolUse command runs `pre-tool-use.sh` (POSIX sh + awk: answers a command that cannot run git
 * without starting Node, hands everything else to `pre-tool-use.cjs`); where sh and awk are missing
 * (native Windows) install writes the plain Node command instead.
 */
export type GuardForm = 'shell' | 'node';
/** Vendored name -> file in the bundle folder, where they differ: the runtime is the CLI without install and demo. */
export const BUNDLE_SOURCES: Record<string, string> = { 'butler.mjs': 'butler-runtime.mjs' };
export const VERSION_FILE = `${BIN_DIR}/VERSION`;

/** How Butler's own hook handlers are recognised in a merged file: their command names the runtime. */
export const OWN_MARKER = '.butler/bin/';

export const SERVER_NAME = 'butler';
export const SESSION_START_MATCHER = 'startup|resume|clear|compact';
export const PRE_TOOL_USE_MATCHER = 'Bash';
/** Seconds. The guard answers in milliseconds; a timeout lets the command run, so keep headroom. */
export const SESSION_START_TIMEOUT = 10;
export const PRE_TOOL_USE_TIMEOUT = 5;
/** PreCompact: both clients match on the trigger. The hook gives up after 8 s (src/hooks/bin/pre-compact.ts). */
export const PRE_COMPACT_MATCHER = 'manual|auto';
export const PRE_COMPACT_TIMEOUT = 15;
/**
 * SessionEnd (optional, `butler install --session-end`): no matcher, every end reason. Codex clamps a
 * SessionEnd timeout to 3 s and warns above it; Claude Code waits at least 1.5 s and up to the hook's
 * timeout. The hook gives up after 2.5 s (src/hooks/bin/pre-compact.ts).
 */
export const SESSION_END_TIMEOUT = 3;

export const BRAIN_CLAUDE = 'claude-code';
export const BRAIN_CODEX = 'codex-mcp-client';

export const GUIDE_START = '<!-- butler:start (written by `butler install`; `butler uninstall` removes it) -->';
export const GUIDE_END = '<!-- butler:end -->';
export const GUIDE_BODY = `## Butler
- Session start: call \`work_session_start\` (MCP server \`butler\`) with this repo's absolute path, then follow any \`required_action\` it returns.
- No raw git: \`work_observe\` (status), \`work_diff\`, \`work_history\` (log), \`work_record\` (add+commit), \`work_publish\` (push), \`work_sync\` (fetch/pull).
- Before you stop: \`handover_suspend\`. Taking over from another agent: \`handover_accept\`.
- Without MCP: \`node .butler/bin/butler.mjs handover|work|issue …\` does the same.`;
/** The same block for a project whose language is Japanese (`--lang ja`, docs/decisions.md: the user's language). */
export const GUIDE_BODY_JA = `## Butler
- セッション開始時: MCP サーバー \`butler\` の \`work_session_start\` をこのリポジトリの絶対パスで呼び、返された \`required_action\` に従ってください。
- git を直接使わないこと: \`work_observe\`（status）、\`work_diff\`、\`work_history\`（log）、\`work_record\`（add+commit）、\`work_publish\`（push）、\`work_sync\`（fetch/pull）。
- 終了する前に \`handover_suspend\`。別のエージェントから引き継ぐときは \`handover_accept\`。
- MCP がないとき: \`node .butler/bin/butler.mjs handover|work|issue …\` で同じことができます。`;

/**
 * Codex runs hooks through the user's shell with the session cwd, which may be a subfolder of the
 * project, and starts MCP servers with a cleared environment in its own cwd. So Codex commands find
 * the project at run time: walk up from $PWD to the folder holding the vendored file, cd there, exec
 * node. Wrapped in `sh -c '…'` so it works from bash, zsh and fish alike. The text is stable across
 * Butler versions, so Codex's hook trust (a hash of the command) survives an upgrade.
 */
export function codexLauncher(file: string, args: string, ifMissing = '', runner: 'node' | 'sh' = 'node'): string {
  const target = `${BIN_DIR}/${file}`;
  const run = `cd "$d" && exec ${runner} ${target}${args ? ` ${args}` : ''}`;
  return (
    `d=$PWD; while [ -n "$d" ] && [ ! -f "$d/${target}" ]; do d=\${d%/*}; done; ` +
    `if [ -n "$d" ]; then ${run}; ${ifMissing ? `else ${ifMissing}; ` : ''}fi`
  );
}

/**
 * The MCP server command for both clients: Claude Code starts project servers in the folder it was
 * launched from (a subfolder breaks a relative path), Codex in its own cwd with a cleared environment.
 */
export const MCP_SCRIPT = codexLauncher(
  'butler.mjs',
  'mcp',
  'echo "butler: no .butler/bin/butler.mjs above $PWD; run butler install" >&2; exit 1',
);

export const CODEX_TRUST_NOTE =
  'Codex loads project .codex/ hooks and config only in a trusted project, and runs a project hook only ' +
  'after you trust it: open Codex in this repo, accept the trust prompt, then review and trust the Butler hooks in /hooks.';

/** Wraps a launcher for a shell command line: single quotes survive bash, zsh and fish unchanged. */
export function shQuoted(script: string): string {
  return `sh -c '${script}'`;
}
