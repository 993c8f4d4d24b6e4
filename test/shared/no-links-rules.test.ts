// Symbolic-link confinement with fixed expectations (issue #27): the async and the sync check agree on
// every case, name the link or the outside path in fixed words, and do not stop at a link above the root.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertNoLinks, assertNoLinksSync, isSymlink } from '../../src/shared/no-links.js';

const dir = (prefix = 'butler-links-') => realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));

/** Runs the sync check and answers like the async one: resolved (undefined) or the thrown error. */
const sync = async (root: string, file: string) => assertNoLinksSync(root, file);

/** A project with `session_logs/handover -> outside` and `x.json -> outside/target`. */
function planted(): { root: string; out: string } {
  const root = dir();
  const out = dir('butler-outside-');
  mkdirSync(path.join(root, 'session_logs'));
  symlinkSync(out, path.join(root, 'session_logs', 'handover'));
  writeFileSync(path.join(out, 'target'), 'x');
  symlinkSync(path.join(out, 'target'), path.join(root, 'x.json'));
  return { root, out };
}

describe.each([
  ['assertNoLinks', assertNoLinks],
  ['assertNoLinksSync', sync],
])('%s', (_name, check) => {
  it('refuses a link in a folder on the way, with fixed words naming it', async () => {
    const { root } = planted();
    await expect(check(root, path.join(root, 'session_logs/handover/deep/index.json'))).rejects.toMatchObject({
      code: 'policy_blocked',
      message: 'Refusing to follow the symbolic link session_logs/handover',
      hint: 'Replace session_logs/handover with a real folder or file inside the project, then retry.',
      data: { link: 'session_logs/handover' },
    });
  });

  it('refuses the file itself as a link, also as a path relative to the root', async () => {
    const { root } = planted();
    await expect(check(root, path.join(root, 'x.json'))).rejects.toMatchObject({ data: { link: 'x.json' } });
    await expect(check(root, 'x.json')).rejects.toMatchObject({ data: { link: 'x.json' } });
    // A dangling link is a link too.
    symlinkSync(path.join(root, 'nowhere'), path.join(root, 'dangling'));
    await expect(check(root, path.join(root, 'dangling'))).rejects.toMatchObject({ data: { link: 'dangling' } });
  });

  it('refuses a path outside the root with fixed words, before looking at the disk', async () => {
    const root = dir();
    await expect(check(root, path.join(root, '..', 'elsewhere', 'x.json'))).rejects.toMatchObject({
      code: 'policy_blocked',
      message: 'Refusing to write outside the project: ../elsewhere/x.json',
      hint: 'Write only inside the project folder.',
      data: { path: '../elsewhere/x.json' },
    });
    await expect(check(root, '/etc/passwd')).rejects.toMatchObject({ code: 'policy_blocked' });
  });

  it('accepts missing folders below a real one, and the root itself, even when the root is reached through a link', async () => {
    const root = dir();
    mkdirSync(path.join(root, 'session_logs'));
    await expect(check(root, path.join(root, 'session_logs/handover/new/index.json'))).resolves.toBeUndefined();
    await expect(check(root, path.join(root, 'a.json'))).resolves.toBeUndefined();
    const viaLink = path.join(dir('butler-above-'), 'proj');
    symlinkSync(root, viaLink);
    await expect(check(viaLink, viaLink)).resolves.toBeUndefined();
    await expect(check(viaLink, path.join(viaLink, 'session_logs', 'x.json'))).resolves.toBeUndefined();
  });

  it('finds a link at any depth below real folders, and passes a sibling path', async () => {
    const root = dir();
    mkdirSync(path.join(root, 'a', 'b', 'c'), { recursive: true });
    symlinkSync(dir('butler-outside-'), path.join(root, 'a', 'b', 'c', 'd'));
    await expect(check(root, path.join(root, 'a/b/c/d/e.json'))).rejects.toMatchObject({ data: { link: 'a/b/c/d' } });
    await expect(check(root, path.join(root, 'a/b/other/e.json'))).resolves.toBeUndefined();
  });
});

describe('assertNoLinks on a path it cannot look at', () => {
  it('passes the error on instead of treating the path as missing (a file used as a folder)', async () => {
    const root = dir();
    writeFileSync(path.join(root, 'plain'), 'x');
    await expect(assertNoLinks(root, path.join(root, 'plain', 'below.json'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('isSymlink', () => {
  it('is true for a link (also a dangling one) and false for a file, a folder and a missing path', async () => {
    const root = dir();
    writeFileSync(path.join(root, 'file'), 'x');
    symlinkSync(path.join(root, 'file'), path.join(root, 'link'));
    symlinkSync(path.join(root, 'missing'), path.join(root, 'dangling'));
    expect(await isSymlink(path.join(root, 'link'))).toBe(true);
    expect(await isSymlink(path.join(root, 'dangling'))).toBe(true);
    expect(await isSymlink(path.join(root, 'file'))).toBe(false);
    expect(await isSymlink(root)).toBe(false);
    expect(await isSymlink(path.join(root, 'missing'))).toBe(false);
  });
});
