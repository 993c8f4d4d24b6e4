import type { Lang } from '../../shared/config.js';

/** The labels render adds around the tools' own (already translated) words. */
/** The work states of src/work/observe.ts (README "work_observe"), in Japanese. */
const WORK_STATES_JA: Record<string, string> = {
  uninitialized: '未初期化',
  clean_idle: '変更なし',
  clean_with_active_issue: '変更なし、issue 作業中',
  dirty: '未記録の変更あり',
  recorded_unpublished: '未公開の記録あり',
  dirty_and_unpublished: '未記録の変更と未公開の記録あり',
  blocked: '中断中の git 操作あり',
  unknown: '不明',
  clean: '変更なし',
};

const en = {
  template: 'fill in these sections and pass them with --body-file FILE (--body-file - reads stdin)',
  hint: 'hint',
  next: 'next',
  // A step that waits for the person's choice (publish, close, transfer, retire): #25 read "when you agree" as odd.
  ask_user_first: 'if you want',
  next_session: 'next session',
  for_target: 'for the target',
  for_source: 'for the source',
  state: 'state',
  branch: 'branch',
  detached: '(detached)',
  head: 'head',
  upstream: 'upstream',
  aheadBehind: (a: unknown, b: unknown) => `ahead ${a}, behind ${b}`,
  /** A remark beside a value: Japanese text in full-width parentheses (#25 walk-through 16). */
  aside: (t: string) => `(${t})`,
  defaultIssue: 'default issue',
  defaultCleared: (id: unknown) =>
    `#${id} is no longer the default issue: later records link none (\`butler work start --issue N\` sets one)`,
  more: (n: number) => `… ${n} more`,
  untracked: 'new',
  conflict: 'conflict',
  comment: (id: unknown, by: unknown, at: unknown) => `comment ${id} by ${by} at ${at}`,
  labels: 'labels',
  updated: 'updated',
  closed: 'closed',
  candidate: 'candidate',
  lastSeen: (at: unknown) => `last seen ${at}`,
  notSeen: 'installed, not seen yet',
  receipt: (kind: unknown, by: unknown) => `${kind} by ${by}`,
  /** A snapshot's marks in a list: an automatic one, its receipts, what replaced it. */
  marks: (r: string[]) => ` (${r.join('; ')})`,
  auto: 'auto',
  /** An issue's state as the tracker gives it (`open`, `closed`; --json keeps it as data). */
  issueState: (s: unknown) => String(s),
  /** A work state code (README names them; --json keeps the code): English shows the code itself. */
  workState: (s: string) => s,
  /** Who wrote a snapshot, or whom it is for, in a list: a brain id, or `person` (a person, not an agent). */
  brain: (b: unknown) => String(b),
  supersededBy: (id: unknown) => `superseded by ${id}`,
  superseded: (id: string, read: string, list: string) =>
    `Superseded by ${id}: this is not the current snapshot. Read the newest with \`${read}\` (all of them: \`${list}\`).`,
  retiredRead: (by: unknown, at: unknown) => `Retired by ${by} at ${at}: history only, no longer offered to resume.`,
  created: 'Created',
  /** A snapshot's fields as labels for a person, as Japanese has (#25 walk-through 15); --json keeps the field names. */
  field: {
    handover_id: 'ID',
    snapshot_file: 'File',
    latest_file: 'Latest file',
    source_brain: 'Written by',
    target_brain: 'For',
    shared: 'Shared',
  } as Record<string, string>,
  handoffPrompt: 'The text the agent that continues gets (give it as it is; its calls are the agent’s tools, not commands for you):',
  section: {
    CURRENT_STATE: 'Current state',
    DISCOVERY: 'Found so far',
    DECISION: 'Decisions',
    NEXT_ACTION: 'Next',
    'BLOCKED / PENDING': 'Blocked / pending',
    RISKS: 'Risks',
    CODEBASE_ANCHORS: 'Files to look at first',
  } as Record<string, string>,
};

export type Labels = typeof en;
const ja: typeof en = {
  template: 'これらの項目を書いて --body-file FILE で渡してください（--body-file - は標準入力）',
  hint: 'ヒント',
  next: '次',
  ask_user_first: '必要なら',
  next_session: '次のセッション',
  for_target: '引き継ぎ先へ',
  for_source: '引き継ぎ元へ',
  state: '状態',
  branch: 'ブランチ',
  detached: '（ブランチなし: HEAD を直接指しています）',
  head: 'HEAD',
  upstream: 'upstream',
  aheadBehind: (a, b) => `${a} 件先行、${b} 件遅れ`,
  aside: (t) => `（${t}）`,
  defaultIssue: '既定の issue',
  defaultCleared: (id) =>
    `#${id} は既定の issue ではなくなりました: 以後の記録はどの issue にも紐づきません（\`butler work start --issue N\` で設定できます）`,
  more: (n) => `… ほか ${n} 件`,
  untracked: '新規',
  conflict: '競合',
  comment: (id, by, at) => `コメント ${id}（${by}、${at}）`,
  labels: 'ラベル',
  updated: '更新',
  closed: 'クローズ',
  candidate: '候補',
  lastSeen: (at) => `最終確認 ${at}`,
  notSeen: 'インストール済み、未確認',
  // `by が …`: inside the list's own brackets, no second level (#25 walk-through 16: `（引き継ぎ済み（codex））`).
  receipt: (kind, by) => `${by} が${kind === 'accepted' ? '引き継ぎ済み' : kind === 'retired' ? '提示終了' : ` ${kind}`}`,
  marks: (r) => `（${r.join('。')}）`,
  auto: '自動',
  issueState: (s) => (s === 'open' ? 'オープン' : s === 'closed' ? 'クローズ' : String(s)),
  // The label, then the code the README names (`work_state`), so a person can look it up.
  workState: (s) => (WORK_STATES_JA[s] ? `${WORK_STATES_JA[s]}（${s}）` : s),
  brain: (b) => (b === 'person' ? '人（person）' : String(b)),
  supersededBy: (id) => `${id} が置き換え`,
  superseded: (id, read, list) =>
    `${id} に置き換えられています: これは最新の snapshot ではありません。最新は \`${read}\` で読めます（一覧: \`${list}\`）。`,
  retiredRead: (by, at) => `提示終了（${by}、${at}）: 履歴としてのみ残り、再開には提示されません。`,
  created: '作成',
  field: {
    handover_id: 'ID',
    snapshot_file: 'ファイル',
    latest_file: '最新のファイル',
    source_brain: '書いた人/エージェント',
    target_brain: '宛先',
    shared: '共有',
  } as Record<string, string>,
  handoffPrompt:
    '作業を引き継ぐエージェントが受け取る文章（そのまま渡してください。中の呼び出しはエージェントのツールで、あなたが打つコマンドではありません）:',
  section: {
    CURRENT_STATE: '現在の状態',
    DISCOVERY: 'これまでの発見',
    DECISION: '決定事項',
    NEXT_ACTION: '次にすること',
    'BLOCKED / PENDING': 'ブロック / 保留',
    RISKS: 'リスク',
    CODEBASE_ANCHORS: '最初に見るファイル',
  },
};

export const renderText = (lang: Lang): Labels => (lang === 'en' ? en : ja);
