// Issue #27: shares at once from one clone (two sessions of the same clone, or two of its worktrees)
// all land. Each updates the clone's copy of the fetched ref; without the per-clone share lock git
// refused about one in twenty ("cannot lock ref 'refs/butler/remote-handover': is at … but expected …").
// SHARE_RACE_ROUNDS repeats the race (the closing note of #27 ran 200 rounds in a row).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARE_REF } from '../../src/handover/share-git.js';
import { pushShared } from '../../src/handover/share-push.js';
import { hostGit } from '../helpers/git.js';
import { git, makeRepo } from '../helpers/repo.js';

const ROUNDS = Number(process.env.SHARE_RACE_ROUNDS ?? 3);
const AT_ONCE = 6;

describe('shares at once from one clone', () => {
  it(`${AT_ONCE} shares at once, from the clone and from a worktree of it, all land (${ROUNDS} rounds)`, {
    timeout: 60_000 + ROUNDS * 20_000,
  }, async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const tree = path.join(path.dirname(root), 'second-tree');
    git(root, 'worktree', 'add', '-q', '-b', 'second', tree);
    const expected: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const names = Array.from({ length: AT_ONCE }, (_, i) => `snapshots/r${round}-s${i}.md`);
      expected.push(...names);
      const results = await Promise.allSettled(
        names.map((name, i) =>
          pushShared({ git: hostGit, root: i % 3 === 2 ? tree : root, timeoutMs: 20_000 }, [{ path: name, text: `${name}\n` }], name),
        ),
      );
      const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`${names[i]}: ${String(r.reason?.detail ?? r.reason)}`] : []));
      expect(failed, `round ${round}`).toEqual([]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value : -1))).toEqual(names.map(() => 1));
    }
    const onRemote = git(remote!, 'ls-tree', '-r', '--name-only', SHARE_REF).split('\n').filter(Boolean).sort();
    expect(onRemote).toEqual(expected.sort());
    // The lock is gone once the shares are done, and it never sat in the work tree.
    expect(git(root, 'status', '--porcelain')).toBe('');
    expect(git(root, 'rev-parse', '--git-common-dir')).toBe('.git');
  });
});
