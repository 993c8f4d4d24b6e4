// What the person sees before sharing is allowed (src/handover/share-preview.ts, docs/decisions.md D36),
// with real git, a real store and a bare remote: which snapshots are previewed, their path and exact
// text, and what the yes records and shares (issue #27).
import { describe, expect, it } from 'vitest';
import { allowSharing, previewShares } from '../../src/handover/share-preview.js';
import { recordShareConsent } from '../../src/handover/share-consent.js';
import { importFrom } from '../../src/handover/share.js';
import { fetchShared, SHARE_REF } from '../../src/handover/share-git.js';
import { ButlerError } from '../../src/shared/errors.js';
import { readShareState } from '../../src/handover/share.js';
import { hostGit } from '../helpers/git.js';
import { attacker, forged, push } from '../helpers/hostile.js';
import { git, makeRepo } from '../helpers/repo.js';
import { NOW, ownSnapshot, recordingGit, redact, SHARED_TEXT, shareCtx, writeShareState } from '../helpers/share-ctx.js';
import { rmSync } from 'node:fs';
import path from 'node:path';

const thrown = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

/** A clone with a snapshot another clone shared, taken in (origin `shared`). */
async function withSharedRow() {
  const { root, remote } = makeRepo({ withRemote: true });
  const other = forged({ brain: 'codex', target: 'any', at: '2026-06-04T11:00:00Z' });
  await push(attacker(remote!), [{ path: `snapshots/${other.name}`, text: other.md }]);
  const ctx = shareCtx(root);
  const tip = await fetchShared({ git: hostGit, root, timeoutMs: 20_000 });
  await importFrom({ root, store: ctx.store, git: hostGit, now: () => NOW, redact }, tip!);
  return { root, remote: remote!, ctx, other };
}

describe('previewShares', () => {
  it('a named own snapshot: its path on the ref and exactly the text a push carries', async () => {
    const { root } = makeRepo();
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', text: 'SECRET' });
    await ownSnapshot(ctx, { at: '2026-06-04T10:05:00Z' });
    const out = await previewShares(ctx, { handover_id: a.id });
    expect(out).toEqual({
      previews: [{ handover_id: a.id, path: 'snapshots/project_20260604T100000Z_claude-code.md', text: SHARED_TEXT }],
      held: [],
      allowed: null,
    });
  });

  it('an unknown id is not_found; one that came from the remote is refused: it is there already', async () => {
    const { ctx, other } = await withSharedRow();
    const missing = (await thrown(previewShares(ctx, { handover_id: 'project-20990101T000000Z-nobody' }))) as ButlerError;
    expect(missing).toBeInstanceOf(ButlerError);
    expect([missing.code, missing.message, missing.hint]).toEqual([
      'not_found',
      'No snapshot project-20990101T000000Z-nobody here',
      'butler handover list shows the ids.',
    ]);
    const there = (await thrown(previewShares(ctx, { handover_id: other.id }))) as ButlerError;
    expect(there).toBeInstanceOf(ButlerError);
    expect([there.code, there.message, there.hint]).toEqual([
      'invalid_argument',
      `${other.id} came from the remote: it is there already`,
      'Name a snapshot written here.',
    ]);
  });

  it('without a name: every held snapshot in scope, newest first; held lists them all; a shared id held is not among them', async () => {
    const { root, ctx, other } = await withSharedRow();
    const p1 = await ownSnapshot(ctx, { at: '2026-06-04T09:00:00Z' });
    const i7a = await ownSnapshot(ctx, { at: '2026-06-04T09:10:00Z', issue: 7 });
    const i7b = await ownSnapshot(ctx, { at: '2026-06-04T09:20:00Z', issue: 7 });
    const i8 = await ownSnapshot(ctx, { at: '2026-06-04T09:30:00Z', issue: 8 });
    await ownSnapshot(ctx, { at: '2026-06-04T09:40:00Z', issue: 7 }); // not held
    writeShareState(root, { pending: [p1.id, i7a.id, i7b.id, i8.id, other.id, 'project-20990101T000000Z-gone'] });
    const all = await previewShares(ctx, {});
    expect(all.previews.map((p) => p.handover_id)).toEqual([i8.id, i7b.id, i7a.id, p1.id]);
    expect(all.held).toEqual([i8.id, i7b.id, i7a.id, p1.id]);
    const seven = await previewShares(ctx, { issue_id: 7 });
    expect(seven.previews.map((p) => p.path)).toEqual([
      'snapshots/issue-7_20260604T092000Z_claude-code.md',
      'snapshots/issue-7_20260604T091000Z_claude-code.md',
    ]);
    expect(seven.held).toEqual([i8.id, i7b.id, i7a.id, p1.id]);
  });

  it('nothing held: the newest own snapshot in scope as the example, never a shared one', async () => {
    const { ctx } = await withSharedRow();
    await ownSnapshot(ctx, { at: '2026-06-04T09:00:00Z' });
    const newest = await ownSnapshot(ctx, { at: '2026-06-04T09:30:00Z' });
    const seven = await ownSnapshot(ctx, { at: '2026-06-04T09:10:00Z', issue: 7 });
    expect((await previewShares(ctx, {})).previews.map((p) => p.handover_id)).toEqual([newest.id]);
    expect((await previewShares(ctx, { issue_id: 7 })).previews.map((p) => p.handover_id)).toEqual([seven.id]);
    expect((await previewShares(ctx, { issue_id: 9 })).previews).toEqual([]);
  });

  it('no snapshot to show: git is not asked for the tracked files', async () => {
    const { root } = makeRepo();
    const calls: (readonly string[])[] = [];
    const ctx = shareCtx(root, { git: recordingGit(calls) });
    expect(await previewShares(ctx, {})).toEqual({ previews: [], held: [], allowed: null });
    expect(calls.filter((c) => c[0] === 'ls-files')).toEqual([]);
  });

  it('a snapshot whose file is gone is left out; the OK, when given, is reported', async () => {
    const { root } = makeRepo();
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T09:00:00Z' });
    const b = await ownSnapshot(ctx, { at: '2026-06-04T09:10:00Z' });
    writeShareState(root, { pending: [a.id, b.id] });
    rmSync(path.join(root, 'session_logs', 'handover', b.name));
    recordShareConsent(root, { allowed_at: '2026-06-01T00:00:00Z', by: 'Ann' });
    const out = await previewShares(ctx, {});
    expect(out.previews.map((p) => p.handover_id)).toEqual([a.id]);
    expect(out.allowed).toEqual({ allowed_at: '2026-06-01T00:00:00Z', by: 'Ann' });
  });
});

describe('allowSharing', () => {
  it('records the yes with the time and the person, then shares what was held', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z', text: 'SECRET' });
    writeShareState(root, { pending: [a.id] });
    const out = await allowSharing(ctx, 'Ann <ann@example.com>');
    expect(out).toEqual({ file: path.join(root, '.git', 'butler', 'share-allowed.json'), outcome: { shared: true, published: [a.id] } });
    expect(git(remote!, 'show', `${SHARE_REF}:snapshots/${a.name}`)).toBe(SHARED_TEXT.trimEnd());
    expect((await readShareState(root)).pending).toEqual([]);
  });

  it('the remote away: the yes stays recorded, what was held stays pending as it was', async () => {
    const { root } = makeRepo({ withRemote: true });
    const ctx = shareCtx(root);
    const a = await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    writeShareState(root, { pending: [a.id] });
    git(root, 'remote', 'set-url', 'origin', path.join(root, 'nowhere.git'));
    const out = await allowSharing(ctx, 'Ann');
    expect(out.outcome).toMatchObject({ shared: false, reason: 'unreachable' });
    expect((await readShareState(root)).pending).toEqual([a.id]);
    expect((await previewShares(ctx, {})).allowed).toEqual({ allowed_at: NOW.toISOString(), by: 'Ann' });
  });

  it('nothing held: the yes is recorded and nothing is pushed', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const ctx = shareCtx(root);
    await ownSnapshot(ctx, { at: '2026-06-04T10:00:00Z' });
    const out = await allowSharing(ctx, 'Ann');
    expect(out.outcome).toBeNull();
    expect(git(remote!, 'for-each-ref', SHARE_REF)).toBe('');
    expect(await previewShares(ctx, {}).then((p) => p.allowed)).toEqual({ allowed_at: NOW.toISOString(), by: 'Ann' });
  });
});
