import type { Lang } from '../shared/config.js';
import type { SectionName } from './sections.js';
import { startText } from './messages/start.js';

/** Status labels for BLOCKED / PENDING (docs/decisions.md D4). */
export type PendingLabel = 'adopted' | 'provisional' | 'undecided' | 'blocked' | 'waiting';

interface Strings {
  intro: Record<SectionName, string>;
  labels: Record<PendingLabel, string>;
  none: string;
  notes: string;
  issueLine: (id: number, title: string | null, state: string | null) => string;
  issueUnreadable: (id: number, why: string) => string;
  projectScope: string;
  workLine: (branch: string | null, head: string | null, dirty: number, unpublished: number | null) => string;
  dirtyRisk: (n: number) => string;
  unpublishedRisk: (n: number) => string;
  /** A step that publishes: the user agrees first. */
  askBefore: (step: string) => string;
  defaultNext: string;
  prompt: {
    takeOver: (scope: string) => string;
    resume: (scope: string) => string;
    start: string;
    read: (tool: string, id: string) => string;
    continueWith: (first: string) => string;
    caution: (text: string) => string;
    finished: (scope: string) => string;
    decisions: (text: string) => string;
    blocked: (text: string) => string;
    waiting: (text: string) => string;
    moreIn: (section: string) => (n: number) => string;
    lastRequest: (text: string) => string;
    /** Marks words cut to fit the prompt and names the call that shows them whole. */
    cut: string;
    /** After a summary of whole sentences when the note goes on: nothing was cut, there is more. */
    moreNote: string;
  };
  issueText: string;
  resolved: string;
  /** A carried decision a note replaced or withdrew, and a replace that named no single one (carry.ts). */
  replaced: string;
  withdrawn: string;
  notReplaced: (matched: number) => string;
  todoDone: string;
  inProgress: string;
  lastText: (cite: string) => string;
  openQuestion: (cite: string, laterRequest: boolean) => string;
  scopeIssue: (id: number, title: string | null) => string;
  summaryDefault: (scope: string) => string;
  omitted: (n: number) => string;
  /**
   * The same generated lines as a person at a terminal reads them (`butler handover read`, person-lines.ts):
   * the snapshot file keeps the agent's words, these are only shown.
   */
  person: Pick<Strings, 'dirtyRisk' | 'unpublishedRisk' | 'askBefore'>;
}

const ja: Strings = {
  intro: {
    METADATA: '> snapshot の機械的な属性',
    CURRENT_STATE: '> 現在どこまで終わっているか',
    DISCOVERY: '> 調査で分かった事実（推測は書かない）',
    DECISION: '> 採用した判断と理由',
    NEXT_ACTION: '> 次にやること',
    'BLOCKED / PENDING': '> 未解決・確認待ち（状態ラベル付き）',
    RISKS: '> 注意点や壊しやすい箇所',
    CODEBASE_ANCHORS: '> 再開時に見るべきファイルと役割',
    HANDOFF_PROMPT: '> 次のエージェントにそのまま渡す再開指示',
  },
  labels: { adopted: '推奨採用', provisional: '暫定', undecided: '未確定', blocked: 'ブロック', waiting: 'ユーザー待ち' },
  none: 'なし',
  notes: 'メモ',
  issueLine: (id, title, state) =>
    `issue #${id}${title ? `「${title}」` : ''}${state ? `（${state === 'open' ? 'オープン' : state === 'closed' ? 'クローズ' : state}）` : ''}`,
  issueUnreadable: (id, why) => `issue #${id} を読めませんでした: ${why}`,
  projectScope: 'プロジェクト（issue なし）',
  workLine: (branch, head, dirty, unpublished) =>
    `作業状態: ブランチ ${branch ?? '(不明)'} @ ${head ? head.slice(0, 12) : '(不明)'}、未記録の変更 ${dirty} 件` +
    (unpublished === null ? '、upstream なし' : `、未公開の記録 ${unpublished} 件`),
  dirtyRisk: (n) => `未記録の変更が ${n} 件あります（work_record で記録するまで他のエージェントからは見えません）`,
  unpublishedRisk: (n) => `未公開の記録が ${n} 件あります（work_publish で共有されていません）`,
  askBefore: (step) => `ユーザーの同意を得てから: ${step}`,
  defaultNext: 'work_observe で現在状態を確認し、作業を再開する',
  prompt: {
    takeOver: (scope) => `${scope}の作業を引き継いでください。`,
    resume: (scope) => `${scope}の作業を再開してください。`,
    start: '1. work_session_start(project_root) を呼ぶ。',
    read: (tool, id) => `2. ${tool}(handover_id="${id}") で snapshot と現在状態を読む。`,
    continueWith: (first) => `3. NEXT_ACTION から再開する: ${first}`,
    caution: (text) => `注意: ${text}`,
    finished: (scope) => `${scope}の作業は完了しています（issue はクローズ済み、未記録・未公開の変更なし）。`,
    decisions: (text) => `決定: ${text}`,
    blocked: (text) => `ブロック: ${text}`,
    waiting: (text) => `ユーザー待ち: ${text}`,
    moreIn: (section) => (n) => `（ほか ${n} 件は ${section}）`,
    lastRequest: (text) => `ユーザーの最後の依頼: ${text}`,
    cut: startText('ja').cut,
    moreNote: '（続きは handover_read）',
  },
  issueText: 'issue 本文（起票時の記述で、現在の状態ではありません）',
  resolved: '解決済み',
  replaced: '変更された決定',
  withdrawn: '撤回された決定',
  notReplaced: (n) =>
    n === 0
      ? '置き換えなし（一致する引き継ぎの決定がないため、元の決定は残っています）'
      : `置き換えなし（${n} 件の決定に一致するため、どれも残っています）`,
  todoDone: '完了（エージェントの todo）',
  inProgress: '作業中',
  lastText: (cite) => `エージェントの最後のメッセージ（${cite}）`,
  openQuestion: (cite, later) =>
    later
      ? `エージェントがユーザーにした質問（${cite}。後の依頼で答えられている可能性あり）`
      : `エージェントがユーザーにした質問（${cite}。transcript では未回答）`,
  scopeIssue: (id, title) => `issue #${id}${title ? `「${title}」` : ''}`,
  summaryDefault: (scope) => `${scope}の作業状態`,
  omitted: (n) => `…ほか ${n} 件を省略`,
  person: {
    dirtyRisk: (n) => `snapshot を書いた時点で未記録の変更が ${n} 件ありました（work_record で記録されるまで、どの記録にも入っていません）`,
    unpublishedRisk: (n) =>
      `snapshot を書いた時点で未公開の記録が ${n} 件ありました（work_publish で共有されるまで upstream にはありません）`,
    askBefore: (step) => `共有してよければ: ${step}`,
  },
};

const en: Strings = {
  intro: {
    METADATA: '> Machine-readable attributes of this snapshot',
    CURRENT_STATE: '> How far the work has got',
    DISCOVERY: '> Facts found so far (no guesses)',
    DECISION: '> Decisions taken and why',
    NEXT_ACTION: '> What to do next',
    'BLOCKED / PENDING': '> Open points, each with a status label',
    RISKS: '> Cautions and fragile places',
    CODEBASE_ANCHORS: '> Files to look at first, and their role',
    HANDOFF_PROMPT: '> Resume instructions to hand to the next brain as they are',
  },
  labels: { adopted: 'adopted', provisional: 'provisional', undecided: 'undecided', blocked: 'blocked', waiting: 'waiting on the user' },
  none: 'none',
  notes: 'Notes',
  issueLine: (id, title, state) => `Issue #${id}${title ? ` "${title}"` : ''}${state ? ` (${state})` : ''}`,
  issueUnreadable: (id, why) => `Could not read issue #${id}: ${why}`,
  projectScope: 'project (no issue)',
  workLine: (branch, head, dirty, unpublished) =>
    `Work: branch ${branch ?? '(unknown)'} @ ${head ? head.slice(0, 12) : '(unknown)'}, ${dirty} unrecorded change(s)` +
    (unpublished === null ? ', no upstream' : `, ${unpublished} unpublished record(s)`),
  dirtyRisk: (n) => `${n} unrecorded change(s): other brains cannot see them until work_record`,
  unpublishedRisk: (n) => `${n} unpublished record(s): not shared until work_publish`,
  askBefore: (step) => `When the user agrees: ${step}`,
  defaultNext: 'Check the current state with work_observe and resume the work',
  prompt: {
    takeOver: (scope) => `Take over the work on ${scope}.`,
    resume: (scope) => `Resume the work on ${scope}.`,
    start: '1. Call work_session_start(project_root).',
    read: (tool, id) => `2. Call ${tool}(handover_id="${id}") to read the snapshot and the current state.`,
    continueWith: (first) => `3. Continue from NEXT_ACTION: ${first}`,
    caution: (text) => `Caution: ${text}`,
    finished: (scope) => `The work on ${scope} is finished: the issue is closed and nothing is unrecorded or unpublished.`,
    decisions: (text) => `Decisions: ${text}`,
    blocked: (text) => `Blocked: ${text}`,
    waiting: (text) => `Waiting on the user (ask, do not guess): ${text}`,
    moreIn: (section) => (n) => `(${n} more in ${section})`,
    lastRequest: (text) => `The user's last request: ${text}`,
    cut: startText('en').cut,
    moreNote: '(more: handover_read)',
  },
  issueText: 'Issue text as filed (not the current state)',
  resolved: 'Resolved',
  replaced: 'Decision changed',
  withdrawn: 'Decision withdrawn',
  notReplaced: (n) =>
    n === 0
      ? 'Not replaced (no carried decision matches; any old one is still carried)'
      : `Not replaced (matches ${n} decisions; all are kept)`,
  todoDone: "Done (agent's todo)",
  inProgress: 'in progress',
  lastText: (cite) => `The agent's last message (${cite})`,
  // Words, not orders: once resolved, the line is quoted under "Resolved" (field trial G).
  openQuestion: (cite, later) =>
    later
      ? `The agent's question to the user (${cite}; a later request may have answered it)`
      : `The agent's question to the user (${cite}; unanswered in the transcript)`,
  scopeIssue: (id, title) => `issue #${id}${title ? ` "${title}"` : ''}`,
  summaryDefault: (scope) => `Work state of ${scope}`,
  omitted: (n) => `… ${n} more omitted`,
  person: {
    dirtyRisk: (n) => `${n} unrecorded change(s) when this snapshot was written: not in any record until work_record`,
    unpublishedRisk: (n) => `${n} unpublished record(s) when this snapshot was written: not on the upstream until work_publish`,
    askBefore: (step) => `When you want to share them: ${step}`,
  },
};

export function strings(lang: Lang): Strings {
  return lang === 'en' ? en : ja;
}
