import { type Audience, wordsFor } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';
import { list } from './sync.js';
import type { BlockedBy, UpstreamInfo } from '../observe.js';

type Up = Pick<UpstreamInfo, 'status' | 'ref'> & { fetched_at?: string | null };

/**
 * Why unpublished records cannot be counted; `sync` names what fetches, for the audience. `held`: the last sync
 * conflicted and would again (sync-memo.ts), so it is not named beside the advice to resolve by hand.
 */
const whyEn =
  (sync: string) =>
  (up: Up, branch: string | null, held = false) =>
    up.status === 'detached'
      ? 'Detached HEAD: no branch, so no upstream.'
      : up.status === 'not_configured'
        ? `Branch ${branch} has no upstream, so unpublished records cannot be counted.`
        : up.status === 'gone'
          ? `Upstream ${up.ref} is configured but its ref is missing, so unpublished records cannot be counted.`
          : `Ahead/behind against ${up.ref} as last fetched or pushed (${up.fetched_at ?? 'no fetch on record'})${held ? '.' : `; ${sync} fetches.`}`;

const whyJa =
  (sync: string) =>
  (up: Up, branch: string | null, held = false) =>
    up.status === 'detached'
      ? 'HEAD がブランチ上になく、upstream もありません'
      : up.status === 'not_configured'
        ? `ブランチ ${branch} に upstream がないため、未公開の記録を数えられません`
        : up.status === 'gone'
          ? `upstream ${up.ref} は設定済みですが参照がないため、未公開の記録を数えられません`
          : `${up.ref} との差（最後の fetch または push: ${up.fetched_at ?? '記録なし'}）${held ? '' : `。${sync} で fetch します`}`;

/** work_observe (and the state judgement that record, publish and finish share). */
const en = {
  block: {
    merge: 'a merge is in progress',
    rebase: 'a rebase is in progress',
    cherry_pick: 'a cherry-pick is in progress',
    revert: 'a revert is in progress',
    conflicts: 'files have conflicts',
    detached_head: 'HEAD is detached (no branch)',
    index_locked: 'another git process holds index.lock',
  } as Record<BlockedBy, string>,
  blockSep: '; ',
  blocked: (what: string, fix: string) => `Blocked: ${what}. ${fix}`,
  retrySoon: 'Observe again in a moment.',
  /** `op`: the git operation in progress (`rebase`, `cherry-pick`), which a person's words name the commands of. */
  askUser: (_op: string | null) => 'Ask the user to finish or abort it; Butler does not resolve it.',
  /** Hint of record / publish / finish refusing a blocked repository. */
  blockedHint: 'Ask the user to finish or abort it, then call work_observe.',
  /** Why unpublished records cannot be counted (English is also data.upstream.judged_by). */
  why: whyEn('work_sync'),
  // Not the commit the client waits to be asked for (docs/decisions.md D42): said where the agent decides.
  recordReason: (issue: number | null) =>
    `Unrecorded changes. Record them now without asking: a record stays local on this branch, never pushed, as this project's Butler setup asks. ${issue !== null ? `It will link #${issue}.` : 'No default issue, so it will link none (work_start sets one).'}`,
  dirtyAndUnpublished: (d: number, u: number) => `${d} unrecorded change(s) and ${u} unpublished record(s)`,
  dirty: (d: number) => `${d} unrecorded change(s)`,
  publishReason: (n: number, ref: string | null) => `${n} record(s) not yet on ${ref}.`,
  unpublished: (n: number) => `${n} record(s) not published`,
  diverged: (n: number, b: number) => `Diverged: ${n} record(s) not published, ${b} remote record(s) not here yet`,
  syncReason: (b: number, ref: string | null) =>
    `${ref} has ${b} record(s) this branch lacks; publishing would be rejected. If work_sync reports a conflict, the user decides.`,
  behind: (b: number) => `; ${b} remote record(s) not here yet (work_sync)`,
  unknown: (why: string) => `Clean, but publication cannot be judged: ${why}`,
  cleanActive: (issue: number) => `Clean and published; working on #${issue}`,
  clean: 'Clean and published',
  noSession: 'No work session yet: call work_session_start first',
  noSessionReason: 'Butler works inside one project.',
};

const ja: typeof en = {
  block: {
    merge: 'マージ中',
    rebase: 'リベース中',
    cherry_pick: 'cherry-pick 中',
    revert: 'revert 中',
    conflicts: '競合しているファイルあり',
    detached_head: 'HEAD がブランチ上にない（detached）',
    index_locked: '別の git プロセスが index.lock を保持中',
  },
  blockSep: '、',
  blocked: (what, fix) => `ブロック中: ${what}。${fix}`,
  retrySoon: '少し待ってから work_observe で再確認してください',
  askUser: (_op) => 'ユーザーに完了か中止を依頼してください。Butler は解消しません',
  blockedHint: 'ユーザーに完了か中止を依頼し、その後 work_observe で状態を確認してください',
  why: whyJa('work_sync'),
  recordReason: (issue) =>
    `未記録の変更があります。確認せずに今記録してください（記録はこのブランチのローカルに残り push されません。このプロジェクトの Butler 設定が求める手順です）。${
      issue !== null ? `#${issue} に紐付けて記録します` : '既定の issue がないため紐付けなしで記録します（work_start で設定できます）'
    }`,
  dirtyAndUnpublished: (d, u) => `未記録の変更 ${d} 件、未公開の記録 ${u} 件があります`,
  dirty: (d) => `未記録の変更が ${d} 件あります`,
  publishReason: (n, ref) => `${ref} に未公開の記録が ${n} 件あります`,
  unpublished: (n) => `未公開の記録が ${n} 件あります`,
  diverged: (n, b) => `分岐しています: 未公開の記録 ${n} 件、未取り込みのリモートの記録 ${b} 件`,
  syncReason: (b, ref) =>
    `${ref} にこのブランチにない記録が ${b} 件あり、このままでは公開が拒否されます。work_sync が競合を報告したらユーザーが判断します`,
  behind: (b) => `。未取り込みのリモートの記録が ${b} 件あります（work_sync）`,
  unknown: (why) => `変更はありませんが、公開状態を判断できません: ${why}`,
  cleanActive: (issue) => `変更なし・共有済みです（作業中: #${issue}）`,
  clean: '変更なし・共有済みです',
  noSession: 'work session がまだありません。先に work_session_start を呼んでください',
  noSessionReason: 'Butler は 1 つのプロジェクトの中で動きます',
};

/**
 * What a person at a terminal reads instead (the CLI; docs/decisions.md D37), and what only a person reads:
 * `recordClosed` (observeWork's `closed`, which only the CLI passes) and `syncConflicted` (sync-memo.ts).
 */
const enPerson = {
  // The person's own git commands (#25: "Finish or abort it yourself" named none).
  askUser: (op: string | null) =>
    op
      ? `Resolve any conflicts (git add the files), then run \`git ${op} --continue\`; or undo it with \`git ${op} --abort\`. Butler does not resolve it.`
      : 'Finish or abort it yourself; Butler does not resolve it.',
  blockedHint: 'Finish or abort it, then run `butler work observe`.',
  why: whyEn('`butler work sync`'),
  recordReason: (issue: number | null) =>
    `Unrecorded changes. ${issue !== null ? `It will link #${issue}.` : 'No default issue, so it will link none (`butler work start` sets one).'}`,
  // #25 walk-through 13: a record for a closed default issue was proposed without a word. The record step's
  // reason when the default issue is closed.
  recordClosed: (issue: number) =>
    `Unrecorded changes. It will link #${issue}, which is closed: reopen it with \`butler issue reopen ${issue}\`, or pick an open one with \`butler issue list\` and \`butler work start --issue N\`.`,
  // #25 walk-through 13: after a sync that conflicted, observe proposed the same sync, which conflicted again.
  syncConflicted: (files: string[], ref: string) =>
    `The last \`butler work sync\` stopped on a conflict in ${list(files)} and changed nothing; running it again conflicts again. Resolve it by hand with git: \`git rebase ${ref}\` shows the conflicts; edit them, \`git add\` them, then \`git rebase --continue\` (or \`git rebase --abort\` to give up). Then run \`butler work observe\`.`,
  syncReason: (b: number, ref: string | null) =>
    `${ref} has ${b} record(s) this branch lacks; publishing would be rejected. If \`butler work sync\` reports a conflict, you decide.`,
  behind: (b: number) => `; ${b} remote record(s) not here yet (\`butler work sync\`)`,
};

const jaPerson: typeof enPerson = {
  askUser: (op) =>
    op
      ? `競合を解消して（ファイルを git add し）\`git ${op} --continue\` を実行するか、\`git ${op} --abort\` で取り消してください。Butler は解消しません`
      : '完了か中止をしてください。Butler は解消しません',
  blockedHint: '完了か中止をし、その後 `butler work observe` で状態を確認してください',
  why: whyJa('`butler work sync`'),
  recordReason: (issue) =>
    issue !== null
      ? `未記録の変更があります。#${issue} に紐付けて記録します`
      : '未記録の変更があります。既定の issue がないため紐付けなしで記録します（`butler work start` で設定できます）',
  recordClosed: (issue) =>
    `未記録の変更があります。#${issue} に紐付けて記録しますが、この issue はクローズ済みです: \`butler issue reopen ${issue}\` で開き直すか、\`butler issue list\` でオープンの issue を選んで \`butler work start --issue N\` を実行してください`,
  syncConflicted: (files, ref) =>
    `前回の \`butler work sync\` は ${list(files, '、')} の競合で止まり、何も変更していません（もう一度実行しても同じ競合になります）。git で手作業で解消してください: \`git rebase ${ref}\` で競合が表示されます。編集して \`git add\` し、\`git rebase --continue\`（やめるなら \`git rebase --abort\`）。その後 \`butler work observe\` を実行してください`,
  syncReason: (b, ref) =>
    `${ref} にこのブランチにない記録が ${b} 件あり、このままでは公開が拒否されます。\`butler work sync\` が競合を報告したら、あなたが判断します`,
  behind: (b) => `。未取り込みのリモートの記録が ${b} 件あります（\`butler work sync\`）`,
};

export const stateText = <A extends Audience | undefined = undefined>(lang: Lang, to?: A) =>
  wordsFor(lang, to, { en, ja }, { en: enPerson, ja: jaPerson });
