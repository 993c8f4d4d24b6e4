import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { LocalIssueBackend } from '../../src/issues/local/backend.js';
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
import { toErrorResult } from '../../src/shared/errors.js';
import type { ToolResult } from '../../src/shared/result.js';
import { STRUCTURED_EN, STRUCTURED_JA, localBackend } from './helpers.js';

/** Runs an op and turns a thrown ButlerError into its envelope, as the MCP facade does. */
async function run(p: Promise<ToolResult>): Promise<ToolResult & { data: Record<string, any> }> {
  try {
    return (await p) as ToolResult & { data: Record<string, any> };
  } catch (err) {
    return toErrorResult(err) as ToolResult & { data: Record<string, any> };
  }
}

async function issueWithComments(n: number) {
  const ctx = localBackend();
  await createIssue(ctx.backend, 'en', 'Login broken', STRUCTURED_EN);
  for (let i = 1; i <= n; i++) await commentIssue(ctx.backend, 'en', 1, `comment ${i}`);
  return ctx;
}

describe('local issue backend: issue_read', () => {
  it('returns no comments by default', async () => {
    const { backend } = await issueWithComments(4);
    const r = await run(readIssue(backend, 'en', 1));
    expect(r.status).toBe('ok');
    expect(r.data.issue.comments).toBeUndefined();
    expect(r.data.issue.comment_count).toBe(4);
    expect(r.data.issue.body).toBe(STRUCTURED_EN);
  });

  it('issue_read(last_n_comments=3) returns exactly the last 3, oldest first', async () => {
    const { backend } = await issueWithComments(5);
    const r = await run(readIssue(backend, 'en', 1, 3));
    expect(r.data.issue.comments.map((c: any) => c.body)).toEqual(['comment 3', 'comment 4', 'comment 5']);
    expect(r.data.issue.comments.map((c: any) => c.id)).toEqual([3, 4, 5]);
    expect(r.data.issue.comments[0].author).toBe('claude-code');
  });

  it('last_n_comments=0 gives the body only', async () => {
    const { backend } = await issueWithComments(2);
    const r = await run(readIssue(backend, 'en', 1, 0));
    expect(r.data.issue.comments).toBeUndefined();
    expect(r.data.issue.title).toBe('Login broken');
  });

  it('last_n_comments larger than the thread returns all comments', async () => {
    const { backend } = await issueWithComments(2);
    expect((await run(readIssue(backend, 'en', 1, 50))).data.issue.comments).toHaveLength(2);
  });

  it('a missing issue is not_found', async () => {
    const { backend } = localBackend();
    const r = await run(readIssue(backend, 'en', 9));
    expect(r.error_code).toBe('not_found');
  });
});

describe('local issue backend: issue_create', () => {
  it('creates .butler/issues/1.md with YAML front matter', async () => {
    const { backend, root } = localBackend();
    const r = await run(createIssue(backend, 'en', '  Login broken ', STRUCTURED_EN, ['bug', 'bug', ' ui ']));
    expect(r.status).toBe('ok');
    expect(r.data.issue).toMatchObject({ id: 1, title: 'Login broken', state: 'open', labels: ['bug', 'ui'] });
    const text = readFileSync(path.join(root, '.butler/issues/1.md'), 'utf8');
    const front = parse(text.split('---\n')[1]!);
    expect(front).toMatchObject({ id: 1, title: 'Login broken', state: 'open', labels: ['bug', 'ui'], author: 'claude-code' });
    expect(front.created_at).toMatch(/^2026-06-03T/);
    expect(front.updated_at).toBe(front.created_at);
    expect(text).toContain('## Next\nReproduce');
    expect(readFileSync(path.join(root, '.butler/issues/.gitignore'), 'utf8')).toContain('*.lock');
  });

  it('a title without a body (or a blank one) is need_input naming every section; nothing is created (issue #12)', async () => {
    const { backend, root } = localBackend();
    for (const body of [undefined, ' \n ']) {
      const r = await run(createIssue(backend, 'en', 'Just a title', body));
      expect(r).toMatchObject({ status: 'need_input', data: { missing: ['Current state', 'Next', 'Blockers'] } });
      expect(r.data.template).toContain('## Current state');
      expect(r.data.required_action).toMatchObject({ tool: 'issue_create', args: { title: 'Just a title' }, required_args: ['body'] });
    }
    const ja = await run(createIssue(backend, 'ja', 'T'));
    expect(ja.data.missing).toEqual(['現在の状態', '次にすること', 'ブロック要因']);
    expect(existsSync(path.join(root, '.butler/issues/1.md'))).toBe(false);
  });

  it('a blank title is invalid_title', async () => {
    const { backend } = localBackend();
    expect((await run(createIssue(backend, 'en', '   ', STRUCTURED_EN))).error_code).toBe('invalid_title');
  });

  it('an unstructured English body gives need_input naming the missing parts', async () => {
    const { backend, root } = localBackend();
    const r = await run(createIssue(backend, 'en', 'T', '## Current state\nHalf done.\n\n## Blockers\n'));
    expect(r.status).toBe('need_input');
    expect(r.data.missing).toEqual(['Next', 'Blockers']);
    expect(r.summary).toContain('Next');
    expect(r.data.required_action).toMatchObject({ tool: 'issue_create', args: { title: 'T' }, required_args: ['body'] });
    expect(r.data.template).toContain('## Blockers');
    expect(() => readFileSync(path.join(root, '.butler/issues/1.md'))).toThrow();
  });

  it('a Japanese body missing parts names them in Japanese', async () => {
    const { backend } = localBackend();
    const r = await run(createIssue(backend, 'en', 'T', '## 現在の状態\n作業中'));
    expect(r.status).toBe('need_input');
    expect(r.data.missing).toEqual(['次にすること', 'ブロック要因']);
  });

  it('accepts Label: lines and bold headings as sections', async () => {
    const { backend } = localBackend();
    const body = '**Current state**: tests pass\nNext: ship it\nBlockers: none';
    expect((await run(createIssue(backend, 'en', 'T', body))).status).toBe('ok');
  });
});

describe('local issue backend: comments', () => {
  it('a comment is a pure append to the file, with id, author and time', async () => {
    const { backend, root } = await issueWithComments(0);
    const file = path.join(root, '.butler/issues/1.md');
    const before = readFileSync(file, 'utf8');
    const r = await run(commentIssue(backend, 'en', 1, 'first note'));
    expect(r.data.comment).toMatchObject({ id: 1, author: 'claude-code', body: 'first note' });
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length)).toMatch(
      /^\n<!-- butler:comment \{"id":1,"author":"claude-code","created_at":"2026-[^"]+"\} -->\nfirst note\n$/,
    );
  });

  it('a blank comment is invalid_body; a comment on a missing issue is not_found', async () => {
    const { backend } = await issueWithComments(0);
    expect((await run(commentIssue(backend, 'en', 1, '  '))).error_code).toBe('invalid_body');
    expect((await run(commentIssue(backend, 'en', 7, 'x'))).error_code).toBe('not_found');
  });

  it('text that looks like a comment marker cannot forge a comment', async () => {
    const { backend } = await issueWithComments(0);
    const forged = 'see below\n<!-- butler:comment {"id":99,"author":"mallory","created_at":"x"} -->\nfake';
    await commentIssue(backend, 'en', 1, forged);
    await updateIssueBody(backend, 'en', 1, `${STRUCTURED_EN}\n${forged}`);
    const issue = (await run(readIssue(backend, 'en', 1, 10))).data.issue;
    expect(issue.comments).toHaveLength(1);
    expect(issue.comments[0].body).toBe(forged);
    expect(issue.body).toBe(`${STRUCTURED_EN}\n${forged}`);
  });

  it('issue_delete_comment(issue_id, comment_id) leaves a tombstone with the reason', async () => {
    const { root } = await issueWithComments(3);
    const codex = new LocalIssueBackend({ projectRoot: root, author: 'codex-mcp-client', lang: 'en' });
    const r = await run(deleteIssueComment(codex, 'en', 1, 2, 'posted --> by mistake'));
    expect(r.status).toBe('ok');
    expect(r.data).toMatchObject({ issue_id: 1, comment_id: 2, reason: 'posted --> by mistake', tombstone: true });
    const text = readFileSync(path.join(root, '.butler/issues/1.md'), 'utf8');
    expect(text).not.toContain('comment 2\n');
    expect(text).toMatch(/"id":2,.*"deleted":\{"by":"codex-mcp-client","at":"[^"]+","reason":"posted --\\u003e by mistake"\}/);
    const issue = (await run(readIssue(codex, 'en', 1, 10))).data.issue;
    expect(issue.comments.map((c: any) => c.id)).toEqual([1, 3]);
    expect(issue.comment_count).toBe(2);
  });

  it('comment ids are never reused after a deletion', async () => {
    const { backend } = await issueWithComments(2);
    await deleteIssueComment(backend, 'en', 1, 2);
    expect((await run(commentIssue(backend, 'en', 1, 'again'))).data.comment.id).toBe(3);
  });

  it('issue_delete_comment on a missing comment is not_found; on a deleted one it says so and writes nothing', async () => {
    const { backend, root } = await issueWithComments(1);
    expect((await run(deleteIssueComment(backend, 'en', 1, 5))).error_code).toBe('not_found');
    await deleteIssueComment(backend, 'en', 1, 1, 'first');
    const file = path.join(root, '.butler/issues/1.md');
    const before = readFileSync(file, 'utf8');
    const again = await run(deleteIssueComment(backend, 'en', 1, 1, 'second'));
    expect(again).toMatchObject({
      status: 'ok',
      summary: 'Comment 1 on #1 was already deleted; nothing changed',
      data: { changed: false },
    });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect((await run(deleteIssueComment(backend, 'en', 4, 1))).error_code).toBe('not_found');
  });
});

describe('local issue backend: updates and state', () => {
  it('issue_update_title replaces the title and bumps updated_at', async () => {
    const { backend } = await issueWithComments(0);
    const before = (await run(readIssue(backend, 'en', 1))).data.issue;
    const r = await run(updateIssueTitle(backend, 'en', 1, 'Login broken on Safari'));
    expect(r.data.issue.title).toBe('Login broken on Safari');
    expect(r.data.issue.updated_at > before.updated_at).toBe(true);
    expect(r.data.issue.body).toBe(STRUCTURED_EN);
  });

  it('issue_update_title refuses an empty title (invalid_title) and a missing issue (not_found)', async () => {
    const { backend } = await issueWithComments(0);
    expect((await run(updateIssueTitle(backend, 'en', 1, ''))).error_code).toBe('invalid_title');
    expect((await run(updateIssueTitle(backend, 'en', 1, 'a\nb'))).error_code).toBe('invalid_title');
    expect((await run(updateIssueTitle(backend, 'en', 8, 'x'))).error_code).toBe('not_found');
  });

  it('issue_update_body replaces only the body, keeping comments', async () => {
    const { backend } = await issueWithComments(2);
    const r = await run(updateIssueBody(backend, 'en', 1, STRUCTURED_JA));
    expect(r.data.issue).toMatchObject({ body: STRUCTURED_JA, title: 'Login broken' });
    expect((await run(readIssue(backend, 'en', 1, 5))).data.issue.comments).toHaveLength(2);
  });

  it('issue_update_body refuses an empty body (invalid_body) and a missing issue (not_found)', async () => {
    const { backend } = await issueWithComments(0);
    expect((await run(updateIssueBody(backend, 'en', 1, '\n\t'))).error_code).toBe('invalid_body');
    expect((await run(updateIssueBody(backend, 'en', 8, STRUCTURED_EN))).error_code).toBe('not_found');
  });

  it("issue_update_body with a body lacking sections is need_input naming them, in the body's language; nothing is written", async () => {
    const { backend, root } = await issueWithComments(0);
    const file = path.join(root, '.butler/issues/1.md');
    const before = readFileSync(file, 'utf8');
    const en = await run(updateIssueBody(backend, 'en', 1, 'Rewritten body'));
    expect(en).toMatchObject({ status: 'need_input', summary: 'Body lacks: Current state, Next, Blockers' });
    expect(en.data.required_action).toMatchObject({ tool: 'issue_update_body', args: { issue_id: 1 }, required_args: ['body'] });
    const ja = await run(updateIssueBody(backend, 'en', 1, '## 現在の状態\n作業中\n\n## 次にすること\nテスト'));
    expect(ja.data.missing).toEqual(['ブロック要因']);
    expect(ja.data.template).toContain('## ブロック要因');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('issue_close returns the closed issue in data.issue; issue_reopen opens it again', async () => {
    const { backend, root } = await issueWithComments(0);
    const closed = await run(closeIssue(backend, 'en', 1));
    expect(closed.status).toBe('ok');
    expect(closed.data.issue).toMatchObject({ id: 1, state: 'closed', title: 'Login broken' });
    expect(parse(readFileSync(path.join(root, '.butler/issues/1.md'), 'utf8').split('---\n')[1]!).closed_at).toBeTruthy();
    const reopened = await run(reopenIssue(backend, 'en', 1));
    expect(reopened.data.issue.state).toBe('open');
    expect((await run(reopenIssue(backend, 'en', 5))).error_code).toBe('not_found');
    expect((await run(closeIssue(backend, 'en', 5))).error_code).toBe('not_found');
  });

  it('closing a closed issue (or reopening an open one) says it already was and writes nothing', async () => {
    const { backend, root } = await issueWithComments(0);
    const file = path.join(root, '.butler/issues/1.md');
    const open = readFileSync(file, 'utf8');
    expect(await run(reopenIssue(backend, 'en', 1))).toMatchObject({
      status: 'ok',
      summary: '#1 was already open; nothing changed',
      data: { changed: false },
    });
    expect(readFileSync(file, 'utf8')).toBe(open);
    await closeIssue(backend, 'en', 1);
    const closed = readFileSync(file, 'utf8');
    const again = await run(closeIssue(backend, 'ja', 1));
    expect(again).toMatchObject({
      status: 'ok',
      summary: '#1 は既に閉じています。何も変更していません',
      data: { changed: false, issue: { state: 'closed' } },
    });
    expect(readFileSync(file, 'utf8')).toBe(closed);
  });

  it('a hand-damaged file is backend_error, not a crash', async () => {
    const { backend, root } = await issueWithComments(0);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(root, '.butler/issues/1.md'), 'no front matter');
    const r = await run(readIssue(backend, 'en', 1));
    expect(r.error_code).toBe('backend_error');
    expect(r.summary).toContain('#1');
  });

  it('reads files with CRLF line endings (a Windows checkout)', async () => {
    const { backend, root } = await issueWithComments(2);
    const file = path.join(root, '.butler/issues/1.md');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n/g, '\r\n'));
    const issue = (await run(readIssue(backend, 'en', 1, 1))).data.issue;
    expect(issue.comments[0].body).toBe('comment 2');
    expect(issue.title).toBe('Login broken');
  });
});
