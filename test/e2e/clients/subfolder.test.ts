// Claude Code started in a subfolder of the project, with the real CLI (offline: `claude mcp list`
// only starts the MCP servers). .mcp.json is found above the folder, and Claude starts the server in
// the folder it was launched from: Butler's launcher must find .butler/bin/ from there.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUTLER_BIN,
  claudeBin,
  cleanEnv,
  ensureClients,
  installButler,
  makeWorkspace,
  removeWorkspace,
  withLock,
  type Workspace,
} from './clients.js';

/**
 * `claude mcp list` in `cwd`; the butler line. The folder is trusted and the server approved there,
 * as Claude's first interactive start in that folder records in ~/.claude.json.
 */
async function mcpList(ws: Workspace, cwd: string): Promise<string> {
  const approved = { hasTrustDialogAccepted: true, enabledMcpjsonServers: ['butler'] };
  fs.writeFileSync(path.join(ws.home, '.claude.json'), JSON.stringify({ projects: { [ws.repo]: approved, [cwd]: approved } }));
  // A minimal environment: the test runner's variables must not change how Claude reads its config.
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: ws.home,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    ANTHROPIC_API_KEY: 'butler-e2e-key',
  };
  const r = await withLock('client', async () => spawnSync(claudeBin(), ['mcp', 'list'], { cwd, env, encoding: 'utf8', timeout: 120_000 }));
  return `${r.stdout}${r.stderr}`.split('\n').find((l) => l.startsWith('butler:')) ?? `${r.stdout}${r.stderr}`;
}

describe('Claude Code from a subfolder', () => {
  let ws: Workspace;
  let sub: string;

  beforeAll(async () => {
    await ensureClients();
    ws = makeWorkspace('butler-e2e-sub-');
    installButler(ws.repo);
    sub = path.join(ws.repo, 'packages', 'app');
    fs.mkdirSync(sub, { recursive: true });
  });
  afterAll(() => ws && removeWorkspace(ws));

  it('claude mcp list connects to butler from the root and from a subfolder', async () => {
    expect(await mcpList(ws, ws.repo)).toMatch(/✔ Connected/);
    expect(await mcpList(ws, sub)).toMatch(/✔ Connected/);
  }, 120_000); // two real `claude mcp list` runs, each starting the CLI and the server

  it('the old relative command fails from the subfolder (what the launcher fixes)', async () => {
    const file = path.join(ws.repo, '.mcp.json');
    const mine = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(
        file,
        JSON.stringify({ mcpServers: { butler: { type: 'stdio', command: 'node', args: ['.butler/bin/butler.mjs', 'mcp'] } } }),
      );
      expect(await mcpList(ws, sub)).toMatch(/Failed to connect/);
    } finally {
      fs.writeFileSync(file, mine);
    }
  }, 120_000);

  it('butler status from the subfolder notes that the Claude hooks do not apply there (a note: the install is fine, #25)', () => {
    const r = spawnSync(process.execPath, [BUTLER_BIN, 'status'], { cwd: sub, encoding: 'utf8', env: cleanEnv({}) });
    expect(r.stdout).toContain('note: Run from the subfolder packages/app: Claude Code does not load .claude/settings.json there');
    const root = spawnSync(process.execPath, [BUTLER_BIN, 'status'], { cwd: ws.repo, encoding: 'utf8', env: cleanEnv({}) });
    expect(root.stdout).not.toContain('subfolder');
  });
});
