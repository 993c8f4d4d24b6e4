// Cross-brain: a handover_transfer made from Claude Code is accepted by Codex, in one repo with Butler
// installed, both real clients offline against the scripted model server.
//   1. Codex starts a work session (registers brain `codex-mcp-client`, title "Codex").
//   2. Claude Code lists the brains and transfers to `codex-mcp-client`.
//   3. A new Codex session is told about the transfer at SessionStart and accepts it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type RecordedRequest, type Turn } from './model-server.js';
import {
  commitAll,
  ensureClients,
  installButler,
  makeWorkspace,
  removeWorkspace,
  runClaude,
  runCodex,
  writeCodexHome,
  type RunResult,
  type Workspace,
} from './clients.js';
import { claudeCalls, codexCalls, codexContext, envelopeOf, type SeenCall } from './requests.js';

const NS = 'mcp__butler';
const NOTES = 'next: finish the parser in src/parse.ts\ndecision: Codex takes over from Claude';

interface Step {
  run: RunResult;
  requests: RecordedRequest[];
  calls: SeenCall[];
}

describe('cross-brain: Claude Code transfers, Codex accepts', () => {
  let server: ModelServer;
  let ws: Workspace;
  let codexFirst: Step;
  let claude: Step;
  let codexSecond: Step;

  const step = async (api: 'anthropic' | 'openai', turns: Turn[], go: () => Promise<RunResult>): Promise<Step> => {
    server.reset();
    server.setScript(turns);
    const run = await go();
    const requests = [...server.requests];
    const main = requests.filter((r) => r.api === api && r.main);
    const last = main[main.length - 1]?.body;
    const calls = api === 'anthropic' ? claudeCalls(last) : codexCalls(last);
    return { run, requests, calls };
  };
  const find = (s: Step, name: string): SeenCall => {
    const c = s.calls.find((x) => x.name === name);
    if (!c) throw new Error(`no result for ${name}; saw ${s.calls.map((x) => x.name).join(', ')}\n${s.run.stderr}`);
    return c;
  };

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    ws = makeWorkspace();
    installButler(ws.repo);
    commitAll(ws.repo, 'install butler');
    writeCodexHome(ws, server.url);

    codexFirst = await step(
      'openai',
      [{ calls: [{ name: 'work_session_start', namespace: NS, input: { project_root: ws.repo } }] }, { text: 'Ready.' }],
      () => runCodex({ ws, serverUrl: server.url, prompt: 'Start a Butler session.' }),
    );

    const load = ['work_session_start', 'handover_list_brains', 'handover_transfer'].map((t) => `mcp__butler__${t}`);
    claude = await step(
      'anthropic',
      [
        { calls: [{ name: 'ToolSearch', input: { query: `select:${load.join(',')}` } }] },
        { calls: [{ name: 'mcp__butler__work_session_start', input: { project_root: ws.repo } }] },
        { calls: [{ name: 'mcp__butler__handover_list_brains', input: {} }] },
        { calls: [{ name: 'mcp__butler__handover_transfer', input: { target_brain: 'codex-mcp-client', notes: NOTES } }] },
        { text: 'Handed over to Codex.' },
      ],
      () => runClaude({ ws, serverUrl: server.url, prompt: 'Hand this work over to Codex.' }),
    );

    codexSecond = await step(
      'openai',
      [
        { calls: [{ name: 'work_session_start', namespace: NS, input: { project_root: ws.repo } }] },
        { calls: [{ name: 'handover_accept', namespace: NS, input: {} }] },
        { text: 'Accepted the handover from Claude Code.' },
      ],
      () => runCodex({ ws, serverUrl: server.url, prompt: 'Take over the work Claude handed you.' }),
    );
  }, 900_000);

  afterAll(async () => {
    await server?.close();
    if (ws) removeWorkspace(ws);
  });

  const transferId = (): string => String(envelopeOf(find(claude, 'mcp__butler__handover_transfer').output)?.data?.handover_id ?? '');

  it('all three sessions run to completion offline', () => {
    expect(codexFirst.run.code, codexFirst.run.stderr).toBe(0);
    expect(claude.run.code, claude.run.stderr).toBe(0);
    expect(codexSecond.run.code, codexSecond.run.stderr).toBe(0);
    expect(envelopeOf(find(codexFirst, 'work_session_start').output)?.data?.brain_id).toBe('codex-mcp-client');
  });

  it('Claude Code sees Codex in handover_list_brains and transfers to it', () => {
    expect(find(claude, 'mcp__butler__handover_list_brains').output).toContain('codex-mcp-client');
    const transfer = find(claude, 'mcp__butler__handover_transfer');
    const env = envelopeOf(transfer.output);
    expect(env?.status, transfer.output).toBe('ok');
    expect(transferId()).toMatch(/claude-code/);
  });

  it('the new Codex session is told about the transfer at SessionStart', () => {
    const first = codexSecond.requests.find((r) => r.api === 'openai' && r.main)!.body;
    expect(codexContext(first, 'developer')).toContain(transferId());
  });

  it('Codex accepts the snapshot that Claude Code made', () => {
    const accept = find(codexSecond, 'handover_accept');
    expect(accept.namespace).toBe(NS);
    const env = envelopeOf(accept.output);
    expect(env?.status, accept.output).toBe('ok');
    expect(accept.output).toContain(transferId());
    expect(accept.output).toContain('finish the parser in src/parse.ts');
    expect(accept.output).toContain('claude-code');
  });
});
