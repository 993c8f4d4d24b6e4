// Newcomer walk-through 16 (#25): the finds of the final walk-through, through the real CLI, en and ja where
// there is text.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { git, isolatedGitEnv } from '../helpers/repo.js';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo, withRemote, installed } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };

const idOf = (out: string) => out.match(/ID: (\S+)/)![1]!;

describe('1. reading a replaced snapshot points at the one handover list shows first for its scope', () => {
  it('suspend, transfer accepted by codex, suspend: reading the first names the later suspend (en, ja)', () => {
    const root = installed();
    const first = idOf(butler(root, ['handover', 'suspend', '--notes', 'a']).out);
    const transfer = idOf(butler(root, ['handover', 'transfer', '--target', 'codex']).out);
    expect(butler(root, ['handover', 'accept', '--client', 'codex']).code).toBe(0);
    const later = idOf(butler(root, ['handover', 'suspend', '--notes', 'b']).out);
    const top = butler(root, ['handover', 'list']).out.split('\n')[1]!;
    expect(top.trim().split(/\s+/)[0]).toBe(later);
    const r = butler(root, ['handover', 'read', first]);
    expect(r.out.split('\n')[0]).toBe(
      `Superseded by ${transfer}: this is not the current snapshot. Read the newest with \`butler handover read ${later}\` (all of them: \`butler handover list\`).`,
    );
    expect(butler(root, ['handover', 'read', first], ja).out.split('\n')[0]).toContain(`\`butler handover read ${later}\``);
    // Agents' data is as it was: the envelope names what replaced it.
    expect(butler(root, ['handover', 'read', first, '--json']).json().data.superseded_by).toBe(transfer);
  });
});

describe('2. work finish that leaves a step: no check mark, next: lines, exit 3', () => {
  it('unrecorded changes: ? and exit 3 with next:, as observe (en, ja); --json need_input; done is ✓ and 0', () => {
    const root = installed();
    writeFileSync(path.join(root, 'greet.txt'), 'hi\n');
    const r = butler(root, ['work', 'finish']);
    expect([r.code, r.out]).toEqual([
      3,
      '? Unrecorded changes: record them before finishing\n  next: butler work record --message MESSAGE   (1 unrecorded change(s).)\n',
    ]);
    const j = butler(root, ['work', 'finish'], ja);
    expect([j.code, j.out]).toEqual([
      3,
      '? 未記録の変更があります。完了の前に記録してください\n  次: butler work record --message MESSAGE   (未記録の変更が 1 件あります)\n',
    ]);
    expect(butler(root, ['work', 'finish', '--json']).json().status).toBe('need_input');
  });
});

describe('3. Japanese: one term per concept, Japanese words around the arguments', () => {
  it('upstream label, 先行/遅れ in help, issue 番号 / コメントの ID / snapshot の ID, 人（person）, hook', () => {
    const root = installed();
    expect(butler(root, ['work', 'observe'], ja).out).toMatch(/\n {2}upstream: -/);
    expect(butler(root, ['work', '--help'], ja).out).toContain('作業状態、upstream との差（先行/遅れ）、変更されたパス、次の一手');
    expect(butler(root, ['work', 'observe', '--help'], ja).out).toContain('upstream との差（先行/遅れ）、');
    for (const h of [butler(root, ['work', '--help'], ja).out, butler(root, ['work', 'observe', '--help'], ja).out])
      expect(h).not.toContain('ahead');
    expect(butler(root, ['issue', 'read'], ja).err.split('\n')[0]).toBe('butler issue read: issue 番号は必須です');
    expect(butler(root, ['issue', 'delete-comment', '1'], ja).err.split('\n')[0]).toBe(
      'butler issue delete-comment: コメントの ID は必須です',
    );
    expect(butler(root, ['issue', 'comment'], ja).err.split('\n')[0]).toBe(
      'butler issue comment: issue 番号は必須です。--body (--body-file) は必須です',
    );
    expect(butler(root, ['handover', 'read', 'nosuch'], ja).err.split('\n')[0]).toBe(
      'butler handover read: nosuch は snapshot の ID ではありません（project-20260101T000000Z-person のような形です）。`butler handover list` で一覧を見られます',
    );
    // English keeps its words.
    expect(butler(root, ['issue', 'read']).err.split('\n')[0]).toBe('butler issue read: issue id is required');
    const id = idOf(butler(root, ['handover', 'suspend', '--notes', 'a']).out);
    expect(butler(root, ['handover', 'list'], ja).out).toContain(`  ${id}  `);
    expect(butler(root, ['handover', 'list'], ja).out).toMatch(/ 人（person） -> 人（person）  a\n/);
    expect(butler(root, ['handover', 'read'], ja).out).toContain('\n  書いた人/エージェント: 人（person）\n');
    expect(butler(root, ['handover', 'list']).out).toMatch(/ person -> person  a\n/);
    // hook, never フック: a record of the runtime is refused in the glossary's term.
    writeFileSync(path.join(root, '.butler', 'bin', 'butler.mjs'), '// changed\n');
    const rec = butler(root, ['work', 'record', '-m', 'x'], ja);
    expect(`${rec.out}${rec.err}`).toContain('ランタイムまたは hook とサーバーの設定');
    expect(`${rec.out}${rec.err}`).not.toContain('フック');
  });
});

describe('4. Japanese formatting: full-width parentheses, no ASCII ;, なし, one colon, クローズ', () => {
  it('observe after a push: （origin/main との差（最後の fetch または push: …）…）, as English says fetched or pushed', () => {
    const { root } = withRemote();
    expect(butler(root, ['install', '--claude', '--codex']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install');
    expect(butler(root, ['work', 'publish']).code).toBe(0);
    const line = butler(root, ['work', 'observe'], ja)
      .out.split('\n')
      .find((l) => l.startsWith('  upstream:'))!;
    expect(line).toMatch(
      /^ {2}upstream: origin\/main {3}0 件先行、0 件遅れ {3}（origin\/main との差（最後の fetch または push: \d{4}-\d\d-\d\d \d\d:\d\d UTC）。`butler work sync` で fetch します）$/,
    );
    expect(butler(root, ['work', 'observe']).out).toContain('(Ahead/behind against origin/main as last fetched or pushed (');
  });

  it('status joins the clients with 、, guard says 許可 なし, the vendored runtime says one colon, issue list --all says クローズ', () => {
    const root = installed();
    const live = butler(root, ['status'], ja)
      .out.split('\n')
      .find((l) => l.startsWith('  ガード:'))!;
    expect(live).toMatch(/、Codex: /);
    expect(live).not.toContain(';');
    expect(butler(root, ['status']).out).toMatch(/; Codex: /);
    expect(butler(root, ['guard', 'status'], ja).out).toContain('モード ブロック（block）、許可 なし\n');
    const vendored = butler(root, ['status'], { bin: path.join(root, '.butler', 'bin', 'butler.mjs'), ...ja });
    expect(vendored.err.split('\n')[0]).toBe(
      'node .butler/bin/butler.mjs status: 同梱のランタイム（.butler/bin/）にはありません。status は完全な CLI で実行してください: パッケージとして導入した butler コマンド（README: `npm pack` で作ったパッケージ）、Butler の clone の node /path/to/butler/hooks/butler.mjs、または butler スキルの scripts/butler.mjs（.agents/skills/ または .claude/skills/）',
    );
    const body = path.join(root, 'body.md');
    writeFileSync(body, '## Current state\nx\n## Next\ny\n## Blockers\nnone\n');
    expect(butler(root, ['issue', 'create', '--title', 'a', '--body-file', body]).code).toBe(0);
    expect(butler(root, ['issue', 'close', '1']).code).toBe(0);
    expect(butler(root, ['issue', 'list', '--all'], ja).out).toContain('  #1     クローズ a\n');
  });
});

describe('5. status where Butler is not installed names --project DIR too', () => {
  it('en and ja', () => {
    const root = repo();
    expect(butler(root, ['status']).out.split('\n')[1]).toBe(
      '  Butler is not installed here: run butler install, or point at your project with --project DIR.',
    );
    expect(butler(root, ['status'], ja).out.split('\n')[1]).toBe(
      '  ここには Butler がインストールされていません: butler install を実行するか、--project DIR でプロジェクトを指定してください。',
    );
  });
});

describe('6. every guard verb honours --json', () => {
  it('allow, deny, mode: the envelope on a change, on a refusal and on a usage error', async () => {
    const root = installed();
    const run = async (argv: string[], answer?: string) => {
      let out = '';
      const io: CliIO = {
        cwd: root,
        env: {
          ...isolatedGitEnv(),
          PATH: process.env.PATH,
          BUTLER_LANG: 'en',
          GIT_AUTHOR_NAME: 'T',
          GIT_AUTHOR_EMAIL: 't@e.x',
          GIT_COMMITTER_NAME: 'T',
          GIT_COMMITTER_EMAIL: 't@e.x',
        },
        ...(answer ? { ask: async () => answer, agent: () => null } : {}),
        stdout: (t) => void (out += t),
        stderr: () => {},
        readStdin: async () => '',
      };
      return { code: await runCli(argv, io), out };
    };
    const allowed = await run(['guard', 'allow', 'fetch', '--json'], 'y');
    expect([allowed.code, JSON.parse(allowed.out)]).toEqual([
      0,
      { status: 'ok', summary: 'guard: mode block, allow [fetch]', data: { mode: 'block', allow: ['fetch'] } },
    ]);
    const mode = await run(['guard', 'mode', 'warn', '--json'], 'y');
    expect(JSON.parse(mode.out).summary).toBe('guard: mode warn, allow [fetch]');
    const no = await run(['guard', 'deny', 'fetch', '--json'], 'n');
    expect([no.code, JSON.parse(no.out).status]).toEqual([1, 'error']);
    // No terminal (the real CLI under a test): need_input and exit 3, as JSON.
    const tty = butler(root, ['guard', 'deny', 'fetch', '--json']);
    expect([tty.code, tty.json().status]).toEqual([3, 'need_input']);
    const bad = butler(root, ['guard', 'allow', 'frob', '--json']);
    expect([bad.code, bad.json().status]).toEqual([2, 'error']);
  });
});

describe('7. status, install and demo --help say what the verb does; --lang without a value names the command', () => {
  it('one line first (en, ja), status its exit codes; butler status: --lang needs a value', () => {
    const root = repo();
    expect(butler(root, ['status', '--help']).out).toBe(
      'Checks that Butler is installed here and will run: the runtime, each client’s hooks and MCP entry, the guard.\n' +
        'usage: butler status [--project DIR] [--json]\n' +
        'Exits 0 when it reports no problem, 1 on a problem (also: not installed here, not a git repository), 2 on a usage error.\n',
    );
    expect(butler(root, ['status', '--help'], ja).out.split('\n')[2]).toBe(
      '終了コード: 問題がなければ 0、問題があれば 1（ここに未インストール、git リポジトリの外も）、使い方の誤りは 2。',
    );
    expect(butler(root, ['install', '--help']).out.split('\n')[0]).toBe(
      'Installs Butler into this project: each client’s hooks, MCP entry and guidance, and the runtime in .butler/bin/.',
    );
    expect(butler(root, ['demo', '--help']).out.split('\n')[0]).toBe(
      'Runs install, suspend, resume, transfer and accept over the MCP server in a throwaway repository, then removes it.',
    );
    expect(butler(root, ['install', '--help'], ja).out.split('\n')[0]).toBe(
      'このプロジェクトに Butler をインストールします: 各クライアントの hook、MCP の設定と案内、.butler/bin/ のランタイム。',
    );
    expect(butler(root, ['demo', '--help'], ja).out.split('\n')[0]).toContain('使い捨てのリポジトリで');
    const r = butler(root, ['status', '--lang']);
    expect([r.code, r.err]).toEqual([2, 'butler status: --lang needs a value\n  butler status --help lists its options.\n']);
    expect(butler(root, ['status', '--lang'], ja).err.split('\n')[0]).toBe('butler status: --lang には値が必要です');
    expect(butler(root, ['--lang']).err.split('\n')[0]).toBe('butler: --lang needs a value');
  });
});

describe('8. install notes name only what is new, and what npx skills add left untracked', () => {
  it('after .butler/config.yaml is committed a reinstall names .butler/bin/; skills paths get one line (en, ja)', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    git(root, 'add', '.butler/config.yaml');
    git(root, 'commit', '-q', '-m', 'config');
    rmSync(path.join(root, '.butler', 'bin', 'pre-tool-use.sh'));
    const again = butler(root, ['install', '--claude']);
    expect(again.out).toContain('note: Commit .butler/bin/ so every clone gets them: ');
    expect(again.out).not.toContain('.butler/ so');
    expect(again.out).not.toContain('npx skills add');
    mkdirSync(path.join(root, '.agents', 'skills', 'butler'), { recursive: true });
    writeFileSync(path.join(root, '.agents', 'skills', 'butler', 'SKILL.md'), 'x\n');
    mkdirSync(path.join(root, '.claude', 'skills', 'butler'), { recursive: true });
    writeFileSync(path.join(root, '.claude', 'skills', 'butler', 'SKILL.md'), 'x\n');
    writeFileSync(path.join(root, 'skills-lock.json'), '{}\n');
    const line =
      'note: .agents/skills, .claude/skills, skills-lock.json (from npx skills add): commit them so every clone’s agents have'.replace(
        '’',
        "'",
      );
    expect(butler(root, ['install', '--claude']).out).toContain(line);
    expect(butler(root, ['install', '--claude'], ja).out).toContain(
      '.agents/skills、.claude/skills、skills-lock.json（npx skills add が作成）: すべての clone のエージェントが Butler のスキルを使えるようコミットするか、インストールのためだけに使ったなら削除してください（rm -rf .agents/skills .claude/skills skills-lock.json）。',
    );
    // Committed: nothing to say about them.
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'all');
    expect(butler(root, ['install', '--claude']).out).not.toContain('npx skills add');
  });
});

describe('9. small: Created:, one form of time for a person, new files in work diff', () => {
  it('handover read, list, history, issue read, work diff (en, ja); --json keeps ISO', () => {
    const root = installed();
    const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/;
    const id = idOf(butler(root, ['handover', 'suspend', '--notes', 'a']).out);
    const read = butler(root, ['handover', 'read', id]).out.split('\n');
    expect(read[2]).toMatch(/^ {2}Created: /);
    expect(read[2]!.slice('  Created: '.length)).toMatch(TIME);
    expect(butler(root, ['handover', 'read', id], ja).out.split('\n')[2]!.slice('  作成: '.length)).toMatch(TIME);
    expect(butler(root, ['handover', 'read', id, '--json']).json().data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const row = butler(root, ['handover', 'list']).out.split('\n')[1]!;
    expect(row.split('  ')[2]).toMatch(TIME);
    expect(butler(root, ['work', 'history']).out.split('\n')[1]!.split('  ')[2]).toMatch(TIME);
    const body = path.join(root, 'body.md');
    writeFileSync(body, '## Current state\nx\n## Next\ny\n## Blockers\nnone\n');
    expect(butler(root, ['issue', 'create', '--title', 'a', '--body-file', body]).code).toBe(0);
    const updated = butler(root, ['issue', 'read', '1'], ja).out.match(/更新: (.*)$/m)![1]!;
    expect(updated).toMatch(TIME);
    expect(butler(root, ['issue', 'read', '1', '--json']).json().data.issue.updated_at).toMatch(/T\d\d:\d\d/);
    writeFileSync(path.join(root, 'greet.txt'), 'hi\n');
    const diff = butler(root, ['work', 'diff']).out;
    expect(diff).toContain('\n  new: greet.txt\n');
    expect(diff).not.toContain('??');
    expect(butler(root, ['work', 'diff'], ja).out).toContain('\n  新規: greet.txt\n');
  });
});

describe('10. demo in a Japanese project (walk-through 14)', () => {
  it('butler demo --help speaks the project language without --lang; BUTLER_LANG=en still wins', () => {
    const root = repo();
    const env = { BUTLER_LANG: '', LANG: 'C', LC_ALL: 'C' };
    expect(butler(root, ['install', '--claude', '--lang', 'ja'], { env }).code).toBe(0);
    const help = butler(root, ['demo', '--help'], { env });
    expect(help.code).toBe(0);
    expect(help.out.split('\n')[0]).toBe(
      '使い捨てのリポジトリで、MCP サーバー越しにインストール、中断、再開、引き渡し、引き継ぎを実演し、最後に削除します。',
    );
    expect(butler(root, ['demo', '--help']).out).toContain('Runs install, suspend, resume, transfer and accept');
    expect(butler(root, ['demo', '--bogus'], { env }).err).toContain('butler demo:');
  });
});

describe('11. resume where the issue has no snapshot proposes what read proposes', () => {
  it('handover resume --issue 2 with none: suspend --issue 2, as handover read --issue 2 (en, ja)', () => {
    const root = installed();
    const read = butler(root, ['handover', 'read', '--issue', '2']);
    const resume = butler(root, ['handover', 'resume', '--issue', '2']);
    expect([resume.code, resume.out]).toEqual([
      3,
      '? No handover snapshot for issue #2 yet\n  next: butler handover suspend --issue 2   (Save where you are as a snapshot)\n  next: butler handover list   (See the history and receipts)\n',
    ]);
    expect(resume.out).toBe(read.out);
    expect(butler(root, ['handover', 'resume', '--issue', '2'], ja).out.split('\n')[1]).toBe(
      '  次: butler handover suspend --issue 2   (今の状態を snapshot として保存します)',
    );
  });
});

describe('12. status --project DIR where Butler is not installed names the folder, not --project DIR', () => {
  it('the typed folder is in the install command; without --project the words are as before (en, ja)', () => {
    const root = repo();
    const other = repo();
    const r = butler(other, ['status', '--project', root]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[1]).toBe(`  Butler is not installed in ${root}: run butler install --project ${root}.`);
    expect(r.out).not.toContain('--project DIR');
    expect(butler(other, ['status', '--project', root], ja).out.split('\n')[1]).toBe(
      `  ${root} には Butler がインストールされていません: butler install --project ${root} を実行してください。`,
    );
    expect(butler(root, ['status']).out.split('\n')[1]).toBe(
      '  Butler is not installed here: run butler install, or point at your project with --project DIR.',
    );
  });
});

describe('13. status before any install: the not-installed line, no .gitignore MISS row or problem saying the same fix', () => {
  it('no MISS, no problem: line (en, ja); --json still lists the problem; after install the row is ok', () => {
    const root = repo();
    const r = butler(root, ['status']);
    expect(r.code).toBe(1);
    expect(r.out).not.toContain('MISS');
    expect(r.out).not.toContain('problem:');
    expect(r.out.match(/butler install\b/g)).toHaveLength(4); // the not-installed line and one per client
    const j = butler(root, ['status'], ja).out;
    expect(j).not.toContain('欠落');
    expect(j).not.toContain('問題:');
    expect(butler(root, ['status', '--json']).json().data.problems).toEqual([
      'session_logs/ is not git-ignored: snapshots could be committed. Run butler install.',
    ]);
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    expect(butler(root, ['status']).out).toContain('\n  ok   .gitignore has session_logs/ (snapshots stay private)\n');
  });
});

describe('14. guard and uninstall help start with what they do; guard usage lists --json', () => {
  it('guard, guard allow, guard mode, uninstall --help: one line first (en, ja); both usage lines take --json', () => {
    const root = repo();
    const first = (args: string[], opts = {}) => butler(root, args, opts).out.split('\n');
    expect(first(['guard', '--help'])[0]).toBe(
      'Shows and changes the raw-git guard: the git subcommands agents may run past it (allow, deny) and what it does with the rest (mode).',
    );
    expect(first(['guard', 'allow', '--help'])[0]).toBe(
      'Lets agents run the git SUBCOMMANDs you name past the guard: asks you, then commits .butler/config.yaml.',
    );
    expect(first(['guard', 'allow', '--help'], ja)[0]).toBe(
      '指定した git の SUBCOMMAND をエージェントがガードを通さず実行できるようにします: 確認のうえ .butler/config.yaml をコミットします。',
    );
    expect(first(['guard', 'mode', '--help'])[0]).toMatch(/^Sets what the guard does with raw git/);
    const usage = first(['guard', 'status', '--help']).slice(1, 3);
    expect(usage).toEqual([
      'usage: butler guard status [--project DIR] [--json]',
      '       butler guard allow SUBCOMMAND… | deny SUBCOMMAND… | mode block|warn|off [--project DIR] [--json]',
    ]);
    expect(first(['uninstall', '--help'])[0]).toBe(
      'Removes Butler from this project: each client’s hooks, MCP entry and guidance, and .butler/bin/ once no client uses it; snapshots, issues and settings stay.',
    );
    expect(first(['uninstall', '--help'], ja)[0]).toMatch(/^このプロジェクトから Butler を削除します: /);
    expect(first(['uninstall', '--help'])[1]).toMatch(/^usage: butler uninstall /);
  });
});

describe('15. work --help describes every verb; issue --help lists exit codes 0, 1, 2, 3', () => {
  it('each work verb line has words after its flags (en, ja); issue help’s exit line in order', () => {
    const root = repo();
    for (const opts of [{}, ja]) {
      const lines = butler(root, ['work', '--help'], opts).out.split('\n').slice(1, 9);
      expect(lines.map((l) => l.trim().split(/\s+/)[0])).toEqual([
        'start',
        'observe',
        'diff',
        'history',
        'record',
        'publish',
        'sync',
        'finish',
      ]);
      for (const l of lines) expect(l.length, l).toBeGreaterThan(60);
    }
    expect(butler(root, ['work', '--help']).out).toContain(
      '  history  -n (--limit) --path                              the latest records, newest first (instead of git log)\n',
    );
    expect(butler(root, ['issue', '--help']).out).toMatch(/Exit: 0 ok, 1 error, 2 usage, 3 needs input\.\n$/);
    expect(butler(root, ['issue', '--help'], ja).out).toMatch(/終了コード: 0 成功、1 エラー、2 使い方の誤り、3 入力が必要。\n$/);
  });
});

describe('16. ja handover list: one level of brackets for a receipt', () => {
  it('an accepted transfer reads （codex-mcp-client が引き継ぎ済み）; English unchanged', () => {
    const root = installed();
    expect(butler(root, ['handover', 'transfer', '--target', 'codex']).code).toBe(0);
    expect(butler(root, ['handover', 'accept', '--client', 'codex']).code).toBe(0);
    const row = butler(root, ['handover', 'list'], ja).out.split('\n')[1]!;
    expect(row).toContain('（codex-mcp-client が引き継ぎ済み）');
    expect(row).not.toMatch(/（[^）]*（/); // no bracket inside another
    expect(butler(root, ['handover', 'list']).out.split('\n')[1]).toContain(' (accepted by codex-mcp-client) ');
  });
});
