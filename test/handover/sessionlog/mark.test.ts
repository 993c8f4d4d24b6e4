import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRedactor } from '../../../src/shared/redact.js';
import { extractSession, renderSessionFacts } from '../../../src/handover/sessionlog/index.js';
import { readLines } from '../../../src/handover/sessionlog/lines.js';
import { fixture, lines, tempDir, texts } from './helpers.js';

const redact = makeRedactor();
const claudeLines = readFileSync(fixture('synthetic/claude-basic.jsonl'), 'utf8').split('\n').filter(Boolean);
const codexLines = readFileSync(fixture('synthetic/codex-basic.jsonl'), 'utf8').split('\n').filter(Boolean);
const join = (ls: string[]) => ls.map((l) => `${l}\n`).join('');

describe('mark: reading only what came after', () => {
  it('second read returns only the new part, third read nothing', async () => {
    const file = path.join(tempDir(), 'session.jsonl');
    writeFileSync(file, join(claudeLines.slice(0, 15)));
    const first = await extractSession(file, null, redact);
    expect([first.from_line, first.to_line, first.rotated]).toEqual([1, 15, false]);
    expect(texts(first.requests)).toEqual(['Fix the failing login test in src/auth/login.ts and run the tests']);
    expect(first.mark).toMatchObject({ path: file, line: 15, entry_id: JSON.parse(claudeLines[14]!).uuid });

    appendFileSync(file, join(claudeLines.slice(15)));
    const second = await extractSession(file, first.mark, redact);
    expect([second.from_line, second.to_line, second.rotated]).toEqual([16, 30, false]);
    expect(lines(second.requests)).toEqual(['L21', 'L30']);
    expect(texts(second.commands)).toEqual(['git push origin main']);
    expect(texts(second.butler_calls)).toEqual(['handover_prepare {"issue_id":9} → error']);
    expect(second.edited_files.map((f) => f.path)).toEqual(['/proj/README.md', '/proj/src/auth/login.ts']);
    expect(renderSessionFacts(second, 'en', 50).discovery[0]).toBe(
      '- Session log (claude): lines 16–30 (since the last mark); 1 malformed line skipped',
    );

    const third = await extractSession(file, second.mark, redact);
    expect([third.from_line, third.to_line, third.rotated]).toEqual([31, 30, false]);
    expect(third.requests.length + third.commands.length + third.edited_files.length).toBe(0);
    expect(third.mark).toEqual(second.mark);
    expect(renderSessionFacts(third, 'ja', 50).discovery).toEqual([
      '- セッションログ (claude): 前回の mark（30 行目）以降の新しいエントリなし',
    ]);
  });

  it('Codex: a later read still knows the session cwd from before the mark', async () => {
    const file = path.join(tempDir(), 'rollout.jsonl');
    writeFileSync(file, join(codexLines.slice(0, 6)));
    const first = await extractSession(file, null, redact);
    appendFileSync(file, join(codexLines.slice(6)));
    const second = await extractSession(file, first.mark, redact);
    expect(second.from_line).toBe(7);
    expect(second.cwd).toBe('/proj');
    expect(second.edited_files[0]!.path).toBe('/proj/src/health.ts');
    expect(second.requests.map((r) => r.text)).toEqual(['Now deploy with password=[REDACTED:secret] please']);
  });

  it('leaves a half-written last line for the next read', async () => {
    const file = path.join(tempDir(), 'session.jsonl');
    const partial = claudeLines[3]!.slice(0, 40);
    writeFileSync(file, join(claudeLines.slice(0, 3)) + partial);
    const first = await extractSession(file, null, redact);
    expect([first.to_line, first.skipped, first.requests.length]).toEqual([3, 0, 0]);
    appendFileSync(file, `${claudeLines[3]!.slice(40)}\n`);
    const second = await extractSession(file, first.mark, redact);
    expect([second.from_line, second.to_line, second.rotated]).toEqual([4, 4, false]);
    expect(second.requests).toHaveLength(1);
  });

  it('a log read under another path starts from the top without calling it rotated', async () => {
    const dir = tempDir();
    const a = path.join(dir, 'a.jsonl');
    const b = path.join(dir, 'b.jsonl');
    writeFileSync(a, join(claudeLines));
    writeFileSync(b, join(claudeLines));
    const first = await extractSession(a, null, redact);
    const other = await extractSession(b, first.mark, redact);
    expect([other.from_line, other.rotated]).toEqual([1, false]);
  });
});

describe('mark: rotated or truncated logs', () => {
  it('a shorter file is reported rotated and read from the start', async () => {
    const file = path.join(tempDir(), 'session.jsonl');
    writeFileSync(file, join(claudeLines));
    const first = await extractSession(file, null, redact);
    writeFileSync(file, join(claudeLines.slice(0, 5)));
    const again = await extractSession(file, first.mark, redact);
    expect([again.rotated, again.from_line, again.to_line]).toEqual([true, 1, 5]);
    expect(again.requests).toHaveLength(1);
    expect(renderSessionFacts(again, 'en', 50).discovery[0]).toContain('rotated or truncated');
    expect(renderSessionFacts(again, 'ja', 50).discovery[0]).toContain('先頭から読み直しました');
  });

  it('a replaced file (same path, other entry at the mark line) is reported rotated', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'session.jsonl');
    writeFileSync(file, join(claudeLines.slice(0, 10)));
    const first = await extractSession(file, null, redact);
    const swap = path.join(dir, 'new.jsonl');
    writeFileSync(
      swap,
      join([...claudeLines.slice(0, 9), ...claudeLines.slice(10), claudeLines[3]!.replace(/"uuid":"[^"]+"/, '"uuid":"x"')]),
    );
    renameSync(swap, file);
    const again = await extractSession(file, first.mark, redact);
    expect([again.rotated, again.from_line]).toEqual([true, 1]);
  });

  it('a file with fewer lines than the mark (but not smaller) is rotated', async () => {
    const file = path.join(tempDir(), 'session.jsonl');
    writeFileSync(file, join(claudeLines.slice(0, 20)));
    const first = await extractSession(file, null, redact);
    writeFileSync(file, `${claudeLines.slice(0, 5).join(' ')}${' '.repeat(first.mark.size)}\n`);
    const again = await extractSession(file, first.mark, redact);
    expect(again.rotated).toBe(true);
  });
});

describe('robustness', () => {
  it('skips and counts malformed and non-object lines; blank lines are not counted', async () => {
    const file = path.join(tempDir(), 'session.jsonl');
    writeFileSync(file, join([claudeLines[0]!, '{not json', '', '[1,2]', '"text"', claudeLines[3]!]));
    const x = await extractSession(file, null, redact);
    expect([x.format, x.skipped, x.to_line, x.requests.length]).toEqual(['claude', 3, 6, 1]);
  });

  it('an unknown JSONL format yields no facts but still a mark', async () => {
    const file = path.join(tempDir(), 'other.jsonl');
    writeFileSync(file, join(['{"event":"x"}', '{"event":"y"}']));
    const x = await extractSession(file, null, redact);
    expect(x.format).toBe('unknown');
    expect(x.mark.line).toBe(2);
    expect(x.requests).toEqual([]);
  });

  it('an empty file gives an empty extract and a zero mark', async () => {
    const file = path.join(tempDir(), 'empty.jsonl');
    writeFileSync(file, '');
    const x = await extractSession(file, null, redact);
    expect(x.mark).toEqual({ path: file, line: 0, entry_id: null, size: 0 });
  });

  it('streams a large log, capping each list at the newest 1000 and counting what it dropped', async () => {
    const file = path.join(tempDir(), 'big.jsonl');
    const rows: string[] = [];
    for (let i = 0; i < 3000; i++) {
      rows.push(
        JSON.stringify({
          type: 'assistant',
          uuid: `a${i}`,
          sessionId: 's',
          cwd: '/p',
          message: { role: 'assistant', content: [{ type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: `echo ${i}` } }] },
        }),
      );
      rows.push(
        JSON.stringify({
          type: 'user',
          uuid: `u${i}`,
          sessionId: 's',
          cwd: '/p',
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: `${i}` }] },
        }),
      );
    }
    writeFileSync(file, join(rows));
    const x = await extractSession(file, null, redact);
    expect(x.to_line).toBe(6000);
    expect(x.commands).toHaveLength(1000);
    expect(x.commands[999]).toMatchObject({ text: 'echo 2999', exit_code: 0 });
    expect(x.dropped).toBe(2000);
    const r = renderSessionFacts(x, 'en', 20);
    expect(r.discovery).toHaveLength(20);
    expect(r.discovery[19]).toMatch(/^- … 2982 more facts omitted/);
  });

  it('readLines skips an over-long line without buffering it and keeps counting bytes', async () => {
    const file = path.join(tempDir(), 'long.jsonl');
    writeFileSync(file, `{"a":1}\n${'x'.repeat(5000)}\r\n{"b":2}`);
    const got = [];
    for await (const l of readLines(file, 1000)) got.push(l);
    expect(got.map((l) => [l.no, l.text, l.end, l.terminated])).toEqual([
      [1, '{"a":1}', 8, true],
      [2, null, 5010, true],
      [3, '{"b":2}', 5017, false],
    ]);
  });
});
