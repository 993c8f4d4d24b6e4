// The real MCP Inspector CLI (pinned in ./package.json, run by Node 22) against Butler's stdio MCP
// server, in a throwaway git repo. Every `--cli` run is a new connection and a new server process.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUTLER_BIN,
  type CallToolResult,
  type Envelope,
  ensureInspector,
  INSPECTOR_VERSION,
  inspectorCli,
  makeWorkspace,
  mcpdo,
  NODE22,
  parseJson,
  removeWorkspace,
  type RunResult,
  stopDaemon,
  textEnvelope,
  type Workspace,
} from './inspector.js';
import { BRAIN_TOOL_NAMES } from '../../helpers/tool-names.js';

const TOOLS: readonly string[] = BRAIN_TOOL_NAMES;

/** Exit codes of the inspector CLI (core/cli/error-handler.ts EXIT_CODES). */
const EXIT_OK = 0;
const EXIT_TOOL_ERROR = 5;

const show = (r: RunResult): string => `exit ${r.status} in ${r.ms} ms\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;

/** `--format json` prints `{"result": <CallToolResult>}`; checks text and structuredContent agree. */
function toolEnvelope(r: RunResult, what: string): { result: CallToolResult; envelope: Envelope } {
  const out = parseJson<{ result?: CallToolResult; error?: unknown }>(r, what);
  expect(out.error, `${what}: protocol-level error\n${show(r)}`).toBeUndefined();
  const result = out.result;
  if (!result) throw new Error(`${what}: no result\n${show(r)}`);
  expect(result.structuredContent, `${what}: structuredContent\n${show(r)}`).toBeDefined();
  const envelope = textEnvelope(result);
  expect(envelope, `${what}: JSON text content vs structuredContent`).toEqual(result.structuredContent);
  return { result, envelope };
}

/** mcpdo prints the CallToolResult itself (no `result` wrapper). */
function mcpdoEnvelope(r: RunResult, what: string): Envelope {
  expect(r.status, `${what}\n${show(r)}`).toBe(EXIT_OK);
  const result = parseJson<CallToolResult>(r, what);
  const envelope = textEnvelope(result);
  expect(envelope, `${what}: JSON text content vs structuredContent`).toEqual(result.structuredContent);
  return envelope;
}

const toolFlags = (tool: string, args: Record<string, string>): string[] => [
  '--tool-name',
  tool,
  ...Object.entries(args).flatMap(([k, v]) => ['--tool-arg', `${k}=${v}`]),
];
/** `mcp-inspector --cli … --method tools/call --tool-name <tool> --tool-arg k=v …` */
const callArgs = (tool: string, args: Record<string, string> = {}): string[] => ['--method', 'tools/call', ...toolFlags(tool, args)];

describe(`MCP Inspector CLI ${INSPECTOR_VERSION}`, () => {
  let ws: Workspace;

  beforeAll(async () => {
    if (!fs.existsSync(BUTLER_BIN)) throw new Error(`${BUTLER_BIN} is missing: run npm run build first`);
    // Fails (never skips) when the install does: npm's output is in the error.
    await ensureInspector();
    expect(execFileSync(NODE22, ['--version'], { encoding: 'utf8' })).toMatch(/^v22\./);
    ws = makeWorkspace();
  }, 900_000);

  afterAll(async () => {
    if (!ws) return;
    await stopDaemon(ws);
    removeWorkspace(ws);
  }, 60_000);

  it('tools/list: exactly the brain-facing tools, each with annotations.readOnlyHint', async () => {
    const r = await inspectorCli(ws, ['--method', 'tools/list']);
    expect(r.status, show(r)).toBe(EXIT_OK);
    const out = parseJson<{ result: { tools: { name: string; annotations?: { readOnlyHint?: unknown }; outputSchema?: unknown }[] } }>(
      r,
      'tools/list',
    );
    const names = out.result.tools.map((t) => t.name);
    expect(names).toHaveLength(BRAIN_TOOL_NAMES.length);
    expect(new Set(names).size).toBe(BRAIN_TOOL_NAMES.length);
    expect([...names].sort()).toEqual([...TOOLS].sort());
    for (const t of out.result.tools) {
      expect(typeof t.annotations?.readOnlyHint, `${t.name}.annotations.readOnlyHint`).toBe('boolean');
      expect(t.outputSchema, `${t.name}.outputSchema`).toBeDefined();
    }
    const ro = Object.fromEntries(out.result.tools.map((t) => [t.name, t.annotations?.readOnlyHint]));
    expect(ro).toMatchObject({
      work_observe: true,
      handover_list: true,
      handover_read: true,
      work_session_start: false,
      handover_prepare: false,
    });
  }, 120_000);

  it('tools/call work_session_start: status ok, structuredContent and text agree', async () => {
    const r = await inspectorCli(ws, callArgs('work_session_start', { project_root: ws.repo }));
    expect(r.status, show(r)).toBe(EXIT_OK);
    const { result, envelope } = toolEnvelope(r, 'work_session_start');
    expect(result.isError ?? false).toBe(false);
    expect(envelope.status, show(r)).toBe('ok');
    expect(envelope.data).toMatchObject({ project_root: ws.repo, brain_id: 'inspector-cli' });
  }, 120_000);

  it('a new --cli connection has no session: handover_prepare asks for work_session_start (cwd as the root)', async () => {
    const r = await inspectorCli(ws, callArgs('handover_prepare', { notes: 'not yet bound' }));
    expect(r.status, show(r)).toBe(EXIT_OK);
    const { envelope } = toolEnvelope(r, 'handover_prepare without a session');
    expect(envelope.status, show(r)).toBe('need_input');
    expect(envelope.data['required_action']).toMatchObject({ tool: 'work_session_start', args: { project_root: ws.repo } });
    expect(fs.existsSync(path.join(ws.repo, 'session_logs', 'handover')), 'nothing written without a session').toBe(false);
  }, 120_000);

  it('state on disk: a snapshot prepared on one connection is listed and read on a new one', async () => {
    // Butler binds a project per connection, so prepare needs work_session_start on the same
    // connection: mcpdo (the inspector's connect-once CLI) holds one open through its daemon.
    const notes = 'inspector e2e: continue with the README';
    const c1 = await mcpdo(ws, ['connect', '--cwd', ws.repo, 'node', BUTLER_BIN, 'mcp']);
    expect(c1.status, show(c1)).toBe(EXIT_OK);
    const conn = parseJson<{ name: string; connectedAt: number; serverIdentity: string }>(c1, 'connect #1');
    // The server runs on the project's Node from PATH; only the inspector runs on Node 22.
    expect(conn.serverIdentity.endsWith(`node ${BUTLER_BIN} mcp`), conn.serverIdentity).toBe(true);
    expect(conn.serverIdentity.startsWith(NODE22)).toBe(false);
    let name = conn.name;
    /** `mcpdo --connection <name> tools/call --tool-name <tool> --tool-arg k=v …` */
    const call = (tool: string, args: Record<string, string> = {}): string[] => [
      '--connection',
      name,
      'tools/call',
      ...toolFlags(tool, args),
    ];
    expect(mcpdoEnvelope(await mcpdo(ws, call('work_session_start', { project_root: ws.repo })), 'work_session_start #1').status).toBe(
      'ok',
    );
    const prepared = mcpdoEnvelope(await mcpdo(ws, call('handover_prepare', { notes })), 'handover_prepare');
    expect(prepared.status, JSON.stringify(prepared)).toBe('ok');
    const id = prepared.data['handover_id'] as string;
    expect(id).toMatch(/inspector-cli$/);
    expect(prepared.data['source_brain']).toBe('inspector-cli');
    const snapshotFile = path.join(ws.repo, prepared.data['snapshot_file'] as string);
    expect(fs.readFileSync(snapshotFile, 'utf8')).toContain(notes);
    const d1 = await mcpdo(ws, ['disconnect', conn.name]);
    expect(d1.status, show(d1)).toBe(EXIT_OK);

    // A second connection: a new server process, which knows only what is on disk.
    const c2 = await mcpdo(ws, ['connect', '--cwd', ws.repo, 'node', BUTLER_BIN, 'mcp']);
    expect(c2.status, show(c2)).toBe(EXIT_OK);
    const conn2 = parseJson<{ name: string; connectedAt: number }>(c2, 'connect #2');
    expect(conn2.connectedAt).toBeGreaterThan(conn.connectedAt);
    name = conn2.name;
    const fresh = mcpdoEnvelope(await mcpdo(ws, call('handover_list')), 'handover_list before work_session_start');
    expect(fresh.status, 'the new connection starts unbound').toBe('need_input');
    expect(mcpdoEnvelope(await mcpdo(ws, call('work_session_start', { project_root: ws.repo })), 'work_session_start #2').status).toBe(
      'ok',
    );
    const listed = mcpdoEnvelope(await mcpdo(ws, call('handover_list')), 'handover_list');
    expect(listed.status, JSON.stringify(listed)).toBe('ok');
    expect(JSON.stringify(listed.data)).toContain(id);
    const read = mcpdoEnvelope(await mcpdo(ws, call('handover_read', { handover_id: id })), 'handover_read');
    expect(read.status, JSON.stringify(read)).toBe('ok');
    expect(JSON.stringify(read.data)).toContain(notes);
    expect((await mcpdo(ws, ['disconnect', name])).status).toBe(EXIT_OK);
  }, 180_000);

  it('a bad argument is our envelope (invalid_argument), not a protocol error', async () => {
    const r = await inspectorCli(ws, callArgs('handover_read', { handover_id: '../../etc' }));
    // The inspector exits 5 (TOOL_ERROR) for a result with isError: true, and still prints it.
    expect(r.status, show(r)).toBe(EXIT_TOOL_ERROR);
    const { result, envelope } = toolEnvelope(r, 'handover_read ../../etc');
    expect(result.isError).toBe(true);
    expect(envelope).toMatchObject({ status: 'error', error_code: 'invalid_argument', data: {} });
    expect(envelope.hint).toContain('handover_id');
    expect(r.stderr).toContain('tool_is_error');
  }, 120_000);
});
