// What the handover tools add for sharing (src/handover/share-ops.ts), with real git, a real store and a
// bare remote: the answers of a first share, a failed one and a shared one, the issue comment of a
// transfer (once, redacted), the receipts and the retry of work_publish; expected values written out.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordShareConsent } from '../../src/handover/share-consent.js';
import { SHARE_REF } from '../../src/handover/share-git.js';
import {
  commentMarker,
  hasPendingShares,
  knownClone,
  previewCommand,
  receiptClone,
  receive,
  retryPendingShares,
  shareDeps,
  shareNew,
  shareReceipt,
} from '../../src/handover/share-ops.js';
import { cloneId, readShareState } from '../../src/handover/share.js';
import type { IndexEntry } from '../../src/handover/store.js';
import type { GitRunner } from '../../src/shared/git.js';
import { secondClone } from '../helpers/git-scenarios.js';
import { hostGit } from '../helpers/git.js';
import { forged, push } from '../helpers/hostile.js';
import { git, makeRepo } from '../helpers/repo.js';
import { ownSnapshot, SHARED_TEXT, shareCtx, writeShareState } from '../helpers/share-ctx.js';

const allow = (root: string) => recordShareConsent(root, { allowed_at: '2026-06-01T00:00:00Z', by: 'Ann' });
const entryOf = async (ctx: ReturnType<typeof shareCtx>, id: string): Promise<IndexEntry> =>
  (await ctx.store.entries()).find((e) => e.handover_id === id)!;
const onRemote = (remote: string) => git(remote, 'ls-tree', '-r', '--name-only', SHARE_REF).split('\n').filter(Boolean);

function commenting() {
  const posts: [number, string][] = [];
  return { posts, commentOnIssue: async (id: number, body: string) => (posts.push([id, body]), true) };
}

describe('the small names', () => {
  it('the deps, the person’s verb and the comment marker', () => {
    const { root } = makeRepo();
    const ctx = shareCtx(root);
    expect(shareDeps(ctx)).toEqual({ root, store: ctx.store, git: ctx.git, now: ctx.now, redact: ctx.redact, timeoutMs: 20_000 });
    expect(previewCommand('issue-7-x')).toBe('butler handover share-preview issue-7-x');
    expect(commentMarker('issue-7-x')).toBe('<!-- butler:handover issue-7-x -->');
  });
});

describe('shareNew', () => {
  it('the first share from a clone: not shared, exactly what would leave, and the person’s verb', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', text: 'SECRET' });
    const out = await shareNew(ctx, await entryOf(ctx, a.id), a.md, 'suspend');
    expect(out).toEqual({ shared: false, share_preview: SHARED_TEXT, user_runs: `butler handover share-preview ${a.id}` });
    expect(git(remote!, 'for-each-ref', SHARE_REF)).toBe('');
  });

  it('a failed share says why; git’s words only in diagnostic, masked and bounded', async () => {
    const { root } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    const gone = path.join(path.dirname(root), 'd'.repeat(200), 'e'.repeat(200), 'SECRET-gone.git');
    git(root, 'remote', 'set-url', 'origin', gone);
    const out = await shareNew(ctx, await entryOf(ctx, a.id), a.md, 'suspend');
    expect(out.shared).toBe(false);
    expect(out.share_error).toBe(
      'Not shared: the remote cannot be reached (offline or auth). The local snapshot is saved; work_publish retries.',
    );
    expect(String(out.diagnostic)).toContain('[MASKED]-gone.git');
    expect(String(out.diagnostic)).not.toContain('SECRET');
    expect(String(out.diagnostic).length).toBe(500);
    git(root, 'remote', 'remove', 'origin');
    expect(await shareNew(ctx, await entryOf(ctx, a.id), a.md, 'suspend')).toEqual({
      shared: false,
      share_error: 'Not shared: there is no upstream remote. The local snapshot is saved; work_publish retries.',
    });
  });

  it('a shared transfer on an issue is posted there once, redacted, without what stays in the clone', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    allow(root);
    const c = commenting();
    const ctx = shareCtx(root, { commentOnIssue: c.commentOnIssue });
    const t = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', issue: 7, target: 'codex', text: 'SECRET' });
    const entry = await entryOf(ctx, t.id);
    expect(await shareNew(ctx, entry, t.md, 'transfer')).toEqual({
      shared: true,
      shared_ref: 'refs/butler/handover',
      issue_comment: 'posted',
    });
    expect(c.posts).toEqual([
      [7, `<!-- butler:handover ${t.id} -->\n**Butler handover** \`${t.id}\`: claude-code → codex\n\nFORGED-PROMPT [MASKED]\n`],
    ]);
    expect((await readShareState(root)).commented).toEqual([t.id]);
    expect(onRemote(remote!)).toEqual([`snapshots/${t.name}`]);
    // Again: shared (nothing new), and no second comment.
    expect(await shareNew(ctx, entry, t.md, 'transfer')).toEqual({ shared: true, shared_ref: 'refs/butler/handover' });
    expect(c.posts.length).toBe(1);
  });

  it('a suspend, or a transfer without an issue, posts nothing', async () => {
    const { root } = makeRepo({ withRemote: true });
    allow(root);
    const c = commenting();
    const ctx = shareCtx(root, { commentOnIssue: c.commentOnIssue });
    const s = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', issue: 7, target: 'codex' });
    expect(await shareNew(ctx, await entryOf(ctx, s.id), s.md, 'suspend')).toEqual({ shared: true, shared_ref: 'refs/butler/handover' });
    const p = await ownSnapshot(ctx, { at: '2026-06-04T10:01:00Z', target: 'codex' });
    expect(await shareNew(ctx, await entryOf(ctx, p.id), p.md, 'transfer')).toEqual({ shared: true, shared_ref: 'refs/butler/handover' });
    expect(c.posts).toEqual([]);
  });

  it('a tracker that does not post, or fails: not marked, the failure said in 200 characters', async () => {
    const { root } = makeRepo({ withRemote: true });
    allow(root);
    let answer: () => Promise<boolean> = async () => false;
    const ctx = shareCtx(root, { commentOnIssue: () => answer() });
    const t = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', issue: 7, target: 'codex' });
    const entry = await entryOf(ctx, t.id);
    expect(await shareNew(ctx, entry, t.md, 'transfer')).toEqual({ shared: true, shared_ref: 'refs/butler/handover' });
    expect((await readShareState(root)).commented).toBeUndefined();
    answer = async () => {
      throw new Error(`tracker down ${'z'.repeat(300)}`);
    };
    expect((await shareNew(ctx, entry, t.md, 'transfer')).issue_comment).toBe(`not posted: tracker down ${'z'.repeat(187)}`);
    answer = async () => {
      throw 'plain words';
    };
    expect((await shareNew(ctx, entry, t.md, 'transfer')).issue_comment).toBe('not posted: plain words');
    expect((await readShareState(root)).commented).toBeUndefined();
  });
});

describe('receive', () => {
  it('nothing to say when the remote was read or there is none; why, in the session’s language, when not', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    expect(await receive(shareCtx(root))).toEqual({});
    await push(secondClone(remote!), [{ path: 'snapshots/x.md', text: 'x\n' }]);
    expect(await receive(shareCtx(root))).toEqual({});
    const broken: GitRunner = async (cwd, args, o) =>
      args[0] === 'ls-tree' ? { stdout: '', stderr: 'bad', exitCode: 1 } : hostGit(cwd, args, o);
    expect(await receive(shareCtx(root, { git: broken }))).toEqual({
      remote_note: 'Remote handovers not fetched (git failed); showing local ones',
    });
    git(root, 'remote', 'set-url', 'origin', path.join(root, 'nowhere.git'));
    expect(await receive(shareCtx(root))).toEqual({
      remote_note: 'Remote handovers not fetched (the remote cannot be reached (offline or auth)); showing local ones',
    });
    expect(await receive(shareCtx(root, { lang: 'ja' }))).toEqual({
      remote_note: 'リモートの handover は取得できませんでした（remote に届きません（オフラインか認証））。ローカルの分だけを見ています',
    });
    git(root, 'remote', 'remove', 'origin');
    expect(await receive(shareCtx(root))).toEqual({});
  });
});

describe('clone ids and receipts', () => {
  it('knownClone makes no id; receiptClone gives one only for a snapshot that is or will be on the remote', async () => {
    const { root } = makeRepo({ withRemote: true });
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    const b = await ownSnapshot(ctx, { at: '2026-06-04T10:01:00Z' });
    const c = await ownSnapshot(ctx, { at: '2026-06-04T10:02:00Z' });
    expect(await knownClone(ctx)).toBeNull();
    expect(await receiptClone(ctx, await entryOf(ctx, a.id))).toBeNull();
    expect((await readShareState(root)).clone_id).toBeUndefined();
    writeShareState(root, { pending: [b.id] });
    const id = await receiptClone(ctx, await entryOf(ctx, b.id));
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(await knownClone(ctx)).toBe(id);
    allow(root);
    await shareNew(ctx, await entryOf(ctx, c.id), c.md, 'suspend');
    expect(await receiptClone(ctx, await entryOf(ctx, c.id))).toBe(id);
    expect(await receiptClone(ctx, await entryOf(ctx, a.id))).toBeNull();
  });

  it('receiptClone: git that cannot be read is "not shared"', async () => {
    const { root } = makeRepo({ withRemote: true });
    const a = await ownSnapshot(shareCtx(root), { at: '2026-06-04T10:00:00Z' });
    const throwing: GitRunner = async () => {
      throw new Error('no git');
    };
    const ctx = shareCtx(root, { git: throwing });
    expect(await receiptClone(ctx, await entryOf(shareCtx(root), a.id))).toBeNull();
    expect((await readShareState(root)).clone_id).toBeUndefined();
  });

  it('shareReceipt names the taker of the snapshot asked about, not of the newest', async () => {
    const { root } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const old = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', target: 'any' });
    const newer = await ownSnapshot(ctx, { at: '2026-06-04T10:30:00Z', target: 'any' });
    await ctx.store.addReceipt(newer.id, { kind: 'accepted', by: 'gemini', at: '2026-06-04T11:00:00Z', clone: 'aaaa' });
    await ctx.store.addReceipt(old.id, { kind: 'accepted', by: 'codex', at: '2026-06-04T11:00:00Z', clone: 'aaaa' });
    expect(await shareReceipt(ctx, await entryOf(ctx, old.id), 'aaaa')).toEqual({ taker: 'codex' });
  });

  it('shareReceipt without the OK: the receipt of a snapshot from the remote goes out, and no note', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const ctx = shareCtx(root);
    const held = await ownSnapshot(ctx, { at: '2026-06-04T09:00:00Z' });
    writeShareState(root, { pending: [held.id] });
    const other = forged({ brain: 'gemini', target: 'any', at: '2026-06-04T10:00:00Z' });
    await push(secondClone(remote!), [{ path: `snapshots/${other.name}`, text: other.md }]);
    await receive(ctx);
    const entry = await entryOf(ctx, other.id);
    await ctx.store.materialize(entry, other.md);
    await ctx.store.addReceipt(other.id, { kind: 'accepted', by: 'codex', at: '2026-06-04T11:00:00Z', clone: 'aaaa' });
    expect(await shareReceipt(ctx, await entryOf(ctx, other.id), 'aaaa')).toEqual({ taker: 'codex' });
    expect(onRemote(remote!)).toEqual([`receipts/${other.id}/accepted-codex-aaaa.json`, `snapshots/${other.name}`]);
    expect((await readShareState(root)).pending).toEqual([held.id]);
  });

  it('hasPendingShares: only a non-empty list', async () => {
    const { root } = makeRepo();
    expect(await hasPendingShares(root)).toBe(false);
    writeShareState(root, { pending: [] });
    expect(await hasPendingShares(root)).toBe(false);
    writeShareState(root, { pending: ['x'] });
    expect(await hasPendingShares(root)).toBe(true);
  });

  it('shareReceipt: the receipt goes out, another clone’s earlier acceptance is taken in and decides', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const t = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', target: 'any' });
    await shareNew(ctx, await entryOf(ctx, t.id), t.md, 'transfer');
    const mine = await cloneId(root);
    await ctx.store.addReceipt(t.id, { kind: 'accepted', by: 'codex', at: '2026-06-04T11:00:00Z', clone: mine });
    expect(await shareReceipt(ctx, await entryOf(ctx, t.id), mine)).toEqual({ taker: 'codex' });
    expect(onRemote(remote!)).toEqual([`receipts/${t.id}/accepted-codex-${mine}.json`, `snapshots/${t.name}`]);

    const u = await ownSnapshot(ctx, { at: '2026-06-04T10:30:00Z', target: 'any' });
    await shareNew(ctx, await entryOf(ctx, u.id), u.md, 'transfer');
    const earlier = { kind: 'accepted', by: 'gemini', at: '2026-06-04T10:40:00Z', clone: 'bbbb' };
    await push(secondClone(remote!), [{ path: `receipts/${u.id}/accepted-gemini-bbbb.json`, text: JSON.stringify(earlier) }]);
    await ctx.store.addReceipt(u.id, { kind: 'accepted', by: 'codex', at: '2026-06-04T11:00:00Z', clone: mine });
    expect(await shareReceipt(ctx, await entryOf(ctx, u.id), mine)).toEqual({ taker: 'gemini@bbbb' });
    expect(onRemote(remote!).filter((p) => p.startsWith(`receipts/${u.id}/`))).toEqual([`receipts/${u.id}/accepted-gemini-bbbb.json`]);
  });

  it('shareReceipt with the remote away: the local taker, and the note that the receipt waits', async () => {
    const { root } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const t = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', target: 'any' });
    await ctx.store.addReceipt(t.id, { kind: 'accepted', by: 'codex', at: '2026-06-04T11:00:00Z', clone: 'aaaa' });
    git(root, 'remote', 'set-url', 'origin', path.join(root, 'nowhere.git'));
    expect(await shareReceipt(ctx, await entryOf(ctx, t.id), 'cccc')).toEqual({
      taker: 'codex@aaaa',
      note: 'The receipt is not shared yet (work_publish retries).',
    });
    expect((await readShareState(root)).pending).toEqual([t.id]);
  });
});

describe('retryPendingShares', () => {
  it('without the OK: what is held, why, and the person’s verb for the first of them', async () => {
    const { root } = makeRepo({ withRemote: true });
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    const b = await ownSnapshot(ctx, { at: '2026-06-04T10:01:00Z' });
    writeShareState(root, { pending: [a.id, b.id] });
    expect(await retryPendingShares(ctx)).toEqual({
      // Held ones are kept newest first (the store's order).
      handovers_not_shared: [b.id, a.id],
      share_error: 'the user has not allowed sharing from this clone yet (data.user_runs, in their own terminal)',
      user_runs: `butler handover share-preview ${b.id}`,
    });
  });

  it('a failure other than the OK names no verb; nothing pending names none either', async () => {
    const { root } = makeRepo({ withRemote: true });
    allow(root);
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    writeShareState(root, { pending: [a.id] });
    git(root, 'remote', 'remove', 'origin');
    expect(await retryPendingShares(ctx)).toEqual({ handovers_not_shared: [a.id], share_error: 'there is no upstream remote' });
  });

  it('shared now: a transfer without an issue, or whose file is gone, is not posted', async () => {
    const { root } = makeRepo({ withRemote: true });
    allow(root);
    const c = commenting();
    const ctx = shareCtx(root, { commentOnIssue: c.commentOnIssue });
    const noIssue = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', target: 'codex' });
    const gone = await ownSnapshot(ctx, { at: '2026-06-04T10:01:00Z', issue: 8, target: 'codex' });
    rmSync(path.join(root, 'session_logs', 'handover', gone.name));
    writeShareState(root, { pending: [noIssue.id, gone.id] });
    expect(await retryPendingShares(ctx)).toEqual({ handovers_shared: [gone.id, noIssue.id] });
    expect(c.posts).toEqual([]);
  });

  it('shared now: the ids, and each transfer to another brain posted on its issue', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    allow(root);
    const c = commenting();
    const ctx = shareCtx(root, { commentOnIssue: c.commentOnIssue });
    const suspend = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', issue: 7, target: 'claude-code' });
    const transfer = await ownSnapshot(ctx, { at: '2026-06-04T10:01:00Z', issue: 8, target: 'codex' });
    const other = await ownSnapshot(ctx, { at: '2026-06-04T10:02:00Z', issue: 9, target: 'codex' });
    writeShareState(root, { pending: [suspend.id, transfer.id] });
    expect(await retryPendingShares(ctx)).toEqual({ handovers_shared: [transfer.id, suspend.id] });
    expect(c.posts.map(([id, body]) => [id, body.split('\n')[0]])).toEqual([[8, `<!-- butler:handover ${transfer.id} -->`]]);
    expect(onRemote(remote!)).toEqual([`snapshots/${suspend.name}`, `snapshots/${transfer.name}`]);
    expect(other.id).not.toBe(transfer.id);
  });
});
