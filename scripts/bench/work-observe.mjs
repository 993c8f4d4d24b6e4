// work_observe must cost about one `git status --porcelain=v2 --branch`: it reads ahead/behind from
// that one call and the merge/rebase/cherry-pick markers from files in the git dir.
// Repo: 20,000 tracked files, 50 dirty (40 modified, 10 untracked), with an upstream.
// Measures in-process observeWork against the same git status spawned the same way (Butler's git runner),
// alternating, and prints both medians and the ratio. Goal: <= 1.3x.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { alternate, loadTs, report, tempDir } from './_stats.mjs';

const FILES = 20_000;
const PER_DIR = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const GOAL = 1.3;

const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'b@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'b@example.com',
};
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });

const base = tempDir('butler-bench-observe-');
try {
  const root = path.join(base, 'repo');
  const remote = path.join(base, 'remote.git');
  const t0 = Date.now();
  for (let i = 0; i < FILES; i++) {
    const dir = path.join(root, `d${String(Math.floor(i / PER_DIR)).padStart(3, '0')}`);
    if (i % PER_DIR === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `f${i}.txt`), `file ${i}\n`);
  }
  git(base, 'init', '-q', '-b', 'main', root);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'bench corpus');
  git(base, 'init', '-q', '--bare', '-b', 'main', remote);
  git(root, 'remote', 'add', 'origin', remote);
  git(root, 'push', '-q', '-u', 'origin', 'main');
  for (let i = 0; i < 40; i++) appendFileSync(path.join(root, `d${String(i).padStart(3, '0')}`, `f${i * PER_DIR}.txt`), 'dirty\n');
  for (let i = 0; i < 10; i++) writeFileSync(path.join(root, 'd000', `new${i}.txt`), 'new\n');
  // Refresh the index once so both sides start from the same stat cache.
  git(root, 'status', '--porcelain');
  console.log(`repo: ${FILES} files, 50 dirty, built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const { observeWork } = await loadTs('src/work/observe.ts');
  const { createGit } = await loadTs('src/work/git.ts');
  const butlerGit = createGit(process.env);
  const { STATUS_ARGS } = await loadTs('src/work/status.ts');

  const check = await observeWork({ projectRoot: root, defaultIssue: null, git: butlerGit });
  if (check.data.dirty_count !== 50 || check.data.work_state !== 'dirty') {
    throw new Error(`unexpected observe result: ${check.data.work_state}, ${check.data.dirty_count} dirty`);
  }
  const fns = {
    observe: () => observeWork({ projectRoot: root, defaultIssue: null, git: butlerGit }),
    status: async () => {
      const r = await butlerGit(root, STATUS_ARGS);
      if (r.exitCode !== 0) throw new Error(r.stderr);
    },
  };
  await alternate(fns, 3); // warm the page cache and the JIT
  // Half the rounds in each order, so neither side always runs right after the other.
  const swapped = { status: fns.status, observe: fns.observe };
  const a = await alternate(fns, ROUNDS / 2);
  const b = await alternate(swapped, ROUNDS / 2);
  const med = { observe: (a.observe + b.observe) / 2, status: (a.status + b.status) / 2 };
  console.log(
    `medians by order: observe-first ${a.observe.toFixed(1)}/${a.status.toFixed(1)} ms, status-first ${b.observe.toFixed(1)}/${b.status.toFixed(1)} ms`,
  );
  console.log(`baseline: git ${STATUS_ARGS.join(' ')} (Butler's git runner), ${ROUNDS} rounds alternating`);
  const met = report('work_observe (observeWork in-process)', med.observe, med.status, GOAL);
  process.exitCode = met ? 0 : 1;
} finally {
  rmSync(base, { recursive: true, force: true });
}
