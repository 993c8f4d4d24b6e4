import type { ClientRecord } from './types.js';

/**
 * Codex CLI 0.17x (test/e2e/clients: codex.test.ts). It sends every shell tool to hooks as `Bash`
 * (codex-rs/core/src/tools/hook_names.rs); its own names are listed so a pass-through is still guarded.
 */
export const codex: ClientRecord = {
  key: 'codex',
  brain: 'codex-mcp-client',
  aliases: ['codex', 'Codex', 'codex-cli'],
  title: 'Codex',
  configDir: '.codex',
  hooks: {
    file: '.codex/hooks.json',
    timeoutUnit: 'seconds',
    // Hooks run through the user's shell in the session's folder, which may be a subfolder.
    locate: { kind: 'walk-up' },
    events: {
      sessionStart: { event: 'SessionStart', matcher: 'startup|resume|clear|compact', timeout: 10 },
      guard: { event: 'PreToolUse', matcher: 'Bash', timeout: 5 },
      preCompact: { event: 'PreCompact', matcher: 'manual|auto', timeout: 15 },
      // Codex clamps a SessionEnd timeout to 3 s.
      sessionEnd: { event: 'SessionEnd', timeout: 3 },
    },
    startOutput: 'text',
    denyOutput: 'permission-decision',
  },
  shellTools: ['Bash', 'exec_command', 'shell', 'shell_command', 'local_shell', 'unified_exec'],
  // Approval "approve": non-interactive calls fail otherwise.
  mcp: {
    file: '.codex/config.toml',
    format: 'toml',
    before: {},
    after: { default_tools_approval_mode: 'approve' },
    toolPrefix: 'mcp__butler__',
  },
  transcript: {
    format: 'codex',
    roots: [
      { env: 'CODEX_HOME', sub: ['sessions'] },
      { home: '.codex', sub: ['sessions'] },
    ],
    byId: '[0-9][0-9][0-9][0-9]/[0-9][0-9]/[0-9][0-9]/rollout-*-{id}.jsonl',
  },
  guide: 'AGENTS.md',
  trustCheck: 'hook-hash',
  program: 'codex',
  trust:
    'Codex loads project .codex/ hooks and config only in a trusted project, and runs a project hook only ' +
    'after you trust it: open Codex in this repo, accept the trust prompt, then review and trust the Butler hooks in /hooks.',
};
