// The built bundle as a real stdio MCP server, driven by the SDK's stdio client.
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { makeRepo } from '../helpers/repo.js';
import { BRAIN_TOOL_NAMES } from '../helpers/tool-names.js';

const BUNDLE = path.resolve('hooks/butler.mjs');

async function spawnClient(name: string, cwd: string) {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BUNDLE, 'mcp'], cwd, stderr: 'pipe' }));
  const call = async (tool: string, args: Record<string, unknown> = {}) => {
    const r = await client.callTool({ name: tool, arguments: args });
    const text = (r.content as { type: string; text: string }[])[0]?.text ?? '';
    expect(JSON.parse(text)).toEqual(r.structuredContent);
    return r.structuredContent as any;
  };
  return { client, call };
}

describe('node hooks/butler.mjs mcp over stdio', () => {
  it('serves every brain-facing tool and carries a handover from Claude Code to Codex', async () => {
    const { root } = makeRepo();
    // After `butler install` both clients are known (from its files) before either has run.
    const install = spawnSync(process.execPath, [BUNDLE, 'install', '--claude', '--codex', '--project', root], { encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);
    const claude = await spawnClient('claude-code', root);
    expect(claude.client.getServerVersion()?.name).toBe('butler');
    const { tools } = await claude.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...BRAIN_TOOL_NAMES].sort());
    expect((await claude.call('work_session_start', { project_root: root })).data.brain_id).toBe('claude-code');
    const t = await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'stdio handover' });
    expect(t.status).toBe('ok');
    await claude.client.close();

    const codex = await spawnClient('codex-mcp-client', root);
    await codex.call('work_session_start', { project_root: root });
    const brains = await codex.call('handover_list_brains');
    expect(brains.data.brains.map((b: any) => b.brain_id).sort()).toEqual(['claude-code', 'codex-mcp-client']);
    const a = await codex.call('handover_accept', {});
    expect(a.status).toBe('ok');
    expect(a.data.handover_id).toBe(t.data.handover_id);
    expect(a.data.snapshot).toContain('stdio handover');
    await codex.client.close();
  }, 60_000);
});
