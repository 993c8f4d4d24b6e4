import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';

/** handover_list, handover_list_brains (list.ts) and `butler handover retire` (retire.ts). */
const en = {
  history: 'Handover history',
  readPicked: 'Read the one the user picks',
  nothing: 'Nothing matched',
  brains: 'Known brains',
};

const ja: typeof en = {
  history: 'handover snapshot の履歴を取得しました',
  readPicked: 'ユーザーが選んだ snapshot を読みます',
  nothing: '該当する snapshot がありません',
  brains: '登録済み Brain の一覧を返しました',
};

/**
 * What a person at a terminal reads instead (the CLI; docs/decisions.md D37), and what only a person reads:
 * list.ts's answers that are a person's only, and `butler handover retire` (retire.ts; no MCP tool).
 */
const enPerson = {
  brains: en.brains,
  readPicked: 'with the id of the snapshot you pick from the list',
  /** A person's list of an issue that does not exist (list.ts). */
  noIssue: (id: number) => `Nothing matched: issue #${id} does not exist; this lists the issues there are`,
  /** A list narrowed by author, target or date that matched nothing (walk-through 10: it offered `prepare`). */
  noneFiltered: 'No snapshot matches these filters',
  withoutFilters: 'The history without the filters',
  /** No snapshot at all, and the verb that saves one (#25 walk-through 14). */
  noneYet: 'No snapshots yet',
  suspendFirst: 'to save the first one',
  noHandover: (id: string) => `No handover ${id}`,
  noHandoverHint: 'Run `butler handover list` to see the ids.',
  /** The list's word for it too (src/cli/messages/render.ts receipt), so the receipt and the list agree (#25). */
  retired: (id: string) => `Retired handover ${id} (the file stays)`,
  alreadyRetired: (id: string, by: string, at: string) => `Handover ${id} was already retired (by ${by} at ${at}); nothing changed`,
};
const jaPerson: typeof enPerson = {
  // A person's sentence says エージェント, not Brain (#25 walk-through 13); the agents' words stay.
  brains: '登録済みのエージェントの一覧です',
  readPicked: '一覧から選んだ snapshot の id を指定します',
  noIssue: (id) => `該当なし: issue #${id} は存在しません。存在する issue の一覧を表示します`,
  noneFiltered: 'この条件に合う snapshot はありません',
  withoutFilters: '条件を外した履歴を表示します',
  noneYet: 'snapshot はまだありません',
  suspendFirst: '最初の snapshot を保存します',
  noHandover: (id) => `handover ${id} は見つかりません`,
  noHandoverHint: '`butler handover list` で id を確認してください',
  retired: (id) => `handover ${id} の提示を終了しました（ファイルは残ります）`,
  alreadyRetired: (id, by, at) => `handover ${id} は提示終了済みです（${by}、${at}）。何も変更していません`,
};

export const listText = <A extends Audience | undefined = undefined>(lang: Lang, to?: A) =>
  wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
