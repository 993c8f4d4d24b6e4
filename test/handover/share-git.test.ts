// The plumbing under handover sharing (issue #15), with real git: the rejected-update retry made
// deterministic, and a remote that holds hostile content.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFrom } from '../../src/handover/share.js';
import { fetchShared, SHARE_REF, ShareFailure, sharedTree } from '../../src/handover/share-git.js';
import { pushShared } from '../../src/handover/share-push.js';
import { HandoverStore } from '../../src/handover/store.js';
import { hostGit } from '../helpers/git.js';
import type { GitRunner } from '../../src/shared/git.js';
import { secondClone } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const opts = (root: string, g: GitRunner = hostGit) => ({ git: g, root, timeoutMs: 20_000 });
const remoteFiles = (remote: string) => git(remote, 'ls-tree', '-r', '--name-only', SHARE_REF).split('\n').filter(Boolean).sort();

describe('pushShared', () => {
  it('a rejected update fetches, unions and retries: both sharers land', async () => {
    const { root: a, remote } = makeRepo({ withRemote: true });
    const b = secondClone(remote!);
    let pushes = 0;
    // Clone B shares between A's fetch and A's push, as a concurrent sharer would.
    const racing: GitRunner = async (cwd, args, o) => {
      if (args[0] === 'push' && pushes++ === 0) await pushShared(opts(b), [{ path: 'snapshots/b.md', text: 'from B\n' }], 'B');
      return hostGit(cwd, args, o);
    };
    expect(await pushShared(opts(a, racing), [{ path: 'snapshots/a.md', text: 'from A\n' }], 'A')).toBe(1);
    expect(pushes).toBe(2);
    expect(remoteFiles(remote!)).toEqual(['snapshots/a.md', 'snapshots/b.md']);
    // History is linear on the ref: A's commit sits on B's.
    expect(git(remote!, 'rev-list', '--count', SHARE_REF)).toBe('2');
    // Nothing of A's work tree, branch or index moved.
    expect(git(a, 'status', '--porcelain')).toBe('');
    expect(git(a, 'rev-parse', 'HEAD')).toBe(git(remote!, 'rev-parse', 'main'));
  });

  it('a path already on the remote is left as it is (append-only), and a second push of it is a no-op', async () => {
    const { root: a, remote } = makeRepo({ withRemote: true });
    await pushShared(opts(a), [{ path: 'snapshots/x.md', text: 'one\n' }], 'first');
    const tip = git(remote!, 'rev-parse', SHARE_REF);
    expect(await pushShared(opts(a), [{ path: 'snapshots/x.md', text: 'two\n' }], 'again')).toBe(0);
    expect(git(remote!, 'rev-parse', SHARE_REF)).toBe(tip);
    expect(git(remote!, 'show', `${SHARE_REF}:snapshots/x.md`)).toBe('one');
  });

  it('a remote that never answers: each network call gets the bound, and the push gives up as unreachable', async () => {
    const { root } = makeRepo({ withRemote: true });
    const bounds: number[] = [];
    // A network call that hangs until its timeout, as git does against a silent host.
    const silent: GitRunner = async (cwd, args, o) => {
      if (args[0] !== 'fetch' && args[0] !== 'push') return hostGit(cwd, args, o);
      bounds.push(o?.timeoutMs ?? Infinity);
      await new Promise((r) => setTimeout(r, o?.timeoutMs ?? 0));
      return { stdout: '', stderr: 'fatal: unable to access: Connection timed out', exitCode: 128 };
    };
    const err = await pushShared({ ...opts(root, silent), timeoutMs: 1500 }, [{ path: 'snapshots/x.md', text: 'x\n' }], 'x').then(
      () => null,
      (e) => e,
    );
    expect(err).toBeInstanceOf(ShareFailure);
    expect(err.reason).toBe('unreachable');
    expect(bounds.length).toBeGreaterThan(0);
    expect(Math.max(...bounds)).toBeLessThanOrEqual(1500);
  });

  it('a remote with no shared ref yet fetches as null', async () => {
    const { root } = makeRepo({ withRemote: true });
    expect(await fetchShared(opts(root))).toBeNull();
  });
});

describe('importFrom: the remote is untrusted input', () => {
  it('takes in only well-formed snapshots whose METADATA matches their name, and well-formed receipts', async () => {
    const { root: a, remote } = makeRepo({ withRemote: true });
    const good = snapshotText('project-20260604T100000Z-claude-code');
    await pushShared(
      opts(a),
      [
        { path: 'snapshots/project_20260604T100000Z_claude-code.md', text: good },
        // claims another id than its name
        { path: 'snapshots/project_20260604T110000Z_evil.md', text: snapshotText('project-20260604T100000Z-claude-code') },
        // not a snapshot name at all, and a damaged one
        { path: 'snapshots/notes.md', text: good },
        {
          path: 'snapshots/project_20260604T120000Z_cut.md',
          text: '# Handover\n\n## METADATA\n- handover_id: project-20260604T120000Z-cut\n- created_at: 2026-06-04T12:00:00Z\n',
        },
        {
          path: 'receipts/project-20260604T100000Z-claude-code/accepted-codex-aa.json',
          text: JSON.stringify({ kind: 'accepted', by: 'codex', at: '2026-06-04T10:05:00Z', clone: 'aa' }),
        },
        { path: 'receipts/project-20260604T100000Z-claude-code/bad-1.json', text: '{"kind":"owned","by":"x","at":"2026"}' },
        {
          path: 'receipts/project-20260604T100000Z-claude-code/bad-2.json',
          text: JSON.stringify({ kind: 'accepted', by: 'x', at: 'yesterday' }),
        },
        { path: 'receipts/../../etc/x.json', text: '{}' },
      ],
      'hostile',
    );
    const b = secondClone(remote!);
    const store = new HandoverStore(b);
    const deps = { root: b, store, git: hostGit, now: () => new Date(), redact: (t: string) => t };
    const tip = await fetchShared(opts(b));
    expect(tip).not.toBeNull();
    expect([...(await sharedTree(opts(b), tip!)).keys()]).toContain('snapshots/notes.md');
    await importFrom(deps, tip!);
    // The one good snapshot, as a row only: no file and no latest copy until it is accepted (issue #23).
    expect(readdirSync(store.dir).filter((f) => f.endsWith('.md'))).toEqual([]);
    const all = await store.entries();
    expect(all.map((e) => e.handover_id)).toEqual(['project-20260604T100000Z-claude-code']);
    expect(all[0]).toMatchObject({
      handover_id: 'project-20260604T100000Z-claude-code',
      origin: 'shared',
      author: 'Test <test@example.com>',
      is_latest: false,
      receipts: [{ kind: 'accepted', by: 'codex', clone: 'aa' }],
    });
    expect(existsSync(path.join(b, '..', 'etc'))).toBe(false);
    // git itself refuses a tree path with "..": the hostile receipt never became a file anywhere.
    expect(execFileSync('git', ['ls-tree', '-r', '--name-only', tip!], { cwd: b, encoding: 'utf8' })).not.toContain('..');
  });
});

function snapshotText(id: string): string {
  const sections = ['CURRENT_STATE', 'DISCOVERY', 'DECISION', 'NEXT_ACTION', 'BLOCKED / PENDING', 'RISKS', 'CODEBASE_ANCHORS'];
  return [
    '# Handover: repo',
    '',
    '## METADATA',
    `- project: repo`,
    `- issue: none`,
    `- source_brain: claude-code`,
    `- target_brain: any`,
    `- created_at: 2026-06-04T10:00:00Z`,
    `- handover_id: ${id}`,
    `- lang: en`,
    '',
    ...sections.flatMap((s) => [`## ${s}`, '- none', '']),
    '## HANDOFF_PROMPT',
    'Continue the parser.',
    '',
  ].join('\n');
}
