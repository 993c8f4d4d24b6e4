import { describe, expect, it } from 'vitest';
import { work } from '../../src/cli/commands/work.js';
import type { CliIO } from '../../src/cli/io.js';
import { concurrentPush, write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';
import { seedIssue } from '../issues/helpers.js';

async function butlerWork(cwd: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    cwd,
    env: { BUTLER_LANG: 'en' },
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: async () => '',
  };
  const code = await work(argv, io);
  return { code, stdout, stderr, json: () => JSON.parse(stdout) };
}

describe('butler work (CLI)', () => {
  it('observe prints a short human rendering, and the envelope with --json', async () => {
    const { root } = makeRepo({ withRemote: true });
    write(root, 'a.txt', 'a');
    const human = await butlerWork(root, 'observe');
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('state: dirty');
    expect(human.stdout).toContain('a.txt');
    const r = await butlerWork('/', 'observe', '--project', root, '--json');
    expect(r.json()).toMatchObject({ status: 'ok', data: { work_state: 'dirty', dirty_files: ['a.txt'] } });
  });

  it('record → history → publish → finish with --issue', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    seedIssue(root, 9);
    git(root, 'push', '-q');
    write(root, 'a.txt', 'a');
    const rec = await butlerWork(root, 'record', '-m', 'Add a', '--issue', '9', '--json');
    expect(rec.code).toBe(0);
    expect(rec.json().data.issue_ids).toEqual([9]);
    expect((await butlerWork(root, 'history', '-n', '1')).stdout).toMatch(/Add a\s+#9/);
    expect((await butlerWork(root, 'diff', '--record', rec.json().data.record_id, '--full')).stdout).toContain('+a');
    expect((await butlerWork(root, 'publish')).code).toBe(0);
    expect(git(remote!, 'rev-parse', 'main')).toBe(git(root, 'rev-parse', 'HEAD'));
    const fin = await butlerWork(root, 'finish', '--issue', '9');
    // The steps a person is shown are the commands to type, with the issue filled in (#25).
    expect(fin.stdout).toContain('  next: butler issue comment 9 --body-file FILE   (Leave a summary of the work on issue #9.)');
    expect(fin.stdout).toContain('  next: butler issue close 9   (Close issue #9');
    // Steps left for the person: `?` and exit 3, not a check mark (#25 walk-through 16).
    expect([fin.code, fin.stdout[0]]).toEqual([3, '?']);
  });

  it('errors exit 1 on stderr with the hint; usage mistakes exit 2', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const nothing = await butlerWork(root, 'record', '-m', 'x');
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('hint:');
    concurrentPush(remote!);
    write(root, 'b.txt', 'b');
    await butlerWork(root, 'record', '-m', 'b', '--no-issue');
    const pushed = await butlerWork(root, 'publish', '--json');
    expect(pushed.code).toBe(1);
    expect(pushed.json().error_code).toBe('conflict');
    expect((await butlerWork(root, 'record')).code).toBe(2);
    expect((await butlerWork(root, 'observe', '--bogus')).code).toBe(2);
    expect((await butlerWork(root, 'nope')).code).toBe(2);
    expect((await butlerWork(root, 'observe', '--issue', '-3')).code).toBe(2);
  });

  it('sync brings in the remote records; a conflict exits 1 and names the file', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    concurrentPush(remote!);
    const ff = await butlerWork(root, 'sync');
    expect(ff.code).toBe(0);
    expect(ff.stdout).toContain('Brought in 1 record(s) from origin/main');
    concurrentPush(remote!, 'README.md');
    write(root, 'README.md', 'mine\n');
    await butlerWork(root, 'record', '-m', 'mine', '--no-issue');
    const clash = await butlerWork(root, 'sync');
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain('conflict: README.md');
    expect(clash.stderr).toContain(
      'hint: Butler left your branch and files as they were; it does not resolve conflicts. Resolve them by hand with git: `git rebase origin/main` shows the conflicts in README.md',
    );
    expect(clash.stderr).not.toContain('Ask the user');
  });

  it('a folder outside git is a clear usage error (exit 2, as install and guard)', async () => {
    const r = await butlerWork('/', 'observe', '--json');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'butler work observe: / is not in a git repository: run `git init` there first, or pass --project with your repository\n',
    );
  });
});
