// The written commands must run in any clone: install with the real bundles, copy the repository
// somewhere else, and start the server and hooks exactly as each client would.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyChanges, planInstall } from '../../src/install/index.js';
import { connectStdio } from '../../src/mcp/client.js';
import { tempDir } from './helpers.js';

const HOOKS = path.resolve(import.meta.dirname, '../../hooks');
let clone: string;

beforeAll(async () => {
  const origin = path.join(tempDir(), 'origin');
  mkdirSync(origin);
  execFileSync('git', ['init', '-q', origin]);
  await applyChanges(
    origin,
    await planInstall({
      root: origin,
      clients: ['claude', 'codex'],
      personal: false,
      force: false,
      lang: 'en' as const,
      langExplicit: false,
      bundleDir: HOOKS,
      version: '0.1.0',
    }),
  );
  clone = path.join(tempDir(), 'teammate-clone');
  cpSync(origin, clone, { recursive: true });
  mkdirSync(path.join(clone, 'src', 'deep'), { recursive: true });
});

const minimalEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/' });

describe('vendored runtime in a clone', () => {
  const opened: Array<{ close: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const c of opened) await c.close().catch(() => undefined);
  });

  it('Codex: [mcp_servers.butler] starts the server from a subfolder with a cleared environment', async () => {
    const entry = (parseToml(readFileSync(path.join(clone, '.codex/config.toml'), 'utf8')) as any).mcp_servers.butler;
    const c = await connectStdio({
      command: entry.command,
      args: entry.args,
      cwd: path.join(clone, 'src', 'deep'),
      clientName: 'codex-mcp-client',
    });
    opened.push(c);
    expect(c.serverName()).toBe('butler');
    expect(await c.listTools()).toContain('work_session_start');
  });

  it('Claude Code: .mcp.json starts the server from the project root', async () => {
    const entry = JSON.parse(readFileSync(path.join(clone, '.mcp.json'), 'utf8')).mcpServers.butler;
    const c = await connectStdio({ command: entry.command, args: entry.args, cwd: clone, clientName: 'claude-code' });
    opened.push(c);
    expect(c.serverName()).toBe('butler');
  });

  it('Codex hooks run from a subfolder through a login shell and exit 0; outside a project they stay silent', () => {
    const hooks = JSON.parse(readFileSync(path.join(clone, '.codex/hooks.json'), 'utf8')).hooks;
    for (const event of ['SessionStart', 'PreToolUse', 'PreCompact']) {
      const command = hooks[event][0].hooks[0].command as string;
      const input = JSON.stringify({
        hook_event_name: event,
        cwd: path.join(clone, 'src'),
        source: 'startup',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
      });
      const inside = spawnSync('sh', ['-lc', command], { cwd: path.join(clone, 'src'), input, env: minimalEnv(), encoding: 'utf8' });
      expect(inside.status, inside.stderr).toBe(0);
      const outside = spawnSync('sh', ['-lc', command], { cwd: path.dirname(clone), input, env: minimalEnv(), encoding: 'utf8' });
      expect(outside.status).toBe(0);
      expect(outside.stdout).toBe('');
    }
  });

  it('Claude Code hooks run with $CLAUDE_PROJECT_DIR', () => {
    const hooks = JSON.parse(readFileSync(path.join(clone, '.claude/settings.json'), 'utf8')).hooks;
    for (const event of ['SessionStart', 'PreToolUse', 'PreCompact', 'PostCompact']) {
      const command = hooks[event][0].hooks[0].command as string;
      const r = spawnSync('sh', ['-c', command], {
        cwd: path.join(clone, 'src'),
        input: JSON.stringify({ hook_event_name: event, cwd: clone, tool_name: 'Bash', tool_input: { command: 'ls' } }),
        env: { ...minimalEnv(), CLAUDE_PROJECT_DIR: clone },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
    }
  });
});
