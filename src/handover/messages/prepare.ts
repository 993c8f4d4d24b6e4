import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';

/** handover_prepare / suspend / transfer (prepare.ts) and automatic checkpoints (auto.ts). */
const en = {
  unknownTarget: (target: string, ids: string[]) =>
    `target_brain "${target}" is not a known brain here (known: ${ids.join(', ') || 'none'}). Ask the user which one`,
  knownTarget: 'Call again with a known brain_id, or "any"',
  unknownClient: (client: string, ids: string[]) =>
    `client "${client}" is not a known brain (known: ${ids.join(', ') || 'none'}); nothing was written. Leave client out: the connection names you`,
  forTarget: (target: string) => `For ${target} to run, not you`,
  nextSession: 'For your next session, not now',
  readBack: 'Reads this snapshot back',
  issueUnread: (id: number | null, error: string) => ` (issue #${id} could not be read: ${error})`,
  created: 'Handover snapshot created',
  // Field trial F: after a recovered checkpoint (which carries no decisions) "suspend again" was advice with
  // nothing to name, and the wrong verb after a transfer.
  notReplaced: (n: number, carried: boolean) =>
    carried
      ? `. ${n} replaces:/withdrawn: line(s) named no single carried decision, so nothing was dropped (data.not_replaced). If you meant one of data.decisions, call this tool again naming it by its text`
      : `. ${n} replaces:/withdrawn: line(s) kept as notes: no earlier snapshot carried a decision to drop, so there is nothing to do`,
  // Field trial G: a paraphrased resolved: closed nothing, unsaid, and the answered question was carried on.
  notResolved: (n: number, carried: boolean) =>
    carried
      ? `. ${n} resolved: line(s) closed no carried item (data.not_resolved): quote part of the item's own text; the open items are data.open_items`
      : `. ${n} resolved: line(s) kept as notes: no earlier snapshot carried an open item`,
  precompact: 'just before the context was compacted',
  recovered: 'recovered at the next start from a session that ended without a handover',
  sessionEnd: 'when the session ended',
  postcompact: "just after the context was compacted, with the client's own summary",
  autoNote: (why: string) => `Automatic checkpoint (${why}): facts from the transcript only`,
  // No model wrote this snapshot, so nothing says which part of the request is done: the next agent checks.
  autoNext:
    'Compare the request in DISCOVERY with the edits, commands and records there and with work_observe, then continue what is not done',
};

const ja: typeof en = {
  unknownTarget: (target, ids) =>
    `target_brain "${target}" はこの project の既知の Brain ではありません（既知: ${ids.join(', ') || 'なし'}）。どれに渡すかユーザーに確認してください`,
  knownTarget: '既知の brain_id か "any" で呼び直します',
  unknownClient: (client, ids) =>
    `client "${client}" は既知の Brain ではありません（既知: ${ids.join(', ') || 'なし'}）。何も書いていません。client は省略してください（接続があなたを示します）`,
  forTarget: (target) => `${target} 側で実行します（あなたではありません）`,
  nextSession: '次のセッションの最初に実行します（今ではありません）',
  readBack: 'snapshot を読むときに使います',
  issueUnread: (id, error) => `（issue #${id} を読めません: ${error}）`,
  created: 'handover snapshot を作成しました',
  notReplaced: (n, carried) =>
    carried
      ? `。replaces:/withdrawn: の ${n} 行が引き継ぎの決定 1 件に定まらないため、何も外していません（data.not_replaced）。data.decisions のどれかのつもりなら、その文言で指定してこのツールを呼び直してください`
      : `。replaces:/withdrawn: の ${n} 行はメモとして残しました。以前の snapshot から引き継いだ決定がないため、外すものはありません（対応不要）`,
  notResolved: (n, carried) =>
    carried
      ? `。resolved: の ${n} 行はどの引き継ぎ項目も閉じていません（data.not_resolved）。項目の文言の一部をそのまま書いてください。未解決の項目は data.open_items です`
      : `。resolved: の ${n} 行はメモとして残しました。以前の snapshot から引き継いだ未解決の項目はありません`,
  precompact: 'コンテキスト圧縮の直前',
  recovered: 'handover なしで終わったセッションを次の開始時に回収',
  sessionEnd: 'セッション終了時',
  postcompact: 'コンテキスト圧縮の直後（クライアント自身の要約付き）',
  autoNote: (why) => `自動チェックポイント（${why}）: transcript からの事実のみ`,
  autoNext: 'DISCOVERY の依頼と、そこにある編集・コマンド・記録、work_observe を突き合わせ、終わっていない部分を続けてください',
};

/** What a person at a terminal reads instead (the CLI; docs/decisions.md D37), and what only a person reads. */
const enPerson = {
  /** A person's only (prepare.ts): an agent's snapshot of a missing issue is kept, its BLOCKERS say why. */
  noSuchIssue: (id: number) => `Issue #${id} does not exist; no snapshot was written`,
  unknownTarget: (target: string, ids: string[]) =>
    `--target ${target} names no brain here (known: ${ids.join(', ') || 'none'}); nothing was written`,
  knownTarget: 'with one of the known brains, or any',
  unknownClient: (client: string, ids: string[]) =>
    `--client ${client} names no brain here (known: ${ids.join(', ') || 'none'}); nothing was written. Pass one of them, or leave --client out to act as yourself`,
  notReplaced: (n: number, carried: boolean) =>
    carried
      ? `. ${n} replaces:/withdrawn: line(s) named no single carried decision, so nothing was dropped (not_replaced). Run the command again naming one of the decisions listed, by its text`
      : `. ${n} replaces:/withdrawn: line(s) kept as notes: no earlier snapshot carried a decision to drop, so there is nothing to do`,
  notResolved: (n: number, carried: boolean) =>
    carried
      ? `. ${n} resolved: line(s) closed no carried item (not_resolved): quote part of the item's own text (handover read shows them)`
      : `. ${n} resolved: line(s) kept as notes: no earlier snapshot carried an open item`,
  noSuchIssueHint:
    '`butler issue list` shows the issues (--all: closed ones too): pass one of them with --issue, or leave --issue out for a snapshot of the whole project.',
};

const jaPerson: typeof enPerson = {
  noSuchIssue: (id) => `issue #${id} は存在しません。snapshot は書いていません`,
  unknownTarget: (target, ids) =>
    `--target ${target} はここで知られているエージェントを指していません（既知: ${ids.join(', ') || 'なし'}）。何も書いていません`,
  knownTarget: '既知のエージェントか any を指定します',
  unknownClient: (client, ids) =>
    `--client ${client} はここで知られているエージェントを指していません（既知: ${ids.join(', ') || 'なし'}）。何も書いていません。このいずれかを指定するか、--client を省いてあなた自身として実行してください`,
  notReplaced: (n, carried) =>
    carried
      ? `。replaces:/withdrawn: の ${n} 行が引き継ぎの決定 1 件に定まらないため、何も外していません（not_replaced）。一覧の決定の文言で指定してコマンドを実行し直してください`
      : `。replaces:/withdrawn: の ${n} 行はメモとして残しました。以前の snapshot から引き継いだ決定がないため、外すものはありません（対応不要）`,
  notResolved: (n, carried) =>
    carried
      ? `。resolved: の ${n} 行はどの引き継ぎ項目も閉じていません（not_resolved）。項目の文言の一部をそのまま書いてください（handover read で確認できます）`
      : `。resolved: の ${n} 行はメモとして残しました。以前の snapshot から引き継いだ未解決の項目はありません`,
  noSuchIssueHint:
    '`butler issue list` で issue の一覧を表示できます（--all: 閉じたものも）。そのいずれかを --issue で指定するか、--issue を省いてプロジェクト全体の snapshot にしてください',
};

export const prepareText = <A extends Audience | undefined = undefined>(lang: Lang, to?: A) =>
  wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
