import type { Lang } from '../../shared/config.js';
import { TRACKER_URL_RULE } from '../../shared/tracker-url.js';

/** The CLI's own words for a mistake in the command line, and for a person's consent (src/cli/person.ts). */
const en = {
  didYouMean: (n: string) => `; did you mean ${n}?`,
  unknownFlag: (flag: string) => `unknown flag ${flag}`,
  needsValue: (flag: string) => `${flag} needs a value`,
  takesNoValue: (flag: string) => `${flag} takes no value`,
  dashValue: (flag: string) => `${flag} got a value starting with "-": write it as ${flag}=VALUE`,
  dashValueShort: (flag: string) => `${flag} got a value starting with "-": write it joined, as ${flag}VALUE (e.g. ${flag}-3)`,
  badLang: (v: string) => `--lang must be ja or en, not ${v}`,
  unknownCommand: (name: string) => `unknown command ${name}`,
  listsCommands: 'butler --help lists the commands.',
  unknownVerb: (verb: string) => `unknown verb ${verb}`,
  listsVerbs: (group: string) => `butler ${group} --help lists the verbs.`,
  listsOptions: (prefix: string) => `${prefix} --help lists its options.`,
  notInRuntime: (cmd: string, full: string) => `not in the vendored runtime (.butler/bin/); run ${cmd} with ${full}`,
  /** The one message for a folder outside any git repository (#25). */
  notGitRepo: (start: string) =>
    `${start} is not in a git repository: run \`git init\` there first, or pass --project with your repository`,
  /** `--project` (or the current folder) that is not there: `file` when it names a file. */
  noFolder: (start: string, file: boolean) => (file ? `${start} is a file, not a folder` : `${start} does not exist`),
  /** `--path` naming nothing here (person-paths.ts); `pathFromTop`: it names something from the repository's top level, `fix` from here. */
  pathMatchesNothing: (p: string) => `--path ${p} matches no file and no change`,
  pathFromTop: (p: string, here: string, fix: string) =>
    `--path ${p} matches no file and no change in ${here}/, the folder you are in: a path is read from there, so write ${fix}`,
  // tool-flags.ts
  mustBeNumber: (label: string, positive: boolean, text: string) =>
    `${label} must be ${positive ? 'a positive number' : 'a number'}, got "${text}"`,
  givenTwice: (label: string) => `${label} given more than once`,
  cannotRead: (label: string, file: string, why: string) => `${label}: cannot read ${file} (${why})`,
  unexpected: (text: string) => `unexpected argument "${text}"`,
  bothGive: (a: string, b: string, key: string) => `${a} and ${b} both give ${key}`,
  onlyList: (label: string) => `only a tool with a list of issues takes several ${label}`,
  required: (label: string) => `${label} is required`,
  /** A positional argument named in an error (`issue id is required`): its argument name, in words. */
  position: (key: string) => key.replace(/_/g, ' '),
  /** Several errors of one command line in one message. */
  joined: '; ',
  atLeast: (label: string, min: string) => `${label} must be ${min} or more`,
  atMost: (label: string, max: string) => `${label} must be ${max} or less`,
  oneOf: (label: string, values: string, got: string) => `${label} must be one of ${values}, not "${got}"`,
  notHandoverId: (label: string, got: string) =>
    `${label} ${got} is not a snapshot id (they read like project-20260101T000000Z-person); \`butler handover list\` shows them`,
  // guard
  guardNames: 'name git subcommands, e.g. fetch ls-files',
  notGitSubcommand: (word: string) => `git has no subcommand ${word} here (git --list-cmds=main,others,alias lists them)`,
  notAMode: (words: string) => `${words} is not a mode`,
  nameMode: 'name the mode',
  useOneOf: (got: string, modes: string) => `${got}; use one of ${modes}`,
  guardAsk: (top: string, what: string) => `Change the Butler guard in ${top}: ${what}? This commits .butler/config.yaml. [y/N] `,
  guardRefused: (why: string) => `changing the guard ${why}; nothing changed`,
  // person.ts: why a consent was not given
  noTty: 'needs a person at a terminal (no TTY here)',
  underAgent: (agent: string) =>
    `needs a person, and this runs under an agent client: ${agent}. Ask the user to run it in their own terminal`,
  notConfirmed: 'not confirmed',
  envMarker: (name: string) => `${name} in the environment`,
  process: (agent: string, pid: number) => `${agent} (process ${pid})`,
  // issue approve-url
  noUrl: 'no URL given and no issues.url in .butler/config.yaml',
  badUrl: (raw: string) => `${raw} is not ${TRACKER_URL_RULE}; Butler never sends a token there`,
  noConfigDir: 'No user config folder',
  noConfigDirHint: 'Set HOME, XDG_CONFIG_HOME or BUTLER_CONFIG_HOME.',
  approveAsk: (tokenVar: string, url: string) => `Let ${tokenVar} go to ${url}? Only say yes if you trust this tracker. [y/N] `,
  approveAskRun: (tokenVar: string, url: string) =>
    `Send your issue tracker token (${tokenVar}) to ${url}? Only say yes if you trust this repository's tracker. [y/N] `,
  approveRefused: (why: string) => `Approving a tracker URL ${why}; nothing approved`,
  approveRefusedHint: 'Ask the user to run butler issue approve-url in their own terminal.',
  approved: (key: string, tokenVar: string) => `Approved ${key} for ${tokenVar}`,
  // handover
  whoseWork: (brains: string) => `no snapshot of yours here; waiting are agents' snapshots from: ${brains}.`,
  passClient: (example: string, rest: string) => `Read one with: butler handover resume --client ${example}${rest}`,
  oneSnapshotId: 'name one snapshot id',
  /** A brain filter (`handover list --source codx`) naming no brain here; `near`: the nearest brain id. */
  noBrain: (flag: string, value: string, near: string | null, known: string[]) =>
    `${flag} ${value} names no brain here${near ? `; did you mean ${near}?` : ''} (known: ${known.join(', ')})`,
  noClient: (flag: string, value: string) =>
    `${flag} ${value} names no brain here: no agent client is installed (butler install sets one up)`,
  issueNumber: '--issue takes an issue number',
};

/** A label then a Japanese particle: a space after a flag (`--body は`), none after a Japanese word (`issue 番号は`). */
const sp = (label: string) => (/[\u3000-\u9fff\uff00-\uffef]$/.test(label) ? label : `${label} `);

const ja: typeof en = {
  didYouMean: (n) => `。もしかして ${n}？`,
  unknownFlag: (flag) => `不明なフラグ ${flag}`,
  needsValue: (flag) => `${flag} には値が必要です`,
  takesNoValue: (flag) => `${flag} は値を取りません`,
  dashValue: (flag) => `${flag} の値が "-" で始まっています: ${flag}=VALUE の形で書いてください`,
  dashValueShort: (flag) => `${flag} の値が "-" で始まっています: ${flag}VALUE のように続けて書いてください（例: ${flag}-3）`,
  badLang: (v) => `--lang は ja か en です（${v} ではありません）`,
  unknownCommand: (name) => `不明なコマンド ${name}`,
  // Each starts with the command, as the English does: run by path, a line that starts so names the command typed (prog-name.ts).
  listsCommands: 'butler --help でコマンドの一覧を表示できます。',
  unknownVerb: (verb) => `不明な動詞 ${verb}`,
  listsVerbs: (group) => `butler ${group} --help で動詞の一覧を表示できます。`,
  listsOptions: (prefix) => `${prefix} --help でオプションの一覧を表示できます。`,
  notInRuntime: (cmd, full) => `同梱のランタイム（.butler/bin/）にはありません。${cmd} は完全な CLI で実行してください: ${full}`,
  notGitRepo: (start) =>
    `${start} は git リポジトリの中にありません: まずそこで \`git init\` を実行するか、--project にリポジトリを指定してください`,
  noFolder: (start, file) => (file ? `${start} はファイルです（フォルダーではありません）` : `${start} は存在しません`),
  pathMatchesNothing: (p) => `--path ${p} に該当するファイルも変更もありません`,
  pathFromTop: (p, here, fix) =>
    `--path ${p} に該当するファイルも変更も、今いるフォルダー ${here}/ にはありません: パスはそこから読むので、${fix} と書いてください`,
  mustBeNumber: (label, positive, text) => `${sp(label)}は${positive ? '正の数' : '数'}で指定してください（"${text}" が渡されました）`,
  givenTwice: (label) => `${sp(label)}が複数回指定されています`,
  cannotRead: (label, file, why) => `${label}: ${file} を読めません（${why}）`,
  unexpected: (text) => `余分な引数 "${text}"`,
  bothGive: (a, b, key) => `${a} と ${b} の両方が ${key} を指定しています`,
  onlyList: (label) => `${label} を複数取れるのは issue の一覧を取るツールだけです`,
  required: (label) => `${sp(label)}は必須です`,
  // Japanese words around the argument, not the English argument name (#25 walk-through 16: `issue id は必須です`).
  position: (key) => POSITIONS_JA[key] ?? key.replace(/_/g, ' '),
  joined: '。',
  atLeast: (label, min) => `${sp(label)}は ${min} 以上にしてください`,
  atMost: (label, max) => `${sp(label)}は ${max} 以下にしてください`,
  oneOf: (label, values, got) => `${sp(label)}は次のいずれかにしてください: ${values}（"${got}" が渡されました）`,
  // The value alone: its label (`snapshot の ID`, `--handover-id`) would say snapshot twice.
  notHandoverId: (_label, got) =>
    `${got} は snapshot の ID ではありません（project-20260101T000000Z-person のような形です）。\`butler handover list\` で一覧を見られます`,
  guardNames: 'git のサブコマンドを指定してください（例: fetch ls-files）',
  notGitSubcommand: (word) => `git にはここでサブコマンド ${word} がありません（一覧は git --list-cmds=main,others,alias）`,
  notAMode: (words) => `${words} はモードではありません`,
  nameMode: 'モードを指定してください',
  useOneOf: (got, modes) => `${got}。次のいずれかを使ってください: ${modes}`,
  guardAsk: (top, what) => `${top} の Butler ガードを変更しますか（${what}）？ .butler/config.yaml をコミットします。[y/N] `,
  guardRefused: (why) => `ガードの変更は${why}。何も変更していません`,
  noTty: '端末にいる人が必要です（ここには TTY がありません）',
  underAgent: (agent) =>
    `人が必要ですが、これはエージェントのクライアントの下で動いています: ${agent}。ユーザー自身の端末で実行してもらってください`,
  notConfirmed: '確認されませんでした',
  envMarker: (name) => `環境変数 ${name}`,
  process: (agent, pid) => `${agent}（プロセス ${pid}）`,
  noUrl: 'URL の指定がなく、.butler/config.yaml に issues.url もありません',
  badUrl: (raw) =>
    `${raw} は認証情報なしの https:// の URL ではありません（http:// はこのマシン宛てのみ）。Butler はそこへトークンを送りません`,
  noConfigDir: 'ユーザー設定フォルダーがありません',
  noConfigDirHint: 'HOME、XDG_CONFIG_HOME または BUTLER_CONFIG_HOME を設定してください。',
  approveAsk: (tokenVar, url) => `${tokenVar} を ${url} に送ってよいですか？ このトラッカーを信頼する場合だけ y と答えてください。[y/N] `,
  approveAskRun: (tokenVar, url) =>
    `issue トラッカーのトークン（${tokenVar}）を ${url} に送ってよいですか？ このリポジトリのトラッカーを信頼する場合だけ y と答えてください。[y/N] `,
  approveRefused: (why) => `トラッカー URL の承認は${why}。何も承認していません`,
  approveRefusedHint: 'ユーザー自身の端末で butler issue approve-url を実行してもらってください。',
  approved: (key, tokenVar) => `${key} を ${tokenVar} 用に承認しました`,
  whoseWork: (brains) => `あなたの snapshot はありません。待っているのはエージェントの snapshot です: ${brains}。`,
  passClient: (example, rest) => `読むには: butler handover resume --client ${example}${rest}`,
  oneSnapshotId: 'snapshot の id を一つ指定してください',
  noBrain: (flag, value, near, known) =>
    `${flag} ${value} はここで知られているエージェントを指していません${near ? `。もしかして ${near}？` : ''}（既知: ${known.join(', ')}）`,
  noClient: (flag, value) =>
    `${flag} ${value} はここで知られているエージェントを指していません: エージェントクライアントがインストールされていません（butler install で設定できます）`,
  issueNumber: '--issue には issue 番号を指定してください',
};

/** The positional arguments of the verbs (issue read ID, delete-comment ID COMMENT_ID, handover read ID, work diff --record). */
const POSITIONS_JA: Record<string, string> = {
  issue_id: 'issue 番号',
  comment_id: 'コメントの ID',
  handover_id: 'snapshot の ID',
  record_id: '記録の ID',
};

export const cliErrors = (lang: Lang) => (lang === 'en' ? en : ja);
