// Issue 22 item 4, field trial E: a decision the user changed in a later session was carried beside its
// replacement. `replaces:` (after the new `decision:`) and `withdrawn:` drop one carried decision; a line
// that names none, or several, is reported and nothing is dropped: a user's decision is never lost on a guess.
import { describe, expect, it } from 'vitest';
import { carryForward, type OpenItems } from '../../src/handover/carry.js';
import { parseNotes } from '../../src/handover/notes.js';

const prev = (decisions: string[]): OpenItems => ({ decisions, pending: [], risks: [], anchors: [], next: [] });

describe('parseNotes: replaces / withdrawn', () => {
  it('`replaces:` belongs to the decision before it, on its own line or after a semicolon', () => {
    const n = parseNotes('decision: README may be edited; replaces: README is off limits\ndecision: tabs\nreplaces: spaces');
    expect(n.decision).toEqual(['README may be edited', 'tabs']);
    expect(n.replaced).toEqual([
      { old: 'README is off limits', by: 'README may be edited' },
      { old: 'spaces', by: 'tabs' },
    ]);
  });

  it('`withdrawn:` replaces with nothing; Japanese tags too', () => {
    const n = parseNotes('withdrawn: no new dependencies\n決定: vitest を使う\n置換: jest を使う\n撤回: 英語のみ');
    expect(n.replaced).toEqual([
      { old: 'no new dependencies', by: null },
      { old: 'jest を使う', by: 'vitest を使う' },
      { old: '英語のみ', by: null },
    ]);
  });

  it('`replaces:` with no decision before it is a withdrawal', () => {
    expect(parseNotes('replaces: old rule').replaced).toEqual([{ old: 'old rule', by: null }]);
  });
});

describe('carryForward: a replaced decision is not carried', () => {
  it('by its whole text (case, emphasis and a full stop ignored): the new decision is not doubled, the others carry', () => {
    const notes = parseNotes('decision: README may be edited\nreplaces: readme is **off limits**.');
    const c = carryForward(prev(['README is off limits', 'Use vitest']), notes);
    expect(c.decisions).toEqual(['Use vitest']);
    expect(c.replaced).toEqual([{ old: 'README is off limits', by: 'README may be edited' }]);
    expect(c.not_replaced).toEqual([]);
  });

  it('by a part found in exactly one carried decision', () => {
    const c = carryForward(prev(['README is off limits', 'Use vitest']), parseNotes('withdrawn: vitest'));
    expect(c.decisions).toEqual(['README is off limits']);
    expect(c.replaced).toEqual([{ old: 'Use vitest', by: null }]);
  });

  it('a whole-text match wins over parts of longer decisions', () => {
    const c = carryForward(prev(['Use vitest', 'Use vitest with coverage']), parseNotes('withdrawn: use vitest'));
    expect(c.decisions).toEqual(['Use vitest with coverage']);
  });

  it('a part in several decisions drops none and says how many it matched', () => {
    const c = carryForward(prev(['README is off limits', 'README stays English']), parseNotes('decision: x\nreplaces: README'));
    expect(c.decisions).toEqual(['README is off limits', 'README stays English']);
    expect(c.replaced).toEqual([]);
    expect(c.not_replaced).toEqual([{ text: 'README', matched: 2 }]);
  });

  it('a line matching nothing drops nothing and is reported; so is one with no previous snapshot', () => {
    const c = carryForward(prev(['README is off limits']), parseNotes('withdrawn: the CHANGELOG rule'));
    expect(c.decisions).toEqual(['README is off limits']);
    expect(c.not_replaced).toEqual([{ text: 'the CHANGELOG rule', matched: 0 }]);
    expect(carryForward(null, parseNotes('withdrawn: anything')).not_replaced).toEqual([{ text: 'anything', matched: 0 }]);
  });

  it('fewer than three characters never match a part', () => {
    const c = carryForward(prev(['Use vitest']), parseNotes('withdrawn: us'));
    expect(c.decisions).toEqual(['Use vitest']);
    expect(c.not_replaced).toEqual([{ text: 'us', matched: 0 }]);
  });

  it('replaces only decisions: an open question with the same words still carries', () => {
    const p: OpenItems = { decisions: ['Use vitest'], pending: ['[undecided] Use vitest or jest?'], risks: [], anchors: [], next: [] };
    const c = carryForward(p, parseNotes('withdrawn: Use vitest'));
    expect(c.decisions).toEqual([]);
    expect(c.pending).toEqual(['[undecided] Use vitest or jest?']);
  });
});
