// Issue #25, "The CLI and the docs for a person at a terminal": the real bundle spawned in temp git
// repositories, as a person types it. Each test removes the folders it made.
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/repo.js';
import { butler, tempRepos } from '../helpers/person-cli.js';
import { STRUCTURED_EN } from '../issues/helpers.js';

const { made, repo } = tempRepos();

describe('1. next steps and hints are the CLI commands that do them; --json keeps the MCP form', () => {
  it('issue create without the sections, a missing issue, work observe and work finish', () => {
    const root = repo();
    const thin = butler(root, ['issue', 'create', '--title', 'Fix it']);
    expect(thin.code).toBe(3);
    expect(thin.out).toContain("  next: butler issue create --title 'Fix it' --body-file FILE   (Add the missing sections");
    expect(thin.out).not.toMatch(/issue_create/);
    expect(thin.out).toContain('  fill in these sections and pass them with --body-file FILE (--body-file - reads stdin)');
    const json = butler(root, ['issue', 'create', '--title', 'Fix it', '--json']).json();
    expect(json.data.required_action).toMatchObject({ tool: 'issue_create', args: { title: 'Fix it' } });

    const missing = butler(root, ['issue', 'read', '9']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain(
      '  hint: See the issues with `butler issue list`, or create one with `butler issue create --title TITLE --body-file FILE`.\n',
    );
    expect(missing.err).not.toMatch(/issue_create/);

    writeFileSync(path.join(root, 'app.js'), 'x\n');
    const observe = butler(root, ['work', 'observe']);
    expect(observe.out).toMatch(/^ {2}next: butler work record --message MESSAGE {3}\(/m);
    expect(observe.out).toContain('`butler work start` sets one');
    expect(observe.out).not.toMatch(/work_record|work_start/);
    const finish = butler(root, ['work', 'finish']);
    expect(finish.out).toContain('  next: butler work record --message MESSAGE   (1 unrecorded change(s).)');
    expect(butler(root, ['work', 'finish', '--json']).json().data.pending_actions[0].action).toBe('work_record');
  });
});

describe('2. butler issue list', () => {
  it('open issues newest first by default, --all adds the closed ones, --json gives the envelope', () => {
    const root = repo();
    expect(butler(root, ['issue', 'list']).out).toBe('✓ No open issues\n');
    for (const title of ['First', 'Second', 'Third'])
      expect(butler(root, ['issue', 'create', '--title', title, '--body', STRUCTURED_EN]).code).toBe(0);
    expect(butler(root, ['issue', 'close', '2']).code).toBe(0);
    const open = butler(root, ['issue', 'list']);
    expect(open.code).toBe(0);
    expect(open.out).toBe('✓ 2 open issue(s), newest first\n  #3     Third\n  #1     First\n');
    const all = butler(root, ['issue', 'list', '--all']);
    expect(all.out).toBe('✓ 3 issue(s), newest first\n  #3     Third\n  #2     closed Second\n  #1     First\n');
    const json = butler(root, ['issue', 'list', '--all', '--json']).json();
    expect(json.data.issues.map((i: { id: number; state: string }) => `${i.id} ${i.state}`)).toEqual(['3 open', '2 closed', '1 open']);
    expect(json.data.backend).toBe('local');
  });
});

describe('3. one clean line for an unknown verb or flag, naming the nearest; usage errors exit 2', () => {
  it('flags, verbs, commands, guard modes, install flags and install outside a repository', () => {
    const root = repo();
    const flag = butler(root, ['issue', 'create', '--titel', 'x']);
    expect([flag.code, flag.err.split('\n')[0]]).toEqual([2, 'butler issue create: unknown flag --titel; did you mean --title?']);
    expect(flag.err).not.toContain('positional argument');
    const value = butler(root, ['issue', 'create', '--title']);
    expect([value.code, value.err.split('\n')[0]]).toEqual([2, 'butler issue create: --title needs a value']);
    const verb = butler(root, ['work', 'obsrve']);
    expect([verb.code, verb.err]).toEqual([
      2,
      'butler work: unknown verb obsrve; did you mean observe?\n  butler work --help lists the verbs.\n',
    ]);
    const command = butler(root, ['isue', 'list']);
    expect([command.code, command.err.split('\n')[0]]).toEqual([2, 'butler: unknown command isue; did you mean issue?']);
    const far = butler(root, ['handover', 'frobnicate']);
    expect([far.code, far.err.split('\n')[0]]).toEqual([2, 'butler handover: unknown verb frobnicate']);
    const mode = butler(root, ['guard', 'mode', 'blok']);
    expect([mode.code, mode.err]).toEqual([
      2,
      'butler guard mode: blok is not a mode; use one of block, warn, off; did you mean block?\n  butler guard mode --help lists its options.\n',
    ]);
    const install = butler(root, ['install', '--claud']);
    expect([install.code, install.err.split('\n')[0]]).toEqual([2, 'butler install: unknown flag --claud; did you mean --claude?']);
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-nogit-')));
    made(outside);
    const refused = butler(outside, ['install', '--claude']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('is not in a git repository');
  });
});

describe('4. handover read without an id', () => {
  it("reads the latest snapshot of the clone's default issue", () => {
    const root = repo();
    expect(butler(root, ['issue', 'create', '--title', 'Login', '--body', STRUCTURED_EN]).code).toBe(0);
    expect(butler(root, ['work', 'start', '--issue', '1']).code).toBe(0);
    const saved = butler(root, ['handover', 'suspend', '--client', 'claude-code', '--notes', 'next: reproduce on Safari', '--json']);
    expect(saved.code).toBe(0);
    const id = saved.json().data.handover_id;
    const read = butler(root, ['handover', 'read', '--json']);
    expect(read.code).toBe(0);
    expect(read.json().data).toMatchObject({ handover_id: id, issue_id: 1 });
    expect(butler(root, ['handover', 'read']).out).toContain(`  ID: ${id}`);
    // The next-session step a person is shown runs as it reads (the brain is named, or resume asks whose work).
    const plain = butler(root, ['handover', 'suspend', '--notes', 'next: test it']);
    const next = /next session: (butler handover resume [^(]*?) {3}\(/.exec(plain.out)?.[1];
    expect(next).toBe('butler handover resume --issue 1 --client person'); // a person's own snapshots (#22)
    expect(butler(root, next!.split(' ').slice(1)).code).toBe(0);
  });
});

describe('5. status: a client left out by choice, outside a repository, exit codes, the runtime help', () => {
  it('after install --claude, Codex is "not installed (by choice)" and status is healthy', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'install');
    const s = butler(root, ['status']);
    expect(s.code).toBe(0);
    expect(s.out).toContain('  Codex:       not installed (by choice; butler install --codex adds it)\n');
    expect(s.out).not.toContain('MISS');
    expect(s.out).not.toContain('Codex trust');
    expect(butler(root, ['status', '--json']).json().data).toMatchObject({
      healthy: true,
      problems: [],
      clients: { codex: { installed: false } },
    });

    // A part of an installed client missing is printed as MISS and is a problem: exit 1.
    const file = path.join(root, '.claude/settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8'));
    delete settings.hooks.PreCompact;
    writeFileSync(file, JSON.stringify(settings, null, 2));
    const broken = butler(root, ['status']);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('MISS PreCompact');
    expect(broken.out).toContain('problem: Claude Code lacks the PreCompact hook: run butler install --claude to repair.');
  });

  it('outside a git repository says so first and does not advise install', () => {
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-nogit-')));
    made(outside);
    const s = butler(outside, ['status']);
    expect(s.code).toBe(1);
    // One line, the words every command uses outside a repository (#25 walk-through 4), no rows of MISS.
    expect([s.out, s.err]).toEqual([
      '',
      `butler status: ${outside} is not in a git repository: run \`git init\` there first, or pass --project with your repository\n`,
    ]);
    expect(butler(outside, ['status', '--json']).json().summary).toBe('not a git repository');
  });

  it("the vendored runtime's help lists only its commands and says where the others are", () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    const runtime = path.join(root, '.butler/bin/butler.mjs');
    const help = butler(root, ['--help'], { bin: runtime });
    expect(help.code).toBe(0);
    // Run by path with no butler on PATH, the help names the command typed (newcomer walk-through 5).
    for (const has of ['mcp', 'hook', 'handover', 'work', 'issue list|read', '<command> --help'])
      expect(help.out).toContain(`node .butler/bin/butler.mjs ${has}`);
    expect(help.out).not.toMatch(/(^|[\s"])butler (mcp|hook|handover|work|issue|<command>)/m);
    for (const lacks of ['install', 'uninstall', 'status', 'guard', 'demo']) expect(help.out).not.toContain(`butler.mjs ${lacks}`);
    expect(help.out).toContain('install, uninstall, status, guard, demo are in the full CLI');
    const status = butler(root, ['status'], { bin: runtime });
    expect(status.code).toBe(2);
    expect(status.err).toContain('not in the vendored runtime');
    expect(butler(root, ['--help']).out).toContain('butler install');
  });
});

describe('6. install: the personal Claude file is git-ignored; notes name only what was written', () => {
  it('install --claude --personal: no .codex/ in the commit note, no Codex trust note; .gitignore has the personal file', () => {
    const root = repo();
    const r = butler(root, ['install', '--claude', '--personal']);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('.codex/');
    expect(r.out).not.toContain('Codex loads project');
    expect(r.out).toContain(
      '.claude/settings.local.json stays personal (git-ignored): node .butler/bin/butler.mjs work record -m "Install Butler"',
    );
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8').split('\n')).toContain('.claude/settings.local.json');
  });

  it('install --claude (shared) ignores .claude/settings.local.json too: Claude Code writes approvals there', () => {
    const root = repo();
    const r = butler(root, ['install', '--claude']);
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8').split('\n')).toContain('.claude/settings.local.json');
    expect(r.out).toMatch(
      /note: Commit \.butler\/, \.claude\/settings\.json, \.mcp\.json, CLAUDE\.md, \.gitignore(, \.butler\/config\.yaml)? so every clone gets them: node \.butler\/bin\/butler\.mjs work record -m "Install Butler"/,
    );
    // Claude Code's own approvals in the personal file are not recorded with the user's work.
    writeFileSync(path.join(root, '.claude/settings.local.json'), '{"permissions":{"allow":["Bash(npm test)"]}}\n');
    git(root, 'add', '-A');
    expect(git(root, 'status', '--porcelain')).not.toContain('settings.local.json');
  });
});

describe('6. --lang ja applies to what install writes and what Butler prints', () => {
  it('Codex alone in Japanese: the trust note and status say it in Japanese', () => {
    const root = repo();
    const env = { BUTLER_LANG: '' };
    const r = butler(root, ['install', '--codex', '--lang', 'ja'], { env });
    expect(r.out).toContain('注: Codex はプロジェクトの .codex/ の hook と設定を信頼済みのプロジェクトでのみ読み込み');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'install');
    const s = butler(root, ['status'], { env });
    expect(s.out).toContain('  Claude Code: 未インストール（選択による。butler install --claude で追加できます）');
    expect(s.out).toContain('  Codex の信頼: Codex はプロジェクトの');
    expect(s.out).not.toContain('Codex trust');
  });

  it('the guidance block, the install notes, status and the CLI labels are Japanese', () => {
    const root = repo();
    const env = { BUTLER_LANG: '' };
    const r = butler(root, ['install', '--claude', '--lang', 'ja'], { env });
    expect(r.code).toBe(0);
    expect(r.out).toContain('変更したファイル');
    expect(r.out).toMatch(/注: .*をコミットしてください/);
    expect(r.out).toContain('作成 .butler/bin/VERSION  - バージョン 0.1.0');
    expect(r.out).not.toMatch(/vendored runtime|startup guidance|ignore session_logs|Claude Code hooks|language of/);
    const guide = readFileSync(path.join(root, 'CLAUDE.md'), 'utf8');
    expect(guide).toContain('セッション開始時: MCP サーバー `butler` の `work_session_start`');
    expect(guide).not.toContain('Session start:');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'install');
    const s = butler(root, ['status'], { env });
    expect(s.code).toBe(0);
    expect(s.out).toContain('  Codex:       未インストール（選択による。butler install --codex で追加できます）');
    const thin = butler(root, ['issue', 'create', '--title', 'Fix it'], { env });
    expect(thin.out).toContain("  次: butler issue create --title 'Fix it'");
    // A later plain install keeps the recorded language: the block stays Japanese.
    expect(butler(root, ['install', '--claude'], { env: { BUTLER_LANG: '', LANG: 'C' } }).out).toContain('変更なし');
  });
});
