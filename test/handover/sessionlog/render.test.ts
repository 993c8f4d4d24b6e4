import { describe, expect, it } from 'vitest';
import { renderSessionFacts, type Fact, type SessionExtract } from '../../../src/handover/sessionlog/index.js';

function extract(over: Partial<SessionExtract> = {}): SessionExtract {
  return {
    format: 'claude',
    from_line: 1,
    to_line: 100,
    rotated: false,
    requests: [],
    edited_files: [],
    commands: [],
    failures: [],
    butler_calls: [],
    mark: { path: '/p/s.jsonl', line: 100, entry_id: 'u', size: 1 },
    skipped: 0,
    dropped: 0,
    cwd: '/proj',
    ...over,
  };
}
const facts = (n: number, make: (i: number) => Partial<Fact> = () => ({})): Fact[] =>
  Array.from({ length: n }, (_, i) => ({ text: `fact ${i}`, cite: `L${i + 1}`, ...make(i) }));

describe('renderSessionFacts', () => {
  it('writes one bullet per fact with its cite, in English and Japanese', () => {
    const x = extract({
      requests: [{ text: 'do it', cite: 'L1 2026-06-04T10:00:00Z' }],
      edited_files: [{ text: 'Edit ×2', cite: 'L5', path: '/proj/src/a.ts' }],
      commands: [
        { text: 'npm test', cite: 'L7', exit_code: 1 },
        { text: 'echo `date`', cite: 'L9', exit_code: null },
      ],
      butler_calls: [{ text: 'work_record {} → ok', cite: 'L11' }],
      failures: [{ text: '`npm test` exit 1: boom', cite: 'L8', exit_code: 1 }],
    });
    const en = renderSessionFacts(x, 'en', 50);
    expect(en.discovery).toEqual([
      '- Session log (claude): lines 1–100',
      '- Request: do it (L1 2026-06-04T10:00:00Z)',
      '- Butler: `work_record {} → ok` (L11)',
      '- Edited: `src/a.ts` — Edit ×2 (L5)',
      '- Ran: `npm test` → exit 1 (L7)',
      '- Ran: `` echo `date` `` → no exit status in the log (L9)',
    ]);
    expect(en.risks).toEqual(['- Failed: `npm test` exit 1: boom (L8)']);
    expect(en.touched).toEqual(['src/a.ts']);
    const ja = renderSessionFacts(x, 'ja', 50);
    expect(ja.discovery[1]).toBe('- 依頼: do it (L1 2026-06-04T10:00:00Z)');
    expect(ja.discovery[5]).toContain('ログに終了コードなし');
    expect(ja.risks[0]).toBe('- 失敗: `npm test` exit 1: boom (L8)');
  });

  it('keeps every request outside maxLines; the other facts share the room and say what was left out', () => {
    const x = extract({
      requests: facts(10, (i) => ({ text: `req ${i}` })),
      commands: facts(40, (i) => ({ text: `cmd ${i}`, exit_code: 0 })),
      edited_files: facts(3, (i) => ({ path: `/proj/f${i}.ts`, text: 'Edit' })),
    });
    for (const max of [1, 2, 3, 8, 20]) {
      const r = renderSessionFacts(x, 'en', max);
      expect(r.discovery.length).toBeLessThanOrEqual(max + 10);
      expect(r.discovery.filter((l) => l.startsWith('- Request: '))).toHaveLength(10);
      expect(r.discovery[r.discovery.length - 1]).toMatch(/more facts? omitted/);
    }
    const r = renderSessionFacts(x, 'en', 8);
    expect(r.discovery).toEqual([
      '- Session log (claude): lines 1–100',
      ...Array.from({ length: 10 }, (_, i) => `- Request: req ${i} (L${i + 1})`),
      '- Edited: `f0.ts` — Edit (L1)',
      '- Edited: `f1.ts` — Edit (L2)',
      '- Edited: `f2.ts` — Edit (L3)',
      '- Ran: `cmd 37` → exit 0 (L38)',
      '- Ran: `cmd 38` → exit 0 (L39)',
      '- Ran: `cmd 39` → exit 0 (L40)',
      '- … 37 more facts omitted (session log lines 1–100)',
    ]);
    expect(r.appendix).toEqual([]);
    expect(renderSessionFacts(x, 'ja', 8).discovery[17]).toBe('- … 他 37 件の事実を省略（セッションログ 1–100 行目）');
    expect(renderSessionFacts(x, 'en', 0).discovery).toEqual([]);
    expect(renderSessionFacts(x, 'en', 100).discovery).toHaveLength(54);
  });

  it('keeps requests whole within the budget: a very long one is cut and marked, older ones beyond it go to the appendix in full', () => {
    const long = `${'a'.repeat(4000)}TAIL-${'b'.repeat(995)}`; // 5,000 characters
    const mid = (c: string) => c.repeat(3000);
    const x = extract({
      requests: [
        { text: 'first: the task', cite: 'L1' },
        { text: mid('x'), cite: 'L2' },
        { text: mid('y'), cite: 'L3' },
        { text: long, cite: 'L4' },
      ],
    });
    const r = renderSessionFacts(x, 'en', 10);
    // Newest first into 8,000 characters: the long one (4,000 shown) and y (3,000); x would pass the budget.
    expect(r.discovery).toEqual([
      '- Session log (claude): lines 1–100',
      '- 2 earlier requests: full text under USER REQUESTS (full) (handover_read)',
      `- Request: ${mid('y')} (L3)`,
      `- Request: ${'a'.repeat(4000)}… [cut: 1000 more characters under USER REQUESTS (full), handover_read] (L4)`,
    ]);
    expect(r.appendix).toEqual(['- Request (L1): first: the task', `- Request (L2): ${mid('x')}`, `- Request (L4): ${long}`]);
    expect(r.newestRequest?.text).toBe(long);
  });

  it('counts facts dropped at extraction in the omitted number', () => {
    const r = renderSessionFacts(extract({ commands: facts(2, () => ({ exit_code: 0 })), dropped: 5 }), 'en', 10);
    expect(r.discovery.at(-1)).toBe('- … 5 more facts omitted (session log lines 1–100)');
  });

  it('bounds the risks and says how many failures it left out', () => {
    const r = renderSessionFacts(extract({ failures: facts(12) }), 'en', 30);
    expect(r.risks).toHaveLength(10);
    expect(r.risks[0]).toBe('- Failed: fact 3 (L4)');
    expect(r.risks[9]).toBe('- … 3 more failures omitted');
    expect(renderSessionFacts(extract({ failures: facts(12) }), 'ja', 30).risks[9]).toBe('- … 他 3 件の失敗を省略');
  });

  it('notes rotation and skipped lines in the first line', () => {
    const r = renderSessionFacts(extract({ rotated: true, skipped: 2 }), 'en', 5);
    expect(r.discovery).toEqual([
      '- Session log (claude): lines 1–100; the log was rotated or truncated since the last mark, so it was read from the start; 2 malformed lines skipped',
    ]);
  });

  it('touched: relative inside the project (projectRoot wins over the log cwd), absolute outside, unique', () => {
    const x = extract({
      edited_files: [
        { text: 'Edit', cite: 'L1', path: '/work/app/src/x.ts' },
        { text: 'Write', cite: 'L2', path: '/tmp/scratch.txt' },
        { text: 'Edit', cite: 'L3', path: '/work/app/src/x.ts' },
      ],
      cwd: '/work/app/src',
    });
    expect(renderSessionFacts(x, 'en', 10, '/work/app').touched).toEqual(['src/x.ts', '/tmp/scratch.txt']);
    expect(renderSessionFacts(x, 'en', 10).touched).toEqual(['x.ts', '/tmp/scratch.txt']);
    expect(renderSessionFacts({ ...x, cwd: null }, 'en', 10).touched).toEqual(['/work/app/src/x.ts', '/tmp/scratch.txt']);
  });
});
