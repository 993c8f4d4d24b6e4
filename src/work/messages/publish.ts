import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';

type Pair = readonly [summary: string, hint: string];

/** An agent's hint with no upstream, and with no remote at all: the user sets it up either way (a person reads noRemoteHint). */
const UPSTREAM_HINT = {
  en: 'Ask the user to set an upstream for this branch once (for example by pushing it with -u); then call work_publish again.',
  ja: 'ユーザーにこのブランチの upstream を一度設定してもらい（例: -u を付けて push）、その後 work_publish を再度呼んでください',
};

/** work_publish. Push failures are [summary, hint] pairs. */
const en = {
  cannot: (what: string) => `Cannot publish: ${what}`,
  dirty: (n: number) => `Cannot publish: ${n} unrecorded change(s)`,
  recordFirst: 'Record the changes with work_record first.',
  noRecords: 'Nothing to publish: this branch has no records yet',
  noRecordsHint: 'Record work with work_record first.',
  noUpstream: (branch: string) => `Branch ${branch} has no upstream to publish to`,
  noUpstreamHint: UPSTREAM_HINT.en,
  noRemoteHint: UPSTREAM_HINT.en,
  unusable: (branch: string) => `Branch ${branch} has no usable upstream`,
  unusableHint: 'Ask the user to check the branch upstream.',
  already: 'Already published',
  rejected: [
    'The remote has records this branch does not have; nothing was published',
    'Someone published first. Call work_sync to integrate the remote records, then work_publish again.',
  ] as Pair,
  syncReason: 'The remote has records this branch lacks; work_sync integrates them.',
  auth: [
    'The remote refused the credentials; nothing was published',
    'Ask the user to check their git credentials for this remote.',
  ] as Pair,
  refused: ['The remote refused the records (protected branch or server hook)', 'Ask the user how this branch may be published.'] as Pair,
  unreachable: ['The remote could not be reached; nothing was published', 'Check the network or the remote URL, then retry.'] as Pair,
  failed: 'Publishing failed',
  published: (n: number, ref: string) => `Published ${n} record(s) to ${ref}`,
  publishedTo: (remote: string) => `Published to ${remote}`,
};

const ja: typeof en = {
  cannot: (what) => `公開できません: ${what}`,
  dirty: (n) => `公開できません: 未記録の変更が ${n} 件あります`,
  // Verbatim (docs/decisions.md D27).
  recordFirst: '先に work_record で作業を記録してください',
  noRecords: '公開する記録がありません（このブランチにはまだ記録がありません）',
  noRecordsHint: '先に work_record で作業を記録してください',
  noUpstream: (branch) => `ブランチ ${branch} に公開先の upstream がありません`,
  noUpstreamHint: UPSTREAM_HINT.ja,
  noRemoteHint: UPSTREAM_HINT.ja,
  unusable: (branch) => `ブランチ ${branch} の upstream を使えません`,
  unusableHint: 'ユーザーにブランチの upstream を確認してもらってください',
  // Verbatim, for a clean state (docs/decisions.md D27).
  already: '共有済みです',
  rejected: [
    'リモートにこのブランチにない記録があります。何も公開していません',
    '先に誰かが公開しています。work_sync でリモートの記録を取り込み、その後 work_publish を再度呼んでください',
  ],
  syncReason: 'リモートにこのブランチにない記録があります。work_sync で取り込みます',
  auth: ['リモートが認証情報を拒否しました。何も公開していません', 'ユーザーにこのリモートの git 認証情報を確認してもらってください'],
  refused: ['リモートが記録を拒否しました（保護ブランチまたはサーバー側 hook）', 'このブランチをどう公開するかユーザーに確認してください'],
  unreachable: ['リモートに接続できません。何も公開していません', 'ネットワークかリモート URL を確認して再試行してください'],
  failed: '公開に失敗しました',
  published: (n, ref) => `${ref} に ${n} 件の記録を公開しました`,
  publishedTo: (remote) => `${remote} に公開しました`,
};

/** What a person at a terminal reads instead (the CLI; docs/decisions.md D37). */
const enPerson = {
  noUpstreamHint: 'Set an upstream for this branch once (for example push it with git push -u); then run `butler work publish` again.',
  noRemoteHint:
    'This repository has no remote: add one (`git remote add origin URL`), push this branch once with `git push -u origin HEAD`, then run `butler work publish` again.',
  unusableHint: 'Check the branch upstream.',
  auth: [en.auth[0], 'Check your git credentials for this remote.'] as Pair,
  refused: [en.refused[0], 'Check how this branch may be published.'] as Pair,
  rejected: [
    en.rejected[0],
    // Newcomer walk-through 5: after a sync conflict, publish and sync sent the person round in a loop.
    'Someone published first. Run `butler work sync` to bring in their records, then `butler work publish` again. If sync reports a conflict, resolve it with git by hand as it says first.',
  ] as Pair,
};

const jaPerson: typeof enPerson = {
  noUpstreamHint: 'このブランチの upstream を一度設定し（例: git push -u で push）、その後 `butler work publish` を再度実行してください',
  noRemoteHint:
    'このリポジトリにはリモートがありません: 追加し（`git remote add origin URL`）、`git push -u origin HEAD` で一度 push してから `butler work publish` を再度実行してください',
  unusableHint: 'ブランチの upstream を確認してください',
  auth: [ja.auth[0], 'このリモートの git 認証情報を確認してください'],
  refused: [ja.refused[0], 'このブランチをどう公開するか確認してください'],
  rejected: [
    ja.rejected[0],
    '先に誰かが公開しています。`butler work sync` で記録を取り込み、その後 `butler work publish` を再度実行してください。sync が衝突を報告したら、先にその案内どおり git で手作業で解消してください',
  ],
};

export const publishText = (lang: Lang, to?: Audience) => wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
