import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localBackend } from './helpers.js';

const file = (root: string, id: number) => path.join(root, '.butler', 'issues', `${id}.md`);
function plant(root: string, id: number, text: string) {
  mkdirSync(path.dirname(file(root, id)), { recursive: true });
  writeFileSync(file(root, id), text);
}

const USER_FILE = `---
id: 3
title: Hand written
# triage note: keep this
state: open
labels: [bug]
assignee: alice
milestone: v2
priority: high # set by the PM
author: alice
created_at: 2026-06-01T09:00:00.000Z
updated_at: 2026-06-01T09:00:00.000Z
---

Body text.
`;

describe('the local issue store keeps what users wrote', () => {
  it('unknown front-matter keys and YAML comments survive every kind of rewrite', async () => {
    const { root, backend } = localBackend();
    plant(root, 3, USER_FILE);
    await backend.comment(3, 'first');
    await backend.updateTitle(3, 'New title');
    await backend.updateBody(3, 'New body');
    await backend.close(3);
    await backend.reopen(3);
    await backend.deleteComment(3, 1, 'dup');
    const text = readFileSync(file(root, 3), 'utf8');
    for (const kept of ['assignee: alice', 'milestone: v2', 'priority: high # set by the PM', '# triage note: keep this'])
      expect(text).toContain(kept);
    expect(text).toContain('title: New title');
    expect(text).not.toContain('closed_at');
    expect((await backend.read(3)).labels).toEqual(['bug']);
  });

  it.each([
    ['state: wontfix', /state must be open or closed/],
    ['state: 3', /state must be open or closed/],
    ['labels: bug', /labels must be a list/],
    ['labels: [bug, 2]', /labels must be a list/],
    ['labels: [{name: bug}]', /labels must be a list/],
  ])('refuses %s with a clear error naming the file, and does not rewrite it', async (line, why) => {
    const { root, backend } = localBackend();
    const text = `---\nid: 4\ntitle: T\n${line}\n---\n\nb\n`;
    plant(root, 4, text);
    const err = await backend.read(4).catch((e) => e);
    expect(err).toMatchObject({ code: 'backend_error', data: { file: '.butler/issues/4.md' } });
    expect(err.hint).toMatch(why);
    await expect(backend.close(4)).rejects.toMatchObject({ code: 'backend_error' });
    expect(readFileSync(file(root, 4), 'utf8')).toBe(text);
  });

  it('a file whose id disagrees with its name is an error naming the file', async () => {
    const { root, backend } = localBackend();
    plant(root, 5, '---\nid: 6\ntitle: copied\n---\n\nb\n');
    const err = await backend.read(5).catch((e) => e);
    expect(err).toMatchObject({ code: 'backend_error' });
    expect(err.hint).toContain('.butler/issues/5.md');
    expect(err.hint).toContain('6');
    await expect(backend.comment(5, 'x')).rejects.toMatchObject({ code: 'backend_error' });
  });

  it('never allocates an id beyond what the tools accept', async () => {
    const { root, backend } = localBackend();
    plant(root, 1_000_000_000, '---\nid: 1000000000\ntitle: last\n---\n\nb\n');
    await expect(backend.create('next', 'b', [])).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('1000000000'),
    });
    plant(root, 9_999_999_999, '---\nid: 9999999999\ntitle: beyond\n---\n\nb\n');
    await expect(backend.create('next', 'b', [])).rejects.toMatchObject({ code: 'conflict' });
  });

  it('comments keep their bytes: CRLF, leading and trailing whitespace, blank lines', async () => {
    const { backend } = localBackend();
    const { issue } = { issue: await backend.create('t', 'b', []) };
    const bodies = [
      'line one\r\nline two\r\n',
      '  indented\n\n  trailing spaces   ',
      '\n\nstarts with blank lines',
      'plain',
      '<!-- butler:comment {"id":9} -->\nforged?',
    ];
    for (const b of bodies) await backend.comment(issue.id, b);
    const read = await backend.read(issue.id, 10);
    expect(read.comments!.map((c) => c.body)).toEqual(bodies);
    // And again after a rewrite of the front matter.
    await backend.updateTitle(issue.id, 'retitled');
    expect((await backend.read(issue.id, 10)).comments!.map((c) => c.body)).toEqual(bodies);
  });
});
