import type { Lang } from '../../shared/config.js';

/** What `butler demo` prints around the tools' own results. */
const en = {
  head: (repo: string) => `Butler demo in a throwaway repo: ${repo}`,
  install: (n: number, a: string, b: string) => `  install: ${n} files (${a} + ${b} hooks, MCP server "butler", .butler/bin runtime)`,
  prompt: (id: string, a: string, b: string) => `HANDOFF_PROMPT (transfer ${id}, ${a} -> ${b}):`,
  snapshots: (n: number, dir: string) => `Snapshots (${n}, append-only, git-ignored): ${dir}`,
  injects: (b: string, text: string) => `Next ${b} session start injects: ${text}`,
  tryIt: (a: string, b: string, repo: string) => `Try it: open ${a} or ${b} in ${repo} (or delete the folder when done).`,
  completed: 'demo completed',
  failed: (message: string) => `butler demo failed: ${message}`,
  /** The notes the demo's agents write (tagged lines: handover notes, README "Notes"). */
  suspendNotes: 'Demo: added app.js with add().\ndecision: keep the app dependency-free\nnext: write a test for add()',
  transferNotes: (title: string) => `Handing over to ${title}.\ndecision: keep add() pure\nnext: write a test for add() and run it`,
};

const ja: typeof en = {
  head: (repo) => `使い捨てのリポジトリでの Butler のデモ: ${repo}`,
  install: (n, a, b) => `  install: ${n} ファイル（${a} と ${b} の hook、MCP サーバー "butler"、.butler/bin のランタイム）`,
  prompt: (id, a, b) => `HANDOFF_PROMPT（transfer ${id}、${a} -> ${b}）:`,
  snapshots: (n, dir) => `snapshot（${n} 件、追記のみ、git-ignore 済み）: ${dir}`,
  injects: (b, text) => `次の ${b} のセッション開始時に渡される内容: ${text}`,
  tryIt: (a, b, repo) => `試すには: ${repo} で ${a} か ${b} を開いてください（終わったらフォルダーを削除してかまいません）。`,
  completed: 'デモが完了しました',
  failed: (message) => `butler demo に失敗しました: ${message}`,
  suspendNotes: 'デモ: add() を持つ app.js を追加。\n決定: アプリは依存なしに保つ\n次: add() のテストを書く',
  transferNotes: (title) => `${title} に引き継ぎます。\n決定: add() は純粋関数に保つ\n次: add() のテストを書いて実行する`,
};

export const demoText = (lang: Lang) => (lang === 'en' ? en : ja);
