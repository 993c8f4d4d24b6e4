// The local issue front matter is edited in place: Butler's keys round-trip whatever their text,
// the user's entries (any YAML) pass through byte for byte.
import { describe, expect, it } from 'vitest';
import { parseIssue, serializeIssue, type StoredIssue } from '../../src/issues/local/format.js';

const base: StoredIssue = {
  id: 7,
  title: 'T',
  state: 'open',
  labels: [],
  author: 'alice',
  created_at: '2026-06-01T09:00:00.000Z',
  updated_at: '2026-06-01T09:00:00.000Z',
  body: 'b',
  comments: [],
};

describe('front matter without the yaml package', () => {
  it.each([
    'plain title',
    'Add truncate(s, n)',
    'key: value in a title',
    '# not a comment',
    '- not a list',
    'true',
    '123',
    '0x1F',
    'null',
    '"quoted" and \'single\'',
    'ends with colon:',
    'tab\there',
    'trailing space ',
    ' leading space',
    '日本語のタイトル',
    'a # b',
    '[brackets] {braces}, commas',
    'back\\slash',
    '\u2028 line separator',
  ])('title %j round-trips', (title) => {
    const labels = ['bug', 'help wanted', 'a:b', '#x', 'true'];
    const back = parseIssue(serializeIssue({ ...base, title, labels }));
    expect(back.title).toBe(title);
    expect(back.labels).toEqual(labels);
  });

  it('keeps the user’s entries byte for byte, including YAML the subset does not read', () => {
    const user = ['description: |', '  a block scalar', '  over lines', 'anchors: &a [1, 2]', 'refs: *a', 'state: open # my note'];
    const text = `---\nid: 7\ntitle: T\n${user.join('\n')}\n---\n\nb\n`;
    const issue = parseIssue(text);
    const again = serializeIssue({ ...issue, title: 'New' });
    for (const l of user) expect(again).toContain(l);
    expect(again).toContain('title: New');
    expect(parseIssue(again).title).toBe('New');
  });

  it('closed_at comes and goes; a changed value replaces only its own entry', () => {
    const closed = serializeIssue({ ...base, state: 'closed', closed_at: '2026-06-02T00:00:00.000Z' });
    expect(parseIssue(closed)).toMatchObject({ state: 'closed', closed_at: '2026-06-02T00:00:00.000Z' });
    const reopened = serializeIssue({ ...parseIssue(closed), state: 'open', closed_at: undefined });
    expect(reopened).not.toContain('closed_at');
  });

  it.each([
    ['id: 7\nid: 8\ntitle: T', /written twice/],
    ['- a list\ntitle: T', /expected `key: value`/],
    ['id: 7\ntitle: "unterminated', /title/],
  ])('refuses %j with a clear error', (front, why) => {
    expect(() => parseIssue(`---\n${front}\n---\n\nb\n`)).toThrow(why);
  });
});
