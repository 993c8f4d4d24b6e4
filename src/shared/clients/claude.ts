import type { ClientRecord } from './types.js';

/** Claude Code 2.1 (test/e2e/clients: claude.test.ts). */
export const claude: ClientRecord = {
  key: 'claude',
  brain: 'claude-code',
  aliases: ['claude', 'Claude Code', 'claudecode'],
  title: 'Claude Code',
  configDir: '.claude',
  hooks: {
    file: '.claude/settings.json',
    personalFile: '.claude/settings.local.json',
    timeoutUnit: 'seconds',
    locate: { kind: 'env', variable: 'CLAUDE_PROJECT_DIR' },
    events: {
      sessionStart: { event: 'SessionStart', matcher: 'startup|resume|clear|compact', timeout: 10 },
      // A guard that hangs or crashes blocks the command (Claude Code 2.1.295+; docs/decisions.md D34).
      guard: { event: 'PreToolUse', matcher: 'Bash', timeout: 5, onFailure: 'block' },
      preCompact: { event: 'PreCompact', matcher: 'manual|auto', timeout: 15 },
      // Its input carries `compact_summary`: pre-compact.cjs --trigger post-compact keeps it (docs/decisions.md, #22).
      postCompact: { event: 'PostCompact', matcher: 'manual|auto', timeout: 15 },
      sessionEnd: { event: 'SessionEnd', timeout: 3 },
    },
    startOutput: 'text',
    denyOutput: 'permission-decision',
  },
  shellTools: ['Bash'],
  mcp: {
    file: '.mcp.json',
    format: 'json',
    before: { type: 'stdio' },
    after: {},
    approvalKey: 'enabledMcpjsonServers',
    toolPrefix: 'mcp__butler__',
  },
  transcript: {
    format: 'claude',
    roots: [
      { env: 'CLAUDE_CONFIG_DIR', sub: ['projects'] },
      { home: '.claude', sub: ['projects'] },
    ],
    byId: '*/{id}.jsonl',
  },
  guide: 'CLAUDE.md',
  program: 'claude',
  trust: null,
};
