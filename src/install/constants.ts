import { BIN_DIR } from '../shared/vendored.js';

/** Version stamped into `.butler/bin/VERSION`; a newer Butler rewrites the vendored runtime. */
export { BUTLER_VERSION } from '../shared/version.js';

/** The vendored runtime, relative to the project root. Every written command points here. */
export { BIN_DIR };
export const BUNDLES = [
  'butler.mjs',
  'session-start.cjs',
  'session-start.sh',
  'pre-tool-use.cjs',
  'pre-tool-use.sh',
  'pre-compact.cjs',
] as const;
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

export const GUIDE_START = '<!-- butler:start (written by `butler install`; `butler uninstall` removes it) -->';
export const GUIDE_END = '<!-- butler:end -->';
export const GUIDE_BODY = `## Butler
- Session start: call \`work_session_start\` (MCP server \`butler\`) with this repo's absolute path, then follow any \`required_action\` it returns.
- No raw git: \`work_observe\` (status), \`work_diff\`, \`work_history\` (log), \`work_record\` (add+commit), \`work_publish\` (push), \`work_sync\` (fetch/pull).
- Recording is this project's workflow, asked for here: run \`work_record\` without asking whenever a \`required_action\` names it. A record stays on this clone's branch and is never pushed, so it is not the commit you otherwise wait to be asked for. Publishing (\`work_publish\`) only when the user says so. What the user tells you comes first.
- Before you stop: \`handover_suspend\` (\`handover_transfer\` instead when another agent takes over). Taking over from another agent: \`handover_accept\`.
- Without MCP: \`node .butler/bin/butler.mjs handover|work|issue …\` does the same.`;
/** The same block for a project whose language is Japanese (`--lang ja`, docs/decisions.md: the user's language). */
export const GUIDE_BODY_JA = `## Butler
- セッション開始時: MCP サーバー \`butler\` の \`work_session_start\` をこのリポジトリの絶対パスで呼び、返された \`required_action\` に従ってください。
- git を直接使わないこと: \`work_observe\`（status）、\`work_diff\`、\`work_history\`（log）、\`work_record\`（add+commit）、\`work_publish\`（push）、\`work_sync\`（fetch/pull）。
- 記録はこのプロジェクトの作業手順で、ここで依頼しています: \`required_action\` が \`work_record\` を示したら確認せずに実行してください。記録はこの clone のブランチに残り push されないので、普段は依頼を待つ commit とは別物です。公開（\`work_publish\`）はユーザーが求めたときだけ。
- 終了する前に \`handover_suspend\`（別のエージェントに渡すときは代わりに \`handover_transfer\`）。別のエージェントから引き継ぐときは \`handover_accept\`。
- MCP がないとき: \`node .butler/bin/butler.mjs handover|work|issue …\` で同じことができます。`;

/**
 * Clients that run hooks in the session's folder (a subfolder of the project, maybe) without a project
 * variable, and MCP servers with a cleared environment in their own cwd (a record's `locate: walk-up`):
 * the command finds the project at run time: walk up from $PWD to the folder holding the vendored file,
 * cd there, exec node. Wrapped in `sh -c '…'` so it works from bash, zsh and fish alike. The text is
 * stable across Butler versions, so a client's hook trust (a hash of the command) survives an upgrade.
 */
export function walkUpLauncher(file: string, args: string, ifMissing = '', runner: 'node' | 'sh' = 'node', noEnvNames = false): string {
  const target = `${BIN_DIR}/${file}`;
  const run = `cd "$d" && exec ${runner} ${target}${args ? ` ${args}` : ''}`;
  const script =
    `d=$PWD; while [ -n "$d" ] && [ ! -f "$d/${target}" ]; do d=\${d%/*}; done; ` +
    `if [ -n "$d" ]; then ${run}; ${ifMissing ? `else ${ifMissing}; ` : ''}fi`;
  return noEnvNames ? withoutEnvNames(script) : script;
}

/**
 * For a client that replaces `$NAME` in its settings with its own environment's value when it loads
 * them (Gemini CLI, packages/cli/src/utils/envVarResolver.ts: `/\$(?:(\w+)|{([^}]+?)(?::-([^}]*))?})/g`,
 * a name it does not know is left as written; `$PWD` became the folder Gemini was started from): the
 * same script with `$(pwd)`, and every variable read as `${NAME#}` (remove an empty prefix: the same
 * value in every POSIX shell). The name Gemini looks up is then `NAME#`, which no shell can export and
 * a `.env` file cannot hold (its keys are `[\w.-]+`); `${d%/*}` and the like look up `d%/*` alike.
 * `${NAME:-…}` is never written: Gemini would replace it by the default.
 */
export function withoutEnvNames(script: string): string {
  return script.replace(/\$PWD\b/g, '$(pwd)').replace(/\$(\w+)/g, '$${$1#}');
}

/**
 * The MCP server command for every client: some start project servers in the folder they were launched
 * from (a subfolder breaks a relative path), others in their own cwd with a cleared environment.
 */
export const mcpScript = (noEnvNames = false): string =>
  walkUpLauncher(
    'butler.mjs',
    'mcp',
    'echo "butler: no .butler/bin/butler.mjs above $PWD; run butler install" >&2; exit 1',
    'node',
    noEnvNames,
  );

export const MCP_SCRIPT = mcpScript();

/** Wraps a launcher for a shell command line: single quotes survive bash, zsh and fish unchanged. */
export function shQuoted(script: string): string {
  return `sh -c '${script}'`;
}
