import { describe, expect, it } from 'vitest';
import {
  closeIssue,
  commentIssue,
  createIssue,
  deleteIssueComment,
  readIssue,
  reopenIssue,
  updateIssueBody,
  updateIssueTitle,
} from '../../src/issues/ops.js';
import type { Issue, IssueBackend } from '../../src/issues/types.js';
import { STRUCTURED_EN } from './helpers.js';

/** Records which backend method each operation calls, with which arguments (docs/decisions.md D30). */
function recorder() {
  const calls: [string, ...unknown[]][] = [];
  const issue: Issue = { id: 4, title: 't', body: 'b', state: 'open', labels: [], created_at: '', updated_at: '' };
  const rec =
    (name: string, result: unknown = issue) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return result;
    };
  const backend: IssueBackend = {
    kind: 'gitea',
    read: rec('read') as IssueBackend['read'],
    create: rec('create') as IssueBackend['create'],
    comment: rec('comment', { id: 9, author: 'a', body: 'x', created_at: '' }) as IssueBackend['comment'],
    deleteComment: rec('deleteComment', undefined) as IssueBackend['deleteComment'],
    updateTitle: rec('updateTitle') as IssueBackend['updateTitle'],
    updateBody: rec('updateBody') as IssueBackend['updateBody'],
    reopen: rec('reopen') as IssueBackend['reopen'],
    close: rec('close', { ...issue, state: 'closed' }) as IssueBackend['close'],
    list: rec('list', []) as IssueBackend['list'],
    listLabels: rec('listLabels', []) as IssueBackend['listLabels'],
  };
  return { backend, calls };
}

describe('issue operations delegate to one backend call each', () => {
  it('issue_read asks for no comments by default and for N with last_n_comments', async () => {
    const { backend, calls } = recorder();
    await readIssue(backend, 'en', 4);
    await readIssue(backend, 'en', 4, 3);
    expect(calls).toEqual([
      ['read', 4, 0],
      ['read', 4, 3],
    ]);
  });

  it('issue_delete_comment(issue_id, comment_id) delegates to the backend delete_issue_comment', async () => {
    const { backend, calls } = recorder();
    const r = await deleteIssueComment(backend, 'en', 4, 9, '  dup ');
    expect(calls).toEqual([['deleteComment', 4, 9, 'dup']]);
    expect(r.data).toMatchObject({ issue_id: 4, comment_id: 9, reason: 'dup', tombstone: false });
  });

  it('issue_update_title(issue_id, title) delegates to update_issue(title=...)', async () => {
    const { backend, calls } = recorder();
    await updateIssueTitle(backend, 'en', 4, '  New title ');
    expect(calls).toEqual([['updateTitle', 4, 'New title']]);
  });

  it('issue_update_body(issue_id, body) delegates to update_issue(body=...)', async () => {
    const { backend, calls } = recorder();
    await updateIssueBody(backend, 'en', 4, STRUCTURED_EN);
    expect(calls).toEqual([['updateBody', 4, STRUCTURED_EN]]);
  });

  it('issue_reopen(issue_id) delegates to update_issue(state="open") after reading the state', async () => {
    const { backend, calls } = recorder();
    backend.read = async (...args) => {
      calls.push(['read', ...args]);
      return { id: 4, title: 't', body: 'b', state: 'closed', labels: [], created_at: '', updated_at: '' };
    };
    await reopenIssue(backend, 'en', 4);
    expect(calls).toEqual([
      ['read', 4],
      ['reopen', 4],
    ]);
  });

  it('issue_close returns status ok and the closed issue in data.issue', async () => {
    const { backend, calls } = recorder();
    const r = await closeIssue(backend, 'en', 4);
    expect(calls).toEqual([
      ['read', 4],
      ['close', 4],
    ]);
    expect(r.status).toBe('ok');
    expect((r.data as { issue: Issue }).issue.state).toBe('closed');
  });

  it('issue_create and issue_comment pass trimmed text and cleaned labels; blank text never reaches the backend', async () => {
    const { backend, calls } = recorder();
    await createIssue(backend, 'en', ' T ', STRUCTURED_EN, [' a ', 'a', '']);
    await commentIssue(backend, 'en', 4, ' hi ');
    await expect(updateIssueTitle(backend, 'en', 4, '  ')).rejects.toMatchObject({ code: 'invalid_title' });
    await expect(updateIssueBody(backend, 'en', 4, '')).rejects.toMatchObject({ code: 'invalid_body' });
    await expect(commentIssue(backend, 'en', 4, '\n')).rejects.toMatchObject({ code: 'invalid_body' });
    expect(calls).toEqual([
      ['create', 'T', STRUCTURED_EN, ['a']],
      ['comment', 4, 'hi'],
    ]);
  });
});
