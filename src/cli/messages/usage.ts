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
    `  No client flag: ${clients}, plus every other client whose folder exists or that is installed already.\n  --lang is saved as the project's language (.butler/config.yaml); on other commands it is for that run only.`,
  uninstallNote: '  No client flag: every client.',
  /** `flags`: each verb's flags as its own --help lists them (tool-runner.ts groupFlags), so the two cannot differ (#25). */
  work: (flags: (verb: string, about?: string) => string) => `usage: butler work <verb> [--project DIR] [--json]
${flags('start', 'set the default issue (kept for this clone); without --issue, clear it')}
${flags('observe', 'work state, ahead/behind, changed paths, next step')}
${flags('diff', 'the changes not yet recorded, or one record’s (instead of git diff)')}
${flags('history', 'the latest records, newest first (instead of git log)')}
${flags('record', 'record every change as one record, on this machine (instead of git add + commit)')}
${flags('publish', 'push your records to the upstream (instead of git push)')}
${flags('sync', 'fetch the upstream and bring its records in (clean tree only)')}
${flags('finish', 'proposes the remaining steps; does nothing itself')}
butler work <verb> --help lists the options of one verb. Exit: 0 ok, 1 error, 2 usage, 3 needs input.`,
  issue: `usage: butler issue <verb> [--project DIR] [--json]
  list [--all] [--limit N]          open issues (--all: closed ones too), newest first; at most N (1-200)
  read ID [--comments N]            body only unless N > 0 (then the last N comments)
  create --title T [--body B | --body-file F] [--label L]... [--client NAME]
  comment ID (--body B | --body-file F) [--client NAME]
  delete-comment ID COMMENT_ID [--reason R] [--client NAME]
  update-title ID --title T [--client NAME]
  update-body ID (--body B | --body-file F) [--client NAME]
  reopen ID | close ID [--client NAME]
  approve-url [URL]                 let your token go to this tracker URL (default: issues.url)
--client NAME: the author of a change (default: $USER). --body-file - reads stdin. Exit: 0 ok, 1 error, 2 usage, 3 needs input.`,
  /** `issue approve-url --help`: its own (#25: it printed the whole issue help). */
  approveUrl: `usage: butler issue approve-url [URL] [--project DIR] [--json]
  Lets your issue tracker token go to URL (default: issues.url in .butler/config.yaml), once you say yes at a terminal.
  A person's decision: no agent can approve a URL. Exit: 0 approved, 1 you said no, 2 usage, 3 no terminal to ask.`,
  handover: (verbs: string) =>
    `usage: butler handover ${verbs} [--project DIR] [--json] [options]\n` +
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
    `--client BRAIN (the agent you act as): \`suspend\`, \`resume\`, \`transfer\`, \`accept\`, \`prepare\`, \`list\`, \`retire\`.\n` +
    `butler handover <verb> --help lists the options of one verb. Exit: 0 ok, 1 error, 2 usage, 3 needs input.`,
  guard: `usage: butler guard status [--project DIR] [--json]
       butler guard allow SUBCOMMAND… | deny SUBCOMMAND… | mode block|warn|off [--project DIR] [--json]

Relaxing the raw-git guard is a person's decision: allow/deny/mode run only in a terminal, not under
an agent client, ask for confirmation, and commit .butler/config.yaml alone (the hook trusts only the committed settings).
`,
  /** `events`: the events `butler hook` runs, from its one table (src/cli/commands/hook.ts). */
  hook: (events: string[]) => `usage: butler hook ${events.join('|')} [--brain ID]   (reads the client's JSON on stdin)`,
  mcp: 'usage: butler mcp [--worker]\n  Serves the MCP server "butler" on stdin/stdout (--worker: the low-level git_* / issue_backend_* tools).',
  /** Around a tool verb's help, after its summary (src/cli/messages/verbs.ts). */
  options: 'options',
  usageWord: 'usage',
  /** The one line a person-only command's --help starts with, as a tool verb's summary does (verbs.ts). */
  about: {
    status: 'Checks that Butler is installed here and will run: the runtime, each client’s hooks and MCP entry, the guard.',
    install: 'Installs Butler into this project: each client’s hooks, MCP entry and guidance, and the runtime in .butler/bin/.',
    demo: 'Runs install, suspend, resume, transfer and accept over the MCP server in a throwaway repository, then removes it.',
    uninstall:
      'Removes Butler from this project: each client’s hooks, MCP entry and guidance, and .butler/bin/ once no client uses it; snapshots, issues and settings stay.',
    guard:
      'Shows and changes the raw-git guard: the git subcommands agents may run past it (allow, deny) and what it does with the rest (mode).',
    'guard status': 'Shows the guard’s settings: the committed ones, the work tree’s, and the ones the hook applies.',
    'guard allow': 'Lets agents run the git SUBCOMMANDs you name past the guard: asks you, then commits .butler/config.yaml.',
    'guard deny': 'Takes the git SUBCOMMANDs you name off the allowed list: asks you, then commits .butler/config.yaml.',
    'guard mode':
      'Sets what the guard does with raw git: block it, warn and let it run, or off: asks you, then commits .butler/config.yaml.',
  } as Record<string, string>,
  statusExits: 'Exits 0 when it reports no problem, 1 on a problem (also: not installed here, not a git repository), 2 on a usage error.',
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
    // No `完全な CLI:` head: the sentences around it name it, one colon each (#25 walk-through 16).
    'パッケージとして導入した butler コマンド（README: `npm pack` で作ったパッケージ）、Butler の clone の node /path/to/butler/hooks/butler.mjs、または butler スキルの scripts/butler.mjs（.agents/skills/ または .claude/skills/）',
  vendored: (lacking, full) => `これは同梱のランタイム（.butler/bin/）です。${lacking} は完全な CLI にあります: ${full}。`,
  installNote: (clients) =>
    `  クライアントのフラグなし: ${clients}、およびフォルダーがあるかすでにインストール済みのほかのクライアント。\n  --lang はプロジェクトの言語として保存されます（.butler/config.yaml）。ほかのコマンドではその実行だけです。`,
  uninstallNote: '  クライアントのフラグなし: すべてのクライアント。',
  work: (flags) => `使い方: butler work <verb> [--project DIR] [--json]
${flags('start', '既定の issue を設定（この clone で保持）。--issue なしで解除')}
${flags('observe', '作業状態、upstream との差（先行/遅れ）、変更されたパス、次の一手')}
${flags('diff', 'まだ記録していない変更、または一つの記録の変更（git diff の代わり）')}
${flags('history', '最新の記録、新しい順（git log の代わり）')}
${flags('record', 'すべての変更を一つの記録にする。このマシンだけ（git add と git commit の代わり）')}
${flags('publish', '記録を upstream に push（git push の代わり）')}
${flags('sync', 'upstream を fetch して記録を取り込む（作業ツリーがきれいなときだけ）')}
${flags('finish', '残りの手順を提案するだけで、自分では何もしません')}
各動詞のオプションは butler work <verb> --help で表示されます。終了コード: 0 成功、1 エラー、2 使い方の誤り、3 入力が必要。`,
  issue: `使い方: butler issue <verb> [--project DIR] [--json]
  list [--all] [--limit N]          開いている issue（--all: 閉じたものも）、新しい順。最大 N 件（1〜200）
  read ID [--comments N]            N > 0 でなければ本文だけ（N > 0 なら最新 N 件のコメントも）
  create --title T [--body B | --body-file F] [--label L]... [--client NAME]
  comment ID (--body B | --body-file F) [--client NAME]
  delete-comment ID COMMENT_ID [--reason R] [--client NAME]
  update-title ID --title T [--client NAME]
  update-body ID (--body B | --body-file F) [--client NAME]
  reopen ID | close ID [--client NAME]
  approve-url [URL]                 このトラッカー URL にトークンを送ることを許可（既定: issues.url）
--client NAME: 変更の作成者（既定: $USER）。--body-file - は標準入力を読みます。終了コード: 0 成功、1 エラー、2 使い方の誤り、3 入力が必要。`,
  approveUrl: `使い方: butler issue approve-url [URL] [--project DIR] [--json]
  issue トラッカーのトークンを URL（既定: .butler/config.yaml の issues.url）に送ることを、端末であなたが承認します。
  人の判断です（エージェントは承認できません）。終了コード: 0 承認、1 拒否、2 使い方の誤り、3 確認できる端末がない。`,
  handover: (verbs) =>
    `使い方: butler handover ${verbs} [--project DIR] [--json] [オプション]\n` +
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
    `--client BRAIN（あなたが代わりに動くエージェント）を取る動詞: \`suspend\`、\`resume\`、\`transfer\`、\`accept\`、\`prepare\`、\`list\`、\`retire\`。\n` +
    `各動詞のオプションは butler handover <verb> --help で表示されます。終了コード: 0 成功、1 エラー、2 使い方の誤り、3 入力が必要。`,
  guard: `使い方: butler guard status [--project DIR] [--json]
        butler guard allow SUBCOMMAND… | deny SUBCOMMAND… | mode block|warn|off [--project DIR] [--json]

生の git を止めるガードを緩めるのは人の判断です: allow/deny/mode は端末でだけ、エージェントのクライアントの外で動き、
確認を求め、.butler/config.yaml だけをコミットします（hook はコミット済みの設定だけを信頼します）。
`,
  hook: (events) => `使い方: butler hook ${events.join('|')} [--brain ID]   （クライアントの JSON を標準入力から読みます）`,
  mcp: '使い方: butler mcp [--worker]\n  MCP サーバー "butler" を標準入出力で提供します（--worker: 低レベルの git_* / issue_backend_* ツール）。',
  options: 'オプション',
  usageWord: '使い方',
  about: {
    status: 'ここに Butler がインストールされ動くかを確認します: ランタイム、各クライアントの hook と MCP の設定、ガード。',
    install: 'このプロジェクトに Butler をインストールします: 各クライアントの hook、MCP の設定と案内、.butler/bin/ のランタイム。',
    demo: '使い捨てのリポジトリで、MCP サーバー越しにインストール、中断、再開、引き渡し、引き継ぎを実演し、最後に削除します。',
    uninstall:
      'このプロジェクトから Butler を削除します: 各クライアントの hook、MCP の設定と案内、どのクライアントも使わなくなった .butler/bin/。snapshot、issue、設定は残ります。',
    guard:
      '生の git を止めるガードを表示・変更します: エージェントが通せる git のサブコマンド（`allow`、`deny`）と、それ以外の扱い（`mode`）。',
    'guard status': 'ガードの設定を表示します: コミット済みの設定、作業ツリーの設定、hook が適用する設定。',
    'guard allow':
      '指定した git の SUBCOMMAND をエージェントがガードを通さず実行できるようにします: 確認のうえ .butler/config.yaml をコミットします。',
    'guard deny': '指定した git の SUBCOMMAND を許可の一覧から外します: 確認のうえ .butler/config.yaml をコミットします。',
    'guard mode':
      '生の git の扱いを設定します（block: 止める、warn: 警告して実行、off: 何もしない）: 確認のうえ .butler/config.yaml をコミットします。',
  },
  statusExits: '終了コード: 問題がなければ 0、問題があれば 1（ここに未インストール、git リポジトリの外も）、使い方の誤りは 2。',
};

export const cliUsage = (lang: Lang) => (lang === 'en' ? en : ja);
