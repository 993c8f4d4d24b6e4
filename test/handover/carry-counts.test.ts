// Field trial I: the count of commits not on the upstream (automatic snapshots: assemble.ts workFromGit) is
// what work_publish pushes, Butler's own `issue #N: created` commits among them, so the snapshot words it as
// commits, not records. Those lines are made afresh each time: neither the new wording nor the one written
// before it is carried into the next snapshot; a brain's own risk is.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openItemsOf } from '../../src/handover/carry.js';
import { strings } from '../../src/handover/i18n.js';

const snapshot = (risks: string[]) => `## RISKS\n\n> Cautions and fragile places\n\n${risks.map((r) => `- ${r}`).join('\n')}\n`;

describe('the count of commits not yet on the remote', () => {
  it('is worded as commits, in the agent and the person catalogs, en and ja', () => {
    expect(strings('en').unpublishedRisk(2)).toBe('2 commit(s) not yet on the remote: not shared until work_publish');
    expect(strings('en').workLine('main', null, 0, 2)).toBe(
      'Work: branch main @ (unknown), 0 unrecorded change(s), 2 commit(s) not yet on the remote',
    );
    expect(strings('ja').unpublishedRisk(2)).toBe('リモートにまだないコミットが 2 件あります（work_publish で共有されていません）');
    expect(strings('ja').workLine('main', null, 0, 2)).toBe(
      '作業状態: ブランチ main @ (不明)、未記録の変更 0 件、リモートにまだないコミット 2 件',
    );
    expect(strings('en').person.unpublishedRisk(2)).toMatch(/^2 commit\(s\) not yet on the remote when this snapshot was written/);
    expect(strings('ja').person.unpublishedRisk(2)).toMatch(/^snapshot を書いた時点でリモートにまだないコミットが 2 件ありました/);
  });

  it('is not carried forward, in the new wording or the one written before it', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'butler-carry-'));
    const md = snapshot([
      '2 commit(s) not yet on the remote: not shared until work_publish',
      'リモートにまだないコミットが 2 件あります（work_publish で共有されていません）',
      '2 unpublished record(s): not shared until work_publish',
      '未公開の記録が 2 件あります（work_publish で共有されていません）',
      'The migration drops a column: back up first',
    ]);
    expect(openItemsOf(md, root).risks).toEqual(['The migration drops a column: back up first']);
  });
});
