// Issue #27: what only a person may do, held by the installed CLI itself (hooks/butler.mjs run as a
// process), not by a test that leaves out the prompt function. An agent's shell has no terminal: there
// a guard change is refused even when "y" is piped in; at a terminal (a pseudo-terminal from
// util-linux `script`) the same command asks and, told yes, changes the guard. A URL approval lands in
// the user's own config folder, never in the repository, and an approval file planted in the
// repository approves nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, makeRepo } from '../helpers/repo.js';

const CLI = path.join(__dirname, '..', '..', 'hooks', 'butler.mjs');
const hasScript = spawnSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).stdout.trim() !== '';
const TRACKER = 'https://tracker.example.com/api/v1';

/** A home folder of its own, and an environment with no other route to a user config folder. */
function personEnv(): { home: string; env: NodeJS.ProcessEnv } {
  const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-home-')));
  const { XDG_CONFIG_HOME: _x, BUTLER_CONFIG_HOME: _b, ...rest } = process.env;
  return { home, env: { ...rest, HOME: home, BUTLER_LANG: 'en' } };
}

const headCount = (root: string) => git(root, 'rev-list', '--count', 'HEAD');

describe('person-only verbs need a terminal', () => {
  it('without a terminal a guard change is refused, even with "y" on stdin, and nothing is committed', () => {
    const { root } = makeRepo();
    const { env } = personEnv();
    for (const args of [
      ['guard', 'mode', 'off'],
      ['guard', 'allow', 'push'],
      ['guard', 'mode', 'warn'],
    ]) {
      const r = spawnSync(process.execPath, [CLI, ...args], { cwd: root, env, input: 'y\nyes\n', encoding: 'utf8', timeout: 20_000 });
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).not.toBe(0);
      expect(r.status).not.toBeNull();
    }
    expect(headCount(root)).toBe('1');
    expect(existsSync(path.join(root, '.butler', 'config.yaml'))).toBe(false);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it.skipIf(!hasScript)('at a terminal the same command asks, and a yes changes the guard (commits the config)', () => {
    const { root } = makeRepo();
    const { env } = personEnv();
    // `script` gives the CLI a pseudo-terminal as stdin and stderr; the answer is typed into it.
    const cmd = `"${process.execPath}" "${CLI}" guard mode off`;
    const t = spawnSync('sh', ['-c', `(sleep 2; printf 'y\\n'; sleep 4) | script -qec '${cmd}' /dev/null`], {
      encoding: 'utf8',
      timeout: 30_000,
      env,
      cwd: root,
    });
    expect(t.stdout, t.stderr).toMatch(/\?/); // it asked
    expect(headCount(root)).toBe('2');
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD')).toBe('.butler/config.yaml');
    expect(readFileSync(path.join(root, '.butler', 'config.yaml'), 'utf8')).toMatch(/mode:\s*off/);
  });
});

describe('a tracker URL approval lives outside every repository', () => {
  const withTracker = () => {
    const { root } = makeRepo();
    mkdirSync(path.join(root, '.butler'));
    writeFileSync(path.join(root, '.butler', 'config.yaml'), `issues:\n  backend: gitea\n  url: ${TRACKER}\n  owner: o\n  repo: r\n`);
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'tracker');
    return root;
  };
  const approved = (root: string, env: NodeJS.ProcessEnv) => {
    const r = spawnSync(process.execPath, [CLI, 'status', '--json'], { cwd: root, env, encoding: 'utf8', timeout: 20_000 });
    return JSON.parse(r.stdout).data.issue_url as { url: string; approved: boolean };
  };

  it.skipIf(!hasScript)('approve-url writes the approval in the person’s config folder and nothing in the repository', () => {
    const root = withTracker();
    const { home, env } = personEnv();
    expect(approved(root, env)).toEqual({ url: TRACKER, approved: false });
    // Without a terminal nothing is approved (a person's act: src/cli/person.ts).
    const refused = spawnSync(process.execPath, [CLI, 'issue', 'approve-url'], {
      cwd: root,
      env,
      encoding: 'utf8',
      input: 'y\n',
      timeout: 20_000,
    });
    expect(refused.status).not.toBe(0);
    expect(approved(root, env)).toEqual({ url: TRACKER, approved: false });
    // At a terminal (a pseudo-terminal from `script`), told yes, it approves.
    const cmd = `"${process.execPath}" "${CLI}" issue approve-url`;
    const r = spawnSync('sh', ['-c', `(sleep 2; printf 'y\\n'; sleep 4) | script -qec '${cmd}' /dev/null`], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stdout, r.stderr).toMatch(/\?/); // it asked
    const file = path.join(home, '.config', 'butler', 'approved-urls.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).urls.map((u: { url: string }) => u.url)).toEqual([TRACKER]);
    // Nothing new in the repository, not even an ignored file.
    expect(git(root, 'status', '--porcelain', '--ignored')).toBe('');
    expect(execFileSync('find', [root, '-name', 'approved-urls*', '-not', '-path', '*/.git/*'], { encoding: 'utf8' })).toBe('');
    expect(approved(root, env)).toEqual({ url: TRACKER, approved: true });
  });

  it('an approval file planted in the repository approves nothing', () => {
    const root = withTracker();
    const { env } = personEnv();
    const planted = `${JSON.stringify({ urls: [{ url: TRACKER, approved_at: '2026-01-01T00:00:00.000Z' }] })}\n`;
    for (const rel of [
      'approved-urls.json',
      '.butler/approved-urls.json',
      '.config/butler/approved-urls.json',
      'session_logs/approved-urls.json',
    ]) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), planted);
    }
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'plant approvals');
    expect(approved(root, env)).toEqual({ url: TRACKER, approved: false });
    // Even with HOME pointing into the repository's parent, the repository's own files are not the user's folder.
    expect(approved(root, { ...env, HOME: path.dirname(root) })).toEqual({ url: TRACKER, approved: false });
  });
});
