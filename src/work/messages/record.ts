import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';

/** work_record. */
const en = {
  messageRequired: 'message is required',
  messageRequiredHint: 'Say in one line what this record contains.',
  badIssueIds: 'issue_ids must be positive integers',
  badIssueIdsHint: 'Pass issue numbers, e.g. [12].',
  cannot: (what: string) => `Cannot record: ${what}`,
  nothing: 'Nothing to record',
  nothingHint: 'There are no unrecorded changes to record. Check the current state with work_observe.',
  publishReason: 'Share the record when the user wants it published.',
  relaxesGuard: (files: string[]) => `Not recorded: ${files.join(', ')} would relax the Butler guard`,
  relaxesGuardHint:
    'Only a person can relax the guard: revert that change, or ask the user to run `butler guard allow <subcommand>` or `butler guard mode <mode>` in a terminal.',
  touchesRuntime: (files: string[]) => `Not recorded: ${files.join(', ')} would change Butler's runtime or its hook and server entries`,
  touchesRuntimeHint:
    'Only a person changes the guard runtime and its hooks: revert that change, or ask the user to run `butler install` (or `butler uninstall`) in a terminal and commit the result themselves.',
  askProtected: (files: string[]) => `Record Butler's own files (${files.join(', ')})? [y/N] `,
  personHint: (why: string) => `${why}. A person records Butler's own files: \`butler work record\` in their own terminal, answer y.`,
  undone: 'The commit was undone; the changes are still in the work tree.',
  recorded: (id: string, issues: number[]) =>
    `Recorded ${id}${issues.length ? ` (${issues.map((i) => `#${i}`).join(' ')})` : ''} on this branch; local, not published`,
};

const ja: typeof en = {
  messageRequired: 'message は必須です',
  messageRequiredHint: 'この記録の内容を 1 行で書いてください',
  badIssueIds: 'issue_ids は正の整数で指定してください',
  badIssueIdsHint: '[12] のように issue 番号を渡してください',
  cannot: (what) => `記録できません: ${what}`,
  nothing: '記録する変更がありません',
  // Verbatim (docs/decisions.md D27).
  nothingHint: '記録対象の未記録変更がありません。work_observe で現在の状態を確認してください',
  publishReason: 'ユーザーが公開を望んだら work_publish で共有してください',
  relaxesGuard: (files) => `記録しません: ${files.join(', ')} の変更は Butler のガードを緩めます`,
  relaxesGuardHint:
    'ガードを緩めるのは人の操作です。その変更を戻すか、ユーザーに端末で `butler guard allow <サブコマンド>` または `butler guard mode <モード>` を実行してもらってください',
  touchesRuntime: (files) => `記録しません: ${files.join(', ')} の変更は Butler のランタイムまたは hook とサーバーの設定を変えます`,
  touchesRuntimeHint:
    'ガードのランタイムと hook を変えるのは人の操作です。その変更を戻すか、ユーザーに端末で `butler install`（または `butler uninstall`）を実行して結果を自分でコミットしてもらってください',
  askProtected: (files) => `Butler 自身のファイル（${files.join(', ')}）を記録しますか？ [y/N] `,
  personHint: (why) => `${why}。Butler 自身のファイルは人が自分の端末で \`butler work record\` を実行して記録します`,
  undone: 'コミットは取り消しました。変更は作業ツリーに残っています。',
  recorded: (id, issues) =>
    `${id} を記録しました${issues.length ? `（${issues.map((i) => `#${i}`).join(' ')}）` : ''}。このブランチのローカルの記録で、未公開です`,
};

/** What a person at a terminal reads instead (the CLI; docs/decisions.md D37). */
const enPerson = {
  publishReason: 'Shares the record with the others.',
  relaxesGuardHint:
    'Only a person can relax the guard: revert that change, or run `butler guard allow <subcommand>` or `butler guard mode <mode>` at a terminal.',
  touchesRuntimeHint:
    'Only a person changes the guard runtime and its hooks: revert that change, or run `butler install` (or `butler uninstall`) at a terminal and commit the result.',
};

const jaPerson: typeof enPerson = {
  publishReason: '記録を他の人と共有します',
  relaxesGuardHint:
    'ガードを緩めるのは人の操作です。その変更を戻すか、端末で `butler guard allow <サブコマンド>` または `butler guard mode <モード>` を実行してください',
  touchesRuntimeHint:
    'ガードのランタイムと hook を変えるのは人の操作です。その変更を戻すか、端末で `butler install`（または `butler uninstall`）を実行して結果をコミットしてください',
};

export const recordText = (lang: Lang, to?: Audience) => wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
