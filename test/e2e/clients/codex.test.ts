// Codex end to end: the real `codex exec` in a throwaway repo with Butler installed, offline against
// the scripted model server (OpenAI Responses). One session drives everything; each test checks one
// thing the model saw in the requests it sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from './model-server.js';
import {
  commitAll,
  ensureClients,
  installButler,
  makeWorkspace,
  removeWorkspace,
  runCodex,
  writeCodexHome,
  type RunResult,
  type Workspace,
} from './clients.js';
import { seedHandover, type Seeded } from './butler-mcp.js';
import { BUTLER_TOOLS, codexButlerTools, codexCalls, codexContext, envelopeOf, lastMain, type SeenCall } from './requests.js';

const NOTES = 'next: wire the e2e suite into CI\ndecision: Codex resumes its own snapshot';
const NS = 'mcp__butler';

describe('Codex with Butler installed', () => {
  let server: ModelServer;
  let ws: Workspace;
  let seeded: Seeded;
  let run: RunResult;
  let calls: SeenCall[];
  const call = (name: string, match?: (c: SeenCall) => boolean): SeenCall => {
    const c = calls.find((x) => x.name === name && (!match || match(x)));
    if (!c) throw new Error(`model never got a result for ${name}; saw ${calls.map((x) => x.name).join(', ')}`);
    return c;
  };

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    ws = makeWorkspace();
    const install = installButler(ws.repo);
    if (install.via === 'fallback') console.log('[e2e] butler install not available yet: using the fallback config');
    commitAll(ws.repo, 'install butler');
    writeCodexHome(ws, server.url);
    seeded = await seedHandover(ws.repo, 'codex-mcp-client', NOTES);
    server.setScript([
      { calls: [{ name: 'exec_command', input: { cmd: 'git log --oneline -3' } }] },
      { calls: [{ name: 'exec_command', input: { cmd: 'git status' } }] },
      { calls: [{ name: 'work_session_start', namespace: NS, input: { project_root: ws.repo } }] },
      { calls: [{ name: 'handover_resume', namespace: NS, input: {} }] },
      { text: 'Resumed the handover.' },
    ]);
    run = await runCodex({ ws, serverUrl: server.url, prompt: 'Pick up where the last session stopped.' });
    calls = codexCalls(lastMain(server, 'openai'));
  }, 900_000);

  afterAll(async () => {
    server?.dump('codex');
    await server?.close();
    if (ws) removeWorkspace(ws);
  });

  it('runs to completion offline', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Resumed the handover.');
    expect(server.mainRequests('openai').length).toBeGreaterThanOrEqual(5);
  });

  it('SessionStart puts the HANDOFF_PROMPT and the handover id into a developer message', () => {
    const developer = codexContext(server.mainRequests('openai')[0]!.body, 'developer');
    expect(developer).toContain(seeded.handoverId);
    const promptLine = seeded.handoffPrompt
      .split('\n')
      .find((l) => l.trim().length > 20)!
      .trim();
    expect(developer).toContain(promptLine);
  });

  it('the model sees every Butler tool in the mcp__butler namespace', () => {
    const body = server.mainRequests('openai')[0]!.body;
    expect(codexButlerTools(body)).toEqual(BUTLER_TOOLS);
    const ns = body.tools.find((t: any) => t.name === NS);
    // The server's MCP instructions become the namespace description.
    expect(String(ns.description)).toContain('work_session_start');
  });

  it('raw git log comes back blocked, naming work_history', () => {
    const c = call('exec_command', (x) => String(x.input.cmd).startsWith('git log'));
    expect(c.output).toMatch(/blocked/i);
    expect(c.output).toContain('work_history');
    expect(c.output).not.toMatch(/^[0-9a-f]{7} initial/m);
  });

  it('raw git status comes back blocked, naming work_observe', () => {
    const c = call('exec_command', (x) => String(x.input.cmd).startsWith('git status'));
    expect(c.output).toMatch(/blocked/i);
    expect(c.output).toContain('work_observe');
    expect(c.output).not.toContain('On branch main');
  });

  it('work_session_start then handover_resume return the snapshot over MCP', () => {
    const start = call('work_session_start');
    expect(start.namespace).toBe(NS);
    expect(envelopeOf(start.output)?.status, start.output).toBe('ok');
    const resume = call('handover_resume');
    expect(envelopeOf(resume.output)?.status, resume.output).toBe('ok');
    expect(resume.output).toContain(seeded.handoverId);
    expect(resume.output).toContain('wire the e2e suite into CI');
  });
});

// With a model whose bundled metadata supports tool search (gpt-5.5 in Codex 0.171), Codex does not
// list MCP tools up front: the model finds them with the client-side `tool_search` tool. This is what
// users of the default OpenAI models get, so prove the Butler namespace is found and usable that way.
describe('Codex with a tool-search model (MCP tools deferred)', () => {
  let server: ModelServer;
  let ws: Workspace;
  let seeded: Seeded;
  let run: RunResult;

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    ws = makeWorkspace();
    installButler(ws.repo);
    commitAll(ws.repo, 'install butler');
    writeCodexHome(ws, server.url, { model: 'gpt-5.5' });
    seeded = await seedHandover(ws.repo, 'codex-mcp-client', NOTES);
    server.setScript([
      { calls: [{ name: 'tool_search', toolSearch: true, input: { query: 'butler handover resume work session', limit: 30 } }] },
      { calls: [{ name: 'work_session_start', namespace: NS, input: { project_root: ws.repo } }] },
      { calls: [{ name: 'handover_resume', namespace: NS, input: {} }] },
      { text: 'Resumed the handover.' },
    ]);
    run = await runCodex({ ws, serverUrl: server.url, prompt: 'Pick up where the last session stopped.' });
    console.log(`[e2e] codex (gpt-5.5 metadata) ran in ${run.ms} ms`);
  }, 900_000);

  afterAll(async () => {
    server?.dump('codex-tool-search');
    await server?.close();
    if (ws) removeWorkspace(ws);
  });

  it('lists no Butler schemas up front, only the tool_search tool', () => {
    expect(run.code, run.stderr).toBe(0);
    const first = server.mainRequests('openai')[0]!.body;
    expect(codexButlerTools(first)).toEqual([]);
    expect(first.tools.some((t: any) => t.type === 'tool_search')).toBe(true);
  });

  it('tool_search returns the mcp__butler namespace with its tools', () => {
    const last = lastMain(server, 'openai');
    const out = (last.input as any[]).find((i) => i.type === 'tool_search_output');
    expect(out, 'no tool_search_output in the request').toBeDefined();
    const ns = (out.tools as any[]).find((t) => t.name === NS);
    expect(ns, JSON.stringify(out.tools).slice(0, 500)).toBeDefined();
    const names = (ns.tools as any[]).map((t) => String(t.name));
    expect(names.sort()).toEqual(BUTLER_TOOLS);
  });

  it('the discovered tools work: handover_resume returns the snapshot', () => {
    const calls = codexCalls(lastMain(server, 'openai'));
    const resume = calls.find((c) => c.name === 'handover_resume');
    expect(envelopeOf(resume?.output ?? '')?.status, resume?.output).toBe('ok');
    expect(resume!.output).toContain(seeded.handoverId);
  });
});
