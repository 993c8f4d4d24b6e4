import type { ClientRecord } from '../shared/clients/index.js';
import type { Lang } from '../shared/config.js';

/** What install, uninstall and status print for a person, in the project's language (`--lang`, `lang:`). */
const en = {
  head: (command: string, dry: boolean, root: string, clients: string[]) =>
    `butler ${command}${dry ? ' --dry-run' : ''}: ${root} (${clients.join(', ')})`,
  nothing: 'nothing to do: already up to date',
  changed: (n: number, dry: boolean) => `${n} file(s) ${dry ? 'would change' : 'changed'}:`,
  dryRun: '(dry run: nothing written)',
  commit: (paths: string[], personal: string | null) =>
    `Commit ${paths.join(', ')} so every clone gets them${personal ? `; ${personal} stays personal (git-ignored)` : ''}: ` +
    `butler work record -m "Install Butler" (it asks you to confirm Butler's own files), then butler work publish.`,
  /** A client's one-time trust step (its record says it in English). */
  trust: (c: ClientRecord) => c.trust ?? '',
  leftBehind: (kept: string[]) => `Left in place: ${kept.join('; ')}. Delete them by hand if you no longer want them.`,
  kept: {
    snapshots: 'session_logs/ (your handover snapshots)',
    issues: '.butler/issues/ (the local issue store)',
    config: '.butler/config.yaml (your settings)',
    gitignore: 'the Butler lines in .gitignore (they keep snapshots out of commits)',
    bin: (titles: string[]) =>
      `.butler/bin/ (${titles.join(' and ')} still use${titles.length > 1 ? '' : 's'} it; uninstall ${titles.length > 1 ? 'them' : 'it'} too to remove it)`,
  },
  notGit: 'not a git repository: Butler installs into a git repository; run git init there, or pass --project',
  notInstalled: 'Butler is not installed here: run butler install.',
  byChoice: (flag: string) => `not installed (by choice; butler install ${flag} adds it)`,
  trustLabel: (title: string) => `${title} trust`,
  problem: 'problem',
  /** A file's note as the plans write it (English, also in --json); other languages rewrite the known ones. */
  note: (note: string) => note,
};

/** The notes of src/install/*.ts plans, in Japanese; a note not listed shows as written. */
const JA_NOTES: [RegExp, string][] = [
  [/^vendored runtime$/, 'Butler の実行ファイル'],
  [/^vendored runtime updated$/, 'Butler の実行ファイルを更新'],
  [/^vendored runtime removed$/, 'Butler の実行ファイルを削除'],
  [/^older hook bundle removed$/, '古い hook ファイルを削除'],
  [/^version (\S+) -> (\S+)$/, 'バージョン $1 → $2'],
  [/^version (\S+)$/, 'バージョン $1'],
  [/^Claude Code hooks \(([^)]*)\) and MCP approval$/, 'Claude Code の hook（$1）と MCP の承認'],
  [/^Codex hooks \(([^)]*)\)$/, 'Codex の hook（$1）'],
  [/^Gemini CLI hooks \(([^)]*)\) and MCP server "butler"$/, 'Gemini CLI の hook（$1）と MCP サーバー "butler"'],
  [/^Butler hooks moved to (.+)$/, 'Butler の hook を $1 へ移動'],
  [/^Butler hooks removed$/, 'Butler の hook を削除'],
  [/^MCP server "butler" for Claude Code$/, 'Claude Code 用 MCP サーバー "butler"'],
  [/^MCP server "butler" for Codex \(\[mcp_servers\.butler\]\)$/, 'Codex 用 MCP サーバー "butler"（[mcp_servers.butler]）'],
  [/^MCP server "butler" removed$/, 'MCP サーバー "butler" を削除'],
  [/^startup guidance between butler markers$/, 'butler マーカー間の起動時ガイド'],
  [/^startup guidance removed$/, '起動時ガイドを削除'],
  [/^ignore session_logs\/ \(private snapshots\)$/, 'session_logs/ を無視（snapshot は非公開）'],
  [
    /^ignore \.claude\/settings\.local\.json \(personal Claude Code settings\)$/,
    '.claude/settings.local.json を無視（Claude Code の個人設定）',
  ],
  [/^language of Butler's messages and snapshots: (\w+)$/, 'Butler のメッセージと snapshot の言語: $1'],
];

function jaNote(note: string): string {
  const [head, removed] = note.split(' (file removed: nothing else in it)');
  const parts = (head ?? '').split('; ').map((p) => {
    const hit = JA_NOTES.find(([re]) => re.test(p));
    return hit ? p.replace(hit[0], hit[1]) : p;
  });
  return `${parts.join('、')}${removed === undefined ? '' : '（ほかに何もないためファイルを削除）'}`;
}

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
  head: (command, dry, root, clients) => `butler ${command}${dry ? ' --dry-run' : ''}: ${root}（${clients.join(', ')}）`,
  nothing: '変更なし: すでに最新です',
  changed: (n, dry) => `${dry ? '変更予定のファイル' : '変更したファイル'} ${n} 件:`,
  dryRun: '（dry run: 何も書き込んでいません）',
  commit: (paths, personal) =>
    `${paths.join('、')} をコミットしてください（すべての clone に行き渡ります）${personal ? `。${personal} は個人用のままです（git-ignore 済み）` : ''}: ` +
    `butler work record -m "Install Butler"（Butler 自身のファイルの確認を求めます）、続けて butler work publish。`,
  trust: (c) => JA_TRUST[c.key] ?? c.trust ?? '',
  leftBehind: (kept) => `残したもの: ${kept.join('、')}。不要なら手で削除してください。`,
  kept: {
    snapshots: 'session_logs/（handover snapshot）',
    issues: '.butler/issues/（ローカル issue）',
    config: '.butler/config.yaml（設定）',
    gitignore: '.gitignore の Butler の行（snapshot をコミットに含めないため）',
    bin: (titles) => `.butler/bin/（${titles.join('、')} が使用中。それも uninstall すると削除します）`,
  },
  notGit:
    'git リポジトリではありません: Butler は git リポジトリにインストールします。そこで git init するか、--project を指定してください',
  notInstalled: 'ここには Butler がインストールされていません: butler install を実行してください。',
  byChoice: (flag) => `未インストール（選択による。butler install ${flag} で追加できます）`,
  trustLabel: (title) => `${title} の信頼`,
  problem: '問題',
  note: jaNote,
};

export const installText = (lang: Lang) => (lang === 'ja' ? ja : en);
