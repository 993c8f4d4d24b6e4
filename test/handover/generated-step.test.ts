// Which NEXT_ACTION steps a snapshot hands on (carry.ts) and which `butler handover read` rewords
// (person-lines.ts): both ask one generatedStep, so an author's own line is carried and shown as written.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openItemsOf } from '../../src/handover/carry.js';
import { generatedStep } from '../../src/handover/generated-step.js';

const md = (next: string[]) => ['## NEXT_ACTION', '> What to do next', '', ...next.map((n, i) => `${i + 1}. ${n}`), ''].join('\n');

describe('generatedStep', () => {
  it('carries an author’s own "When the user agrees:" step, drops the generated ones', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'butler-gen-'));
    const steps = [
      'When the user agrees: deploy to staging',
      'ユーザーの同意を得てから: 本番に反映する',
      'When the user agrees: work_publish() — 2 record(s) not yet on origin/main.',
      'ユーザーの同意を得てから: work_publish() — origin/main に未公開の記録が 2 件あります',
      'work_record() — Unrecorded changes.',
      'Check the current state with work_observe and resume the work',
      'work_observe で現在状態を確認し、作業を再開する',
      '… 3 more omitted',
      'write the test',
    ];
    expect(openItemsOf(md(steps), root).next).toEqual([
      'When the user agrees: deploy to staging',
      'ユーザーの同意を得てから: 本番に反映する',
      'write the test',
    ]);
  });

  it('takes a generated call apart', () => {
    expect(generatedStep('When the user agrees: work_publish() — 2 record(s).', 'en')).toEqual({
      asked: true,
      call: 'work_publish()',
      reason: '2 record(s).',
    });
    expect(generatedStep('work_sync({"x":1})', 'en')).toEqual({ asked: false, call: 'work_sync({"x":1})', reason: null });
    expect(generatedStep('When the user agrees: deploy', 'en')).toBeNull();
    expect(generatedStep('When the user agrees: ', 'en')).toBeNull();
  });
});
