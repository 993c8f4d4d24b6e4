import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';

/** Errors the trackers raise themselves: missing issues and comments, damaged files, labels, config. */
const en = {
  issueNotFound: (id: number) => `Issue #${id} not found`,
  issueNotFoundHint: 'Check the issue number, or create it with issue_create.',
  commentNotFound: (id: number, commentId: number) => `Comment ${commentId} not found on issue #${id}`,
  commentNotFoundHint: 'Read the issue with last_n_comments to see comment ids.',
  damaged: (id: number) => `Issue #${id} file is damaged`,
  damagedHint: (file: string, why: string) => `Fix ${file} by hand (${why}).`,
  idMismatch: (inside: number) => `its id is ${inside}, not the number in the file name`,
  idsExhausted: (max: number) => `No issue id left: ids stop at ${max}`,
  idsExhaustedHint: (dir: string) => `Renumber or remove the highest files in ${dir}.`,
  pullRequest: (id: number) => `#${id} is a pull request, not an issue`,
  pullRequestHint: 'Butler issue tools work on issues only.',
  unknownLabels: (names: string[]) => `Unknown label${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
  useLabels: (known: string[]) => `Use one of: ${known.join(', ')}`,
  noLabels: 'This repository has no labels yet.',

  ownerRepoRequired: (backend: string) => `issues.owner and issues.repo are required for ${backend}`,
  setThem: (file: string) => `Set them in ${file}.`,
  urlRequired: 'issues.url is required for gitea',
  urlRequiredHint: (file: string) => `Set the Gitea base URL in ${file}.`,
  fixIn: (file: string) => `Fix it in ${file}.`,
  giteaToken: (names: string[]) => `Set ${names.join(' or ')} to a Gitea token with issue read/write access.`,
  urlHttps: 'issues.url must be https, without credentials (plain http only to this machine)',
  tokenEnvRefused: (name: string) => `issues.token_env ${name} is not a tracker token variable`,
  tokenEnvHint: (names: readonly string[]) => `Use one of ${names.join(', ')} (or omit token_env).`,
  urlNotApproved: (url: string) => `Tracker URL ${url} is not approved for your token`,
  urlNotApprovedHint: (url: string) =>
    `Only a person approves where a token goes: ask the user to run butler issue approve-url ${url} in their own terminal if they trust it.`,
  githubToken: (names: string[]) => `Set ${names.join(' or ')} to a token with Issues read/write access.`,
};

const ja: typeof en = {
  issueNotFound: (id) => `issue #${id} が見つかりません`,
  issueNotFoundHint: 'issue 番号を確認するか、issue_create で作成してください',
  commentNotFound: (id, commentId) => `issue #${id} にコメント ${commentId} が見つかりません`,
  commentNotFoundHint: 'last_n_comments を付けて issue_read し、コメント ID を確認してください',
  damaged: (id) => `issue #${id} のファイルが壊れています`,
  damagedHint: (file, why) => `${file} を手で直してください（${why}）`,
  idMismatch: (inside) => `中の id が ${inside} で、ファイル名の番号と違います`,
  idsExhausted: (max) => `使える issue id がありません（上限 ${max}）`,
  idsExhaustedHint: (dir) => `${dir} の番号の大きいファイルを付け直すか削除してください`,
  pullRequest: (id) => `#${id} は issue ではなく pull request です`,
  pullRequestHint: 'Butler の issue ツールは issue だけを扱います',
  unknownLabels: (names) => `不明なラベル: ${names.join(', ')}`,
  useLabels: (known) => `次のどれかを使ってください: ${known.join(', ')}`,
  noLabels: 'このリポジトリにはまだラベルがありません',

  ownerRepoRequired: (backend) => `${backend} には issues.owner と issues.repo が必要です`,
  setThem: (file) => `${file} に設定してください`,
  urlRequired: 'gitea には issues.url が必要です',
  urlRequiredHint: (file) => `${file} に Gitea のベース URL を設定してください`,
  fixIn: (file) => `${file} で直してください`,
  giteaToken: (names) => `${names.join(' か ')} に issue の読み書き権限を持つ Gitea トークンを設定してください`,
  urlHttps: 'issues.url は認証情報なしの https にしてください（http はこのマシン宛てのみ）',
  tokenEnvRefused: (name) => `issues.token_env の ${name} はトラッカー用トークンの変数名ではありません`,
  tokenEnvHint: (names) => `${names.join(', ')} のどれかにしてください（token_env は省略可）`,
  urlNotApproved: (url) => `トラッカー URL ${url} はトークン送信先として承認されていません`,
  urlNotApprovedHint: (url) =>
    `トークンの送り先を承認するのは人です。信頼できるなら、ユーザーに自分の端末で butler issue approve-url ${url} を実行してもらってください`,
  githubToken: (names) => `${names.join(' か ')} に Issues の読み書き権限を持つトークンを設定してください`,
};

/** What a person at a terminal reads instead (the CLI; docs/decisions.md D37). */
const enPerson = {
  issueNotFoundHint: 'See the issues with `butler issue list`, or create one with `butler issue create --title TITLE --body-file FILE`.',
  commentNotFoundHint: 'Run `butler issue read ID --comments N` to see the comment ids.',
  urlNotApprovedHint: (url: string) =>
    `Only a person approves where a token goes: if you trust it, run \`butler issue approve-url ${url}\` at a terminal.`,
};

const jaPerson: typeof enPerson = {
  issueNotFoundHint: '`butler issue list` で issue を確認するか、`butler issue create --title TITLE --body-file FILE` で作成してください',
  commentNotFoundHint: '`butler issue read ID --comments N` でコメント ID を確認してください',
  urlNotApprovedHint: (url) =>
    `token の送り先を承認するのは人です。信頼できるなら、端末で \`butler issue approve-url ${url}\` を実行してください`,
};

export const backendText = (lang: Lang, to?: Audience) => wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
