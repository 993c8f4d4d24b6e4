import type { Lang } from '../../shared/config.js';

/**
 * The first lines of a tool verb's `--help`, by `<group> <verb>`: what the command does, said to a person
 * at a terminal in flags and `butler …` commands. Written by hand from what each verb does: the tool's
 * description is the model's contract (tool arguments, other tool names, English) and stays on the MCP
 * surface (docs/decisions.md D37). test/cli/help-people.test.ts runs every verb's help, en and ja.
 */
const en: Record<string, string> = {
  'work start':
    'Sets the issue this clone works on, kept for the next commands: records link it, snapshots are filed under it.\nWithout --issue, clears it. Locks nothing.',
  'work observe':
    'Shows where the work stands (instead of git status): changed files, records not yet published, ahead/behind the upstream,\nand the command to run next.',
  'work diff':
    'Shows the changes not yet recorded (instead of git diff), or those of one record with --record ID; --path P narrows it.\n--level stat (the default) lists the files with their added and removed lines; --level full (or --full) prints the patch.',
  'work history': 'Lists the latest records, newest first (instead of git log): 10, or -n N; --path P only those that touched P.',
  'work record':
    'Records every change on this branch as one record, on this machine only (instead of git add + commit).\nIt links the default issue ("Refs #N"); --issue N links others, --no-issue none. butler work publish shares it.',
  'work publish':
    'Pushes your records to the upstream (instead of git push), with the snapshots waiting to be shared.\nRefuses while there are changes not yet recorded: butler work record first.',
  'work sync':
    'Fetches the upstream and brings its records in, your unpublished records replayed on top (instead of git fetch / pull).\nOnly with nothing unrecorded; on a conflict it changes nothing.',
  'work finish':
    'Lists the steps left before the work is done, in order (record, publish, then comment on or close the issue),\nas commands to run. Does nothing itself: run it again after each step.',
  'issue list':
    'Lists the open issues of the configured tracker, newest first; --all adds the closed ones, --limit N shows at most N (1-200, default 200).',
  'issue read': 'Prints issue ID: its title, state, labels and body; --comments N adds its last N comments.',
  'issue create':
    'Creates an issue from --title and a body (--body, or --body-file F; - reads stdin), with --label L as often as needed.\nThe body needs the sections ## Current state, ## Next and ## Blockers (or their Japanese names).',
  'issue comment': 'Adds a comment to issue ID: --body, or --body-file F (- reads stdin).',
  'issue delete-comment':
    'Deletes comment COMMENT_ID of issue ID; --reason R says why (a local issue keeps a line saying who deleted it, and why).',
  'issue update-title': 'Replaces the title of issue ID with --title.',
  'issue update-body': 'Replaces the body of issue ID (--body, or --body-file F); it needs the same sections as in butler issue create.',
  'issue reopen': 'Reopens issue ID.',
  'issue close': "Closes issue ID. When it is this clone's default issue, the default is cleared: later records do not link it.",
  'handover suspend':
    'Saves a snapshot of where you are (work state, notes, open items) for your next session: butler handover resume reads it.\n--notes: lines starting decision:, next:, blocked:, pending:, risk:, anchor: go to those sections; --share also pushes it.',
  'handover resume':
    'Prints your latest snapshot (of --issue N, else of the default issue, else of the project) and what changed since then.\n--client BRAIN reads the snapshots an agent left instead of yours.',
  'handover transfer':
    'Writes a snapshot for another agent to take over: --target BRAIN (butler handover brains lists them; any: whoever accepts).\n--notes and --share as in butler handover suspend.',
  'handover accept':
    'Takes over work an agent transferred to you (or to any) and records that you took it, so no one else gets it;\n--source BRAIN only from that agent.',
  'handover prepare':
    'Writes a snapshot and nothing more, for any agent or --target BRAIN. butler handover suspend and transfer are the usual ways.',
  'handover read':
    'Prints one snapshot: HANDOVER_ID, else the latest of --issue N, else of the default issue (butler work start --issue N)\nwhen there is one, else the latest project-level one.',
  'handover list':
    'Lists the snapshots of this project, newest first: --issue N, --source BRAIN (or --client: who wrote it), --target BRAIN,\n--from / --to DATE (ISO 8601) narrow it; --limit N shows at most N.',
  'handover brains': 'Lists the agents known here (seen in this clone or installed) and when each was last seen: the names --target takes.',
  'handover retire':
    'Stops offering snapshot ID (at a session start, resume or accept); --reason R says why. Its file stays; the index records it.',
  'handover share-preview':
    'Prints exactly what a share pushes to the git remote: snapshot ID, else those held until you allow sharing (of --issue N),\nelse your newest as an example. The first time in a clone it asks whether sharing may start here; yes shares the held ones.',
};

const ja: typeof en = {
  'work start':
    'この clone で取り組む issue を設定し、次のコマンドにも引き継ぎます（記録はこの issue にリンクし、snapshot はこの issue に紐づきます）。\n--issue なしで解除します。何もロックしません。',
  'work observe':
    '作業の状態を表示します（git status の代わり）: 変更されたファイル、未公開の記録、upstream との差（先行/遅れ）、\n次に実行するコマンド。',
  'work diff':
    'まだ記録していない変更を表示します（git diff の代わり）。--record ID でその記録の変更、--path P でそのパスに絞ります。\n--level stat（既定）はファイルごとの追加・削除行数、--level full（または --full）はパッチ全体を表示します。',
  'work history': '最新の記録を新しい順に一覧します（git log の代わり）: 既定 10 件、-n N で N 件。--path P でそのパスに触れた記録だけ。',
  'work record':
    'このブランチのすべての変更を一つの記録にします。このマシンの中だけです（`git add` と `git commit` の代わり）。\n既定の issue にリンクします（`Refs #N`）。--issue N でほかの issue、--no-issue でリンクなし。共有は butler work publish。',
  'work publish':
    '記録を upstream に push します（git push の代わり）。共有を待つ snapshot も一緒に送ります。\n未記録の変更があるときは断ります: 先に butler work record。',
  'work sync':
    'upstream を fetch して記録を取り込み、未公開の記録をその上に積み直します（`git fetch` と `git pull` の代わり）。\n未記録の変更がないときだけ動き、衝突したら何も変えません。',
  'work finish':
    '作業を終えるまでに残っている手順を順に（記録、公開、issue へのコメントまたはクローズ）、実行するコマンドとして一覧します。\n自分では何もしません。手順を一つ終えるたびにもう一度実行してください。',
  'issue list':
    '設定されたトラッカーの開いている issue を新しい順に一覧します。--all で閉じたものも、--limit N で最大 N 件（1〜200、既定 200）。',
  'issue read': 'issue ID のタイトル、状態、ラベル、本文を表示します。--comments N で最新 N 件のコメントも表示します。',
  'issue create':
    '--title と本文（--body、または --body-file F。- は標準入力）から issue を作ります。ラベルは --label L を必要なだけ。\n本文には ## 現在の状態、## 次にすること、## ブロック要因 の節が必要です（英語の節名でも可）。',
  'issue comment': 'issue ID にコメントを追加します: --body、または --body-file F（- は標準入力）。',
  'issue delete-comment':
    'issue ID のコメント COMMENT_ID を削除します。--reason R で理由を残せます（ローカルの issue には誰が削除したかと理由が一行残ります）。',
  'issue update-title': 'issue ID のタイトルを --title で置き換えます。',
  'issue update-body': 'issue ID の本文を置き換えます（--body、または --body-file F）。butler issue create と同じ節が必要です。',
  'issue reopen': 'issue ID を開き直します。',
  'issue close': 'issue ID を閉じます。この clone の既定の issue なら既定を解除し、以後の記録はその issue にリンクしません。',
  'handover suspend':
    '今の状態（作業状態、メモ、未解決の項目）を snapshot に保存し、次のセッションで butler handover resume が読みます。\n--notes の `decision:`、`next:`、`blocked:`、`pending:`、`risk:`、`anchor:` で始まる行はその節に入ります。--share で git のリモートにも公開します。',
  'handover resume':
    '自分の最新の snapshot（--issue N、なければ既定の issue、なければプロジェクト全体）と、その後に変わったことを表示します。\n--client BRAIN で自分の代わりにエージェントが残した snapshot を読みます。',
  'handover transfer':
    '別のエージェントが引き継ぐための snapshot を書きます: --target BRAIN（一覧は butler handover brains。any: 受け取った誰でも）。\n--notes と --share は butler handover suspend と同じです。',
  'handover accept':
    'エージェントがあなた宛て（または any 宛て）に渡した作業を引き継ぎ、引き継いだことを記録します（ほかの誰にも渡りません）。\n--source BRAIN でそのエージェントからのものだけ。',
  'handover prepare':
    'snapshot を書くだけです（宛先は any、または --target BRAIN）。ふつうは butler handover suspend か butler handover transfer を使います。',
  'handover read':
    'snapshot を一つ表示します: HANDOVER_ID、なければ --issue N の最新、なければ既定の issue（butler work start --issue N）の最新、\nそれもなければプロジェクト全体の最新。',
  'handover list':
    'このプロジェクトの snapshot を新しい順に一覧します。--issue N、--source BRAIN（または --client: 書いた側）、--target BRAIN、\n--from / --to DATE（ISO 8601）で絞り込み、--limit N で最大 N 件。',
  'handover brains':
    'ここで知られているエージェント（この clone で見たもの、またはインストール済み）と最後に見た時刻を一覧します: --target に渡す名前です。',
  'handover retire':
    'snapshot ID を今後提示しません（セッション開始、butler handover resume、butler handover accept のとき）。--reason R で理由を残せます。ファイルは残り、索引に記録されます。',
  'handover share-preview':
    '共有で git のリモートに push される内容をそのまま表示します: snapshot ID、なければ共有の許可を待っているもの（--issue N ならその issue のもの）、\nなければ例として自分の最新のもの。この clone で初めてのときは、ここから共有を始めてよいかを尋ね、はいなら待っていたものを共有します。',
};

/** The person's summary of `butler <group> <verb>`, or undefined for a verb without one (the help test fails then). */
export const verbSummary = (lang: Lang, groupVerb: string): string | undefined => (lang === 'en' ? en : ja)[groupVerb];
