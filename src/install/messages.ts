import type { Lang } from '../shared/config.js';
import { CODEX_TRUST_NOTE } from './constants.js';

/** What install, uninstall and status print for a person, in the project's language (`--lang`, `lang:`). */
const en = {
  head: (command: string, dry: boolean, root: string, clients: string[]) =>
    `butler ${command}${dry ? ' --dry-run' : ''}: ${root} (${clients.join(', ')})`,
  nothing: 'nothing to do: already up to date',
  changed: (n: number, dry: boolean) => `${n} file(s) ${dry ? 'would change' : 'changed'}:`,
  dryRun: '(dry run: nothing written)',
  commit: (paths: string[], personal: string | null) =>
    `Commit ${paths.join(', ')} so every clone gets them${personal ? `; ${personal} stays personal (git-ignored).` : '.'}`,
  codexTrust: CODEX_TRUST_NOTE,
  leftBehind: (kept: string[]) => `Left in place: ${kept.join('; ')}. Delete them by hand if you no longer want them.`,
  kept: {
    snapshots: 'session_logs/ (your handover snapshots)',
    issues: '.butler/issues/ (the local issue store)',
    config: '.butler/config.yaml (your settings)',
    gitignore: 'the Butler lines in .gitignore (they keep snapshots out of commits)',
    bin: '.butler/bin/ (the other client still uses it; uninstall both to remove it)',
  },
  notGit: 'not a git repository: Butler installs into a git repository; run git init there, or pass --project',
  notInstalled: 'Butler is not installed here: run butler install.',
  byChoice: (flag: string) => `not installed (by choice; butler install ${flag} adds it)`,
  trustLabel: 'Codex trust',
  problem: 'problem',
};

const ja: typeof en = {
  head: (command, dry, root, clients) => `butler ${command}${dry ? ' --dry-run' : ''}: ${root}（${clients.join(', ')}）`,
  nothing: '変更なし: すでに最新です',
  changed: (n, dry) => `${dry ? '変更予定のファイル' : '変更したファイル'} ${n} 件:`,
  dryRun: '（dry run: 何も書き込んでいません）',
  commit: (paths, personal) =>
    `${paths.join('、')} をコミットしてください（すべての clone に行き渡ります）${personal ? `。${personal} は個人用のままです（git-ignore 済み）` : ''}。`,
  codexTrust:
    'Codex はプロジェクトの .codex/ の hook と設定を信頼済みのプロジェクトでのみ読み込み、hook は信頼した後にだけ実行します: ' +
    'このリポジトリで Codex を開いて信頼の確認を承認し、/hooks で Butler の hook を確認して信頼してください。',
  leftBehind: (kept) => `残したもの: ${kept.join('、')}。不要なら手で削除してください。`,
  kept: {
    snapshots: 'session_logs/（handover snapshot）',
    issues: '.butler/issues/（ローカル issue）',
    config: '.butler/config.yaml（設定）',
    gitignore: '.gitignore の Butler の行（snapshot をコミットに含めないため）',
    bin: '.butler/bin/（もう一方のクライアントが使用中。両方 uninstall すると削除します）',
  },
  notGit:
    'git リポジトリではありません: Butler は git リポジトリにインストールします。そこで git init するか、--project を指定してください',
  notInstalled: 'ここには Butler がインストールされていません: butler install を実行してください。',
  byChoice: (flag) => `未インストール（選択による。butler install ${flag} で追加できます）`,
  trustLabel: 'Codex の信頼',
  problem: '問題',
};

export const installText = (lang: Lang) => (lang === 'ja' ? ja : en);
