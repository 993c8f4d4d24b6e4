import { describe, expect, it } from 'vitest';
import { diffWork } from '../../src/work/diff.js';
import { hostGit } from '../helpers/git.js';
import { SAFE_REF } from '../../src/shared/ids.js';
import type { GitRunner } from '../../src/shared/git.js';
import { historyWork } from '../../src/work/history.js';
import { recordWork } from '../../src/work/record.js';
import { write } from '../helpers/git-scenarios.js';
import { makeRepo } from '../helpers/repo.js';

const HOSTILE = ['--output=/tmp/butler-pwned', '-p', '--exec=touch x', '-c core.pager=evil'];

/** Records every argv so a test can check where caller text landed. */
function spy(): { runner: GitRunner; calls: string[][] } {
  const calls: string[][] = [];
  return { calls, runner: (cwd, args, o) => (calls.push([...args]), hostGit(cwd, args, o)) };
}

/** Caller text may reach git only after `--` (as a path) or through stdin, never as an option or ref. */
function expectOnlyAfterDashDash(calls: string[][], text: string) {
  for (const args of calls) {
    const end = args.indexOf('--');
    const before = end < 0 ? args : args.slice(0, end);
    expect(before, args.join(' ')).not.toContain(text);
  }
}

describe('no option injection', () => {
  it('hostile paths go after `--` in work_diff and work_history', async () => {
    const { root } = makeRepo();
    for (const bad of HOSTILE) {
      const s = spy();
      await diffWork({ projectRoot: root, path: bad, git: s.runner });
      await diffWork({ projectRoot: root, path: bad, level: 'full', git: s.runner });
      await historyWork({ projectRoot: root, path: bad, git: s.runner });
      expectOnlyAfterDashDash(s.calls, bad);
    }
  });

  it('hostile record ids never reach git', async () => {
    const { root } = makeRepo();
    for (const bad of [...HOSTILE, 'HEAD', 'main~1', '']) {
      const s = spy();
      await expect(diffWork({ projectRoot: root, recordId: bad, git: s.runner })).rejects.toMatchObject({ code: 'invalid_argument' });
      expect(s.calls).toEqual([]);
    }
  });

  it('a message goes through stdin, never argv', async () => {
    const { root } = makeRepo();
    write(root, 'a.txt', 'a');
    const s = spy();
    await recordWork({ projectRoot: root, message: '--amend', defaultIssue: null, git: s.runner });
    expect(s.calls.flat()).not.toContain('--amend');
  });

  it('the safe ref pattern refuses leading dashes, .. and .lock', () => {
    for (const ok of ['origin', 'main', 'feature/x-1', 'v1.2']) expect(SAFE_REF.test(ok), ok).toBe(true);
    for (const bad of ['-x', '--upload-pack=x', 'a..b', 'a//b', 'x.lock', 'a b', '']) expect(SAFE_REF.test(bad), bad).toBe(false);
  });
});
