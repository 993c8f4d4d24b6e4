import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';

type Reason = 'no_upstream' | 'unreachable' | 'rejected' | 'git_error' | 'not_allowed';

/** Sharing handovers through the remote (share-ops.ts); `reasons` say why a push or fetch failed. */
const en = {
  reasons: {
    no_upstream: 'there is no upstream remote',
    unreachable: 'the remote cannot be reached (offline or auth)',
    rejected: 'the ref update kept being rejected',
    git_error: 'git failed',
    not_allowed: 'the user has not allowed sharing from this clone yet (data.user_runs, in their own terminal)',
  } as Record<Reason, string>,
  /** need_input of the first share from a clone (prepare.ts). */
  previewFirst: (cmd: string) =>
    `Saved, not shared: the first share from this clone needs the user's OK. Show the user data.share_preview (exactly what would be pushed); they run \`${cmd}\` in their own terminal, which shares it. You cannot allow it.`,
  notShared: (why: string) => `Not shared: ${why}. The local snapshot is saved; work_publish retries.`,
  notFetched: (why: string) => `Remote handovers not fetched (${why}); showing local ones`,
  receiptPending: 'The receipt is not shared yet (work_publish retries).',
};

const ja: typeof en = {
  reasons: {
    no_upstream: 'upstream の remote がありません',
    unreachable: 'remote に届きません（オフラインか認証）',
    rejected: '更新が競合し続けました',
    git_error: 'git が失敗しました',
    not_allowed: '共有がまだ許可されていません（data.user_runs）',
  },
  previewFirst: (cmd) =>
    `保存のみ、未共有: 最初の共有にはユーザーの許可が要ります。data.share_preview を見せ、ユーザーの端末で \`${cmd}\` を実行してもらってください（あなたは許可できません）。`,
  notShared: (why) => `共有されていません: ${why}。ローカルの snapshot は保存済みで、work_publish が再試行します`,
  notFetched: (why) => `リモートの handover は取得できませんでした（${why}）。ローカルの分だけを見ています`,
  receiptPending: '受け取り記録はまだ共有されていません（work_publish が再試行します）',
};

/** What a person at a terminal reads instead (the CLI; docs/decisions.md D37); `held` only a person reads (share-ops.ts retryPendingShares). */
const enPerson = {
  reasons: { ...en.reasons, not_allowed: 'you have not allowed sharing from this clone yet (`butler handover share-preview`)' },
  notShared: (why: string) => `Not shared: ${why}. The local snapshot is saved; \`butler work publish\` tries again.`,
  previewFirst: (cmd: string) =>
    `Saved, not shared: the first share from this clone needs your OK. Run \`${cmd}\`: it shows exactly what would be pushed and asks you.`,
  held: (n: number, cmd: string) =>
    `Not shared: ${n} snapshot(s) wait for your OK to share from this clone and stay local until then. Run \`${cmd}\`: it shows exactly what would be pushed and asks you; yes shares them. (Said once.)`,
};

const jaPerson: typeof enPerson = {
  reasons: { ...ja.reasons, not_allowed: 'このクローンからの共有をまだ許可していません（`butler handover share-preview`）' },
  notShared: (why) => `共有されていません: ${why}。ローカルの snapshot は保存済みで、\`butler work publish\` が再試行します`,
  previewFirst: (cmd) =>
    `保存のみ、未共有: このクローンからの最初の共有にはあなたの許可が要ります。\`${cmd}\` を実行してください: push される内容をそのまま表示し、許可を尋ねます。`,
  held: (n, cmd) =>
    `未共有: ${n} 件の snapshot がこのクローンからの共有にあなたの許可を待っており、それまではローカルのみです。\`${cmd}\` を実行してください: push される内容をそのまま表示して許可を尋ね、y で共有します（この案内は一度だけです）。`,
};

export const shareText = <A extends Audience | undefined = undefined>(lang: Lang, to?: A) =>
  wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
