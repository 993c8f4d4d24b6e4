import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { STRUCTURED_EN, tempRepo } from './helpers.js';

function io(cwd: string, stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      cwd,
      env: { USER: 'alice', BUTLER_LANG: 'en' },
      stdout: (t: string) => out.push(t),
      stderr: (t: string) => err.push(t),
      readStdin: async () => stdin,
    },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

async function butler(cwd: string, args: string[], stdin = '') {
  const h = io(cwd, stdin);
  const code = await runCli(['issue', ...args], h.io);
  return { code, out: h.out(), err: h.err(), json: () => JSON.parse(h.out()) };
}

describe('butler issue CLI (local backend)', () => {
  it("without --client, BUTLER_BRAIN or $USER, the author is git's user.name (field trial 7)", async () => {
    const root = tempRepo();
    spawnSync('git', ['init', '-q', root]);
    spawnSync('git', ['config', 'user.name', 'Alice'], { cwd: root });
    const h = io(root);
    h.io.env = { BUTLER_LANG: 'en' } as typeof h.io.env;
    expect(await runCli(['issue', 'create', '--title', 'T', '--body', STRUCTURED_EN, '--json'], h.io)).toBe(0);
    expect(readFileSync(path.join(root, '.butler', 'issues', '1.md'), 'utf8')).toMatch(/^author: Alice$/m);
  });

  it('create → comment → read --comments → delete-comment → close, with exit codes and --json', async () => {
    const root = tempRepo();
    const other = tempRepo();
    const created = await butler(other, [
      'create',
      '--project',
      root,
      '--title',
      'CLI issue',
      '--body',
      STRUCTURED_EN,
      '--label',
      'cli',
      '--label',
      'docs',
      '--json',
    ]);
    expect(created.code).toBe(0);
    expect(created.json().data.issue).toMatchObject({ id: 1, labels: ['cli', 'docs'] });
    expect((await butler(root, ['comment', '1', '--body', 'one'])).code).toBe(0);
    expect((await butler(root, ['comment', '--issue', '1', '--body-file', '-'], 'two from stdin')).code).toBe(0);
    const read = await butler(root, ['read', '1', '--comments', '1', '--json']);
    expect(read.json().data.issue.comments).toEqual([expect.objectContaining({ id: 2, body: 'two from stdin', author: 'alice' })]);
    const human = await butler(root, ['read', '1', '--comments', '2']);
    expect(human.out).toContain('✓ #1 CLI issue (open, 2 comments)');
    expect(human.out).toContain('--- comment 1 by alice');
    expect((await butler(root, ['delete-comment', '1', '1', '--reason', 'noise'])).code).toBe(0);
    const closed = await butler(root, ['close', '1', '--json']);
    expect(closed.json().data.issue.state).toBe('closed');
    expect((await butler(root, ['reopen', '1'])).out).toContain('Reopened #1');
  });

  it('reads the body from a file for update-body and retitles', async () => {
    const root = tempRepo();
    await butler(root, ['create', '--title', 'x', '--body', STRUCTURED_EN]);
    writeFileSync(path.join(root, 'body.md'), `${STRUCTURED_EN}\nfrom file`);
    expect((await butler(root, ['update-body', '1', '--body-file', 'body.md', '--json'])).json().data.issue.body).toBe(
      `${STRUCTURED_EN}\nfrom file`,
    );
    expect((await butler(root, ['update-title', '1', '--title', 'y', '--json'])).json().data.issue.title).toBe('y');
  });

  it('exits 3 with the missing sections for an unstructured body', async () => {
    const r = await butler(tempRepo(), ['create', '--title', 'x', '--body', 'just text']);
    expect(r.code).toBe(3);
    expect(r.out).toContain('? Body lacks: Current state, Next, Blockers');
    expect(r.out).toContain('## Blockers');
  });

  it('exits 1 with not_found / invalid_title, and 2 on usage errors', async () => {
    const root = tempRepo();
    const missing = await butler(root, ['read', '4', '--json']);
    expect(missing.code).toBe(1);
    expect(missing.json().error_code).toBe('not_found');
    expect((await butler(root, ['create', '--title', ' ', '--json'])).json().error_code).toBe('invalid_title');
    // Usage errors (issue #12): a bad or missing id, a missing flag. Nothing is done, the usage is printed.
    const bad = await butler(root, ['read', 'abc']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('issue id must be a positive number, got "abc"');
    expect((await butler(root, ['close'])).code).toBe(2);
    expect((await butler(root, ['create'])).code).toBe(2);
    expect((await butler(root, ['comment', '1'])).code).toBe(2);
    expect((await butler(root, ['frobnicate'])).code).toBe(2);
    expect((await butler(root, ['read', '--bogus'])).code).toBe(2);
    expect((await butler(root, ['read', '--help'])).code).toBe(0);
  });
});
