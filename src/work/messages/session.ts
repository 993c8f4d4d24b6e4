import type { Lang } from '../../shared/config.js';

/** work_session_start, work_start and the CLI's `butler work start`. */
const en = {
  started: (name: string) => `Work session started in ${name}`,
  observeFirst: 'Check the current work state first.',
  issueCleared: 'Default issue cleared',
  issueSet: (issue: number) => `Default issue is #${issue}`,
  project: (root: string) => `Project ${root}`,
};

const ja: typeof en = {
  started: (name) => `${name} で work session を開始しました`,
  observeFirst: 'まず現在の作業状態を確認してください',
  issueCleared: 'default issue を解除しました',
  issueSet: (issue) => `default issue を #${issue} にしました`,
  project: (root) => `プロジェクト ${root}`,
};

export const sessionText = (lang: Lang) => (lang === 'en' ? en : ja);
