// docs/decisions.md D40: the installed SessionStart command compares the memo's `h` line (HEAD and its
// loose branch ref) with the git files before it reads and sums the vendored script, so the first start
// after a new commit runs the Node hook without a process of its own. The line is a hint: a forged one
// never makes the shell answer. Real git repos, a real `butler install`, the command run by `sh -c` with a
// `cat` and `dd` on PATH that log each run (the script is read by `cat`, a memo by `dd`; no log: not read).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { command, commit, gitDir, project, removeProjects, start, suspend } from './session-start-helpers.js';

afterAll(removeProjects);

const memoOf = (root: string, kind = 'start') => path.join(gitDir(root), `start-claude-code.${kind}`);
const git = (root: string, ...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();

/** The installed command for Claude Code with a logging `cat` first on PATH: its output and the runs of cat. */
function logged(root: string): { out: string; reads: number; shell: boolean } {
  const bin = path.join(root, '.git', 'test-bin');
  const log = path.join(bin, 'log');
  mkdirSync(bin, { recursive: true });
  for (const tool of ['cat', 'dd']) {
    const real = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
    writeFileSync(path.join(bin, tool), `#!/bin/sh\necho x >>"${log}"\nexec ${real} "$@"\n`);
    chmodSync(path.join(bin, tool), 0o755);
  }
  rmSync(log, { force: true });
  const queue = path.join(gitDir(root), 'start-queue');
  const before = existsSync(queue) ? readFileSync(queue, 'utf8') : '';
  const r = spawnSync('sh', ['-c', command(root, 'claude')], {
    cwd: root,
    input: JSON.stringify({ session_id: 's1', cwd: root, hook_event_name: 'SessionStart', source: 'startup', transcript_path: null }),
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, CLAUDE_PROJECT_DIR: root, BUTLER_LANG: '' },
    encoding: 'utf8',
  });
  expect(r.status).toBe(0);
  const after = existsSync(queue) ? readFileSync(queue, 'utf8') : '';
  const reads = existsSync(log) ? readFileSync(log, 'utf8').split('\n').length - 1 : 0;
  return { out: r.stdout, reads, shell: after.length > before.length && after.startsWith(before) };
}

function primed(): string {
  const root = project();
  suspend(root, '--client', 'claude-code', '--notes', 'work\nnext: more');
  expect(start(root, 'claude', { session_id: 's1' }).shell).toBe(false);
  return root;
}

describe("the memo's h line, read by the installed command (D40)", () => {
  it('records HEAD and the loose branch ref; a new commit runs Node without reading the script', () => {
    const root = primed();
    const sha = git(root, 'rev-parse', 'HEAD');
    expect(readFileSync(memoOf(root), 'utf8').split('\n')[1]).toBe(`h ref: refs/heads/main ${sha}`);
    const shell = logged(root);
    expect(shell).toMatchObject({ shell: true, reads: 2 }); // the script, then the memo
    commit(root, 'moved');
    const moved = logged(root);
    expect(moved).toMatchObject({ shell: false, reads: 0 });
    expect(moved.out).toMatch(/HEAD moved 1 commit\(s\)/);
  });

  it('a forged h line of the new HEAD still sends the start to Node (the ref file is summed)', () => {
    const root = primed();
    commit(root, 'moved');
    const lines = readFileSync(memoOf(root), 'utf8').split('\n');
    lines[1] = `h ref: refs/heads/main ${git(root, 'rev-parse', 'HEAD')}`;
    writeFileSync(memoOf(root), lines.join('\n'));
    const r = logged(root);
    expect(r).toMatchObject({ shell: false, reads: 2 });
    expect(r.out).toMatch(/HEAD moved 1 commit\(s\)/);
  });

  it('no loose ref (packed refs): no h line, the script checks as before and answers', () => {
    const root = primed();
    git(root, 'pack-refs', '--all');
    expect(start(root, 'claude', { session_id: 's1' }).shell).toBe(false);
    expect(readFileSync(memoOf(root), 'utf8').split('\n')[1]).toBe(`w ${root}`);
    expect(logged(root).shell).toBe(true);
  });

  it("the script runs while one of the brain's memos is this HEAD's: a compact start after a commit", () => {
    const root = primed();
    commit(root, 'moved');
    suspend(root, '--client', 'claude-code', '--notes', 'again\nnext: more');
    // Node answers the compact start on the new HEAD and writes its memo; the start memo is the old HEAD's.
    expect(start(root, 'claude', { session_id: 's1', source: 'compact' }).shell).toBe(false);
    expect(readFileSync(memoOf(root), 'utf8').split('\n')[1]).not.toBe(readFileSync(memoOf(root, 'compact'), 'utf8').split('\n')[1]);
    expect(start(root, 'claude', { session_id: 's1', source: 'compact' }).shell).toBe(true);
  });
});
