import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/main.js';

export function tempDir(prefix = 'butler-install-'): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
}

export function write(root: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

export const read = (root: string, rel: string): string => readFileSync(path.join(root, rel), 'utf8');

/** Small stand-in bundles, so snapshots stay readable and independent of the build. */
export function fakeBundles(): string {
  const dir = tempDir('butler-bundles-');
  // butler-runtime.mjs is what install vendors as .butler/bin/butler.mjs (install/constants.ts BUNDLE_SOURCES).
  for (const name of [
    'butler-runtime.mjs',
    'session-start.cjs',
    'session-start.sh',
    'pre-tool-use.cjs',
    'pre-tool-use.sh',
    'pre-compact.cjs',
  ])
    write(dir, name, `// fake ${name}\n`);
  return dir;
}

/** Every file under `root` (except .git) with its content: a before/after fingerprint. */
export function tree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === '.git' || name === 'session_logs') continue; // private runtime data, not install output
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[path.relative(root, p).split(path.sep).join('/')] = readFileSync(p, 'utf8');
    }
  };
  walk(root);
  return out;
}

export async function cli(args: string[], opts: { cwd: string; bundleDir?: string; env?: Record<string, string> }) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    cwd: opts.cwd,
    env: { ...(opts.bundleDir ? { BUTLER_BUNDLE_DIR: opts.bundleDir } : {}), ...opts.env },
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readStdin: async () => '',
  });
  return { code, stdout, stderr };
}

/** A project that already has the user's own Claude Code, Codex and agent configuration. */
export function userFixture(root: string): void {
  write(
    root,
    '.claude/settings.local.json',
    `{
    "permissions": {
        "allow": ["Bash(npm test)"]
    },
    "hooks": {
        "PreToolUse": [
            { "matcher": "Edit|Write", "hooks": [{ "type": "command", "command": "./scripts/lint-on-edit.sh" }] }
        ],
        "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }]
    },
    "enabledMcpjsonServers": ["github"]
}
`,
  );
  write(
    root,
    '.mcp.json',
    `{
  "mcpServers": {
    "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"] }
  }
}
`,
  );
  write(
    root,
    '.codex/hooks.json',
    `{
  "hooks": {
    "SessionStart": [
      { "matcher": "startup", "hooks": [{ "type": "command", "command": "echo hello from the user" }] }
    ]
  }
}
`,
  );
  write(
    root,
    '.codex/config.toml',
    `# Team Codex settings — keep these comments
model = "gpt-5"   # the default model

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]   # pinned by ops

# Profiles below
[profiles.fast]
model = "gpt-5-mini"
`,
  );
  write(root, 'AGENTS.md', '# Project rules\n\nRun `npm test` before you hand in.\n');
  write(root, 'CLAUDE.md', '@AGENTS.md\n');
  write(root, '.gitignore', 'node_modules/\ndist/');
}
