import type { Lang } from '../../shared/config.js';

/**
 * HTTP failures of a tracker (`label` is "Gitea" or "GitHub"). Only the status and field names go in:
 * never the response body or the token.
 */
const en = {
  noToken: (label: string) => `No ${label} token set`,
  foreignLink: (label: string) => `${label} sent a link to another host`,
  foreignLinkHint: 'Check issues.url in .butler/config.yaml.',
  timeout: (label: string, ms: number) => `${label} did not answer within ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)}s`}`,
  unreachable: (label: string) => `Could not reach ${label}`,
  unreachableHint: 'Check issues.url and the network, then retry.',
  unreadable: (label: string) => `${label} sent a reply Butler cannot read`,
  unreadableHint: 'Check that issues.url points at the API.',
  rateLimited: (label: string) => `${label} rate limit reached`,
  rateLimitedHint: 'Wait for the rate limit to reset, then retry.',
  tokenRefused: (label: string, status: number) => `${label} refused the token (${status})`,
  notFound: (label: string) => `Not found on ${label}`,
  notFoundHint: 'Check the number and issues.owner / issues.repo.',
  conflict: (label: string) => `${label} reported a conflict`,
  conflictHint: 'Read the issue again, then retry.',
  rejected: (label: string, fields: string[]) => `${label} rejected the input${fields.length ? ` (${fields.join(', ')})` : ''}`,
  rejectedHint: 'Fix the text and retry.',
  locked: (label: string) => `${label} repository is locked or archived`,
  lockedHint: 'Ask the owner to unarchive it.',
  redirect: (label: string, status: number) => `${label} answered with a redirect (${status})`,
  redirectHint: 'The repository may have moved: update issues.owner / issues.repo / issues.url.',
  serverError: (label: string, status: number) => `${label} failed (${status})`,
  serverErrorHint: 'Retry later; the tracker had a server error.',
  other: (label: string, status: number) => `${label} answered ${status}`,
  otherHint: 'Check issues.* in .butler/config.yaml.',
};

const ja: typeof en = {
  noToken: (label) => `${label} のトークンが設定されていません`,
  foreignLink: (label) => `${label} が別のホストへのリンクを返しました`,
  foreignLinkHint: '.butler/config.yaml の issues.url を確認してください',
  timeout: (label, ms) => `${label} が ${ms < 1000 ? `${ms} ミリ秒` : `${Math.round(ms / 1000)} 秒`}以内に応答しませんでした`,
  unreachable: (label) => `${label} に接続できませんでした`,
  unreachableHint: 'issues.url とネットワークを確認して再試行してください',
  unreadable: (label) => `${label} の応答を Butler が読めません`,
  unreadableHint: 'issues.url が API を指しているか確認してください',
  rateLimited: (label) => `${label} のレート制限に達しました`,
  rateLimitedHint: 'レート制限が解除されるのを待って再試行してください',
  tokenRefused: (label, status) => `${label} がトークンを拒否しました（${status}）`,
  notFound: (label) => `${label} に見つかりません`,
  notFoundHint: '番号と issues.owner / issues.repo を確認してください',
  conflict: (label) => `${label} が競合を返しました`,
  conflictHint: 'issue を読み直してから再試行してください',
  rejected: (label, fields) => `${label} が入力を受け付けませんでした${fields.length ? `（${fields.join(', ')}）` : ''}`,
  rejectedHint: 'テキストを直して再試行してください',
  locked: (label) => `${label} のリポジトリがロックまたはアーカイブされています`,
  lockedHint: 'オーナーにアーカイブの解除を依頼してください',
  redirect: (label, status) => `${label} がリダイレクトを返しました（${status}）`,
  redirectHint: 'リポジトリが移動した可能性があります。issues.owner / issues.repo / issues.url を更新してください',
  serverError: (label, status) => `${label} でサーバーエラーが起きました（${status}）`,
  serverErrorHint: 'トラッカー側のエラーです。しばらくしてから再試行してください',
  other: (label, status) => `${label} が ${status} を返しました`,
  otherHint: '.butler/config.yaml の issues.* を確認してください',
};

export const httpText = (lang: Lang) => (lang === 'en' ? en : ja);
