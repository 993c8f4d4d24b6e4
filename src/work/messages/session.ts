import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';

/** work_session_start, work_start and the CLI's `butler work start`. */
const en = {
  started: (name: string) => `Work session started in ${name}`,
  observeFirst: 'Check the current work state first.',
  issueCleared: 'Default issue cleared',
  issueSet: (issue: number) => `Default issue is #${issue}`,
  project: (root: string) => `Project ${root}`,
  issueNotFound: (ids: number[]) => `No issue ${ids.map((i) => `#${i}`).join(', ')} on this project's tracker`,
  issueNotFoundHint: 'Check the number with issue_read, or create it with issue_create.',
  issueSetClosed: (issue: number) => `Default issue is #${issue}, which is closed`,
  closedHint: (issue: number) => `Reopen it with issue_reopen(issue_id=${issue}), or pick an open issue with work_start.`,
};

const ja: typeof en = {
  started: (name) => `${name} で work session を開始しました`,
  observeFirst: 'まず現在の作業状態を確認してください',
  issueCleared: 'default issue を解除しました',
  issueSet: (issue) => `default issue を #${issue} にしました`,
  project: (root) => `プロジェクト ${root}`,
  issueNotFound: (ids) => `issue ${ids.map((i) => `#${i}`).join('、')} はこの project の tracker にありません`,
  issueNotFoundHint: 'issue_read で番号を確認するか、issue_create で作成してください',
  issueSetClosed: (issue) => `default issue を #${issue} にしました（この issue は closed です）`,
  closedHint: (issue) => `issue_reopen(issue_id=${issue}) で開き直すか、work_start で open の issue を選んでください`,
};

/** What a person at a terminal reads instead (the CLI; docs/decisions.md D37). */
const enPerson = {
  started: en.started,
  issueCleared: en.issueCleared,
  issueSet: en.issueSet,
  issueSetClosed: en.issueSetClosed,
  issueNotFound: en.issueNotFound,
  issueNotFoundHint: 'See the issues with `butler issue list`, or create one with `butler issue create --title TITLE --body-file FILE`.',
  closedHint: (issue: number) =>
    `Reopen it with \`butler issue reopen ${issue}\`, or pick an open one: \`butler issue list\`, then \`butler work start --issue N\`.`,
};
const jaPerson: typeof enPerson = {
  // The agents' Japanese keeps its words (the MCP output does not change); a person reads no English (#25 item 6).
  started: (name) => `${name} で作業セッションを開始しました`,
  issueCleared: '既定の issue を解除しました',
  issueSet: (issue) => `既定の issue を #${issue} にしました`,
  issueSetClosed: (issue) => `既定の issue を #${issue} にしました（この issue はクローズ済みです）`,
  issueNotFound: (ids) => `issue ${ids.map((i) => `#${i}`).join('、')} はこのプロジェクトのトラッカーにありません`,
  issueNotFoundHint: '`butler issue list` で issue を確認するか、`butler issue create --title TITLE --body-file FILE` で作成してください',
  closedHint: (issue) =>
    `\`butler issue reopen ${issue}\` で開き直すか、\`butler issue list\` でオープンの issue を選んで \`butler work start --issue N\` を実行してください`,
};

export const sessionText = (lang: Lang, to?: Audience) => wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
