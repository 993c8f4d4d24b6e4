import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';
import { quotePath } from '../../shared/neutralize.js';

type Pair = readonly [summary: string, hint: string];

/** work_sync. Fetch failures are [summary, hint] pairs. */
const en = {
  cannot: (what: string) => `Cannot sync: ${what}`,
  dirty: (n: number) => `Cannot sync: ${n} unrecorded change(s)`,
  noRecords: 'Nothing to sync onto: this branch has no records yet',
  noRecordsHint: 'Ask the user how this branch should start from the remote.',
  noUpstream: (branch: string) => `Branch ${branch} has no upstream to sync with`,
  noUpstreamHint: 'Ask the user to set an upstream for this branch once; then call work_sync again.',
  gone: (ref: string) => `The upstream ${ref} does not exist on the remote`,
  goneHint: 'Ask the user whether the remote branch was deleted or renamed, and which upstream to use.',
  auth: ['The remote refused the credentials; nothing was changed', 'Ask the user to check their git credentials for this remote.'] as Pair,
  unreachable: ['The remote could not be reached; nothing was changed', 'Check the network or the remote URL, then retry.'] as Pair,
  timeout: (s: number): Pair => [
    `The remote did not answer within ${s} s; nothing was changed`,
    'Check the network or the remote URL, then retry.',
  ],
  failed: 'Fetching from the remote failed; nothing was changed',
  upToDate: (ref: string) => `Up to date with ${ref}`,
  upToDateAhead: (ref: string, n: number) => `Nothing new on ${ref}; ${n} record(s) still to publish`,
  fastForward: (n: number, ref: string) => `Brought in ${n} record(s) from ${ref}`,
  rebased: (n: number, mine: number, ref: string) => `Brought in ${n} record(s) from ${ref} and replayed ${mine} local record(s) on top`,
  publishReason: (n: number, ref: string) => `${n} record(s) not yet on ${ref}.`,
  conflict: (files: string[]) => `Your records and the remote's both change ${list(files)}; nothing was changed`,
  conflictHint: (files: string[], _ref: string) =>
    `Ask the user which version of ${list(files)} to keep (yours, the remote's, or a combination); Butler does not resolve conflicts. Then call work_observe.`,
  stuck: 'The sync stopped and could not be undone cleanly',
  stuckHint: 'Ask the user to check the repository (a rebase may be in progress), then call work_observe.',
  integrateFailed: 'Integrating the remote records failed; nothing was changed',
};

const ja: typeof en = {
  cannot: (what) => `同期できません: ${what}`,
  dirty: (n) => `同期できません: 未記録の変更が ${n} 件あります`,
  noRecords: '同期の土台がありません（このブランチにはまだ記録がありません）',
  noRecordsHint: 'このブランチをリモートからどう始めるかユーザーに確認してください',
  noUpstream: (branch) => `ブランチ ${branch} に同期先の upstream がありません`,
  noUpstreamHint: 'ユーザーにこのブランチの upstream を一度設定してもらい、その後 work_sync を再度呼んでください',
  gone: (ref) => `upstream ${ref} がリモートにありません`,
  goneHint: 'リモートのブランチが削除・改名されたか、どの upstream を使うかユーザーに確認してください',
  auth: ['リモートが認証情報を拒否しました。何も変更していません', 'ユーザーにこのリモートの git 認証情報を確認してもらってください'],
  unreachable: ['リモートに接続できません。何も変更していません', 'ネットワークかリモート URL を確認して再試行してください'],
  timeout: (s) => [
    `リモートが ${s} 秒以内に応答しませんでした。何も変更していません`,
    'ネットワークかリモート URL を確認して再試行してください',
  ],
  failed: 'リモートからの取得に失敗しました。何も変更していません',
  upToDate: (ref) => `${ref} と同じ状態です`,
  upToDateAhead: (ref, n) => `${ref} に新しい記録はありません。未公開の記録が ${n} 件あります`,
  fastForward: (n, ref) => `${ref} から ${n} 件の記録を取り込みました`,
  rebased: (n, mine, ref) => `${ref} から ${n} 件の記録を取り込み、ローカルの記録 ${mine} 件をその上に載せ直しました`,
  publishReason: (n, ref) => `${ref} に未公開の記録が ${n} 件あります`,
  conflict: (files) => `あなたの記録とリモートの記録が同じ箇所（${list(files)}）を変更しています。何も変更していません`,
  conflictHint: (files, _ref) =>
    `${list(files)} をどちらの版にするか（自分の版、リモートの版、または両方の統合）ユーザーに決めてもらってください。Butler は競合を解消しません。その後 work_observe を呼んでください`,
  stuck: '同期が途中で止まり、元に戻せませんでした',
  stuckHint: 'ユーザーにリポジトリを確認してもらい（リベース中の可能性があります）、その後 work_observe を呼んでください',
  integrateFailed: 'リモートの記録の取り込みに失敗しました。何も変更していません',
};

/** At most five file names, each on one line (quotePath), and how many more. */
export function list(files: string[], sep = ', '): string {
  const shown = files.slice(0, 5).map(quotePath).join(sep);
  return files.length > 5 ? `${shown} (+${files.length - 5})` : shown || '?';
}

/** What a person at a terminal reads instead (the CLI; docs/decisions.md D37). */
const enPerson = {
  noRecordsHint: 'Decide how this branch should start from the remote; Butler does not choose for you.',
  noUpstreamHint: 'Set an upstream for this branch once (for example git push -u); then run `butler work sync` again.',
  goneHint: 'Check whether the remote branch was deleted or renamed, and set the upstream to use.',
  auth: [en.auth[0], 'Check your git credentials for this remote.'] as Pair,
  // Butler aborted its rebase: the person resolves by hand with git, starting the rebase themselves (#25).
  conflictHint: (files: string[], ref: string) =>
    `Butler left your branch and files as they were; it does not resolve conflicts. Resolve them by hand with git: \`git rebase ${ref}\` shows the conflicts in ${list(files)}; edit them, \`git add\` them, then \`git rebase --continue\`. Then run \`butler work observe\`.`,
  stuckHint: 'Check the repository (a rebase may be in progress), then run `butler work observe`.',
};

const jaPerson: typeof enPerson = {
  noRecordsHint: 'このブランチをリモートからどう始めるか決めてください（Butler は選びません）',
  noUpstreamHint: 'このブランチの upstream を一度設定し（例: git push -u）、その後 `butler work sync` を再度実行してください',
  goneHint: 'リモートのブランチが削除・改名されたかを確認し、使う upstream を設定してください',
  auth: [ja.auth[0], 'このリモートの git 認証情報を確認してください'],
  conflictHint: (files, ref) =>
    `Butler はブランチとファイルを元のままにしました（競合は解消しません）。git で手作業で解消してください: \`git rebase ${ref}\` で ${list(files)} の競合が表示されます。編集して \`git add\` し、\`git rebase --continue\` を実行します。その後 \`butler work observe\` を実行してください`,
  stuckHint: 'リポジトリを確認し（リベース中の可能性があります）、その後 `butler work observe` を実行してください',
};

export const syncText = (lang: Lang, to?: Audience) => wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
