// Which lines of a stored snapshot `butler handover read` shows in a person's words (#25): only those the
// snapshot and work catalogs produce; a line an agent or a person wrote, even one close to them, stays as written.
import { describe, expect, it } from 'vitest';
import { render } from '../../src/cli/render.js';
import { sectionForPerson } from '../../src/handover/person-lines.js';

const md = (next: string[], risks: string[]) =>
  ['## NEXT_ACTION', '> What to do next', '', ...next, '', '## RISKS', '> Cautions', '', ...risks, ''].join('\n');

describe('sectionForPerson', () => {
  it('rewrites the generated lines, en and ja, with their numbers', () => {
    const text = md(
      [
        '1. write the test',
        "2. work_record() — Unrecorded changes. Record them now without asking: a record stays local on this branch, never pushed, as this project's Butler setup asks. No default issue, so it will link none (work_start sets one).",
        '3. When the user agrees: work_publish() — 2 record(s) not yet on origin/main.',
        '4. work_sync() — origin/main has 4 record(s) this branch lacks; publishing would be rejected. If work_sync reports a conflict, the user decides.',
        '5. work_record() — 未記録の変更があります。確認せずに今記録してください（記録はこのブランチのローカルに残り push されません。このプロジェクトの Butler 設定が求める手順です）。#12 に紐付けて記録します',
      ],
      [
        '- 2 unrecorded change(s): other brains cannot see them until work_record',
        '- 未公開の記録が 3 件あります（work_publish で共有されていません）',
      ],
    );
    expect(sectionForPerson(text, 'NEXT_ACTION')).toEqual([
      '1. write the test',
      '2. work_record() — Unrecorded changes. No default issue, so it will link none (`butler work start` sets one).',
      '3. When you want to share them: work_publish() — 2 record(s) not yet on origin/main.',
      '4. work_sync() — origin/main has 4 record(s) this branch lacks; publishing would be rejected. If `butler work sync` reports a conflict, you decide.',
      '5. work_record() — 未記録の変更があります。#12 に紐付けて記録します',
    ]);
    expect(sectionForPerson(text, 'RISKS')).toEqual([
      '- 2 unrecorded change(s) when this snapshot was written: not in any record until work_record',
      '- snapshot を書いた時点で未公開の記録が 3 件ありました（work_publish で共有されるまで upstream にはありません）',
    ]);
  });

  it('leaves what an author wrote, even when it is close to a generated line', () => {
    const text = md(
      [
        '1. work_record() — Unrecorded changes. Record them now without asking, please.',
        '2. When the user agrees: deploy',
        '3. Record them now without asking',
      ],
      ['- 2 unrecorded change(s): other brains cannot see them until work_record, and the CI is red', '- other brains cannot see them'],
    );
    expect(sectionForPerson(text, 'NEXT_ACTION')).toEqual([
      '1. work_record() — Unrecorded changes. Record them now without asking, please.',
      // The author's own "When the user agrees:" step is theirs (only a generated call after it is reworded).
      '2. When the user agrees: deploy',
      '3. Record them now without asking',
    ]);
    expect(sectionForPerson(text, 'RISKS')).toEqual([
      '- 2 unrecorded change(s): other brains cannot see them until work_record, and the CI is red',
      '- other brains cannot see them',
    ]);
  });

  it('another clone’s snapshot is quoted as it is (render)', () => {
    const text = md(['1. When the user agrees: work_publish() — 2 record(s) not yet on origin/main.'], []);
    const out = render({ status: 'ok', summary: 's', data: { snapshot: text, not_written_here: 'Written elsewhere.' } });
    expect(out).toContain('    1. When the user agrees: work_publish() — 2 record(s) not yet on origin/main.\n');
    const own = render({ status: 'ok', summary: 's', data: { snapshot: text } });
    expect(own).toContain('    1. When you want to share them: work_publish() — 2 record(s) not yet on origin/main.\n');
  });
});
