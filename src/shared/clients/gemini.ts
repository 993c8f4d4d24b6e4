import type { ClientRecord } from './types.js';

/**
 * Gemini CLI 0.61 (test/e2e/clients/gemini.test.ts; docs/decisions.md D35). Hook timeouts are in
 * milliseconds; stdout must be JSON only; lifecycle matchers are exact strings, so SessionStart,
 * PreCompress and SessionEnd have none. It replaces `$GEMINI_PROJECT_DIR` in a command with the
 * session's folder single-quoted (which breaks `"$GEMINI_PROJECT_DIR"/…`, and may be a subfolder):
 * its commands walk up from the hook's folder, as Codex's do. And it replaces every `$NAME` of its own
 * environment in settings strings when it loads them (`$PWD` became the folder it was started from):
 * its commands read every shell variable as `${NAME#}`, which it leaves alone (install/constants.ts
 * withoutEnvNames; test/install/gemini-env.test.ts).
 */
export const gemini: ClientRecord = {
  key: 'gemini',
  brain: 'gemini-cli-mcp-client',
  aliases: ['gemini', 'Gemini CLI', 'gemini-cli'],
  title: 'Gemini CLI',
  configDir: '.gemini',
  hooks: {
    file: '.gemini/settings.json',
    timeoutUnit: 'milliseconds',
    locate: { kind: 'walk-up', settingsExpandEnv: true },
    events: {
      sessionStart: { event: 'SessionStart', timeout: 10_000 },
      guard: { event: 'BeforeTool', matcher: 'run_shell_command', timeout: 5_000 },
      preCompact: { event: 'PreCompress', timeout: 15_000 },
      // Gemini CLI does not wait for SessionEnd; the hook gives up after 2.5 s anyway.
      sessionEnd: { event: 'SessionEnd', timeout: 3_000 },
    },
    startOutput: 'json-context',
    denyOutput: 'decision',
  },
  shellTools: ['run_shell_command'],
  // trust: the server's tools run without a confirmation (in a trusted folder), so non-interactive calls work.
  mcp: { file: '.gemini/settings.json', format: 'json', before: {}, after: { trust: true }, toolPrefix: 'mcp_butler_' },
  transcript: {
    format: 'gemini',
    // ~/.gemini/tmp/<project>/chats/session-<time>-<id prefix>.jsonl (packages/core chatRecordingService).
    roots: [{ home: '.gemini', sub: ['tmp'] }],
    byId: '*/chats/session-*-{id8}.jsonl',
  },
  // Gemini CLI reads GEMINI.md by default (settings context.fileName).
  guide: 'GEMINI.md',
  program: 'gemini',
  trust:
    'Gemini CLI runs project hooks only in a trusted folder: open Gemini CLI in this repo and trust the folder ' +
    '(or set security.folderTrust); it warns once about new project hooks.',
};
