import { describe, expect, it } from 'vitest';
import { parseNotes } from '../../src/handover/notes.js';

describe('parseNotes', () => {
  it('files tagged lines in their sections and keeps the rest as the current state', () => {
    const n = parseNotes('Parser done.\nnext: tests\ndecision: keep the API\nblocked: CI secret\nanchor: src/a.ts - entry');
    expect(n.free).toEqual(['Parser done.']);
    expect(n.next).toEqual(['tests']);
    expect(n.decision).toEqual(['keep the API']);
    expect(n.pending).toEqual([{ label: 'blocked', text: 'CI secret' }]);
    expect(n.anchors).toEqual([{ path: 'src/a.ts', role: 'entry' }]);
  });

  it('reads a tag after a semicolon in one-line notes as if it started a line (field trial 7)', () => {
    const n = parseNotes('truncate half done; next: tests; Decision: code points；次: README');
    expect(n.free).toEqual(['truncate half done']);
    expect(n.next).toEqual(['tests', 'README']);
    expect(n.decision).toEqual(['code points']);
    // Not a tag: a word that only starts like one, or a semicolon without a tag after it.
    expect(parseNotes('a; nextgen: b; c').free).toEqual(['a; nextgen: b; c']);
  });
});
