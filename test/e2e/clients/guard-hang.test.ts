// A guard that hangs blocks (docs/decisions.md D34): the real Claude Code, offline against the scripted
// model server, with Butler's PreToolUse entry as installed, its `onFailure: "block"` included. Claude Code
// lets a tool call run when its hook times out unless the entry says `onFailure: "block"`, so the test
// makes the installed command outlive its timeout (the same command behind a `sleep`, the entry's timeout
// lowered to 1 s) and has the model run `git push`: with the field the push is blocked and the bare
// remote keeps its commit; the same entry without the field lets the push through (the test can fail).
// A third session keeps the entry as installed, with a key Claude Code does not know beside it: a
// harmless command still runs (exit 0 stays allow) and git is still denied (the file was not dropped).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAll, ensureClients, git, installButler, makeWorkspace, removeWorkspace, runClaude, type Workspace } from './clients.js';
import { startModelServer, type ModelServer } from './model-server.js';
import { claudeCalls, lastMain, type SeenCall } from './requests.js';

const SETTINGS = '.claude/settings.json';

/** Rewrites Butler's PreToolUse handler in the committed settings; returns it as installed. */
function editGuard(repo: string, edit: (h: Record<string, unknown>) => void): Record<string, unknown> {
  const file = path.join(repo, SETTINGS);
  const settings = JSON.parse(fs.readFileSync(file, 'utf8'));
  const handler = settings.hooks.PreToolUse[0].hooks[0];
  const installed = { ...handler };
  edit(handler);
  fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  return installed;
}

const remoteHead = (ws: Workspace): string => git(path.join(ws.base, 'remote.git'), 'rev-parse', 'main').trim();

/** One `claude -p` session in a fresh workspace with one unpushed commit; returns the Bash results the model saw. */
async function session(server: ModelServer, edit: (h: Record<string, unknown>) => void, commands: string[]) {
  const ws = makeWorkspace('butler-e2e-hang-');
  installButler(ws.repo);
  commitAll(ws.repo, 'install butler');
  const installed = editGuard(ws.repo, edit);
  fs.writeFileSync(path.join(ws.repo, 'notes.txt'), 'second line\n');
  git(ws.repo, 'commit', '-q', '-am', 'unpushed');
  const before = remoteHead(ws);
  server.setScript([
    ...commands.map((command) => ({ calls: [{ name: 'Bash', input: { command, description: 'run it' } }] })),
    { text: 'Done.' },
  ]);
  const run = await runClaude({ ws, serverUrl: server.url, prompt: 'Push the work.' });
  const calls: SeenCall[] = claudeCalls(lastMain(server, 'anthropic')).filter((c) => c.name === 'Bash');
  return { ws, run, calls, installed, before, after: remoteHead(ws) };
}

describe('Claude Code: a Butler guard that hangs blocks the tool call', () => {
  let server: ModelServer;
  const spaces: Workspace[] = [];
  const slow = (h: Record<string, unknown>) => {
    h.command = `sleep 4; ${h.command}`;
    h.timeout = 1;
  };
  let hung: Awaited<ReturnType<typeof session>>;
  let open: Awaited<ReturnType<typeof session>>;
  let plain: Awaited<ReturnType<typeof session>>;

  beforeAll(async () => {
    await ensureClients();
    server = await startModelServer();
    hung = await session(server, slow, ['git push origin main']);
    open = await session(
      server,
      (h) => {
        slow(h);
        delete h.onFailure;
      },
      ['git push origin main'],
    );
    plain = await session(server, (h) => (h.butlerProbe = true), ['echo harmless-ran', 'git status']);
    spaces.push(hung.ws, open.ws, plain.ws);
  }, 900_000);

  afterAll(async () => {
    server?.dump('guard-hang');
    await server?.close();
    for (const ws of spaces) removeWorkspace(ws);
  });

  it('install writes onFailure "block" on the guard entry, with the 5 s timeout', () => {
    expect(hung.installed).toMatchObject({ type: 'command', timeout: 5, onFailure: 'block' });
  });

  it('with onFailure "block", a guard past its timeout blocks git push: the remote is unchanged', () => {
    expect(hung.run.code, hung.run.stderr).toBe(0);
    expect(hung.calls).toHaveLength(1);
    expect(hung.calls[0]!.isError, hung.calls[0]!.output).toBe(true);
    expect(hung.after).toBe(hung.before);
  });

  it('without it, the same hung guard lets the push through (what the field prevents)', () => {
    expect(open.run.code, open.run.stderr).toBe(0);
    expect(open.calls).toHaveLength(1);
    expect(open.after).not.toBe(open.before);
  });

  it('a guard that answers in time: a harmless command runs, git is denied, an unknown key beside it changes nothing', () => {
    expect(plain.run.code, plain.run.stderr).toBe(0);
    const [echo, status] = plain.calls;
    expect(echo!.isError, echo!.output).toBe(false);
    expect(echo!.output).toContain('harmless-ran');
    expect(status!.isError).toBe(true);
    expect(status!.output).toContain('work_observe');
  });
});
