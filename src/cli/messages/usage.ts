import type { Lang } from '../../shared/config.js';

/**
 * The CLI's help texts, in the project's language (`--lang`, `BUTLER_LANG`, `lang:`). Commands, flags
 * and placeholders stay as typed; only the prose around them is translated.
 */
const en = {
  title: 'butler — handover snapshots, work records and a raw-git guard for coding agents',
  usageHead: 'Usage:',
  /** The description after a command's line in the overview, by command. */
  line: {
    mcp: 'stdio MCP server (server name "butler")',
    hook: "the hook entry points, reading the client's JSON on stdin",
    guard: "the raw-git guard's settings (changing them needs a terminal)",
    demo: 'throwaway repo: install, suspend, resume, transfer, accept',
  } as Record<string, string>,
  moreHelp: 'Run "butler <command> --help" for the options of one command. Every command takes --lang ja|en.',
  fullCli:
    "the full CLI: the butler command of an installed package (README: a packed tarball), node /path/to/butler/hooks/butler.mjs from a clone of Butler, or the butler skill's scripts/butler.mjs (.agents/skills/ or .claude/skills/)",
  vendored: (lacking: string, full: string) => `This is the vendored runtime (.butler/bin/); ${lacking} are in ${full}.`,
  installNote: (clients: string) =>
    `  No client flag: ${clients}, plus every other client whose folder exists or that is installed already.`,
  uninstallNote: '  No client flag: every client.',
  work: `usage: butler work <verb> [--project DIR] [--json]
  start    [--issue N]                     set the default issue (kept for this clone); without --issue, clear it
  observe  [--issue N]                     work state, ahead/behind, changed paths, next step
  diff     [--path P] [--full] [--record ID]
  history  [-n N | --limit N] [--path P]
  record   -m MESSAGE [--issue N ...] [--no-issue]
  publish
  sync                                     fetch the upstream and bring its records in (clean tree only)
  finish   [--issue N]                     proposes the remaining steps; does nothing itself
butler work <verb> --help lists the options of one verb. Exit: 0 ok, 1 error, 2 usage, 3 needs input.`,
  issue: `usage: butler issue <verb> [--project DIR] [--client NAME] [--json]
  list [--all] [--limit N]          open issues (--all: closed ones too), newest first; at most N (1-200)
  read ID [--comments N]            body only unless N > 0 (then the last N comments)
  create --title T [--body B | --body-file F] [--label L]...
  comment ID (--body B | --body-file F)
  delete-comment ID COMMENT_ID [--reason R]
  update-title ID --title T
  update-body ID (--body B | --body-file F)
  reopen ID | close ID
  approve-url [URL]                 let your token go to this tracker URL (default: issues.url)
--body-file - reads stdin. Exit: 0 ok, 1 error, 3 needs input, 2 usage.`,
  /** `issue approve-url --help`: its own (#25: it printed the whole issue help). */
  approveUrl: `usage: butler issue approve-url [URL] [--project DIR] [--json]
  Lets your issue tracker token go to URL (default: issues.url in .butler/config.yaml), once you say yes at a terminal.
  A person's decision: no agent can approve a URL. Exit: 0 approved, 1 you said no, 2 usage, 3 no terminal to ask.`,
  handover: (verbs: string) =>
    `usage: butler handover ${verbs} [--project DIR] [--client BRAIN] [--json] [options]\n` +
    // What each verb is for (a newcomer read only names here, #25 walk-through 4).
    `  suspend  [--issue N] [--notes T] [--share]     save where you are, for your next session\n` +
    `  resume   [ID] [--issue N]                      read your latest snapshot, and the work state now\n` +
    `  transfer --target BRAIN [--notes T] [--share]  a snapshot for another agent (claude, codex, gemini, any)\n` +
    `  accept   [ID] [--client BRAIN]                 take over what was transferred (to you, or to BRAIN)\n` +
    `  prepare  [--issue N] [--target BRAIN]          write a snapshot, nothing more\n` +
    `  read     [ID] [--issue N]                      read one (no id: the latest of the issue, else of the project)\n` +
    `  list     [--issue N] [--limit N]               the history, newest first\n` +
    `  brains                                         the agents known here\n` +
    `  retire   ID [--reason R]                       stop offering one (its file stays)\n` +
    `  share-preview [ID] [--issue N]                 what a share pushes; you allow sharing from this clone\n` +
    `butler handover <verb> --help lists the options of one verb. Exit: 0 ok, 1 error, 2 usage, 3 needs input.`,
  guard: `usage: butler guard status [--project DIR] [--json]
       butler guard allow SUBCOMMAND… | deny SUBCOMMAND… | mode block|warn|off [--project DIR]

Relaxing the raw-git guard is a person's decision: allow/deny/mode run only in a terminal, not under
an agent client, ask for confirmation, and commit .butler/config.yaml alone (the hook trusts only the committed settings).
`,
  hook: "usage: butler hook session-start|pre-tool-use [--brain ID]   (reads the client's JSON on stdin)",
  mcp: 'usage: butler mcp [--worker]\n  Serves the MCP server "butler" on stdin/stdout (--worker: the low-level git_* / issue_backend_* tools).',
  /** A tool verb's help: the tool's own description (the model contract) comes first, in English. */
  options: 'options',
  usageWord: 'usage',
  /** A person's line under a verb's usage, where the tool's description alone misleads (#25). */
  /**
   * A tool verb's first help line for a person who reads another language than the model contract's (D37): by
   * verb. None in English: there the line is the tool's own description.
   */
  verbLine: {} as Record<string, string>,
  verbNote: {
    'butler handover read':
      'Without HANDOVER_ID: the latest snapshot of --issue N; without --issue, of the default issue (work start --issue N) when it has one, else the latest project-level one.',
  } as Record<string, string>,
};

const ja: typeof en = {
  title: 'butler — コーディングエージェントのための handover snapshot、作業記録、生の git を止めるガード',
  usageHead: '使い方:',
  line: {
    mcp: '標準入出力の MCP サーバー（サーバー名 "butler"）',
    hook: 'hook の入口。クライアントの JSON を標準入力から読みます',
    guard: '生の git を止めるガードの設定（変更には端末が必要）',
    demo: '使い捨てのリポジトリでインストール、中断、再開、引き渡し、引き継ぎを実演',
  },
  moreHelp: '各コマンドのオプションは "butler <command> --help" で表示されます。どのコマンドも --lang ja|en を取ります。',
  fullCli:
    '完全な CLI: パッケージとして導入した butler コマンド（README: `npm pack` で作ったパッケージ）、Butler の clone の node /path/to/butler/hooks/butler.mjs、または butler スキルの scripts/butler.mjs（.agents/skills/ または .claude/skills/）',
  vendored: (lacking, full) => `これは同梱のランタイム（.butler/bin/）です。${lacking} は次にあります: ${full}。`,
  installNote: (clients) => `  クライアントのフラグなし: ${clients}、およびフォルダーがあるかすでにインストール済みのほかのクライアント。`,
  uninstallNote: '  クライアントのフラグなし: すべてのクライアント。',
  work: `使い方: butler work <verb> [--project DIR] [--json]
  start    [--issue N]                     既定の issue を設定（この clone で保持）。--issue なしで解除
  observe  [--issue N]                     作業状態、ahead/behind、変更されたパス、次の一手
  diff     [--path P] [--full] [--record ID]
  history  [-n N | --limit N] [--path P]
  record   -m MESSAGE [--issue N ...] [--no-issue]
  publish
  sync                                     upstream を fetch して記録を取り込む（作業ツリーがきれいなときだけ）
  finish   [--issue N]                     残りの手順を提案するだけで、自分では何もしません
各動詞のオプションは butler work <verb> --help で表示されます。終了コード: 0 成功、1 エラー、2 使い方の誤り、3 入力が必要。`,
  issue: `使い方: butler issue <verb> [--project DIR] [--client NAME] [--json]
  list [--all] [--limit N]          開いている issue（--all: 閉じたものも）、新しい順。最大 N 件（1〜200）
  read ID [--comments N]            N > 0 でなければ本文だけ（N > 0 なら最新 N 件のコメントも）
  create --title T [--body B | --body-file F] [--label L]...
  comment ID (--body B | --body-file F)
  delete-comment ID COMMENT_ID [--reason R]
  update-title ID --title T
  update-body ID (--body B | --body-file F)
  reopen ID | close ID
  approve-url [URL]                 この トラッカー URL にトークンを送ることを許可（既定: issues.url）
--body-file - は標準入力を読みます。終了コード: 0 成功、1 エラー、3 入力が必要、2 使い方の誤り。`,
  approveUrl: `使い方: butler issue approve-url [URL] [--project DIR] [--json]
  issue トラッカーのトークンを URL（既定: .butler/config.yaml の issues.url）に送ることを、端末であなたが承認します。
  人の判断です（エージェントは承認できません）。終了コード: 0 承認、1 拒否、2 使い方の誤り、3 確認できる端末がない。`,
  handover: (verbs) =>
    `使い方: butler handover ${verbs} [--project DIR] [--client BRAIN] [--json] [オプション]\n` +
    `  suspend  [--issue N] [--notes T] [--share]     今の状態を保存（次のセッションのため）\n` +
    `  resume   [ID] [--issue N]                      自分の最新の snapshot と今の作業状態を読む\n` +
    `  transfer --target BRAIN [--notes T] [--share]  別のエージェント宛ての snapshot（claude、codex、gemini、any）\n` +
    `  accept   [ID] [--client BRAIN]                 渡された作業を引き継ぐ（自分宛て、または BRAIN 宛て）\n` +
    `  prepare  [--issue N] [--target BRAIN]          snapshot を書くだけ\n` +
    `  read     [ID] [--issue N]                      一つ読む（id なし: issue の最新、なければプロジェクトの最新）\n` +
    `  list     [--issue N] [--limit N]               履歴（新しい順）\n` +
    `  brains                                         ここで知られているエージェント\n` +
    `  retire   ID [--reason R]                       提示をやめる（ファイルは残ります）\n` +
    `  share-preview [ID] [--issue N]                 共有で push される内容。この clone からの共有をあなたが許可します\n` +
    `各動詞のオプションは butler handover <verb> --help で表示されます。終了コード: 0 成功、1 エラー、2 使い方の誤り、3 入力が必要。`,
  guard: `使い方: butler guard status [--project DIR] [--json]
        butler guard allow SUBCOMMAND… | deny SUBCOMMAND… | mode block|warn|off [--project DIR]

生の git を止めるガードを緩めるのは人の判断です: allow/deny/mode は端末でだけ、エージェントのクライアントの外で動き、
確認を求め、.butler/config.yaml だけをコミットします（hook はコミット済みの設定だけを信頼します）。
`,
  hook: '使い方: butler hook session-start|pre-tool-use [--brain ID]   （クライアントの JSON を標準入力から読みます）',
  mcp: '使い方: butler mcp [--worker]\n  MCP サーバー "butler" を標準入出力で提供します（--worker: 低レベルの git_* / issue_backend_* ツール）。',
  options: 'オプション',
  usageWord: '使い方',
  verbLine: {
    'butler work start': '記録と handover の既定の issue を設定します。--issue なしで解除。何もロックしません。',
    'butler work observe': 'git status の代わり。作業状態、変更されたパス、未公開の記録の数、必要な次の一手を返します。',
    'butler work diff': 'git diff の代わり。未記録の変更、または --record で一つの記録。--level full で差分の本文も返します。',
    'butler work history': 'git log の代わり。最新 N 件の記録（既定 10 件）。--path でそのパスに触れた記録だけ。',
    'butler work record':
      '`git add` と `git commit` の代わり。すべての変更をこのブランチにローカルで記録します（push しません）。issue を `Refs #N` で紐付けます（既定: 既定の issue）。',
    'butler work publish': 'git push の代わり。記録を upstream に共有します。未記録の変更があるあいだは断ります。',
    'butler work sync':
      '`git fetch` と `git pull` の代わり。リモートの記録を取り込み、未公開の記録をその上に載せ直します。作業ツリーがきれいなときだけ。衝突したら何も変えません。',
    'butler work finish': '残りの手順（記録、公開、issue へのコメントやクローズ）を順に提案します。自分では何もしません。',
    'butler issue list': '開いている issue（--all: すべて）を新しい順に、設定したトラッカーから。最大 N 件（1〜200、既定 200）。',
    'butler issue read': 'issue を読みます。--comments N が 0 より大きいときだけ最新 N 件のコメントも。',
    'butler issue create':
      'issue を作ります。本文には 現在の状態 / 次にすること / ブロック要因（または `Current state` / `Next` / `Blockers`）の節が必要です。',
    'butler issue comment': 'issue にコメントを追加します。',
    'butler issue delete-comment': 'issue のコメントを削除します。',
    'butler issue update-title': 'issue のタイトルを置き換えます。',
    'butler issue update-body': 'issue の本文を置き換えます（節は butler issue create と同じ）。',
    'butler issue reopen': '閉じた issue を開き直します。',
    'butler issue close': 'issue を閉じます。',
    'butler handover suspend':
      '終える前に: このエージェントが後で再開する snapshot を保存します。--notes の `decision:` `next:` `blocked:` `pending:` `risk:` `anchor:` で始まる行はその節へ入ります。--share で git のリモートにも公開します。',
    'butler handover resume':
      '再起動の後に: このエージェントの snapshot（issue、既定の issue、プロジェクトの順）を探して読み、ずれと今の状態を伝えます。',
    'butler handover transfer':
      '作業を別のエージェントへ渡します: --target 宛ての snapshot（butler handover brains の一覧から）。--notes と --share は butler handover suspend と同じ。',
    'butler handover accept':
      '別のエージェントがこちら（または any）へ渡した作業を引き継ぎます。誰が取ったかを記録し、ほかのエージェントには渡りません。',
    'butler handover prepare':
      '低レベル: snapshot を作るだけ（--target の既定は any）。ふつうは butler handover suspend か butler handover transfer を使います。',
    'butler handover read': '低レベル: id で snapshot を読みます。id がなければ issue の最新、それもなければプロジェクト全体の最新。',
    'butler handover list': 'このプロジェクトの snapshot の履歴を新しい順に検索します。--client と --source はどちらも書いた人で絞ります。',
    'butler handover brains': 'ここで見えた、またはインストールされたエージェントの一覧（--target を選ぶため）。',
    'butler handover retire': 'この snapshot を二度と提示しません。索引に記録し、ファイルは残します。',
  },
  verbNote: {
    'butler handover read':
      'HANDOVER_ID なし: --issue N の最新の snapshot。--issue もなければ既定の issue（butler work start --issue N）の最新（なければプロジェクト全体の最新）。',
  },
};

export const cliUsage = (lang: Lang) => (lang === 'en' ? en : ja);
