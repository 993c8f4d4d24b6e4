import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';

/** work_finish: summaries and the reasons of its pending_actions. */
const en = {
  cannot: (what: string) => `Cannot finish: ${what}`,
  unrecorded: 'Unrecorded changes: record them before finishing',
  unrecordedReason: (n: number) => `${n} unrecorded change(s).`,
  noUpstream: 'Recorded, but the branch has no upstream: publication cannot be confirmed',
  noUpstreamReason: (why: string) => `${why} Ask the user to set one; then work_publish.`,
  unpublished: 'Recorded but not published',
  unpublishedReason: (n: number, ref: string | null) => `${n} record(s) not yet on ${ref}.`,
  done: 'Work is recorded and published; no issue action to propose',
  review: 'Work is recorded and published. Review these issue actions',
  commentReason: (issue: number) => `Leave a summary of the work on issue #${issue}.`,
  closeReason: (issue: number) => `Close issue #${issue} if its completion criteria are met (ask the user).`,
};

/** The last four are verbatim (docs/decisions.md D28). */
const ja: typeof en = {
  cannot: (what) => `完了できません: ${what}`,
  unrecorded: '未記録の変更があります。完了の前に記録してください',
  unrecordedReason: (n) => `未記録の変更が ${n} 件あります`,
  noUpstream: '記録済みですが、ブランチに upstream がないため公開を確認できません',
  noUpstreamReason: (why) => `${why}。ユーザーに upstream を設定してもらい、その後 work_publish を呼んでください`,
  unpublished: '記録済みですが、まだ公開していません',
  unpublishedReason: (n, ref) => `${ref} に未公開の記録が ${n} 件あります`,
  done: '作業は記録・公開済みです。追加で提案する issue 操作はありません',
  review: '作業は記録・公開済みです。以下を確認してください',
  commentReason: (issue) => `作業要約を issue #${issue} に残すことを推奨します`,
  closeReason: (issue) => `完了条件を満たしていそうです。issue #${issue} を閉じますか？`,
};

/** What a person at a terminal reads instead (the CLI; docs/decisions.md D37). */
const enPerson = {
  noUpstreamReason: (why: string) => `${why} Set one (for example git push -u); then \`butler work publish\`.`,
  closeReason: (issue: number) => `Close issue #${issue} if its completion criteria are met.`,
};

const jaPerson: typeof enPerson = {
  noUpstreamReason: (why) => `${why}。upstream を設定し（例: git push -u）、その後 \`butler work publish\` を実行してください`,
  closeReason: (issue) => `完了条件を満たしていそうです。issue #${issue} を閉じますか？`,
};

export const finishText = (lang: Lang, to?: Audience) => wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
