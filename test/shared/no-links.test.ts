import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { upsertBrain } from '../../src/shared/brains.js';
import { recordSession } from '../../src/handover/sessions.js';
import { HandoverStore } from '../../src/handover/store.js';
import { LocalIssueBackend } from '../../src/issues/local/backend.js';
import { writeFileAtomic } from '../../src/shared/fs.js';
import { assertNoLinks } from '../../src/shared/no-links.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';
import { cli, fakeBundles, tempDir } from '../install/helpers.js';

/** A folder outside the project that a planted link points at; it must stay empty. */
function outside(): string {
  return tempDir('butler-outside-');
}
const empty = (dir: string) => readdirSync(dir).length === 0;

describe('assertNoLinks', () => {
  it('refuses a link at any depth below the root, the file itself included, and names it', async () => {
    const root = tempDir();
    const out = outside();
    mkdirSync(path.join(root, 'session_logs'));
    symlinkSync(out, path.join(root, 'session_logs', 'handover'));
    await expect(assertNoLinks(root, path.join(root, 'session_logs/handover/index.json'))).rejects.toMatchObject({
      code: 'policy_blocked',
      message: 'Refusing to follow the symbolic link session_logs/handover',
    });
    writeFileSync(path.join(out, 'target'), 'x');
    symlinkSync(path.join(out, 'target'), path.join(root, 'file.json'));
    await expect(assertNoLinks(root, path.join(root, 'file.json'))).rejects.toMatchObject({ data: { link: 'file.json' } });
    await expect(assertNoLinks(root, path.join(root, 'a/b/c.json'))).resolves.toBeUndefined();
    await expect(assertNoLinks(root, path.join(root, '../x'))).rejects.toMatchObject({ code: 'policy_blocked' });
    // A link above the root (macOS /tmp, a symlinked home) is not Butler's business.
    const viaLink = path.join(outside(), 'proj');
    symlinkSync(root, viaLink);
    await expect(assertNoLinks(viaLink, path.join(viaLink, 'a.json'))).resolves.toBeUndefined();
  });

  it('writeFileAtomic with `within` never replaces a link with a file', async () => {
    const root = tempDir();
    const out = outside();
    writeFileSync(path.join(out, 'keep'), 'user data');
    symlinkSync(path.join(out, 'keep'), path.join(root, 'x.json'));
    await expect(writeFileAtomic(path.join(root, 'x.json'), 'butler', { within: root })).rejects.toMatchObject({ code: 'policy_blocked' });
    expect(lstatSync(path.join(root, 'x.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(out, 'keep'), 'utf8')).toBe('user data');
  });
});

describe('Butler writes never leave the project through a link', () => {
  for (const link of ['session_logs', 'session_logs/handover']) {
    it(`handover_suspend with ${link} -> outside: refused, names the link, nothing written outside`, async () => {
      const { root } = makeRepo();
      const out = outside();
      mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
      symlinkSync(out, path.join(root, link));
      const c = await connect({ deps: { env: { BUTLER_LANG: 'en' } } });
      await c.call('work_session_start', { project_root: root });
      const r = await c.call('handover_suspend', { notes: 'x' });
      expect(r).toMatchObject({ status: 'error', error_code: 'policy_blocked' });
      expect(r.summary).toContain(link);
      await c.close();
      expect(empty(out)).toBe(true);
    });
  }

  it('the latest copy, the brain registry and sessions.json as links are refused, their targets untouched', async () => {
    const { root } = makeRepo();
    const out = outside();
    const target = path.join(out, 'authorized_keys');
    writeFileSync(target, 'ssh-ed25519 AAAA user');
    mkdirSync(path.join(root, 'session_logs', 'handover'), { recursive: true });
    symlinkSync(target, path.join(root, 'session_logs', 'brain_registry.json'));
    symlinkSync(target, path.join(root, 'session_logs', 'sessions.json'));
    await expect(upsertBrain(root, 'codex', null, new Date())).rejects.toMatchObject({ code: 'policy_blocked' });
    await expect(
      recordSession(root, { brain: 'codex', session_id: 's', transcript_path: null, started_at: new Date().toISOString() }),
    ).rejects.toMatchObject({ code: 'policy_blocked' });
    symlinkSync(target, path.join(root, 'session_logs', 'handover', 'index.json'));
    const store = new HandoverStore(root);
    await expect(
      store.append({ issueId: null, createdAt: new Date(), brain: 'x' }, () => ({ markdown: '', meta: {} as never })),
    ).rejects.toMatchObject({
      code: 'policy_blocked',
    });
    expect(readFileSync(target, 'utf8')).toBe('ssh-ed25519 AAAA user');
    expect(readdirSync(out)).toEqual(['authorized_keys']);
  });

  for (const link of ['.butler', '.butler/issues']) {
    it(`local issues with ${link} -> outside: create refused, reads refused`, async () => {
      const root = tempDir();
      const out = outside();
      mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
      symlinkSync(out, path.join(root, link));
      const b = new LocalIssueBackend({ projectRoot: root, author: 'x', lang: 'en' });
      await expect(b.create('t', 'b', [])).rejects.toMatchObject({ code: 'policy_blocked' });
      expect(empty(out)).toBe(true);
      mkdirSync(path.join(out, link === '.butler' ? 'issues' : ''), { recursive: true });
      writeFileSync(path.join(out, link === '.butler' ? 'issues/1.md' : '1.md'), '---\nid: 1\ntitle: planted\n---\n\nbody\n');
      await expect(b.read(1)).rejects.toMatchObject({ code: 'policy_blocked' });
    });
  }

  it('an issue file that is a link is neither read nor rewritten', async () => {
    const root = tempDir();
    const out = outside();
    writeFileSync(path.join(out, 'secret.md'), '---\nid: 1\ntitle: outside\n---\n\nprivate\n');
    mkdirSync(path.join(root, '.butler', 'issues'), { recursive: true });
    symlinkSync(path.join(out, 'secret.md'), path.join(root, '.butler', 'issues', '1.md'));
    const b = new LocalIssueBackend({ projectRoot: root, author: 'x', lang: 'en' });
    await expect(b.read(1)).rejects.toMatchObject({ code: 'policy_blocked', message: expect.stringContaining('.butler/issues/1.md') });
    await expect(b.comment(1, 'x')).rejects.toMatchObject({ code: 'policy_blocked' });
    expect(await b.listLabels()).toEqual([]);
    expect(readFileSync(path.join(out, 'secret.md'), 'utf8')).toContain('private');
  });

  for (const link of ['.claude', '.codex', '.butler']) {
    it(`install refuses a symlinked ${link} and writes nothing anywhere`, async () => {
      const root = tempDir();
      mkdirSync(path.join(root, '.git'));
      const out = outside();
      symlinkSync(out, path.join(root, link));
      const r = await cli(['install', '--claude', '--codex', '--project', root], { cwd: root, bundleDir: fakeBundles() });
      expect(r.code).not.toBe(0);
      expect(`${r.stdout}${r.stderr}`).toContain(link);
      expect(empty(out)).toBe(true);
      expect(existsSync(path.join(root, '.mcp.json'))).toBe(false);
    });
  }

  it('install replaces no user symlink with a plain file', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, '.git'));
    const out = outside();
    writeFileSync(path.join(out, 'mcp.json'), '{"mcpServers":{}}\n');
    symlinkSync(path.join(out, 'mcp.json'), path.join(root, '.mcp.json'));
    const r = await cli(['install', '--claude', '--project', root], { cwd: root, bundleDir: fakeBundles() });
    expect(r.code).not.toBe(0);
    expect(readlinkSync(path.join(root, '.mcp.json'))).toBe(path.join(out, 'mcp.json'));
    expect(readFileSync(path.join(out, 'mcp.json'), 'utf8')).toBe('{"mcpServers":{}}\n');
  });
});
