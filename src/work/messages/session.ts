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
};

const ja: typeof en = {
  started: (name) => `${name} で work session を開始しました`,
  observeFirst: 'まず現在の作業状態を確認してください',
  issueCleared: 'default issue を解除しました',
  issueSet: (issue) => `default issue を #${issue} にしました`,
  project: (root) => `プロジェクト ${root}`,
  issueNotFound: (ids) => `issue ${ids.map((i) => `#${i}`).join('、')} はこの project の tracker にありません`,
  issueNotFoundHint: 'issue_read で番号を確認するか、issue_create で作成してください',
};

/** What a person at a terminal reads instead (the CLI; docs/decisions.md D37). */
const enPerson = { issueNotFoundHint: 'See the issues with `butler issue list`, or create one with `butler issue create`.' };
const jaPerson: typeof enPerson = {
  issueNotFoundHint: '`butler issue list` で issue を確認するか、`butler issue create` で作成してください',
};

export const sessionText = (lang: Lang, to?: Audience) => wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
