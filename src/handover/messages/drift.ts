import type { Lang } from '../../shared/config.js';

/** The drift line: what changed since a snapshot was written (drift.ts driftLine). */
const en = {
  branch: (then: string | null, now: string) => `branch ${then} -> ${now}`,
  headNotHere: (then: string) => `HEAD ${then} is not in this clone yet (recorded on another clone: work_sync brings it in)`,
  headGone: (then: string, now: string) => `HEAD ${then} is no longer in this history (now ${now})`,
  headMoved: (n: number, then: string, now: string) => `HEAD moved ${n} commit(s) (${then} -> ${now})`,
  anchorsMissing: (n: number) => `${n} anchor file(s) missing`,
  anchorsChanged: (n: number) => `${n} anchor file(s) changed`,
  uncommitted: (n: number) => `${n} uncommitted change(s)`,
  line: (parts: string[]) => `Drift since snapshot: ${parts.join('; ')}.`,
};

const ja: typeof en = {
  branch: (then, now) => `ブランチ ${then} -> ${now}`,
  headNotHere: (then) => `HEAD ${then} はまだこの clone にありません（別の clone で記録され未取得: work_sync で取り込めます）`,
  headGone: (then, now) => `HEAD ${then} はこの履歴にありません（現在 ${now}）`,
  headMoved: (n, then, now) => `HEAD が ${n} コミット進みました（${then} -> ${now}）`,
  anchorsMissing: (n) => `アンカー ${n} 件が消えています`,
  anchorsChanged: (n) => `アンカー ${n} 件が変更されています`,
  uncommitted: (n) => `未記録の変更 ${n} 件`,
  line: (parts) => `snapshot 以降のずれ: ${parts.join('、')}。`,
};

export const driftText = (lang: Lang) => (lang === 'en' ? en : ja);
