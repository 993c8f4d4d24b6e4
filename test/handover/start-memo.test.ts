// docs/decisions.md D40: the start memo's checksums are POSIX cksum's (compared with the real cksum), and the
// queue the shell answer writes reaches sessions.json line by line, each checked as the untrusted text it is.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { latestSession, previousSession, sessionsPath } from '../../src/handover/sessions.js';
import { posixCksum } from '../../src/shared/cksum.js';

const tmp = (p: string) => realpathSync(mkdtempSync(path.join(os.tmpdir(), p)));

describe('posixCksum', () => {
  it('is what cksum prints, for lengths around the 8-byte steps and a large random file', () => {
    const dir = tmp('butler-cksum-');
    const sizes = [0, 1, 7, 8, 9, 15, 16, 17, 255, 256, 257, 65_536, 300_001];
    for (const n of sizes) {
      const buf = Buffer.alloc(n);
      for (let i = 0; i < n; i++) buf[i] = (i * 7919 + n) & 0xff;
      const file = path.join(dir, `f${n}`);
      writeFileSync(file, buf);
      const [crc, size] = execFileSync('cksum', [file], { encoding: 'utf8' }).split(' ');
      expect([posixCksum(buf), n]).toEqual([Number(crc), Number(size)]);
    }
  });
});

describe('the start queue', () => {
  it('moves valid lines into sessions.json, in order, and drops forged ones', async () => {
    const root = tmp('butler-queue-');
    execFileSync('git', ['init', '-q', root]);
    mkdirSync(path.join(root, '.git', 'butler'), { recursive: true });
    const t = path.join(root, 't1.jsonl');
    const lines = [
      `1\t1796347085\tclaude-code\ts1\t${t}\tstartup`,
      '2\t1796347086\tclaude-code\tfuture\t/x\tstartup',
      `1\tsoon\tclaude-code\tbad-epoch\t${t}\tstartup`,
      '1\t1796347087\t\tno-brain\t/x\tstartup',
      '1\t1796347088\tclaude-code\trelative\tnot/absolute\tresume',
      `1\t1796347089\tclaude-code\t${'x'.repeat(300)}\t${t}\tstartup`,
    ];
    writeFileSync(path.join(root, '.git', 'butler', 'start-queue'), `${lines.join('\n')}\n`);
    expect((await latestSession(root, 'claude-code'))?.session_id).toBe('x'.repeat(200));
    const stored = JSON.parse(readFileSync(sessionsPath(root), 'utf8')).sessions as Record<string, unknown>[];
    expect(stored.map((s) => [s.session_id, s.transcript_path, s.started_at])).toEqual([
      ['s1', t, '2026-12-04T01:18:05.000Z'],
      ['relative', null, '2026-12-04T01:18:08.000Z'],
      ['x'.repeat(200), t, '2026-12-04T01:18:09.000Z'],
    ]);
    expect(existsSync(path.join(root, '.git', 'butler', 'start-queue'))).toBe(false);
    // Read by recovery too: the queued session is the previous one of the next.
    writeFileSync(path.join(root, '.git', 'butler', 'start-queue'), `1\t1796347999\tclaude-code\ts9\t${t}\tstartup\n`);
    expect((await previousSession(root, 'claude-code', 'new'))?.session_id).toBe('s9');
  });
});
