// Regenerates the committed fixtures of real client output:
//   test/fixtures/hooks/captured/{claude,codex}/{session-start,pre-tool-use}.json  (hook stdin)
//   test/fixtures/transcripts/claude/session.jsonl   (Claude Code transcript, `transcript_path`)
//   test/fixtures/transcripts/codex/rollout.jsonl    (Codex rollout under $CODEX_HOME/sessions)
// Run: node test/e2e/clients/capture-transcripts.mjs
// Each client runs one short offline session against the scripted model server: a user request, a
// file write and an edit, a shell command that succeeds, one that fails, a raw `git status` (the
// PreToolUse fixture) and a call to the Butler MCP server. Absolute temp paths are scrubbed.
import fs from 'node:fs';
import path from 'node:path';
import { startModelServer, type ModelServer, type Turn } from './model-server.js';
import {
  CLAUDE_VERSION,
  CODEX_VERSION,
  CLIENTS_DIR,
  ROOT,
  BUTLER_BIN,
  codexRollouts,
  ensureClients,
  makeWorkspace,
  removeWorkspace,
  runClaude,
  runCodex,
  writeCodexHome,
  writeHookConfig,
  writeMcpConfig,
  type Workspace,
} from './clients.js';

const FIXTURES = path.join(ROOT, 'test', 'fixtures');
const PROMPT = 'Add greet.txt, append a line to notes.txt, list the notes, check the repo state and start a Butler session.';
/** Placeholders written in place of machine-specific paths. */
const BASE_PLACEHOLDER = '/tmp/butler-e2e';
const ROOT_PLACEHOLDER = '/opt/butler';

const slug = (p: string): string => p.replace(/[^a-zA-Z0-9]/g, '-');

function scrub(text: string, ws: Workspace): string {
  const pairs: Array<[string, string]> = [
    [ws.base, BASE_PLACEHOLDER],
    [slug(ws.base), slug(BASE_PLACEHOLDER)],
    [ROOT, ROOT_PLACEHOLDER],
    [process.execPath, '/usr/bin/node'],
  ];
  let out = text;
  for (const [from, to] of pairs) out = out.split(from).join(to);
  return out;
}

function captureHooks(ws: Workspace, client: 'claude' | 'codex'): void {
  const hook = (event: string): string =>
    `${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(CLIENTS_DIR, 'capture-hook.mjs'))} ${client} ${event}`;
  const cmds = { sessionStart: hook('session-start'), preToolUse: hook('pre-tool-use') };
  writeHookConfig(ws.repo, cmds, cmds);
}

function readCaptured(dir: string, client: string, event: string): any[] {
  const out: any[] = [];
  for (let n = 0; fs.existsSync(path.join(dir, `${client}-${event}-${n}.json`)); n++) {
    out.push(JSON.parse(fs.readFileSync(path.join(dir, `${client}-${event}-${n}.json`), 'utf8')));
  }
  return out;
}

function writeFixture(rel: string, text: string): void {
  const file = path.join(FIXTURES, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
  console.log(`wrote test/fixtures/${rel} (${text.length} bytes)`);
}

function saveHooks(ws: Workspace, capDir: string, client: 'claude' | 'codex'): void {
  const starts = readCaptured(capDir, client, 'session-start');
  const pres = readCaptured(capDir, client, 'pre-tool-use');
  const gitCall = pres.find((p) => String(p?.tool_input?.command ?? '').startsWith('git status'));
  if (!starts[0] || !gitCall) throw new Error(`${client}: hook input not captured (${starts.length} / ${pres.length})`);
  writeFixture(`hooks/captured/${client}/session-start.json`, scrub(JSON.stringify(starts[0], null, 2), ws));
  writeFixture(`hooks/captured/${client}/pre-tool-use.json`, scrub(JSON.stringify(gitCall, null, 2), ws));
}

async function captureClaude(server: ModelServer): Promise<void> {
  const ws = makeWorkspace('butler-capture-');
  try {
    const capDir = path.join(ws.base, 'captured');
    captureHooks(ws, 'claude');
    writeMcpConfig(ws.repo, process.execPath, [BUTLER_BIN, 'mcp']);
    const turns: Turn[] = [
      {
        text: 'I will add the file first.',
        calls: [{ name: 'Write', input: { file_path: path.join(ws.repo, 'greet.txt'), content: 'hello from claude\n' } }],
      },
      { calls: [{ name: 'Read', input: { file_path: path.join(ws.repo, 'notes.txt') } }] },
      {
        calls: [
          {
            name: 'Edit',
            input: { file_path: path.join(ws.repo, 'notes.txt'), old_string: 'first line\n', new_string: 'first line\nsecond line\n' },
          },
        ],
      },
      { calls: [{ name: 'Bash', input: { command: 'cat notes.txt', description: 'Show the notes' } }] },
      { calls: [{ name: 'Bash', input: { command: 'ls does-not-exist', description: 'List a missing file' } }] },
      { calls: [{ name: 'Bash', input: { command: 'git status --short', description: 'Show the repo state' } }] },
      { calls: [{ name: 'mcp__butler__work_session_start', input: { project_root: ws.repo } }] },
      { text: 'Added greet.txt, extended notes.txt and started a Butler session.' },
    ];
    server.reset();
    server.setScript(turns);
    const r = await runClaude({ ws, serverUrl: server.url, prompt: PROMPT, env: { BUTLER_CAPTURE_DIR: capDir } });
    if (r.code !== 0) throw new Error(`claude exited ${r.code}\n${r.stdout}\n${r.stderr}`);
    saveHooks(ws, capDir, 'claude');
    const start = readCaptured(capDir, 'claude', 'session-start')[0];
    const transcript = fs.readFileSync(String(start.transcript_path), 'utf8');
    writeFixture('transcripts/claude/session.jsonl', scrub(transcript, ws));
    console.log(`claude: ${server.mainRequests('anthropic').length} model requests, ${r.ms} ms`);
  } finally {
    removeWorkspace(ws);
  }
}

async function captureCodex(server: ModelServer): Promise<void> {
  const ws = makeWorkspace('butler-capture-');
  try {
    const capDir = path.join(ws.base, 'captured');
    captureHooks(ws, 'codex');
    writeMcpConfig(ws.repo, process.execPath, [BUTLER_BIN, 'mcp']);
    writeCodexHome(ws, server.url);
    const patchAdd = '*** Begin Patch\n*** Add File: greet.txt\n+hello from codex\n*** End Patch\n';
    const patchEdit = '*** Begin Patch\n*** Update File: notes.txt\n@@\n first line\n+second line\n*** End Patch\n';
    const turns: Turn[] = [
      { text: 'I will add the file first.' },
      { calls: [{ name: 'apply_patch', custom: true, input: patchAdd }] },
      { calls: [{ name: 'apply_patch', custom: true, input: patchEdit }] },
      { calls: [{ name: 'exec_command', input: { cmd: 'cat notes.txt' } }] },
      { calls: [{ name: 'exec_command', input: { cmd: 'ls does-not-exist' } }] },
      { calls: [{ name: 'exec_command', input: { cmd: 'git status --short' } }] },
      { calls: [{ name: 'work_session_start', namespace: 'mcp__butler', input: { project_root: ws.repo } }] },
      { text: 'Added greet.txt, extended notes.txt and started a Butler session.' },
    ];
    // A text-only first turn would end a Codex turn; start with the patch instead.
    turns.shift();
    server.reset();
    server.setScript(turns);
    const r = await runCodex({ ws, serverUrl: server.url, prompt: PROMPT, env: { BUTLER_CAPTURE_DIR: capDir } });
    if (r.code !== 0) throw new Error(`codex exited ${r.code}\n${r.stdout}\n${r.stderr}`);
    saveHooks(ws, capDir, 'codex');
    const rollouts = codexRollouts(ws);
    if (rollouts.length !== 1) throw new Error(`codex: expected one rollout, found ${rollouts.length}`);
    writeFixture('transcripts/codex/rollout.jsonl', scrub(fs.readFileSync(rollouts[0]!, 'utf8'), ws));
    console.log(`codex: ${server.mainRequests('openai').length} model requests, ${r.ms} ms`);
  } finally {
    removeWorkspace(ws);
  }
}

async function main(): Promise<void> {
  await ensureClients();
  console.log(`Claude Code ${CLAUDE_VERSION}, Codex ${CODEX_VERSION}`);
  const server = await startModelServer();
  try {
    const which = process.argv.slice(2);
    if (!which.length || which.includes('claude')) await captureClaude(server);
    if (!which.length || which.includes('codex')) await captureCodex(server);
  } finally {
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
