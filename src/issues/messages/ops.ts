import type { Lang } from '../../shared/config.js';

/** The eight brain-facing issue operations: summaries, text-rule errors and the structured-body request. */
const en = {
  read: (id: number, title: string, state: 'open' | 'closed', comments: number | undefined) =>
    `#${id} ${title} (${state}${comments === undefined ? '' : `, ${comments} comment${comments === 1 ? '' : 's'}`})`,
  created: (id: number, title: string) => `Created #${id} ${title}`,
  commented: (id: number, commentId: number) => `Commented on #${id} (comment ${commentId})`,
  deletedComment: (id: number, commentId: number) => `Deleted comment ${commentId} on #${id}`,
  retitled: (id: number, title: string) => `Retitled #${id}: ${title}`,
  bodyUpdated: (id: number) => `Updated the body of #${id}`,
  reopened: (id: number, title: string) => `Reopened #${id} ${title}`,
  closed: (id: number, title: string) => `Closed #${id} ${title}`,

  titleEmpty: 'Title is empty',
  titleEmptyHint: 'Give a short, specific title.',
  titleLineBreak: 'Title has a line break',
  titleLineBreakHint: 'Use one line; put details in the body.',
  titleTooLong: (max: number) => `Title is longer than ${max} characters`,
  titleTooLongHint: 'Shorten it; put details in the body.',
  textEmpty: (what: 'body' | 'comment') => `${what === 'body' ? 'Body' : 'Comment'} is empty`,
  textEmptyHint: 'Write the text to record.',
  textTooLong: (what: 'body' | 'comment', max: number) => `${what === 'body' ? 'Body' : 'Comment'} is longer than ${max} characters`,
  textTooLongHint: 'Shorten it or split it.',

  /** need_input for issue_create; the names are the sections as the body's own language calls them. */
  bodyLacks: (names: string[]) => `Body lacks: ${names.join(', ')}`,
  bodyLacksReason: 'Add the missing sections (write "none" when there are no blockers).',

  /** `butler issue list` (people only, no tool). */
  listed: (n: number, all: boolean, capped: boolean) =>
    n === 0
      ? all
        ? 'No issues'
        : 'No open issues'
      : `${capped ? `The newest ${n}` : n} ${all ? 'issue(s)' : 'open issue(s)'}, newest first`,

  alreadyClosed: (id: number) => `#${id} was already closed; nothing changed`,
  alreadyOpen: (id: number) => `#${id} was already open; nothing changed`,
  alreadyDeleted: (id: number, commentId: number) => `Comment ${commentId} on #${id} was already deleted; nothing changed`,
  /** Local issues: each change is its own record (src/issues/record.ts). */
  recordedAs: (record: string, how: 'published' | 'unpublished' | 'local') =>
    ` (recorded as ${record}${how === 'published' ? ' and published' : how === 'unpublished' ? '; not yet published' : ''})`,
  notRecorded: (why: string) => ` (not recorded: ${why}; the issue file is an unrecorded change)`,
  publishReason: 'Local issue changes reach others when published.',
  syncReason: 'The upstream has records you lack: bring them in, then publish.',
  recordReason: 'Record the issue file with the other changes.',
};

/** Section names as in docs/decisions.md D31: 現在の状態・次にすること・ブロック要因. */
const ja: typeof en = {
  read: (id, title, state, comments) =>
    `#${id} ${title}（${state === 'open' ? 'オープン' : 'クローズ'}${comments === undefined ? '' : `、コメント ${comments} 件`}）`,
  created: (id, title) => `#${id} ${title} を作成しました`,
  commented: (id, commentId) => `#${id} にコメントしました（コメント ${commentId}）`,
  deletedComment: (id, commentId) => `#${id} のコメント ${commentId} を削除しました`,
  retitled: (id, title) => `#${id} のタイトルを「${title}」に変更しました`,
  bodyUpdated: (id) => `#${id} の本文を更新しました`,
  reopened: (id, title) => `#${id} ${title} を再オープンしました`,
  closed: (id, title) => `#${id} ${title} を閉じました`,

  titleEmpty: 'タイトルが空です',
  titleEmptyHint: '短く具体的なタイトルを付けてください',
  titleLineBreak: 'タイトルに改行が含まれています',
  titleLineBreakHint: '1 行にしてください。詳細は本文に書いてください',
  titleTooLong: (max) => `タイトルが ${max} 文字を超えています`,
  titleTooLongHint: '短くしてください。詳細は本文に書いてください',
  textEmpty: (what) => `${what === 'body' ? '本文' : 'コメント'}が空です`,
  textEmptyHint: '記録する内容を書いてください',
  textTooLong: (what, max) => `${what === 'body' ? '本文' : 'コメント'}が ${max} 文字を超えています`,
  textTooLongHint: '短くするか、分けてください',

  bodyLacks: (names) => `本文の不足項目: ${names.join('、')}`,
  bodyLacksReason: '不足している項目を追記してください（ブロック要因がなければ「なし」と書きます）',

  listed: (n, all, capped) =>
    n === 0
      ? all
        ? 'issue はありません'
        : 'オープンな issue はありません'
      : `${all ? '' : 'オープンな '}issue ${capped ? `の新しい ${n} 件` : `${n} 件`}（新しい順）`,

  alreadyClosed: (id) => `#${id} は既に閉じています。何も変更していません`,
  alreadyOpen: (id) => `#${id} は既にオープンです。何も変更していません`,
  alreadyDeleted: (id, commentId) => `#${id} のコメント ${commentId} は既に削除済みです。何も変更していません`,
  recordedAs: (record, how) => `（記録 ${record}${how === 'published' ? '、公開済み' : how === 'unpublished' ? '、未公開' : ''}）`,
  notRecorded: (why) => `（記録できませんでした: ${why}。issue ファイルは未記録の変更です）`,
  publishReason: 'ローカル issue の変更は公開すると他の人に届きます',
  syncReason: 'upstream に手元にない記録があります。取り込んでから公開してください',
  recordReason: 'issue ファイルを他の変更と一緒に記録してください',
};

export const opsText = (lang: Lang) => (lang === 'en' ? en : ja);
