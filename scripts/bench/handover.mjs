#!/usr/bin/env node
// Handover speed targets (issue 2 and issue 5):
// - handover_list with 10,000 snapshots in the index, in process: median ms, goal <= 20 ms;
// - SessionStart hook with 500 snapshots in history vs bare `node -e 0`, alternating: goal <= 1.4x;
// - the installed SessionStart command answering from the shell (docs/decisions.md D40): goal <= 0.3x;
// - the installed command when HEAD moved since the memo: goal within 1.05x of the direct Node hook.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { alternate, loadTs, median, report, tempDir, timeSpawn } from './_stats.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { renderSnapshot, parseNotes, HandoverStore, listHandovers } = await loadTs('scripts/bench/handover-entry.ts');

function makeProject(n, brains = ['claude-code', 'codex-mcp-client', 'gemini']) {
  const dir = tempDir('butler-bench-');
  execFileSync('git', ['init', '-q', '-b', 'main', dir]);
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-q', '--allow-empty', '-m', 'init'], { cwd: dir });
  const hdir = path.join(dir, 'session_logs', 'handover');
  mkdirSync(hdir, { recursive: true });
  const entries = [];
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < n; i++) {
    const brain = brains[i % brains.length];
    const issue = i % 5 === 0 ? null : (i % 97) + 1;
    const created = new Date(t0 + i * 61_000);
    const ts = created
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
      .replace(/[-:]/g, '');
    const scope = issue === null ? 'project' : `issue-${issue}`;
    const id = `${scope}-${ts}-${brain}`;
    const file = `${scope}_${ts}_${brain}.md`;
    const target = i % 4 === 0 && brains.length === 3 ? 'any' : brains[(i + 1) % brains.length];
    const { markdown, meta } = renderSnapshot({
      meta: {
        project: 'bench',
        issue_id: issue,
        issue_title: issue ? `Issue ${issue}` : null,
        source_brain: brain,
        target_brain: target,
        mode: 'core',
        created_at: created.toISOString().replace('.000Z', 'Z'),
        handover_id: id,
        branch: 'main',
        head: null,
        lang: 'en',
        session_log: null,
        session_line: null,
        session_entry: null,
      },
      issue: null,
      issueError: null,
      work: null,
      notes: parseNotes(`snapshot ${i}\nnext: step ${i}`),
      session: null,
    });
    writeFileSync(path.join(hdir, file), markdown);
    entries.push({
      handover_id: id,
      snapshot_file: `session_logs/handover/${file}`,
      issue_id: issue,
      issue_title: meta.issue_title,
      source_brain: brain,
      target_brain: target,
      created_at: meta.created_at,
      is_latest: false,
      summary: meta.summary,
      branch: 'main',
      head: null,
      session_log: null,
      session_line: null,
      session_entry: null,
    });
  }
  entries.reverse();
  const seen = new Set();
  for (const e of entries) {
    const k = e.issue_id ?? 'p';
    e.is_latest = !seen.has(k);
    seen.add(k);
  }
  writeFileSync(path.join(hdir, 'index.json'), `{"version":1,"handovers":[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]}\n`);
  return dir;
}

// 1. handover_list, in process.
const big = makeProject(10_000);
const ctxFor = (store) => ({ root: big, store, lang: 'en' });
const warmStore = new HandoverStore(big);
await listHandovers(ctxFor(warmStore), { limit: 20 });
const listTimes = await alternate(
  {
    warm: () => listHandovers(ctxFor(warmStore), { limit: 20, source_brain: 'codex-mcp-client' }),
    cold: () => listHandovers(ctxFor(new HandoverStore(big)), { limit: 20, source_brain: 'codex-mcp-client' }),
  },
  30,
);
// The goal is judged on the long-lived server (what an MCP connection is); the first call, which parses
// index.json once per connection, is printed for information.
const listOk = listTimes.warm <= 20;
console.log(
  `handover_list, 10,000 snapshots, long-lived server (index cached until it changes): median ${listTimes.warm.toFixed(2)} ms (goal <= 20 ms: ${listOk ? 'meets' : 'MISSES'})`,
);
console.log(
  `handover_list, 10,000 snapshots, first call of a connection (parses index.json): median ${listTimes.cold.toFixed(2)} ms (no goal)`,
);

// 2. SessionStart hook, 500 snapshots.
const small = makeProject(500);
const hook = path.join(root, 'hooks', 'session-start.cjs');
const input = JSON.stringify({
  session_id: 'bench',
  transcript_path: null,
  cwd: small,
  hook_event_name: 'SessionStart',
  source: 'startup',
});
const ss = [];
const base = [];
for (let i = 0; i < 40; i++) {
  base.push(timeSpawn(process.execPath, ['-e', '0']));
  ss.push(timeSpawn(process.execPath, [hook, '--brain', 'claude-code'], { input }));
}
const ssOk = report('SessionStart, 500 snapshots in history (median of 40)', median(ss), median(base), 1.4);

// Issue 14: 500 snapshots of other brains and exactly one of this brain's, so drift runs (branch and HEAD
// from the .git files, anchors; docs/decisions.md D21): an anchor deleted since, HEAD where it was.
// Goal <= 1.25x, median of 60 alternating runs.
const one = makeProject(500, ['codex-mcp-client', 'gemini']);
mkdirSync(path.join(one, 'src'), { recursive: true });
writeFileSync(path.join(one, 'src', 'a.ts'), '// a\n');
// As `butler install` leaves a project: session_logs/ ignored. (Before issue #22 this committed the 500
// snapshots and the index; a tracked index was then rebuilt from every file at every start, ~250 ms.)
writeFileSync(path.join(one, '.gitignore'), 'session_logs/\n');
execFileSync('git', ['add', '-A'], { cwd: one });
execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-q', '-m', 'a'], { cwd: one });
execFileSync(
  process.execPath,
  [
    path.join(root, 'hooks', 'butler.mjs'),
    'handover',
    'suspend',
    '--project',
    one,
    '--client',
    'claude-code',
    '--notes',
    'bench\nanchor: src/a.ts',
  ],
  { stdio: 'ignore' },
);
rmSync(path.join(one, 'src', 'a.ts'));
const oneInput = JSON.stringify({
  session_id: 'bench',
  transcript_path: null,
  cwd: one,
  hook_event_name: 'SessionStart',
  source: 'startup',
});
const check = execFileSync(process.execPath, [hook, '--brain', 'claude-code'], { input: oneInput, encoding: 'utf8' });
if (!/Drift since snapshot/.test(check) && !/ずれ/.test(check)) throw new Error(`bench set-up: no drift line in ${check}`);
const t1 = [];
const b1 = [];
for (let i = 0; i < 60; i++) {
  b1.push(timeSpawn(process.execPath, ['-e', '0']));
  t1.push(timeSpawn(process.execPath, [hook, '--brain', 'claude-code'], { input: oneInput }));
}
const driftOk = report('SessionStart with drift, 500 snapshots + one own (median of 60)', median(t1), median(b1), 1.25);

// Issue #22 item 10 (docs/decisions.md D40): the same project installed for Claude Code, its installed
// SessionStart command run as the client runs it. The first start is Node's and writes the start memo;
// nothing drifts after it, so the shell answers from the memo (a queued session every run: one in 33 is
// Node's, which drains the queue). Goal <= 0.3x.
execFileSync(process.execPath, [path.join(root, 'hooks', 'butler.mjs'), 'install', '--claude', '--project', one], { stdio: 'ignore' });
const startCmd = JSON.parse(readFileSync(path.join(one, '.claude', 'settings.json'), 'utf8')).hooks.SessionStart[0].hooks[0].command;
const installed = { input: oneInput, env: { ...process.env, CLAUDE_PROJECT_DIR: one } };
const viaShell = execFileSync('sh', ['-c', startCmd], { ...installed, encoding: 'utf8' });
if (viaShell !== check) throw new Error(`bench set-up: the installed command printed ${viaShell}`);
const t3 = [];
const b3 = [];
for (let i = 0; i < 60; i++) {
  b3.push(timeSpawn(process.execPath, ['-e', '0']));
  t3.push(timeSpawn('sh', ['-c', startCmd], installed));
}
const queue = readFileSync(path.join(one, '.git', 'butler', 'start-queue'), 'utf8').split('\n').length - 1;
if (queue < 1) throw new Error('bench set-up: the shell did not answer');
const shellOk = report('SessionStart, nothing drifted (shell answer, installed command; median of 60)', median(t3), median(b3), 0.3);

// Issue #22 item 10: the same installed command on the first start after a new record moved HEAD. Set-up
// before each timed run, outside it: HEAD back where the snapshot was, a Node start there (it writes the
// memo), one commit. The shell's check then fails, the Node hook answers (the commits since the snapshot
// ask git: the memo is removed). The direct Node hook gets the same set-up in the same rounds. Goal: the
// installed command within 1.05x of the direct hook (the shell's check a small part of the start).
const git = (...a) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', ...a], { cwd: one, encoding: 'utf8' });
const snapHead = git('rev-parse', 'HEAD').trim();
const memoFile = path.join(one, '.git', 'butler', 'start-claude-code.start');
const staleMemo = () => {
  git('update-ref', 'refs/heads/main', snapHead);
  execFileSync(process.execPath, [hook, '--brain', 'claude-code'], installed);
  if (!existsSync(memoFile)) throw new Error('bench set-up: no memo at the snapshot HEAD');
  git('commit', '-q', '--allow-empty', '-m', 'r');
};
staleMemo();
if (!/Drift since snapshot/.test(execFileSync('sh', ['-c', startCmd], { ...installed, encoding: 'utf8' })))
  throw new Error('bench set-up: no drift line');
const [t5, b5, d5] = [[], [], []];
for (let i = 0; i < 60; i++) {
  b5.push(timeSpawn(process.execPath, ['-e', '0']));
  staleMemo();
  t5.push(timeSpawn('sh', ['-c', startCmd], installed));
  staleMemo();
  d5.push(timeSpawn(process.execPath, [hook, '--brain', 'claude-code'], installed));
}
git('update-ref', 'refs/heads/main', snapHead);
console.log(
  `SessionStart with drift, installed command (HEAD moved since the memo; median of 60): ${median(t5).toFixed(2)} ms vs baseline ${median(b5).toFixed(2)} ms = ${(median(t5) / median(b5)).toFixed(2)}x; the direct Node hook ${(median(d5) / median(b5)).toFixed(2)}x`,
);
const driftShellOk = report('  the installed command against the direct Node hook in the same rounds', median(t5), median(d5), 1.05);

// Issue #22: the same history committed to git (a project that tracked session_logs/ before Butler's
// .gitignore rule; every summary warns about it). The tracked index is rebuilt from the files once, then
// remembered (src/handover/store-rows.ts), so this start is no longer ~2.7x. Goal <= 1.4x.
writeFileSync(path.join(one, '.gitignore'), '');
execFileSync('git', ['add', '-A'], { cwd: one });
execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-q', '-m', 'logs'], { cwd: one });
execFileSync(process.execPath, [hook, '--brain', 'claude-code'], { input: oneInput });
const t2 = [];
const b2 = [];
for (let i = 0; i < 40; i++) {
  b2.push(timeSpawn(process.execPath, ['-e', '0']));
  t2.push(timeSpawn(process.execPath, [hook, '--brain', 'claude-code'], { input: oneInput }));
}
const trackedOk = report('SessionStart, the same history tracked by git (median of 40)', median(t2), median(b2), 1.4);

// The Node path through the installed command: a tracked history has no memo (D40), so the checked script
// hands the input to the Node hook. Goal: as the direct Node row above, <= 1.4x.
// The direct Node hook runs in the same rounds, so the launcher's own cost shows under any load.
const t4 = [];
const b4 = [];
const d4 = [];
for (let i = 0; i < 40; i++) {
  b4.push(timeSpawn(process.execPath, ['-e', '0']));
  t4.push(timeSpawn('sh', ['-c', startCmd], installed));
  d4.push(timeSpawn(process.execPath, [hook, '--brain', 'claude-code'], { input: oneInput }));
}
const trackedShellOk = report('SessionStart, tracked history, installed command (Node answers; median of 40)', median(t4), median(b4), 1.4);
console.log(`  (the Node hook run directly in the same rounds: ${(median(d4) / median(b4)).toFixed(2)}x)`);
process.exitCode = listOk && ssOk && driftOk && shellOk && driftShellOk && trackedOk && trackedShellOk ? 0 : 1;
