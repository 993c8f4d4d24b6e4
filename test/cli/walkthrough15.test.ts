// Newcomer walk-through 15 (#25): the finds of the last walk-through, through the real CLI, en and ja where
// there is text.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOBAL_FLAGS } from '../../src/cli/global-flags.js';
import type { CliIO } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { hoistGlobals } from '../../src/cli/runtime.js';
import { divergedOn } from '../helpers/git-scenarios.js';
import { git } from '../helpers/repo.js';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo, withRemote, made, installed } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };

/** A committed install of Claude Code and Codex with issue #1 as the default issue. */
function withIssue(): string {
  const root = installed();
  const body = path.join(root, 'body.md');
  writeFileSync(body, '## Current state\nx\n## Next\ny\n## Blockers\nnone\n');
  expect(butler(root, ['issue', 'create', '--title', 'a', '--body-file', body]).code).toBe(0);
  expect(butler(root, ['work', 'start', '--issue', '1']).code).toBe(0);
  return root;
}

const idOf = (out: string) => out.match(/ID: (\S+)/)![1]!;

describe('1. resume after the only transfer was retired', () => {
  it('resumes the earlier suspend of the same issue; read and list no longer call it replaced', () => {
    const root = withIssue();
    const suspend = idOf(butler(root, ['handover', 'suspend', '--notes', 'first']).out);
    const transfer = idOf(butler(root, ['handover', 'transfer', '--target', 'codex']).out);
    // The transfer replaces the suspend while it stands.
    expect(butler(root, ['handover', 'resume']).code).toBe(3);
    expect(butler(root, ['handover', 'retire', transfer]).code).toBe(0);
    const r = butler(root, ['handover', 'resume']);
    expect([r.code, r.out.split('\n')[0]]).toEqual([0, `✓ Read handover ${suspend}`]);
    expect(butler(root, ['handover', 'resume'], ja).out.split('\n')[0]).toContain(suspend);
    // The suspend is no longer shown as replaced.
    expect(butler(root, ['handover', 'read', suspend]).out).not.toContain('Superseded');
    const row = butler(root, ['handover', 'list', '--json'])
      .json()
      .data.handovers.find((h: { handover_id: string }) => h.handover_id === suspend);
    expect(row.superseded_by).toBeUndefined();
  });
});

describe('2. status where Butler was never installed but session_logs/ is ignored (as in Butler’s own clone)', () => {
  it('says not installed here; after an uninstall it says uninstalled (en, ja)', () => {
    const root = repo();
    writeFileSync(path.join(root, '.gitignore'), 'node_modules\nsession_logs/\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'ignore');
    expect(butler(root, ['status']).out.split('\n')[1]).toBe(
      '  Butler is not installed here: run butler install, or point at your project with --project DIR.',
    );
    expect(butler(root, ['status'], ja).out.split('\n')[1]).toBe(
      '  ここには Butler がインストールされていません: butler install を実行するか、--project DIR でプロジェクトを指定してください。',
    );
    expect(butler(root, ['status', '--json']).json().data.installed_once).toBeUndefined();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    expect(butler(root, ['uninstall']).code).toBe(0);
    expect(butler(root, ['status']).out.split('\n')[1]).toBe(
      '  Butler is not installed here (it was uninstalled; its settings and .gitignore lines remain): run butler install to install it again.',
    );
    expect(butler(root, ['status', '--json']).json().data.installed_once).toBe(true);
  });
});

describe('3. work observe after a work sync that conflicted', () => {
  it('one text: no check mark, exit 3, no "sync" beside the advice to resolve by hand (en, ja)', () => {
    const { root, remote } = withRemote();
    made(path.dirname(divergedOn(root, remote)));
    // Before the sync: the ordinary diverged state, with its sync step.
    const before = butler(root, ['work', 'observe']);
    expect([before.code, before.out.split('\n')[0]]).toEqual([0, '✓ Diverged: 1 record(s) not published, 1 remote record(s) not here yet']);
    expect(butler(root, ['work', 'sync']).code).toBe(1);
    const r = butler(root, ['work', 'observe']);
    expect([r.code, r.out.split('\n')[0]]).toEqual([3, '? Diverged: 1 record(s) not published, 1 remote record(s) not here yet']);
    expect(r.out.split('\n')[1]).toMatch(/^ {2}hint: The last `butler work sync` stopped on a conflict in f and changed nothing;/);
    expect(r.out.match(/butler work sync/g)).toHaveLength(1);
    expect(r.out).toMatch(
      /\n {2}upstream: origin\/main {3}ahead 1, behind 1 {3}\(Ahead\/behind against origin\/main as last fetched or pushed \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)\.\)\n/,
    );
    const j = butler(root, ['work', 'observe'], ja);
    expect([j.code, j.out.split('\n')[0]]).toEqual([3, '? 分岐しています: 未公開の記録 1 件、未取り込みのリモートの記録 1 件']);
    expect(j.out).not.toContain('✓');
    expect(j.out.match(/butler work sync/g)).toHaveLength(1);
    expect(j.out).not.toContain('で fetch します');
    // --json says need_input too, as the exit code does; the agent's tool is unchanged (test/mcp).
    expect(butler(root, ['work', 'observe', '--json']).json()).toMatchObject({ status: 'need_input', data: { sync_conflict: ['f'] } });
  });
});

/** Every .ts file under src/, as a path relative to the repository. */
function sources(dir = 'src'): string[] {
  const top = path.resolve(import.meta.dirname, '../..');
  return readdirSync(path.join(top, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

describe('4. small Japanese and JSON ones', () => {
  it('no ASCII space between two Japanese words in any Japanese text (a heading name before its particle aside)', () => {
    const top = path.resolve(import.meta.dirname, '../..');
    const stray: string[] = [];
    for (const file of sources()) {
      const text = readFileSync(path.join(top, file), 'utf8');
      for (const m of text.matchAll(/[\u3040-\u30ff\u4e00-\u9fff] +[\u3040-\u30ff\u4e00-\u9fff]/g)) stray.push(`${file}: ${m[0]}`);
    }
    // "## ブロック要因 の節": the space ends the Markdown heading's name.
    expect(stray).toEqual(['src/cli/messages/verbs.ts: 因 の']);
    expect(butler(repo(), ['issue', '--help'], ja).out).toContain(
      '  approve-url [URL]                 このトラッカー URL にトークンを送ることを許可',
    );
  });

  it('ja observe labels the upstream with the glossary term `upstream` (docs/decisions.md D37, walk-through 16)', () => {
    const { root } = withRemote();
    const out = butler(root, ['work', 'observe'], ja).out;
    expect(out).toMatch(/\n {2}upstream: origin\/main {3}/);
    expect(out).not.toContain('上流');
    expect(butler(root, ['work', 'observe']).out).toMatch(/\n {2}upstream: origin\/main {3}/);
  });

  it('install --json says dry_run; guard status --json is the {status, summary, data} envelope', () => {
    const root = repo();
    const i = butler(root, ['install', '--claude', '--dry-run', '--json']).json();
    expect([i.data.dry_run, 'dryRun' in i.data]).toEqual([true, false]);
    expect(butler(root, ['guard', 'status', '--json']).json()).toEqual({
      status: 'ok',
      summary: 'guard: mode block, allow []',
      data: { work_tree: { mode: 'block', allow: [] }, committed: { mode: 'block', allow: [] }, effective: { mode: 'block', allow: [] } },
    });
  });
});

describe('5. English handover read labels its fields for a person', () => {
  it('ID, File, Written by, For (ja as before); --json keeps the field names', () => {
    const root = withIssue();
    const id = idOf(butler(root, ['handover', 'transfer', '--target', 'codex']).out);
    const out = butler(root, ['handover', 'read']).out.split('\n');
    expect(out.slice(1, 6)).toEqual([
      `  ID: ${id}`,
      expect.stringMatching(/^ {2}Created: \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
      `  File: session_logs/handover/${id.replace(/^issue-1-/, 'issue-1_').replace(/Z-/, 'Z_')}.md`,
      '  Latest file: session_logs/handover/issue-1_latest.md',
      '  Written by: person',
    ]);
    expect(out[6]).toBe('  For: codex-mcp-client');
    expect(out.join('\n')).not.toMatch(/handover_id:|snapshot_file:|source_brain:|target_brain:/);
    expect(butler(root, ['handover', 'read'], ja).out).toContain('  書いた人/エージェント: 人（person）\n');
    expect(butler(root, ['handover', 'read', '--json']).json().data).toMatchObject({ handover_id: id, source_brain: 'person' });
  });
});

describe('6. the global flags are one list (src/cli/global-flags.ts)', () => {
  it('--project, --json and --lang work before and after a verb', () => {
    expect(Object.keys(GLOBAL_FLAGS)).toEqual(['project', 'json', 'lang']);
    const root = repo();
    const elsewhere = repo();
    for (const argv of [
      ['--project', root, '--json', '--lang', 'ja', 'work', 'observe'],
      ['work', 'observe', '--project', root, '--json', '--lang', 'ja'],
      ['--lang=ja', 'work', 'observe', `--project=${root}`, '--json'],
    ]) {
      const r = butler(elsewhere, argv);
      expect([r.code, r.json().data.project_root, r.json().summary], argv.join(' ')).toEqual([
        0,
        root,
        '変更はありませんが、公開状態を判断できません: ブランチ main に upstream がないため、未公開の記録を数えられません',
      ]);
    }
  });

  it('a flag added to the list works before and after the verb, in the verbs’ parser too', async () => {
    const root = repo();
    const io = (): CliIO & { err: string[] } => {
      const err: string[] = [];
      return {
        cwd: root,
        env: { ...process.env, BUTLER_LANG: 'en' },
        stdout: () => {},
        stderr: (t) => void err.push(t),
        readStdin: async () => '',
        err,
      };
    };
    const flags = GLOBAL_FLAGS as unknown as Record<string, { value: boolean }>;
    flags.quiet = { value: false };
    try {
      expect(hoistGlobals(['--quiet', 'work', 'observe', '--', 'x'])).toEqual(['work', 'observe', '--quiet', '--', 'x']);
      for (const argv of [
        ['--quiet', 'work', 'observe'],
        ['work', 'observe', '--quiet'],
      ]) {
        const c = io();
        expect([await runCli(argv, c), c.err.join('')], argv.join(' ')).toEqual([0, '']);
      }
    } finally {
      delete flags.quiet;
    }
    // Not in the list: an unknown flag, as before.
    const c = io();
    expect(await runCli(['work', 'observe', '--quiet'], c)).toBe(2);
    expect(c.err.join('').split('\n')[0]).toContain('--quiet');
  });
});
