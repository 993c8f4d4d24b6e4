// The rest of src/handover/share.ts (issue #27): this clone's share.json, what shareSnapshots pushes and
// keeps pending, isShared, receiveShared and the parts of importFrom the take-in rules do not reach
// (who added a snapshot, what is already here), with real git and a bare remote; expected values written out.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordShareConsent } from '../../src/handover/share-consent.js';
import { fetchShared, SHARE_REF } from '../../src/handover/share-git.js';
import {
  cloneId,
  importFrom,
  isShared,
  markCommented,
  readShareState,
  receiveShared,
  type ShareDeps,
  shareSnapshots,
} from '../../src/handover/share.js';
import { SHARE_STATE_FILE } from '../../src/handover/start-prompt.js';
import { secondClone } from '../helpers/git-scenarios.js';
import { hostGit } from '../helpers/git.js';
import { attacker, forged, push } from '../helpers/hostile.js';
import { git, makeRepo } from '../helpers/repo.js';
import { NOW, ownSnapshot, redact, shareCtx, writeShareState } from '../helpers/share-ctx.js';

const deps = (ctx: ReturnType<typeof shareCtx>): ShareDeps => ({
  root: ctx.root,
  store: ctx.store,
  git: ctx.git,
  now: ctx.now,
  redact: ctx.redact,
  timeoutMs: 20_000,
});
const allow = (root: string) => recordShareConsent(root, { allowed_at: '2026-06-01T00:00:00Z', by: 'Ann' });
const onRemote = (remote: string) =>
  git(remote, 'for-each-ref', SHARE_REF) ? git(remote, 'ls-tree', '-r', '--name-only', SHARE_REF).split('\n').filter(Boolean) : [];
const stateText = (root: string) => readFileSync(path.join(root, SHARE_STATE_FILE), 'utf8');

describe('share.json', () => {
  it.each([
    ['missing', null],
    ['not JSON', '{'],
    ['an array', '["x"]'],
    ['null', 'null'],
    ['a number', '5'],
  ])('%s reads as empty', async (_n, text) => {
    const { root } = makeRepo();
    if (text !== null) {
      mkdirSync(path.dirname(path.join(root, SHARE_STATE_FILE)), { recursive: true });
      writeFileSync(path.join(root, SHARE_STATE_FILE), text);
    }
    expect(await readShareState(root)).toEqual({});
  });

  it('a tracked share.json is a commit’s word: read as empty', async () => {
    const { root } = makeRepo();
    writeShareState(root, { clone_id: 'abcd', pending: ['x'] });
    expect(await readShareState(root)).toEqual({ clone_id: 'abcd', pending: ['x'] });
    git(root, 'add', '-f', SHARE_STATE_FILE);
    git(root, 'commit', '-q', '-m', 'tracked');
    expect(await readShareState(root)).toEqual({});
  });

  it('the clone id is made once, 16 hex digits, and kept; one already there is used', async () => {
    const { root } = makeRepo();
    const id = await cloneId(root);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(await cloneId(root)).toBe(id);
    expect(stateText(root)).toBe(`{\n "clone_id": "${id}"\n}\n`);
    const other = makeRepo().root;
    writeShareState(other, { clone_id: 'feedbeef' });
    expect(await cloneId(other)).toBe('feedbeef');
  });

  it('markCommented: true once per id, the ids kept in order', async () => {
    const { root } = makeRepo();
    expect(await markCommented(root, 'a')).toBe(true);
    expect(await markCommented(root, 'b')).toBe(true);
    expect(await markCommented(root, 'a')).toBe(false);
    expect(await readShareState(root)).toEqual({ commented: ['a', 'b'] });
  });
});

describe('shareSnapshots', () => {
  it('pushes the snapshots asked for and the pending ones, with their receipts under safe names; the rest stays local', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    const b = await ownSnapshot(ctx, { at: '2026-06-04T10:01:00Z' });
    const c = await ownSnapshot(ctx, { at: '2026-06-04T10:02:00Z' });
    await ctx.store.addReceipt(a.id, { kind: 'accepted', by: 'co dex/../x', at: '2026-06-04T11:00:00Z' });
    await ctx.store.addReceipt(a.id, { kind: 'retired', by: 'Ann', at: '2026-06-04T11:01:00Z', clone: '0a1b' });
    writeShareState(root, { pending: [b.id, 'project-20990101T000000Z-gone'], clone_id: 'c0' });
    expect(await shareSnapshots(deps(ctx), [a.id, a.id])).toEqual({ shared: true, published: [b.id, a.id] });
    expect(onRemote(remote!)).toEqual([
      `receipts/${a.id}/accepted-co_dex____x-local.json`,
      `receipts/${a.id}/retired-Ann-0a1b.json`,
      `snapshots/${a.name}`,
      `snapshots/${b.name}`,
    ]);
    expect(JSON.parse(git(remote!, 'show', `${SHARE_REF}:receipts/${a.id}/retired-Ann-0a1b.json`))).toEqual({
      kind: 'retired',
      by: 'Ann',
      at: '2026-06-04T11:01:00Z',
      clone: '0a1b',
    });
    expect(git(remote!, 'log', '-1', '--format=%s', SHARE_REF)).toBe(`butler: share ${b.id}, ${a.id}`);
    // Nothing pending any more, also not the id that is gone; when it was fetched is now.
    expect(await readShareState(root)).toEqual({ pending: [], clone_id: 'c0', last_fetch: NOW.toISOString() });
    expect(c.id).not.toBe(a.id);
  });

  it('a snapshot whose file is gone is not pushed, and not pending after', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    const b = await ownSnapshot(ctx, { at: '2026-06-04T10:01:00Z' });
    rmSync(path.join(root, 'session_logs', 'handover', a.name));
    expect(await shareSnapshots(deps(ctx), [a.id, b.id])).toEqual({ shared: true, published: [b.id, a.id] });
    expect(onRemote(remote!)).toEqual([`snapshots/${b.name}`]);
    expect((await readShareState(root)).pending).toEqual([]);
  });

  it('a failed push keeps the ids asked for pending, with the earlier ones, and says why', async () => {
    const { root } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    const b = await ownSnapshot(ctx, { at: '2026-06-04T10:01:00Z' });
    writeShareState(root, { pending: [b.id] });
    git(root, 'remote', 'set-url', 'origin', path.join(root, 'nowhere.git'));
    const out = await shareSnapshots(deps(ctx), [a.id]);
    expect(out).toMatchObject({ shared: false, reason: 'unreachable' });
    expect(out.shared === false && out.detail).toContain('nowhere.git');
    expect(out.shared === false && 'published' in out).toBe(false);
    expect(await readShareState(root)).toEqual({ pending: [b.id, a.id] });
  });

  it('an error that is not git’s own is git_error with its message', async () => {
    const { root } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = path.join(root, 'no-such-dir');
    try {
      const out = await shareSnapshots(deps(ctx), [a.id]);
      expect(out).toMatchObject({ shared: false, reason: 'git_error' });
      const detail = String(out.shared === false && out.detail);
      expect(detail.startsWith(`ENOENT: no such file or directory, mkdtemp '${path.join(root, 'no-such-dir', 'butler-share-')}`)).toBe(
        true,
      );
    } finally {
      process.env.TMPDIR = saved;
    }
    expect((await readShareState(root)).pending).toEqual([a.id]);
  });

  it('held for the OK: nothing of ours leaves, it stays pending, and the fetch time is not touched', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    expect(await shareSnapshots(deps(ctx), [a.id])).toEqual({ shared: false, reason: 'not_allowed', detail: '', published: [] });
    expect(onRemote(remote!)).toEqual([]);
    expect(await readShareState(root)).toEqual({ pending: [a.id] });
  });

  it('nothing to push and nothing held: shared, and the fetch time is now', async () => {
    const { root } = makeRepo({ withRemote: true });
    const calls: string[] = [];
    const ctx = shareCtx(root, {
      git: (cwd, args, o) => {
        calls.push(args[0]!);
        return hostGit(cwd, args, o);
      },
    });
    expect(await shareSnapshots(deps(ctx), [])).toEqual({ shared: true, published: [] });
    expect(await readShareState(root)).toEqual({ pending: [], last_fetch: NOW.toISOString() });
    expect(calls).toEqual([]);
  });
});

describe('isShared and receiveShared', () => {
  it('isShared: on the ref as last fetched, without the network', async () => {
    const { root } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    const b = await ownSnapshot(ctx, { at: '2026-06-04T10:01:00Z' });
    const entry = async (id: string) => (await ctx.store.entries()).find((e) => e.handover_id === id)!;
    expect(await isShared(deps(ctx), await entry(a.id))).toBe(false);
    await shareSnapshots(deps(ctx), [a.id]);
    expect(await isShared(deps(ctx), await entry(a.id))).toBe(true);
    expect(await isShared(deps(ctx), await entry(b.id))).toBe(false);
  });

  it('receiveShared: null without a remote or when read; the reason when not; the fetch time recorded', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const ctx = shareCtx(root);
    expect(await receiveShared(deps(ctx))).toBeNull();
    expect(await readShareState(root)).toEqual({ last_fetch: NOW.toISOString() });
    const f = forged({ brain: 'codex', target: 'any', at: '2026-06-04T11:00:00Z' });
    await push(attacker(remote!), [{ path: `snapshots/${f.name}`, text: f.md }]);
    expect(await receiveShared(deps(ctx))).toBeNull();
    expect((await ctx.store.entries()).map((e) => [e.handover_id, e.origin, e.author])).toEqual([
      [f.id, 'shared', 'Mallory <mallory@evil.example>'],
    ]);
    git(root, 'remote', 'set-url', 'origin', path.join(root, 'nowhere.git'));
    expect(await receiveShared(deps(ctx))).toBe('unreachable');
    git(root, 'remote', 'remove', 'origin');
    writeShareState(root, {});
    expect(await receiveShared(deps(ctx))).toBeNull();
    expect(await readShareState(root)).toEqual({});
  });
});

describe('importFrom: who added what, and what is here already', () => {
  it('the author is the identity of the commit that added the snapshot, cleaned and bounded', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const evil = secondClone(remote!);
    git(evil, 'config', 'user.name', `Eve\x1b[31m ${'e'.repeat(250)}`);
    git(evil, 'config', 'user.email', 'eve@evil.example');
    const first = forged({ brain: 'codex', target: 'any', at: '2026-06-04T11:00:00Z' });
    const second = forged({ brain: 'gemini', target: 'any', at: '2026-06-04T11:01:00Z' });
    await push(evil, [
      { path: `snapshots/${first.name}`, text: first.md },
      { path: 'notes/x.md', text: 'x' },
    ]);
    await push(attacker(remote!), [{ path: `snapshots/${second.name}`, text: second.md }]);
    const ctx = shareCtx(root);
    const tip = await fetchShared({ git: hostGit, root, timeoutMs: 20_000 });
    await importFrom({ root, store: ctx.store, git: hostGit, now: () => NOW, redact }, tip!);
    const rows = new Map((await ctx.store.entries()).map((e) => [e.handover_id, e]));
    expect(rows.get(second.id)?.author).toBe('Mallory <mallory@evil.example>');
    const author = rows.get(first.id)?.author ?? '';
    expect(author.length).toBe(200);
    expect(author).not.toMatch(/[\x00-\x1f\x7f]/);
    expect(author.startsWith('Eve')).toBe(true);
    expect(rows.get(first.id)?.blob).toBe(git(remote!, 'rev-parse', `${SHARE_REF}:snapshots/${first.name}`));
  });

  it('a snapshot already here, by file name or by id, is not taken in again', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const mine = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', text: 'mine' });
    await shareSnapshots(deps(ctx), [mine.id]);
    const again = forged({ brain: 'claude-code', target: 'any', at: '2026-06-04T10:00:00Z', text: 'forged again' });
    const other = forged({ brain: 'codex', target: 'any', at: '2026-06-04T10:05:00Z' });
    const b = attacker(remote!);
    git(b, 'fetch', '-q', 'origin', `${SHARE_REF}:${SHARE_REF}`);
    await push(b, [{ path: `snapshots/${other.name}`, text: other.md }]);
    const tip = await fetchShared({ git: hostGit, root, timeoutMs: 20_000 });
    await importFrom({ root, store: ctx.store, git: hostGit, now: () => NOW, redact }, tip!);
    const rows = await ctx.store.entries();
    expect(rows.map((e) => [e.handover_id, e.origin])).toEqual([
      [other.id, 'shared'],
      [mine.id, 'own'],
    ]);
    expect(again.id).toBe(mine.id);
  });

  it('one receipt under many paths is one receipt: the bound on receipt blobs bounds the rows’ receipts', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const f = forged({ brain: 'codex', target: 'any', at: '2026-06-04T11:00:00Z' });
    const g = forged({ brain: 'gemini', target: 'any', at: '2026-06-04T11:01:00Z' });
    const same = JSON.stringify({ kind: 'retired', by: 'mallory', at: '2026-06-04T11:30:00Z' });
    await push(attacker(remote!), [
      { path: `snapshots/${f.name}`, text: f.md },
      { path: `snapshots/${g.name}`, text: g.md },
      ...Array.from({ length: 40 }, (_, n) => ({ path: `receipts/${f.id}/retired-mallory-${n}.json`, text: same })),
      { path: `receipts/${g.id}/retired-mallory-local.json`, text: same },
    ]);
    const ctx = shareCtx(root);
    const tip = await fetchShared({ git: hostGit, root, timeoutMs: 20_000 });
    await importFrom({ root, store: ctx.store, git: hostGit, now: () => NOW, redact }, tip!);
    const rows = new Map((await ctx.store.entries()).map((e) => [e.handover_id, e]));
    const one = [{ kind: 'retired', by: 'mallory', at: '2026-06-04T11:30:00Z' }];
    expect(rows.get(f.id)?.receipts).toEqual(one);
    expect(rows.get(g.id)?.receipts).toEqual(one);
  });

  it('only snapshots/ holds snapshots, and a receipt name ends in .json', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const f = forged({ brain: 'codex', target: 'any', at: '2026-06-04T11:00:00Z' });
    const g = forged({ brain: 'gemini', target: 'any', at: '2026-06-04T11:01:00Z' });
    const receipt = JSON.stringify({ kind: 'retired', by: 'mallory', at: '2026-06-04T11:30:00Z' });
    await push(attacker(remote!), [
      { path: `snapshots/${f.name}`, text: f.md },
      // ten characters before the name, as "snapshots/" has
      { path: `elsewher2/${g.name}`, text: g.md },
      { path: `receipts/${f.id}/retired-mallory-local.json.txt`, text: receipt },
    ]);
    const ctx = shareCtx(root);
    const tip = await fetchShared({ git: hostGit, root, timeoutMs: 20_000 });
    await importFrom({ root, store: ctx.store, git: hostGit, now: () => NOW, redact }, tip!);
    expect((await ctx.store.entries()).map((e) => [e.handover_id, e.receipts ?? []])).toEqual([[f.id, []]]);
  });

  it('nothing new on the ref writes no index', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    await push(secondClone(remote!), [{ path: 'notes/x.md', text: 'x' }]);
    const ctx = shareCtx(root);
    const tip = await fetchShared({ git: hostGit, root, timeoutMs: 20_000 });
    await importFrom({ root, store: ctx.store, git: hostGit, now: () => NOW, redact }, tip!);
    expect(git(root, 'status', '--porcelain', '--ignored')).toBe('');
  });
});
