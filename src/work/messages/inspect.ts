import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';

/** work_diff and work_history. */
const en = {
  changesFull: 'Unrecorded changes (full)',
  noChanges: 'No unrecorded changes',
  changesStat: (files: number, added: number, deleted: number, untracked: number) =>
    `${files} changed file(s) (+${added} -${deleted})${untracked ? `, ${untracked} of them new` : ''}`,
  noRecord: (id: string) => `No record ${id}`,
  noRecordHint: 'Take a record_id from work_history.',
  recordFull: (id: string) => `Record ${id} (full)`,
  recordStat: (id: string, files: number, added: number, deleted: number) => `Record ${id}: ${files} file(s) (+${added} -${deleted})`,
  narrowHint: 'Pass path to see one file.',
  noHistory: 'No records yet',
  history: (n: number, path: string | null) => `${n} record(s)${path ? ` touching ${path}` : ''}, newest first`,
};

const ja: typeof en = {
  changesFull: '未記録の変更（全文）',
  noChanges: '未記録の変更はありません',
  changesStat: (files, added, deleted, untracked) =>
    `変更ファイル ${files} 件 (+${added} -${deleted})${untracked ? `、うち新規 ${untracked} 件` : ''}`,
  noRecord: (id) => `記録 ${id} が見つかりません`,
  noRecordHint: 'record_id は work_history で確認してください',
  recordFull: (id) => `記録 ${id}（全文）`,
  recordStat: (id, files, added, deleted) => `記録 ${id}: ファイル ${files} 件 (+${added} -${deleted})`,
  narrowHint: '1 ファイルだけ見るには path を指定してください',
  noHistory: 'まだ記録がありません',
  history: (n, path) => `${path ? `${path} に関わる` : ''}記録 ${n} 件（新しい順）`,
};

/** What a person at a terminal reads instead (the CLI; docs/decisions.md D37): no tool argument's name (walk-through 10). */
const enPerson = { noRecordHint: 'Take a record id from work_history (its first column).' };
const jaPerson: typeof enPerson = { noRecordHint: '記録の id は work_history で確認してください（最初の列）' };

export const inspectText = (lang: Lang, to?: Audience) => wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
