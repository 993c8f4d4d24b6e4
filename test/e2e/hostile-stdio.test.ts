// Issue #23 over the real transport: the hostile-clone cases of test/handover/hostile-clone.test.ts (run there
// in-process) replayed through the built `node hooks/butler.mjs mcp` over stdio with the SDK's stdio client, so
// what a forger pushes and what a share carries are checked on the wire the clients use. Real git, a bare
// remote, an attacker's clone under another identity.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { write } from '../helpers/git-scenarios.js';
import { attacker, forged, framingFree, HOSTILE, push } from '../helpers/hostile.js';
import { git, makeRepo } from '../helpers/repo.js';

const BUNDLE = path.resolve('hooks/butler.mjs');
let victim: string;
let remote: string;

beforeEach(() => {
  const r = makeRepo({ withRemote: true });
  victim = r.root;
  remote = r.remote!;
});

/** The built server as a client starts it: a child process speaking MCP on stdin/stdout. */
async function agent(name = 'claude-code') {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BUNDLE, 'mcp'],
      cwd: victim,
      env: { ...(process.env as Record<string, string>), BUTLER_LANG: 'en' },
      stderr: 'pipe',
    }),
  );
  const call = async (tool: string, args: Record<string, unknown> = {}) => {
    const r = await client.callTool({ name: tool, arguments: args });
    // What the client shows the model: the text block, which must be the same envelope.
    const text = (r.content as { type: string; text: string }[])[0]?.text ?? '';
    framingFree(text);
    expect(JSON.parse(text)).toEqual(r.structuredContent);
    return { ...(r.structuredContent as any), text };
  };
  expect((await call('work_session_start', { project_root: victim })).status).toBe('ok');
  return { call, close: () => client.close() };
}

describe('a forged snapshot on refs/butler/handover, over stdio', () => {
  it('is not resumed, not carried, and reaches the model only as quoted data with its author', async () => {
    const me = await agent();
    const own = await me.call('handover_suspend', { notes: 'My own plan.\ndecision: keep the lexer hand-written' });
    expect(own.status).toBe('ok');
    const evil = attacker(remote);
    const future = forged({ brain: 'claude-code', target: 'claude-code', at: '2030-01-01T00:00:00Z', text: HOSTILE });
    const recent = forged({
      brain: 'claude-code',
      target: 'claude-code',
      at: new Date(Date.now() + 2000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      text: HOSTILE,
    });
    await push(evil, [
      { path: `snapshots/${future.name}`, text: future.md },
      { path: `snapshots/${recent.name}`, text: recent.md },
    ]);
    await me.close();

    const again = await agent();
    const list = await again.call('handover_list');
    const ids = list.data.handovers.map((h: any) => h.handover_id);
    expect(ids).not.toContain(future.id);
    expect(list.data.handovers.find((h: any) => h.handover_id === recent.id)).toMatchObject({
      origin: 'shared',
      author: 'Mallory <mallory@evil.example>',
    });
    const start = await again.call('work_session_start', { project_root: victim });
    expect(start.data.required_action).toMatchObject({ tool: 'handover_resume', args: { handover_id: own.data.handover_id } });
    expect(start.data.handovers_from_elsewhere.map((h: any) => [h.handover_id, h.origin, h.author])).toEqual([
      [recent.id, 'shared', 'Mallory <mallory@evil.example>'],
    ]);
    expect((await again.call('handover_resume')).data.handover_id).toBe(own.data.handover_id);
    expect(await again.call('handover_resume', { handover_id: recent.id })).toMatchObject({
      status: 'error',
      error_code: 'invalid_argument',
    });
    // Read on purpose, it is data: the forger's words are there, the terminal controls and framing are not.
    const read = await again.call('handover_read', { handover_id: recent.id });
    expect(read.data).toMatchObject({ origin: 'shared', author: 'Mallory <mallory@evil.example>' });
    expect(read.data.snapshot).toContain('FORGED-PROMPT');
    // The victim's next snapshot carries its own decision, none of the forged items.
    const next = await again.call('handover_suspend', { notes: 'Second step.' });
    const text = readFileSync(path.join(victim, next.data.snapshot_file), 'utf8');
    expect(text).toContain('keep the lexer hand-written');
    expect(text).not.toContain('FORGED');
    await again.close();
  }, 90_000);
});

describe('what a share carries, over stdio', () => {
  it('the first share waits for the person; what is then pushed is only what the agent wrote', async () => {
    // A real Claude Code transcript of this project, with a password said in a request and in commands.
    const src = readFileSync('test/fixtures/transcripts/claude/session.jsonl', 'utf8')
      .split('/tmp/butler-e2e/repo')
      .join(victim)
      .split('Add greet.txt, append a line')
      .join('Add greet.txt (the db password is hunter2), append a line')
      .split('ls does-not-exist')
      .join('MYSQL_PWD=sekrit1 mysql -u root -psekrit2 -e ls-does-not-exist');
    write(victim, 'logs/t.jsonl', src);
    write(victim, 'greet.txt', '# Uncommitted heading\nhello\n');
    await (await agent('codex-mcp-client')).close();
    const me = await agent();
    const t = await me.call('handover_transfer', {
      target_brain: 'codex-mcp-client',
      session_log_path: 'logs/t.jsonl',
      notes: 'Parser half done.\ndecision: keep the lexer hand-written\nnext: wire the lexer',
      share: true,
    });
    expect(t.status, t.text.slice(0, 400)).toBe('need_input');
    expect(t.data).toMatchObject({ shared: false, user_runs: `butler handover share-preview ${t.data.handover_id}` });
    expect(git(remote, 'for-each-ref', 'refs/butler/handover')).toBe('');
    // Nothing the transcript said leaks into what the model is shown as the share.
    for (const s of ['hunter2', 'sekrit', 'does-not-exist', 'logs/t.jsonl', 'Uncommitted heading'])
      expect(t.data.share_preview).not.toContain(s);
    // The person says yes (the CLI verb, with a person's consent), and later shares over stdio go ahead.
    let out = '';
    const code = await runCli(['handover', 'share-preview', '--project', victim], {
      cwd: victim,
      env: { BUTLER_LANG: 'en' },
      ask: async () => 'y',
      agent: () => null,
      stdout: (s) => (out += s),
      stderr: (s) => (out += s),
      readStdin: async () => '',
    });
    expect(code, out).toBe(0);
    const again = await me.call('handover_suspend', { notes: 'Second.\ndecision: the grammar is frozen', share: true });
    expect(again).toMatchObject({ status: 'ok', data: { shared: true } });
    const pushed = git(remote, 'show', `refs/butler/handover:snapshots/${path.basename(again.data.snapshot_file)}`);
    for (const s of ['Second.', 'the grammar is frozen', 'keep the lexer hand-written']) expect(pushed).toContain(s);
    for (const s of ['hunter2', 'sekrit', 'Add greet.txt', 'does-not-exist', 'logs/t.jsonl', 'Uncommitted heading', victim])
      expect(pushed).not.toContain(s);
    await me.close();
  }, 90_000);
});
