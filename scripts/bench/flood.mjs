// A flood on the shared ref (issue #23): a hostile clone pushes 1,000 snapshots of 250 KB to
// refs/butler/handover. Taking in what was shared must cost about what git's own fetch of that ref
// costs, and write megabytes at most: before the import was bounded, `handover list` took 12 s and
// wrote 486 MB into session_logs/. Each round is a fresh clone of the victim: receiveShared (fetch +
// import) against a plain `git fetch` of the same ref into another fresh clone, alternating.
// Goals: time <= 1.5x the fetch alone; at most 2 MB written under session_logs/; at most 50 rows taken in.
import { execFileSync } from 'node:child_process';
import { createWriteStream, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadTs, median, report, tempDir } from './_stats.mjs';

const COUNT = 1000;
const SIZE = 250 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL = 1.5;
const MAX_WRITTEN = 2 * 1024 * 1024;

const env = { ...process.env, GIT_AUTHOR_NAME: 'B', GIT_AUTHOR_EMAIL: 'b@x', GIT_COMMITTER_NAME: 'B', GIT_COMMITTER_EMAIL: 'b@x' };
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 }).toString();

function snapshot(i) {
  const at = new Date(Date.parse('2026-06-04T09:00:00Z') - i * 1000).toISOString().replace('.000Z', 'Z');
  const stamp = at.replace(/[-:]/g, '');
  const id = `project-${stamp}-bot${i}`;
  const sections = ['CURRENT_STATE', 'DISCOVERY', 'DECISION', 'NEXT_ACTION', 'BLOCKED / PENDING', 'RISKS', 'CODEBASE_ANCHORS'];
  const md = [
    '# Handover: repo',
    '',
    '## METADATA',
    '- project: repo',
    '- issue: none',
    `- source_brain: bot${i}`,
    '- target_brain: any',
    `- created_at: ${at}`,
    `- handover_id: ${id}`,
    `- summary: flood ${i}`,
    '- lang: en',
    '',
    ...sections.flatMap((s) => [`## ${s}`, '- none', '']),
    '## HANDOFF_PROMPT',
    `flood ${i}`,
    '',
  ].join('\n');
  const pad = `${String(i).padStart(6, '0')}${'x'.repeat(SIZE)}`.slice(0, SIZE - md.length);
  return { name: `project_${stamp}_bot${i}.md`, text: `${md}\n${pad}\n` };
}

function bytesUnder(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }).filter((x) => x.isFile()))
    n += statSync(path.join(e.parentPath ?? e.path, e.name)).size;
  return n;
}

const base = tempDir('butler-bench-flood-');
try {
  const remote = path.join(base, 'remote.git');
  const seed = path.join(base, 'seed');
  git(base, 'init', '-q', '--bare', '-b', 'main', remote);
  git(base, 'init', '-q', '-b', 'main', seed);
  git(seed, 'commit', '-q', '--allow-empty', '-m', 'init');
  git(seed, 'remote', 'add', 'origin', remote);
  git(seed, 'push', '-q', '-u', 'origin', 'main');
  // The flood, written with git fast-import from a stream.
  const t0 = Date.now();
  const stream = path.join(base, 'flood.fi');
  const out = createWriteStream(stream);
  out.write('commit refs/butler/handover\ncommitter Mallory <m@evil.example> 1780000000 +0000\ndata 5\nflood\n');
  for (let i = 0; i < COUNT; i++) {
    const s = snapshot(i);
    out.write(`M 100644 inline snapshots/${s.name}\ndata ${Buffer.byteLength(s.text)}\n${s.text}\n`);
  }
  await new Promise((r) => out.end(r));
  execFileSync('sh', ['-c', `git fast-import --quiet < "${stream}"`], { cwd: seed, env });
  git(seed, 'push', '-q', 'origin', 'refs/butler/handover:refs/butler/handover');
  console.log(`flood: ${COUNT} snapshots of ${SIZE / 1024} KB on the ref, built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const { receiveShared } = await loadTs('src/handover/share.ts');
  const { HandoverStore } = await loadTs('src/handover/store.ts');
  const { createGit } = await loadTs('src/work/git.ts');
  const butlerGit = createGit(process.env);
  let n = 0;
  const fresh = () => {
    const dir = path.join(base, `c${n++}`);
    // --no-local: the objects travel as they would from a server (a local clone would hard-link them all).
    git(base, 'clone', '-q', '--no-local', remote, dir);
    return dir;
  };
  const times = { import: [], fetch: [] };
  let written = 0;
  let rows = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? ['fetch', 'import'] : ['import', 'fetch'];
    for (const k of order) {
      const dir = fresh();
      const t = process.hrtime.bigint();
      if (k === 'fetch') git(dir, 'fetch', '--quiet', '--no-tags', 'origin', '+refs/butler/handover:refs/butler/remote-handover');
      else {
        const store = new HandoverStore(dir);
        const why = await receiveShared({
          root: dir,
          store,
          git: butlerGit,
          now: () => new Date('2026-06-04T10:00:00Z'),
          redact: (x) => x,
        });
        if (why) throw new Error(`receiveShared: ${why}`);
        times.import.push(Number(process.hrtime.bigint() - t) / 1e6);
        written = Math.max(written, bytesUnder(path.join(dir, 'session_logs')));
        rows = Math.max(rows, (await store.entries()).length);
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      times.fetch.push(Number(process.hrtime.bigint() - t) / 1e6);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `written under session_logs/: ${(written / 1024).toFixed(0)} KB (goal <= ${MAX_WRITTEN / 1024} KB); rows taken in: ${rows} (goal <= 50)`,
  );
  console.log(`baseline: git fetch of the ref into a fresh clone, ${ROUNDS} rounds alternating`);
  const met = report('receiveShared (fetch + bounded import)', median(times.import), median(times.fetch), GOAL);
  process.exitCode = met && written <= MAX_WRITTEN && rows <= 50 ? 0 : 1;
} finally {
  rmSync(base, { recursive: true, force: true });
}
