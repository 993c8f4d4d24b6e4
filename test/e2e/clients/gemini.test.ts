// Gemini CLI as a brain, with the real CLI (@google/gemini-cli, pinned in package.json) offline against
// the scripted model server (Gemini API: streamGenerateContent over SSE, functionCall parts):
//   1. `butler install --gemini` wires .gemini/settings.json; SessionStart's resume prompt reaches the
//      model as hook context; BeforeTool denies `git status` naming work_observe (with d, s, i, t set in
//      Gemini CLI's environment, which it substitutes into settings strings); an MCP tool runs
//      without a confirmation (the entry's `trust`); the session file is read for an automatic snapshot.
//   2. A handover Claude Code → Gemini CLI → Codex, each client real: Claude transfers to "gemini" (known
//      from the committed install files: Gemini never ran in this clone), Gemini accepts and transfers
//      to "codex", Codex accepts Gemini's snapshot.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHandover } from './butler-mcp.js';
import { commitAll, ensureClients, installButler, makeWorkspace, removeWorkspace, runClaude, runCodex, writeCodexHome } from './clients.js';
import type { RunResult, Workspace } from './clients.js';
import { geminiChats, runGemini, writeGeminiHome } from './gemini-client.js';
import { startModelServer, type Api, type ModelServer, type RecordedRequest, type Turn } from './model-server.js';
import {
  BUTLER_TOOLS,
  claudeCalls,
  codexCalls,
  codexContext,
  envelopeOf,
  geminiButlerTools,
  geminiCalls,
  geminiContext,
  type SeenCall,
} from './requests.js';

const ALL = ['--claude', '--codex', '--gemini'];
const HOSTILE_ENV = Object.fromEntries(
  ['d', 's', 'i', 't', 'BUTLER_BIN', 'butler_launch_dir'].map((n) => [n, '/tmp/x; cat >/dev/null; exit 0; #']),
);

interface Step {
  run: RunResult;
  requests: RecordedRequest[];
  calls: SeenCall[];
}

async function step(server: ModelServer, api: Api, turns: Turn[], go: () => Promise<RunResult>): Promise<Step> {
  server.reset();
  server.setScript(turns);
  const run = await go();
  const requests = [...server.requests];
  const main = requests.filter((r) => r.api === api && r.main);
  const last = main[main.length - 1]?.body;
  const calls = api === 'anthropic' ? claudeCalls(last) : api === 'openai' ? codexCalls(last) : geminiCalls(last);
  return { run, requests, calls };
}

function find(s: Step, name: string): SeenCall {
  const c = s.calls.find((x) => x.name === name);
  if (!c) throw new Error(`no result for ${name}; saw ${s.calls.map((x) => x.name).join(', ')}\n${s.run.stderr}`);
  return c;
}

const firstMain = (s: Step, api: Api): any => s.requests.find((r) => r.api === api && r.main)?.body;

describe('Gemini CLI: hooks and MCP server from butler install --gemini', () => {
  let server: ModelServer;
  let ws: Workspace;
  let seeded: { handoverId: string };
  let gemini: Step;

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    ws = makeWorkspace('butler-e2e-gemini-');
    installButler(ws.repo, ALL);
    commitAll(ws.repo, 'install butler');
    writeGeminiHome(ws);
    // A snapshot Gemini CLI's own brain left (a suspend): the next Gemini session resumes it.
    seeded = await seedHandover(ws.repo, 'gemini-cli-mcp-client', 'next: wire the parser\ndecision: keep it pure');
    gemini = await step(
      server,
      'gemini',
      [
        { calls: [{ name: 'run_shell_command', input: { command: 'git status' } }] },
        { calls: [{ name: 'mcp_butler_work_session_start', input: { project_root: ws.repo } }] },
        { calls: [{ name: 'mcp_butler_work_observe', input: {} }] },
        { text: 'Observed.' },
      ],
      // Gemini CLI replaces `$NAME` in settings strings with its environment's value: the names Butler's
      // commands use as shell variables, set to a command that would allow everything if it got in.
      () => runGemini({ ws, serverUrl: server.url, prompt: 'Look at the repository state.', env: HOSTILE_ENV }),
    );
    server.dump('gemini-hooks');
  }, 900_000);

  afterAll(async () => {
    await server?.close();
    if (ws) removeWorkspace(ws);
  });

  it('install writes Gemini CLI hooks (milliseconds) and the MCP server into .gemini/settings.json', () => {
    const settings = JSON.parse(fs.readFileSync(path.join(ws.repo, '.gemini', 'settings.json'), 'utf8'));
    expect(Object.keys(settings.hooks).sort()).toEqual(['BeforeTool', 'PreCompress', 'SessionStart']);
    expect(settings.hooks.BeforeTool[0]).toMatchObject({ matcher: 'run_shell_command', hooks: [{ type: 'command', timeout: 5000 }] });
    expect(settings.hooks.SessionStart[0].matcher).toBeUndefined();
    expect(settings.mcpServers.butler).toMatchObject({ command: 'sh', trust: true });
  });

  it('runs to completion offline', () => {
    expect(gemini.run.code, gemini.run.stderr).toBe(0);
  });

  it('SessionStart puts the resume prompt with the handover id into the first request', () => {
    const text = geminiContext(firstMain(gemini, 'gemini'));
    expect(text).toMatch(/<hook_context>Work state of project[\s\S]*handover_resume\(handover_id="/);
    expect(text).toContain(seeded.handoverId);
  });

  it('lists every Butler tool as mcp_butler_*', () => {
    expect(geminiButlerTools(firstMain(gemini, 'gemini'))).toEqual(BUTLER_TOOLS);
  });

  it('BeforeTool denies raw git status and names work_observe; the command never ran', () => {
    const git = find(gemini, 'run_shell_command');
    expect(git.isError).toBe(true);
    expect(git.output).toMatch(/^Tool execution blocked: /);
    expect(git.output).toContain('work_observe');
  });

  it('an MCP tool call runs without a confirmation and returns the envelope', () => {
    const observe = find(gemini, 'mcp_butler_work_observe');
    const env = envelopeOf(observe.output);
    expect(env?.status, observe.output).toBe('ok');
    expect(env?.data?.branch).toBe('main');
  });

  it('PreCompress (Gemini CLI fires it during a -p run) writes an automatic snapshot from the session file', () => {
    const dir = path.join(ws.repo, 'session_logs', 'handover');
    const autos = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('_gemini-cli-mcp-client.md'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((t) => t.includes('- mode: auto'));
    expect(autos.length, gemini.run.stderr).toBeGreaterThan(0);
    expect(autos[0]).toContain('- trigger: precompact');
    expect(autos[0]).toMatch(/- session_log: .*\/\.gemini\/tmp\/repo\/chats\/session-.*\.jsonl/);
    expect(autos[0]).toContain('Request: Look at the repository state.');
  });

  it('the session file is where the table says, and Butler reads it (the blocked command is a failure)', async () => {
    const chats = geminiChats(ws);
    expect(chats).toHaveLength(1);
    const { extractSession } = await import('../../../src/handover/sessionlog/extract.js');
    const x = await extractSession(chats[0]!, null, (s) => s);
    expect(x.format).toBe('gemini');
    expect(x.requests.map((r) => r.text)).toEqual(['Look at the repository state.']);
    expect(x.commands.map((c) => c.text)).toEqual(['git status']);
    expect(x.failures[0]?.text).toMatch(/`git status` failed: Tool execution blocked/);
    expect(x.butler_calls.map((b) => b.text.replace(/ \{.*\}/, ''))).toEqual(['work_session_start → ok', 'work_observe → ok']);
  });
});

describe('handover Claude Code → Gemini CLI → Codex with the real clients', () => {
  let server: ModelServer;
  let ws: Workspace;
  let claude: Step;
  let gemini: Step;
  let codex: Step;

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    ws = makeWorkspace('butler-e2e-g3-');
    installButler(ws.repo, ALL);
    commitAll(ws.repo, 'install butler');
    writeGeminiHome(ws);
    writeCodexHome(ws, server.url);
    const load = ['work_session_start', 'handover_transfer'].map((t) => `mcp__butler__${t}`);
    claude = await step(
      server,
      'anthropic',
      [
        { calls: [{ name: 'ToolSearch', input: { query: `select:${load.join(',')}` } }] },
        { calls: [{ name: 'mcp__butler__work_session_start', input: { project_root: ws.repo } }] },
        {
          calls: [
            {
              name: 'mcp__butler__handover_transfer',
              input: { target_brain: 'gemini', notes: 'next: finish src/parse.ts\ndecision: Gemini takes over' },
            },
          ],
        },
        { text: 'Handed over to Gemini.' },
      ],
      () => runClaude({ ws, serverUrl: server.url, prompt: 'Hand this work over to Gemini.' }),
    );
    gemini = await step(
      server,
      'gemini',
      [
        { calls: [{ name: 'mcp_butler_work_session_start', input: { project_root: ws.repo } }] },
        { calls: [{ name: 'mcp_butler_handover_accept', input: {} }] },
        {
          calls: [
            {
              name: 'mcp_butler_handover_transfer',
              input: { target_brain: 'codex', notes: 'next: add a test for src/parse.ts\ndecision: Codex writes the tests' },
            },
          ],
        },
        { text: 'Handed over to Codex.' },
      ],
      () => runGemini({ ws, serverUrl: server.url, prompt: 'Take over from Claude, then hand over to Codex.' }),
    );
    codex = await step(
      server,
      'openai',
      [
        // Codex may send its first request before the MCP server is up (its tools then lack the
        // mcp__butler namespace): a first shell turn gives the server time, as codex.test.ts's git calls do.
        { calls: [{ name: 'exec_command', input: { cmd: 'sleep 2' } }] },
        { calls: [{ name: 'work_session_start', namespace: 'mcp__butler', input: { project_root: ws.repo } }] },
        { calls: [{ name: 'handover_accept', namespace: 'mcp__butler', input: {} }] },
        { text: 'Accepted.' },
      ],
      () => runCodex({ ws, serverUrl: server.url, prompt: 'Take over the work Gemini handed you.' }),
    );
    server.dump('gemini-handover');
  }, 900_000);

  afterAll(async () => {
    await server?.close();
    if (ws) removeWorkspace(ws);
  });

  const idOf = (s: Step, name: string): string => String(envelopeOf(find(s, name).output)?.data?.handover_id ?? '');

  it('all three clients run to completion offline', () => {
    expect(claude.run.code, claude.run.stderr).toBe(0);
    expect(gemini.run.code, gemini.run.stderr).toBe(0);
    expect(codex.run.code, codex.run.stderr).toBe(0);
  });

  it('Claude Code transfers to "gemini", known from the committed install files before Gemini ever ran', () => {
    const t = find(claude, 'mcp__butler__handover_transfer');
    expect(envelopeOf(t.output)?.status, t.output).toBe('ok');
    expect(t.output).toContain('gemini-cli-mcp-client');
  });

  it("Gemini CLI is told at SessionStart, accepts Claude's snapshot and transfers to Codex", () => {
    const fromClaude = idOf(claude, 'mcp__butler__handover_transfer');
    expect(geminiContext(firstMain(gemini, 'gemini'))).toContain(fromClaude);
    const accept = find(gemini, 'mcp_butler_handover_accept');
    expect(envelopeOf(accept.output)?.status, accept.output).toBe('ok');
    expect(accept.output).toContain(fromClaude);
    expect(accept.output).toContain('finish src/parse.ts');
    const t = find(gemini, 'mcp_butler_handover_transfer');
    expect(envelopeOf(t.output)?.status, t.output).toBe('ok');
    expect(idOf(gemini, 'mcp_butler_handover_transfer')).toMatch(/gemini-cli-mcp-client/);
  });

  it("Codex is told at SessionStart and accepts Gemini's snapshot", () => {
    const fromGemini = idOf(gemini, 'mcp_butler_handover_transfer');
    expect(codexContext(firstMain(codex, 'openai'), 'developer')).toContain(fromGemini);
    const accept = find(codex, 'handover_accept');
    expect(envelopeOf(accept.output)?.status, accept.output).toBe('ok');
    expect(accept.output).toContain(fromGemini);
    expect(accept.output).toContain('add a test for src/parse.ts');
  });
});
