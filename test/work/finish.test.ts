import { describe, expect, it } from 'vitest';
import { hostGit } from '../helpers/git.js';
import { finishWork } from '../../src/work/finish.js';
import { commitFile, write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const finish = (root: string, defaultIssue: number | null = null) =>
  finishWork({ projectRoot: root, defaultIssue, git: hostGit, lang: 'en' });
const actions = (r: { data: Record<string, unknown> }) => (r.data.pending_actions as { action: string }[]).map((a) => a.action);

describe('finishWork (D28 order, proposals only)', () => {
  it('1. unrecorded changes → work_record only', async () => {
    const { root } = makeRepo({ withRemote: true });
    write(root, 'a.txt', 'a\n');
    const r = await finish(root, 50);
    expect(actions(r)).toEqual(['work_record']);
  });

  it('2. work_finish with no upstream returns configure_upstream and does not propose issue_close', async () => {
    const { root } = makeRepo({ withRemote: true });
    git(root, 'checkout', '-q', '-b', 'feature');
    commitFile(root, 'a.txt', 'a\n');
    const r = await finish(root, 50);
    expect(actions(r)).toEqual(['configure_upstream']);
    expect(actions(r)).not.toContain('issue_close');
  });

  it('3. unpublished records → work_publish only', async () => {
    const { root } = makeRepo({ withRemote: true });
    commitFile(root, 'a.txt', 'a\n');
    expect(actions(await finish(root, 50))).toEqual(['work_publish']);
  });

  it('4. work_finish returns pending_actions with both issue_comment and issue_close, and closes nothing', async () => {
    const { root } = makeRepo({ withRemote: true });
    const head = git(root, 'rev-parse', 'HEAD');
    const r = await finish(root, 50);
    expect(r.status).toBe('ok');
    expect(r.data.pending_actions).toEqual([
      expect.objectContaining({ action: 'issue_comment', required_args: ['issue_id', 'body'], args: { issue_id: 50 } }),
      expect.objectContaining({ action: 'issue_close', required_args: ['issue_id'], args: { issue_id: 50 } }),
    ]);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('work_finish with no default issue in a clean state returns pending_actions: []', async () => {
    const { root } = makeRepo({ withRemote: true });
    const r = await finish(root, null);
    expect(r.status).toBe('ok');
    expect(r.data.pending_actions).toEqual([]);
  });
});
