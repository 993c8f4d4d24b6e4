// The optional SessionEnd hook end to end with the real Gemini CLI (`butler install --gemini --session-end`),
// offline against the scripted model server: a `gemini -p` session writes a file through its shell tool and
// runs a failing command, then ends without a handover. Gemini CLI fires SessionEnd (reason `exit`) from the
// cleanup its main entry registers for every run, interactive or not, and Butler writes a `mode: auto`
// snapshot (trigger `session-end`) for the gemini brain from the session file. A test-only capture hook in the
// user's settings, beside Butler's project hook, records the input the real CLI sends.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTS_DIR, butler, commitAll, ensureClients, installButler, makeWorkspace, removeWorkspace, type Workspace } from './clients.js';
import { geminiChats, runGemini, writeGeminiHome } from './gemini-client.js';
import { startModelServer, type ModelServer } from './model-server.js';

const BRAIN = 'gemini-cli-mcp-client';

/** Gemini CLI does not wait for its SessionEnd hooks before it exits: the files appear shortly after. */
async function waitFor<T>(read: () => T | undefined, ms = 20_000): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (v !== undefined || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('Gemini CLI: the optional SessionEnd hook writes an automatic snapshot when the session ends', () => {
  let server: ModelServer;
  let ws: Workspace;
  let run: Awaited<ReturnType<typeof runGemini>>;
  let captured: any;
  let autoEnd: any;
  let settings: any;

  const indexFile = () => path.join(ws.repo, 'session_logs', 'handover', 'index.json');
  const sessionEndRow = () => {
    if (!fs.existsSync(indexFile())) return undefined;
    const rows = JSON.parse(fs.readFileSync(indexFile(), 'utf8')).handovers as any[];
    return rows.find((e) => e.mode === 'auto' && e.trigger === 'session-end');
  };

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    ws = makeWorkspace('butler-e2e-gemini-end-');
    installButler(ws.repo, ['--gemini']);
    butler(ws.repo, ['install', '--gemini', '--session-end', '--project', ws.repo]);
    const project = path.join(ws.repo, '.gemini', 'settings.json');
    settings = JSON.parse(fs.readFileSync(project, 'utf8'));
    // Gemini CLI fires PreCompress before each model call of a -p run (gemini.test.ts), so Butler's PreCompress
    // checkpoint already holds every fact when the session ends and SessionEnd rightly adds nothing. Without it
    // (a person may remove it), the snapshot of this session is SessionEnd's alone.
    const { PreCompress: _, ...hooks } = settings.hooks;
    fs.writeFileSync(project, JSON.stringify({ ...settings, hooks }, null, 2));
    commitAll(ws.repo, 'install butler');
    writeGeminiHome(ws);
    // The capture hook goes into the user's settings, which Gemini CLI merges with the project's hooks.
    const capDir = path.join(ws.base, 'captured');
    const home = path.join(ws.home, '.gemini', 'settings.json');
    const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(CLIENTS_DIR, 'capture-hook.mjs'))} gemini session-end`;
    const user = JSON.parse(fs.readFileSync(home, 'utf8'));
    user.hooks = { SessionEnd: [{ hooks: [{ type: 'command', command: cmd, timeout: 3000 }] }] };
    fs.writeFileSync(home, JSON.stringify(user));
    server.setScript([
      { calls: [{ name: 'run_shell_command', input: { command: 'touch greet.txt' } }] },
      { calls: [{ name: 'run_shell_command', input: { command: 'ls does-not-exist' } }] },
      { text: 'Stopping here.' },
    ]);
    run = await runGemini({
      ws,
      serverUrl: server.url,
      prompt: 'Add greet.txt, then list does-not-exist.',
      env: { BUTLER_CAPTURE_DIR: capDir },
    });
    const capFile = path.join(capDir, 'gemini-session-end-0.json');
    captured = await waitFor(() =>
      fs.existsSync(capFile) && fs.statSync(capFile).size ? JSON.parse(fs.readFileSync(capFile, 'utf8')) : undefined,
    );
    autoEnd = await waitFor(sessionEndRow);
  }, 900_000);

  afterAll(async () => {
    server?.dump('gemini-session-end');
    await server?.close();
    if (ws) removeWorkspace(ws);
  });

  it('install --session-end adds a SessionEnd hook (milliseconds) that runs the automatic snapshot with trigger session-end', () => {
    expect(Object.keys(settings.hooks).sort()).toEqual(['BeforeTool', 'PreCompress', 'SessionEnd', 'SessionStart']);
    expect(settings.hooks.SessionEnd[0].hooks[0]).toMatchObject({ type: 'command', timeout: 3000 });
    expect(settings.hooks.SessionEnd[0].hooks[0].command).toMatch(/--trigger session-end/);
  });

  it('gemini -p runs to completion offline and fires SessionEnd with the input Butler reads (pinned in the captured fixture)', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(captured, 'the capture hook saw no SessionEnd').toBeDefined();
    const pinned = JSON.parse(fs.readFileSync(path.join(CLIENTS_DIR, '../../fixtures/hooks/captured/gemini/session-end.json'), 'utf8'));
    expect(Object.keys(captured).sort()).toEqual(Object.keys(pinned).sort());
    expect(captured).toMatchObject({ hook_event_name: 'SessionEnd', reason: 'exit', cwd: ws.repo });
    expect(geminiChats(ws)).toEqual([captured.transcript_path]);
  });

  it('the only automatic snapshot is the one SessionEnd wrote', () => {
    const rows = JSON.parse(fs.readFileSync(indexFile(), 'utf8')).handovers as any[];
    expect(rows.map((e) => [e.mode, e.trigger])).toEqual([['auto', 'session-end']]);
  });

  it("Butler's SessionEnd hook wrote an auto snapshot (trigger session-end) for the gemini brain from the session file", () => {
    const index = fs.existsSync(indexFile()) ? fs.readFileSync(indexFile(), 'utf8') : 'no index';
    expect(autoEnd, `${index}\n${run.stderr}`).toBeDefined();
    expect(autoEnd).toMatchObject({ trigger: 'session-end', source_brain: BRAIN, session_log: captured.transcript_path });
    const md = fs.readFileSync(path.join(ws.repo, autoEnd.snapshot_file), 'utf8');
    expect(md).toContain('- trigger: session-end');
    expect(md).toContain(`- source_brain: ${BRAIN}`);
    expect(md).toContain('Request: Add greet.txt, then list does-not-exist.');
    expect(md).toMatch(/touch greet\.txt/);
    expect(md).toMatch(/- Failed: .*ls does-not-exist/);
    // The file the shell wrote is unrecorded work the next session sees.
    expect(md).toContain('`greet.txt`');
  });
});
