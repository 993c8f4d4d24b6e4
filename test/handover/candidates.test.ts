import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markSuperseded, selectCandidates } from '../../src/handover/candidates.js';
import { parseNotes } from '../../src/handover/notes.js';
import { clip, summarize } from '../../src/handover/prompt.js';
import { renderSnapshot } from '../../src/handover/snapshot.js';
import { HandoverStore, type IndexEntry } from '../../src/handover/store.js';

let n = 0;
/** Index rows, oldest first in the call, returned newest first as the store keeps them. */
function rows(...specs: Partial<IndexEntry>[]): IndexEntry[] {
  const out = specs.map((s, i) => ({
    handover_id: `e${i}`,
    snapshot_file: '',
    issue_id: 1,
    issue_title: null,
    source_brain: 'a',
    target_brain: 'a',
    created_at: `2026-06-04T10:00:${String(i).padStart(2, '0')}Z`,
    is_latest: false,
    summary: '',
    branch: null,
    head: null,
    session_log: null,
    session_line: null,
    session_entry: null,
    origin: 'own' as const,
    ...s,
  }));
  return markSuperseded(out.reverse());
}
const ids = (es: IndexEntry[]) => es.map((e) => e.handover_id);
const accepted = (by: string) => [{ kind: 'accepted' as const, by, at: '2026-06-04T11:00:00Z' }];

describe('supersede (candidates.markSuperseded)', () => {
  it('a newer snapshot by the same author replaces the older; other scopes and authors are untouched', () => {
    const r = rows({}, { source_brain: 'b', target_brain: 'b' }, { issue_id: 2 }, {});
    expect(Object.fromEntries(r.map((e) => [e.handover_id, e.superseded_by]))).toEqual({ e0: 'e3', e1: null, e2: null, e3: null });
  });

  it('an auto snapshot never replaces a deliberate one, but a deliberate one replaces an auto one', () => {
    const r = rows({}, { mode: 'auto' }, { mode: 'auto' }, {});
    expect(Object.fromEntries(r.map((e) => [e.handover_id, e.superseded_by]))).toEqual({ e0: 'e3', e1: 'e2', e2: 'e3', e3: null });
  });

  it("an accepted transfer belongs to its taker: only the taker replaces it, and it replaces the taker's older ones", () => {
    const r = rows({ source_brain: 'b', target_brain: 'b' }, { target_brain: 'b', receipts: accepted('b') }, { source_brain: 'a' });
    expect(Object.fromEntries(r.map((e) => [e.handover_id, e.superseded_by]))).toEqual({ e0: 'e1', e1: null, e2: null });
    const later = rows({ target_brain: 'b', receipts: accepted('b') }, { source_brain: 'b', target_brain: 'b' });
    expect(later.find((e) => e.handover_id === 'e0')?.superseded_by).toBe('e1');
  });
});

describe('selection with receipts and closed issues', () => {
  it("a taken snapshot is the taker's exact candidate and nobody else's; a closed issue is set aside", () => {
    const r = rows({ target_brain: 'any', receipts: accepted('b') }, { issue_id: 2, target_brain: 'any' });
    const forB = selectCandidates(r, { issueId: null, me: 'b', mode: 'resume' });
    expect([forB.tier, ids(forB.candidates)]).toEqual(['exact', ['e0']]);
    const forC = selectCandidates(r, { issueId: 1, me: 'c', mode: 'accept' });
    expect([ids(forC.candidates), ids(forC.taken)]).toEqual([[], ['e0']]);
    const closed = selectCandidates(r, { issueId: 2, me: 'c', mode: 'accept', closedIssues: new Set([2]) });
    expect([ids(closed.candidates), ids(closed.closed)]).toEqual([[], ['e1']]);
  });

  it('retired snapshots are never candidates, nor replace one; a date range still finds superseded history', () => {
    const retired = { receipts: [{ kind: 'retired' as const, by: 'person', at: 'x' }] };
    const r = rows({ created_at: '2026-06-03T10:00:00Z' }, retired);
    // The newest not retired is offered again (#25: resume found nothing after its transfer was retired).
    expect([r[1]?.superseded_by, ids(selectCandidates(r, { issueId: 1, me: 'a', mode: 'resume' }).candidates)]).toEqual([null, ['e0']]);
    expect(selectCandidates(rows(retired), { issueId: 1, me: 'a', mode: 'resume' }).candidates).toEqual([]);
    const h = rows({ created_at: '2026-06-03T10:00:00Z' }, {}, retired);
    expect(ids(selectCandidates(h, { issueId: 1, me: 'a', mode: 'resume' }).candidates)).toEqual(['e1']);
    const y = selectCandidates(h, { issueId: 1, me: 'a', mode: 'resume', createdTo: '2026-06-03T23:59:59Z' });
    expect(ids(y.candidates)).toEqual(['e0']);
  });
});

describe('receipts in the index', () => {
  it('survive a round trip, are idempotent per brain, and a damaged receipt makes the index rebuild', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'butler-receipts-'));
    const store = new HandoverStore(root);
    const { entry } = await store.append({ issueId: null, createdAt: new Date('2026-06-04T10:00:00Z'), brain: 'a' }, (id) =>
      renderSnapshot({
        meta: {
          project: 'p',
          issue_id: null,
          issue_title: null,
          source_brain: 'a',
          target_brain: 'any',
          mode: 'core',
          created_at: '2026-06-04T10:00:00Z',
          handover_id: id,
          branch: null,
          head: null,
          lang: 'en',
          session_log: null,
          session_line: null,
          session_entry: null,
        },
        issue: null,
        issueError: null,
        work: null,
        notes: parseNotes('x'),
        session: null,
      }),
    );
    await store.addReceipt(entry.handover_id, { kind: 'accepted', by: 'b', at: 't1' });
    await store.addReceipt(entry.handover_id, { kind: 'accepted', by: 'b', at: 't2' });
    expect((await new HandoverStore(root).entries())[0]?.receipts).toEqual([{ kind: 'accepted', by: 'b', at: 't1' }]);
    expect(await store.addReceipt('project-20990101T000000Z-x', { kind: 'retired', by: 'p', at: 't' })).toBeNull();
    const file = path.join(root, 'session_logs/handover/index.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"kind":"accepted"', '"kind":"stolen"'));
    const rebuilt = await new HandoverStore(root).entries();
    expect(rebuilt.map((e) => e.handover_id)).toEqual([entry.handover_id]);
  });
});

describe('summary text', () => {
  it('keeps whole sentences, and cuts only an over-long first sentence at a word, with "…"', () => {
    expect(summarize('One. Two. Three.')).toBe('One. Two.');
    expect(summarize('no sentence end but short')).toBe('no sentence end but short');
    expect(summarize('日本語の文です。二つ目の文です。三つ目。')).toBe('日本語の文です。二つ目の文です。');
    const long = `${'abcdefghi '.repeat(20)}end`;
    expect(summarize(long).endsWith('abcdefghi…')).toBe(true);
    expect(summarize(long).length).toBeLessThanOrEqual(160);
    expect(clip('あ'.repeat(200), 10)).toBe(`${'あ'.repeat(9)}…`);
  });

  it('the prompt marks a summary cut mid-sentence as cut, and whole sentences with more note after them as more (trial H)', async () => {
    const { buildPrompt } = await import('../../src/handover/prompt.js');
    const base = {
      lang: 'en' as const,
      scope: 'issue #1',
      readTool: 'handover_accept',
      handoverId: 'h1',
      next: 'go',
      decisions: [],
      blockers: [],
    };
    const whole = buildPrompt({
      ...base,
      summary: 'Took over from codex. Tests pass.',
      summarySource: 'Took over from codex. Tests pass. Then more.',
    } as never);
    expect(whole[0]).toBe('Took over from codex. Tests pass. (more: handover_read)');
    const cut = buildPrompt({ ...base, summary: 'A very long first…', summarySource: 'A very long first sentence.' } as never);
    expect(cut[0]).toBe('A very long first… (cut; the rest: handover_read)');
    const same = buildPrompt({ ...base, summary: 'All done.', summarySource: 'All done.' } as never);
    expect(same[0]).toBe('All done.');
    // Japanese: no ASCII space between the full stop and the full-width parenthesis (field trial, Dec 5).
    const ja = { ...base, lang: 'ja' as const };
    expect(
      buildPrompt({ ...ja, summary: '実装した。テストは pass。', summarySource: '実装した。テストは pass。次は文書。' } as never)[0],
    ).toBe('実装した。テストは pass。（続きは handover_read）');
    expect(buildPrompt({ ...ja, summary: 'とても長い文…', summarySource: 'とても長い文です。' } as never)[0]).toBe(
      'とても長い文…（続きは handover_read）',
    );
  });

  it('a first sentence too long is shortened at its last clause break, not mid-phrase (field trial G)', () => {
    const line =
      'Implemented truncate(text, max) with the ellipsis the user chose and tests for the empty string, the exact limit and surrogate pairs, working on the README example next because the user asked for one';
    expect(summarize(line)).toBe(
      'Implemented truncate(text, max) with the ellipsis the user chose and tests for the empty string, the exact limit and surrogate pairs…',
    );
    const ja = `${'あ'.repeat(80)}、${'い'.repeat(100)}`;
    expect(summarize(ja)).toBe(`${'あ'.repeat(80)}…`);
    // A break too early (before 40% of the bound) is not used: the words are cut as before.
    const early = `Short, ${'word '.repeat(60)}`;
    expect(summarize(early).startsWith('Short, word word')).toBe(true);
    // A break inside a parenthesis is not used: the cut goes before it (field trial I).
    const paren =
      'Issue #1 implementation and changelog are done and recorded locally in two records (326f4688d5bb: src/truncate.mjs + src/index.mjs re-export + test/truncate.test.mjs; fc525f2eb734: CHANGELOG line). npm test: 4/4 pass.';
    expect(summarize(paren)).toBe('Issue #1 implementation and changelog are done and recorded locally in two records…');
    const closed = `Done (all of it), ${'then more words '.repeat(12)}`;
    expect(summarize(closed)).toMatch(/^Done \(all of it\), then more words/);
  });
});
