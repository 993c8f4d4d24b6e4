import type { Lang } from '../../shared/config.js';

type Reason = 'no_upstream' | 'unreachable' | 'rejected' | 'git_error';

/** Sharing handovers through the remote (share-ops.ts); `reasons` say why a push or fetch failed. */
const en = {
  reasons: {
    no_upstream: 'there is no upstream remote',
    unreachable: 'the remote cannot be reached (offline or auth)',
    rejected: 'the ref update kept being rejected',
    git_error: 'git failed',
  } as Record<Reason, string>,
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
  },
  notShared: (why) => `共有されていません: ${why}。ローカルの snapshot は保存済みで、work_publish が再試行します`,
  notFetched: (why) => `リモートの handover は取得できませんでした（${why}）。ローカルの分だけを見ています`,
  receiptPending: '受け取り記録はまだ共有されていません（work_publish が再試行します）',
};

export const shareText = (lang: Lang) => (lang === 'en' ? en : ja);
