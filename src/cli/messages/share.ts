import type { Lang } from '../../shared/config.js';

/** What `butler handover share-preview` says besides the snapshots themselves. */
const en = {
  end: (id: string) => `end of ${id}`,
  since: (at: string) => `Sharing allowed here since ${at}.`,
  ask: (held: number) =>
    `Let Butler push handovers like this from this clone${held ? `, starting with the ${held} waiting snapshot(s)` : ''}? [y/N] `,
  refused: (why: string) => `Allowing shares ${why}; nothing allowed, nothing shared`,
  refusedHint: 'To allow it, run this again and answer y.',
  notYet: (reason: string) => ` Not shared yet (${reason}); \`butler work publish\` retries.`,
  allowed: (file: string) => `Sharing allowed in this clone (recorded in ${file}).`,
  shared: (ids: string) => ` Shared: ${ids}.`,
};

const ja: typeof en = {
  end: (id) => `${id} ここまで`,
  since: (at) => `この clone では ${at} から共有を許可しています。`,
  ask: (held) =>
    `この clone から、このような handover を Butler が push してよいですか${held ? `（待機中の snapshot ${held} 件から）` : ''}？ [y/N] `,
  refused: (why) => `共有の許可は${why}。何も許可せず、何も共有していません`,
  refusedHint: '許可するには、もう一度実行して y と答えてください。',
  notYet: (reason) => ` まだ共有していません（${reason}）。\`butler work publish\` が再試行します。`,
  allowed: (file) => `この clone での共有を許可しました（${file} に記録）。`,
  shared: (ids) => ` 共有済み: ${ids}。`,
};

export const shareText = (lang: Lang) => (lang === 'en' ? en : ja);
