// The built bundle as a real stdio MCP server: messages of 10 MiB and more are answered, not fatal.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

const BUNDLE = path.resolve('hooks/butler.mjs');
const MIB = 1024 * 1024;

function server(cwd: string) {
  const child = spawn(process.execPath, [BUNDLE, 'mcp'], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, BUTLER_LANG: 'en' },
  });
  const replies = new Map<string | number, any>();
  const waiters = new Map<string | number, (v: any) => void>();
  let buf = '';
  child.stdout.on('data', (d: Buffer) => {
    buf += d.toString('utf8');
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const msg = JSON.parse(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
      if (msg.id === undefined) continue;
      replies.set(msg.id, msg);
      waiters.get(msg.id)?.(msg);
    }
  });
  const write = (text: string) => new Promise<void>((r) => (child.stdin.write(text) ? r() : child.stdin.once('drain', () => r())));
  const reply = (id: string | number) => (replies.has(id) ? Promise.resolve(replies.get(id)) : new Promise<any>((r) => waiters.set(id, r)));
  const request = async (id: string | number, method: string, params: unknown) => {
    await write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return reply(id);
  };
  return { child, write, reply, request };
}

describe('oversize messages over real stdio', () => {
  it('answers 10 MiB+ calls with invalid_argument or a JSON-RPC error and keeps serving', async () => {
    const { root } = makeRepo();
    const s = server(root);
    const init = await s.request(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'claude-code', version: '1' },
    });
    expect(init.result.serverInfo.name).toBe('butler');
    await s.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);

    // id before params (as the TypeScript SDK sends it), 12 MiB of notes, written in chunks.
    const big = 'x'.repeat(12 * MIB);
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'handover_suspend', arguments: { notes: big } },
    });
    for (let i = 0; i < huge.length; i += MIB) await s.write(huge.slice(i, i + MIB));
    await s.write('\n');
    const r2 = await s.reply(2);
    expect(r2.result.isError).toBe(true);
    expect(r2.result.structuredContent).toMatchObject({ status: 'error', error_code: 'invalid_argument' });
    expect(JSON.parse(r2.result.content[0].text)).toEqual(r2.result.structuredContent);

    // id after params (field order of other clients), 10 MiB exactly.
    const tailId = `{"method":"tools/call","params":{"name":"issue_create","arguments":{"title":"t","body":"${'y'.repeat(10 * MIB)}"}},"jsonrpc":"2.0","id":"late"}\n`;
    await s.write(tailId);
    expect((await s.reply('late')).result.structuredContent.error_code).toBe('invalid_argument');

    // Not a tool call: a JSON-RPC error for that id.
    const other = await s.request(4, 'tools/list', { pad: 'z'.repeat(11 * MIB) });
    expect(other.error.code).toBe(-32600);

    // Still serving, state intact.
    const list = await s.request(5, 'tools/list', {});
    expect(list.result.tools.length).toBeGreaterThan(20);
    const start = await s.request(6, 'tools/call', { name: 'work_session_start', arguments: { project_root: root } });
    expect(start.result.structuredContent.status).toBe('ok');
    expect(s.child.exitCode).toBeNull();
    s.child.stdin.end();
    await new Promise((r) => s.child.once('exit', r));
  }, 60_000);
});
