import type { ClientRecord } from '../shared/clients/index.js';
import { guardModeJa, type Lang } from '../shared/config.js';
import { jaNote } from './ja-notes.js';

/** What the runtime line says when no version was read (`butler status`). */
type Missing = 'all' | 'stamp' | 'unreadable';

/** What install, uninstall and status print for a person, in the project's language (`--lang`, `lang:`). */
const en = {
  head: (command: string, dry: boolean, root: string, clients: string[]) =>
    `butler ${command}${dry ? ' --dry-run' : ''}: ${root}${clients.length ? ` (${clients.join(', ')})` : ''}`,
  nothing: 'nothing to do: already up to date',
  nothingToRemove: 'nothing to do: Butler is not installed here',
  commitRemoval: (paths: string[], record: string, publish: string) =>
    `Commit the removal of ${paths.join(', ')} so every clone loses them too: ${record}, then ${publish}.`,
  /** Uninstall changed only files git does not track (install was never committed). */
  nothingToCommit: 'Nothing to commit: none of what uninstall removed was ever committed here.',
  changed: (n: number, dry: boolean) => `${n} file(s) ${dry ? 'would change' : 'changed'}:`,
  dryRun: '(dry run: nothing written)',
  /** A change row's verb (the plan's action; `--json` keeps the action as data). */
  action: (a: 'create' | 'update' | 'delete') => a.padEnd(6),
  /** `message`: the record's message, by what install did (`Install Butler`, `Upgrade Butler`, `Update Butler`). */
  /** `asks`: the record changes Butler's runtime or hook entries, so `work record` asks the person first. */
  commit: (paths: string[], personal: string | null, message: string, run: string, asks: boolean) =>
    `Commit ${paths.join(', ')} so every clone gets them${personal ? `; ${personal} stays personal (git-ignored)` : ''}: ` +
    `${run} work record -m "${message}"${asks ? " (it asks you to confirm Butler's own files)" : ''}, then ${run} work publish.`,
  /** What `npx skills add` left untracked, as README's "After `npx skills add`" says. */
  skills: (paths: string[]) =>
    `${paths.join(', ')} (from npx skills add): commit them so every clone's agents have Butler's skills, or remove them if the skill only ran the installer (rm -rf ${paths.join(' ')}).`,
  /** A client's one-time trust step (its record says it in English). */
  trust: (c: ClientRecord) => c.trust ?? '',
  leftBehind: (kept: string[]) => `Left in place: ${kept.join('; ')}. Delete them by hand if you no longer want them.`,
  kept: {
    snapshots: 'session_logs/ (your handover snapshots)',
    issues: '.butler/issues/ (the local issue store)',
    // `loose`: the file was never committed (nor staged), so nothing of it is in the repository.
    config: (loose: boolean) => `.butler/config.yaml (your settings${loose ? '; never committed' : ''})`,
    gitignore: (loose: boolean) => `the Butler lines in .gitignore (they keep snapshots out of commits${loose ? '; never committed' : ''})`,
    bin: (titles: string[]) =>
      `.butler/bin/ (${titles.join(' and ')} still use${titles.length > 1 ? '' : 's'} it; uninstall ${titles.length > 1 ? 'them' : 'it'} too to remove it)`,
  },
  notGit: 'not a git repository: Butler installs into a git repository; run git init there, or pass --project',
  /** `left`: an uninstall left its settings and .gitignore lines (status.ts installed_once; walk-through 8). */
  notInstalled: (left: boolean): string =>
    left
      ? 'Butler is not installed here (it was uninstalled; its settings and .gitignore lines remain): run butler install to install it again.'
      : // Right for a user's project; from another folder the project is named (#25 walk-through 16).
        'Butler is not installed here: run butler install, or point at your project with --project DIR.',
  /** `status --project DIR`: the folder was typed, so it is named, not proposed (#25 walk-through 16). */
  notInstalledAt: (dir: string) => `Butler is not installed in ${dir}: run butler install --project ${dir}.`,
  byChoice: (flag: string) => `not installed (by choice; butler install ${flag} adds it)`,
  notInstalledClient: (flag: string) => `not installed (butler install ${flag} adds it)`,
  trustLabel: (title: string) => `${title} trust`,
  problem: 'problem',
  noteLabel: 'note',
  /** A file's note as the plans write it (English, also in --json); other languages rewrite the known ones. */
  note: (note: string) => note,
  /** `butler status`: its rows and its problems (getStatus, status-guard.ts). */
  st: {
    /** Between the clients' guard lines (`Claude Code: live; Codex: …`). */
    liveSep: '; ',
    /** A status row's mark: present, missing, optional and off (SessionEnd), absent by design; four columns wide. */
    mark: { ok: 'ok  ', miss: 'MISS', off: 'off ', none: '--  ' },
    node: (v: string) => `node ${v} (needs >= 20)`,
    // With no version read, `missing` says what is true: nothing of the runtime (`all`), files without a VERSION stamp
    // (`stamp`, a damaged install), or a VERSION file that says no version (`unreadable`, edited by hand).
    runtime: (dir: string, vendored: string | null, running: string, bundles: string, missing: Missing = 'all', altered = false) =>
      `runtime ${dir}/: ${vendored ?? { all: 'not installed', stamp: 'no VERSION stamp', unreadable: 'VERSION edited (no version in it)' }[missing]}${altered ? ', files altered' : ''} (this butler: ${running}); ${bundles}`,
    /** The runtime row where nothing of Butler is installed: absent by design, not a damaged part. */
    runtimeAbsent: (dir: string, running: string) => `runtime ${dir}/: not installed (this butler: ${running})`,
    /** Which guard command is installed: the sh pre-filter in front of the Node hook, or the Node hook alone. */
    form: { shell: ' (sh pre-filter)', node: ' (node only)' } as Record<'shell' | 'node', string>,
    missingFile: ' (missing)',
    alteredFile: ' (altered)',
    notOnMachine: (title: string) =>
      `${title} is not on this machine, so its missing trust is no problem here: do the ${title} trust step when you start using it.`,
    dropClient: (title: string, key: string) => ` Not using ${title}? butler uninstall --${key}`,
    gitRepo: 'git repository',
    gitignore: '.gitignore has session_logs/ (snapshots stay private)',
    backend: (name: string, fromConfig: boolean) =>
      `issue backend: ${name} (${fromConfig ? '.butler/config.yaml' : 'default; no issues section in .butler/config.yaml'})`,
    url: (url: string, approved: boolean) =>
      `, ${url} ${approved ? 'approved' : `NOT approved for your token (butler issue approve-url ${url})`}`,
    guard: (mode: string, live: string) => `guard: mode ${mode}; ${live}`,
    approved: 'approved',
    autoApprove: 'auto-approve',
    trusted: 'trusted',
    guidance: 'guidance',
    live: {
      noHook: (event: string) => `does NOT run (no ${event} hook)`,
      untrusted: (trust: string) => `does NOT run (${trust})`,
      unknown: 'runs once the client trusts the project and hooks',
      altered: 'blocks anything that could be git (runtime missing or altered)',
      off: 'runs, mode off: allows git',
      runs: 'runs',
    },
    trust: { 'project not trusted': 'project not trusted', 'hooks not trusted': 'hooks not trusted' } as Record<string, string>,
    hook: (event: string) => `the ${event} hook`,
    /** An older install's guard entry, without the `onFailure` its client needs to block when the guard cannot answer (D34). */
    onFailure: (event: string, want?: string) => `onFailure "${want}" on the ${event} hook (a hung or failed guard lets the command run)`,
    entry: (file: string) => `the ${file} entry`,
    mcpApproval: 'the MCP approval',
    toolAutoApproval: 'the tool auto-approval',
    mcpTrust: 'the MCP trust setting',
    agentsGuide: 'the AGENTS.md guidance',
    guideBlock: 'the guidance block',
    lacks: (title: string, missing: string, key: string) => `${title} lacks ${missing}: run butler install --${key} to repair.`,
    oldRuntime: (vendored: string, version: string) =>
      `Vendored runtime is ${vendored}, this Butler is ${version}: run butler install to update.`,
    /** `.butler/bin/VERSION` says no `agent-butler X.Y.Z` (edited by hand) or is gone while the bundles are there. */
    badStamp: (file: string) => `${file} does not say which Butler is vendored (edited or removed): run butler install to rewrite it.`,
    legacy: (dir: string, files: string) => `${dir}/ holds the hooks of an older Butler (${files}): run butler install to upgrade them.`,
    notIgnored: 'session_logs/ is not git-ignored: snapshots could be committed. Run butler install.',
    oldNode: (v: string) => `Node ${v} is too old: Butler needs Node 20 or newer.`,
    notGitProblem: 'Not a git repository: Butler installs into a git repository (run git init there, or pass --project).',
    untrustedClient: (title: string, trust: string, step: string) => `${title}: ${trust}, so ${title} runs none of Butler's hooks: ${step}`,
    subfolderSettings: (title: string, file: string) => `${title} does not load ${file} there, so Butler's hooks do not run`,
    subfolderEnv: (title: string, variable: string, dir: string) =>
      `${title} sets $${variable} to that folder, so Butler's hook commands cannot find ${dir}/`,
    subfolder: (rel: string, hooks: string, title: string, root: string) =>
      `Run from the subfolder ${rel}: ${hooks}. Start ${title} at the project root (${root}); the MCP server works from any folder.`,
    runInstall: 'restore it with butler install (then butler work record, if git still shows a change)',
    olderForm: (file: string, run: string) => `A PreToolUse command is the older form that runs ${file} unchecked: ${run}.`,
    preFilter: (file: string, run: string) =>
      `${file} is missing or not the file the PreToolUse command checks: the guard blocks anything that could be git and runs nothing else of Butler's; ${run}.`,
    nodeHook: (file: string, run: string) => `${file} is missing or altered: the guard blocks every command it hands to Node; ${run}.`,
    differs: (dir: string, files: string, run: string) =>
      `${dir}/ was altered: ${files} differ${files.includes(',') ? '' : 's'} from this Butler's runtime (edited since install, or another version); ${run}.`,
  },
};

/** Each client's trust step in Japanese, by record key (src/shared/clients/). */
const JA_TRUST: Record<string, string> = {
  codex:
    'Codex はプロジェクトの .codex/ の hook と設定を信頼済みのプロジェクトでのみ読み込み、hook は信頼した後にだけ実行します: ' +
    'このリポジトリで Codex を開いて信頼の確認を承認し、/hooks で Butler の hook を確認して信頼してください。',
  gemini:
    'Gemini CLI はプロジェクトの hook を信頼済みのフォルダーでのみ実行します: このリポジトリで Gemini CLI を開いてフォルダーを信頼してください' +
    '（新しいプロジェクト hook は一度だけ警告されます）。',
};

const ja: typeof en = {
  head: (command, dry, root, clients) =>
    `butler ${command}${dry ? ' --dry-run' : ''}: ${root}${clients.length ? `（${clients.join(', ')}）` : ''}`,
  nothing: '変更なし: すでに最新です',
  nothingToRemove: '変更なし: ここには Butler はインストールされていません',
  commitRemoval: (paths, record, publish) =>
    `${paths.join('、')} の削除・変更をコミットしてください（すべての clone に反映されます）: ${record}、続けて ${publish}。`,
  nothingToCommit: 'コミットするものはありません: uninstall が削除したものは、ここでは一度もコミットされていません。',
  changed: (n, dry) => `${dry ? '変更予定のファイル' : '変更したファイル'} ${n} 件:`,
  dryRun: '（ドライラン: 何も書き込んでいません）',
  action: (a) => ({ create: '作成', update: '更新', delete: '削除' })[a],
  commit: (paths, personal, message, run, asks) =>
    `${paths.join('、')} をコミットしてください（すべての clone に行き渡ります）${personal ? `。${personal} は個人用のままです（git-ignore 済み）` : ''}: ` +
    `${run} work record -m "${message}"${asks ? '（Butler 自身のファイルの確認を求めます）' : ''}、続けて ${run} work publish。`,
  skills: (paths) =>
    `${paths.join('、')}（npx skills add が作成）: すべての clone のエージェントが Butler のスキルを使えるようコミットするか、インストールのためだけに使ったなら削除してください（rm -rf ${paths.join(' ')}）。`,
  trust: (c) => JA_TRUST[c.key] ?? c.trust ?? '',
  leftBehind: (kept) => `残したもの: ${kept.join('、')}。不要なら手で削除してください。`,
  kept: {
    snapshots: 'session_logs/（handover snapshot）',
    issues: '.butler/issues/（ローカル issue）',
    config: (loose) => `.butler/config.yaml（設定${loose ? '。未コミット' : ''}）`,
    gitignore: (loose) => `.gitignore の Butler の行（snapshot をコミットに含めないため${loose ? '。未コミット' : ''}）`,
    bin: (titles) => `.butler/bin/（${titles.join('、')} が使用中。それも uninstall すると削除します）`,
  },
  notGit:
    'git リポジトリではありません: Butler は git リポジトリにインストールします。そこで git init するか、--project を指定してください',
  notInstalled: (left) =>
    left
      ? 'ここには Butler がインストールされていません（アンインストール済み。設定と .gitignore の行は残っています）: もう一度入れるには butler install を実行してください。'
      : 'ここには Butler がインストールされていません: butler install を実行するか、--project DIR でプロジェクトを指定してください。',
  notInstalledAt: (dir) => `${dir} には Butler がインストールされていません: butler install --project ${dir} を実行してください。`,
  byChoice: (flag) => `未インストール（選択による。butler install ${flag} で追加できます）`,
  notInstalledClient: (flag) => `未インストール（butler install ${flag} で追加できます）`,
  trustLabel: (title) => `${title} の信頼`,
  problem: '問題',
  noteLabel: '注',
  note: jaNote,
  st: {
    liveSep: '、',
    // #25 walk-through 13: ok/MISS/off are not words a Japanese reader reads; each mark is two full-width characters.
    mark: { ok: '正常', miss: '欠落', off: '無効', none: 'なし' },
    node: (v) => `node ${v}（20 以上が必要）`,
    runtime: (dir, vendored, running, bundles, missing = 'all', altered = false) =>
      `ランタイム ${dir}/: ${vendored ?? { all: '未インストール', stamp: 'VERSION なし', unreadable: 'VERSION が編集されています（バージョンが書かれていません）' }[missing]}${altered ? '、ファイル改変あり' : ''}（この butler: ${running}）。${bundles}`,
    runtimeAbsent: (dir, running) => `ランタイム ${dir}/: 未インストール（この butler: ${running}）`,
    form: { shell: '（sh の事前フィルター）', node: '（node のみ）' },
    missingFile: '（なし）',
    alteredFile: '（改変）',
    notOnMachine: (title) =>
      `${title} はこのマシンにないため、信頼の未設定はここでは問題ではありません: ${title} を使い始めるときに信頼の手順を行ってください。`,
    dropClient: (title, key) => ` ${title} を使わないなら: butler uninstall --${key}`,
    gitRepo: 'git リポジトリ',
    // A row label, read after its mark (正常 / 欠落): what is checked, not a sentence that it is there (#25 walk-through 14).
    gitignore: '.gitignore の session_logs/ の行（snapshot を非公開に保つ）',
    backend: (name, fromConfig) =>
      `issue のバックエンド: ${name}（${fromConfig ? '.butler/config.yaml' : '既定。.butler/config.yaml に `issues:` の項目なし'}）`,
    url: (url, approved) => `、${url} ${approved ? '承認済み' : `はトークンの送信先として未承認（butler issue approve-url ${url}）`}`,
    guard: (mode, live) => `ガード: モード ${guardModeJa(mode)}。${live}`,
    approved: '承認',
    autoApprove: '自動承認',
    trusted: '信頼',
    guidance: 'ガイド',
    live: {
      noHook: (event) => `動きません（${event} hook なし）`,
      untrusted: (trust) => `動きません（${trust}）`,
      unknown: 'クライアントがプロジェクトと hook を信頼すると動きます',
      altered: 'git かもしれないものをすべて止めます（ランタイムがないか改変されています）',
      off: `動きます。モード ${guardModeJa('off')}: git を許可`,
      runs: '動きます',
    },
    trust: { 'project not trusted': 'プロジェクトが未信頼', 'hooks not trusted': 'hook が未信頼' },
    hook: (event) => `${event} hook`,
    onFailure: (event, want) => `${event} hook の onFailure "${want}"（ガードが止まるか失敗するとコマンドがそのまま実行されます）`,
    entry: (file) => `${file} の項目`,
    mcpApproval: 'MCP の承認',
    toolAutoApproval: 'ツールの自動承認',
    mcpTrust: 'MCP の信頼設定',
    agentsGuide: 'AGENTS.md のガイド',
    guideBlock: 'ガイドのブロック',
    lacks: (title, missing, key) => `${title} に ${missing} がありません: butler install --${key} で修復してください。`,
    oldRuntime: (vendored, version) =>
      `同梱のランタイムは ${vendored}、この Butler は ${version} です: butler install で更新してください。`,
    badStamp: (file) => `${file} に同梱の Butler のバージョンが書かれていません（編集または削除）: butler install で書き直してください。`,
    legacy: (dir, files) => `${dir}/ に古い Butler の hook があります（${files}）: butler install で更新してください。`,
    notIgnored:
      'session_logs/ が git-ignore されていません: snapshot がコミットされるおそれがあります。butler install を実行してください。',
    oldNode: (v) => `Node ${v} は古すぎます: Butler には Node 20 以上が必要です。`,
    notGitProblem:
      'git リポジトリではありません: Butler は git リポジトリにインストールします（そこで git init するか、--project を指定）。',
    untrustedClient: (title, trust, step) => `${title}: ${trust}のため、${title} は Butler の hook をひとつも実行しません: ${step}`,
    subfolderSettings: (title, file) => `${title} はそこでは ${file} を読まないため、Butler の hook が動きません`,
    subfolderEnv: (title, variable, dir) =>
      `${title} は $${variable} をそのフォルダーにするため、Butler の hook のコマンドが ${dir}/ を見つけられません`,
    subfolder: (rel, hooks, title, root) =>
      `サブフォルダー ${rel} から起動しています: ${hooks}。${title} はプロジェクトのルート（${root}）で起動してください。MCP サーバーはどのフォルダーからでも動きます。`,
    runInstall: 'butler install で元に戻してください（その後 git に変更が残っていれば butler work record）',
    olderForm: (file, run) => `PreToolUse のコマンドが ${file} を検査せずに実行する古い形式です: ${run}。`,
    preFilter: (file, run) =>
      `${file} がないか、PreToolUse のコマンドが検査するファイルではありません: ガードは git かもしれないものをすべて止め、Butler のほかの処理は何も実行しません。${run}。`,
    nodeHook: (file, run) => `${file} がないか改変されています: ガードは Node に渡すコマンドをすべて止めます。${run}。`,
    differs: (dir, files, run) =>
      `${dir}/ が改変されています: ${files} がこの Butler のランタイムと違います（インストール後の編集か別のバージョン）。${run}。`,
  },
};

export const installText = (lang: Lang) => (lang === 'ja' ? ja : en);
