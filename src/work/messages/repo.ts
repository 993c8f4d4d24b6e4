import type { Lang } from '../../shared/config.js';

/** Errors shared by every work tool: the repository, git failures, unsafe arguments. */
const en = {
  notARepo: 'The project folder is not a git repository',
  notARepoHint: 'Call work_session_start with the repository root.',
  indexLocked: 'The git index is locked by another git process (index.lock)',
  indexLockedHint: 'Wait a few seconds and retry. If no git process is running, ask the user to delete .git/index.lock.',
  noIdentity: 'git has no author identity for records',
  noIdentityHint: 'Ask the user to set git user.name and user.email.',
  gitFailed: (action: string) => `git ${action} failed`,
  gitFailedHint: 'Run work_observe to see the state; details are in data.diagnostic.',
  notAbsolute: 'project_root must be an absolute path',
  notAbsoluteHint: 'Pass the absolute path of the repository root.',
  notFolder: 'project_root does not exist or is not a folder',
  notFolderHint: 'Pass an existing repository folder.',
  notWorkTree: 'project_root is not inside a git work tree',
  notWorkTreeHint: 'Pass the root of a git repository (run `git init` there first if it has none).',
  badRecordId: 'record_id is not a record id',
  badRecordIdHint: 'Pass a record_id from work_history (hex).',
  unsafeRef: (what: string) => `${what} is not a safe git name`,
  unsafeRefHint: 'Use letters, digits, ".", "_", "-" and "/"; no leading "-".',
};

const ja: typeof en = {
  notARepo: 'プロジェクトのフォルダが git リポジトリではありません',
  notARepoHint: 'リポジトリのルートを指定して work_session_start を呼んでください',
  indexLocked: '別の git プロセスが git の index をロックしています（index.lock）',
  indexLockedHint: '数秒待って再試行してください。git プロセスが動いていなければ、ユーザーに .git/index.lock の削除を依頼してください',
  noIdentity: 'git に記録者（author）が設定されていません',
  noIdentityHint: 'ユーザーに git の user.name と user.email の設定を依頼してください',
  gitFailed: (action) => `git ${action} に失敗しました`,
  gitFailedHint: 'work_observe で状態を確認してください。詳細は data.diagnostic にあります',
  notAbsolute: 'project_root は絶対パスで指定してください',
  notAbsoluteHint: 'リポジトリのルートの絶対パスを渡してください',
  notFolder: 'project_root が存在しないか、フォルダではありません',
  notFolderHint: '既存のリポジトリのフォルダを渡してください',
  notWorkTree: 'project_root が git の作業ツリーの中にありません',
  notWorkTreeHint: 'git リポジトリのルートを渡してください（リポジトリがなければ先にそこで `git init` を実行）',
  badRecordId: 'record_id が記録 ID の形式ではありません',
  badRecordIdHint: 'work_history の record_id（16 進）を渡してください',
  unsafeRef: (what) => `${what} は安全な git 名ではありません`,
  unsafeRefHint: '英数字と「.」「_」「-」「/」だけを使い、先頭に「-」を置かないでください',
};

export const repoText = (lang: Lang) => (lang === 'en' ? en : ja);
