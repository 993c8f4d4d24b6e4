// The person's OK to share from a clone (README, security model: "Sharing needs a person's yes, once
// per clone"; src/handover/share-consent.ts and the gate in shareSnapshots), with real repositories, a
// linked worktree and a bare remote; expected paths and remote contents written out (issue #27).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordShareConsent, shareConsent } from '../../src/handover/share-consent.js';
import { allowSharing, secondClone } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

const REF = 'refs/butler/handover';
const onRemote = (remote: string) =>
  git(remote, 'for-each-ref', REF) ? git(remote, 'ls-tree', '-r', '--name-only', REF).split('\n').filter(Boolean) : [];

describe('the recorded OK', () => {
  it('lives in the clone’s common git dir: one yes for the clone and its worktrees, none in the work tree', () => {
    const { root } = makeRepo();
    const tree = path.join(path.dirname(root), 'tree');
    git(root, 'worktree', 'add', '-q', '-b', 'other', tree);
    expect(shareConsent(root)).toBeNull();
    const file = recordShareConsent(tree, { allowed_at: '2026-06-04T10:00:00Z', by: 'Ann <ann@example.com>' });
    expect(file).toBe(path.join(root, '.git', 'butler', 'share-allowed.json'));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ allowed_at: '2026-06-04T10:00:00Z', by: 'Ann <ann@example.com>' });
    expect(shareConsent(root)).toEqual({ allowed_at: '2026-06-04T10:00:00Z', by: 'Ann <ann@example.com>' });
    expect(shareConsent(tree)).toEqual({ allowed_at: '2026-06-04T10:00:00Z', by: 'Ann <ann@example.com>' });
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it.each([
    ['not JSON', '{'],
    ['no allowed_at', '{"by":"x"}'],
    ['an allowed_at that is not a string', '{"allowed_at":5,"by":"x"}'],
    ['null', 'null'],
  ])('a record that is %s is no OK', (_n, text) => {
    const { root } = makeRepo();
    mkdirSync(path.join(root, '.git', 'butler'), { recursive: true });
    writeFileSync(path.join(root, '.git', 'butler', 'share-allowed.json'), text);
    expect(shareConsent(root)).toBeNull();
  });

  it('a `by` that is not a string reads as empty', () => {
    const { root } = makeRepo();
    mkdirSync(path.join(root, '.git', 'butler'), { recursive: true });
    writeFileSync(path.join(root, '.git', 'butler', 'share-allowed.json'), '{"allowed_at":"2026-06-04T10:00:00Z","by":{"x":1}}');
    expect(shareConsent(root)).toEqual({ allowed_at: '2026-06-04T10:00:00Z', by: '' });
  });

  it('outside a repository: no OK, and recording one is an error that names the folder', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'butler-nogit-'));
    expect(shareConsent(dir)).toBeNull();
    expect(() => recordShareConsent(dir, { allowed_at: 'x', by: '' })).toThrow(`${dir} has no git dir: nothing to share from`);
  });
});

describe('the gate in front of the remote', () => {
  it('without the OK nothing written here is pushed; after it, what was held is shared', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const c = await connect({ clientName: 'claude-code', deps: { env: { BUTLER_LANG: 'en' } } });
    await c.call('work_session_start', { project_root: root });
    // A private one first: the OK given later must not carry it along.
    const mine = await c.call('handover_suspend', { notes: 'private' });
    expect(mine.status).toBe('ok');
    const held = await c.call('handover_suspend', { notes: 'held back', share: true });
    expect(held.status).toBe('need_input');
    expect(held.data.shared).toBe(false);
    expect(onRemote(remote!)).toEqual([]);
    // A second one is held too; the pending list keeps both.
    const second = await c.call('handover_suspend', { notes: 'also held', share: true, issue_id: 3 });
    expect(second.data.shared).toBe(false);
    expect(onRemote(remote!)).toEqual([]);
    await allowSharing(root);
    const files = onRemote(remote!);
    expect(files.sort()).toEqual(
      [held.data.snapshot_file, second.data.snapshot_file].map((f: string) => `snapshots/${path.basename(f)}`).sort(),
    );
    const next = await c.call('handover_suspend', { notes: 'now shared', share: true });
    expect(next.data.shared).toBe(true);
    expect(onRemote(remote!)).toContain(`snapshots/${path.basename(next.data.snapshot_file)}`);
    expect(onRemote(remote!)).not.toContain(`snapshots/${path.basename(mine.data.snapshot_file)}`);
    expect(onRemote(remote!)).toHaveLength(3);
    await c.close();
  });

  it('a clone without the OK still pushes its receipt for a snapshot that came from the remote', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const agent = async (at: string, name: string) => {
      const c = await connect({ clientName: name, deps: { env: { BUTLER_LANG: 'en' } } });
      await c.call('work_session_start', { project_root: at });
      return c;
    };
    await (await agent(root, 'codex-mcp-client')).close();
    await allowSharing(root);
    const claude = await agent(root, 'claude-code');
    const t = await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'Take this.', share: true });
    expect(t.data.shared).toBe(true);
    const b = secondClone(remote!);
    expect(shareConsent(b)).toBeNull();
    const codex = await agent(b, 'codex-mcp-client');
    expect((await codex.call('handover_accept')).data.accepted_by).toBe('codex-mcp-client');
    const receipts = onRemote(remote!).filter((p) => p.startsWith(`receipts/${t.data.handover_id}/`));
    expect(receipts).toHaveLength(1);
    await Promise.all([claude.close(), codex.close()]);
  });
});
