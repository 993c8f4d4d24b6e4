// Issue #25, fourth newcomer walk-through (README and --help only): the real bundle spawned in temp git
// repositories with a bare remote, as a person types it; the expected text is written here. Each test
// removes the folders it made. The PATH has no `butler` (pathWithoutButler), so no note depends on this machine.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secondClone } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { git } from '../helpers/repo.js';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { made, repo, withRemote } = tempRepos();

describe('1. a held share is said once, in the person’s words, with what to do', () => {
  it('an agent’s --share waits for the OK: the first publish says so, the next ones do not (en and ja)', async () => {
    const { root } = withRemote();
    const agent = await connect({ clientName: 'claude-code', deps: { cwd: root, env: { BUTLER_LANG: 'en' } } });
    await agent.call('work_session_start', { project_root: root });
    const s = await agent.call('handover_suspend', { notes: 'agent notes', share: true });
    await agent.close();
    expect(s.status).toBe('need_input');
    // The first snapshot git-ignored session_logs/: published here, so publish has no record to send.
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'ignore session_logs');
    git(root, 'push', '-q');
    const first = butler(root, ['work', 'publish']);
    expect(first.code).toBe(0);
    expect(first.out).toBe(
      '✓ Already published\n' +
        '  Not shared: 1 snapshot(s) wait for your OK to share from this clone and stay local until then. Run `butler handover share-preview`: it shows exactly what would be pushed and asks you; yes shares them. (Said once.)\n',
    );
    expect(first.out).not.toContain('share_error');
    const again = butler(root, ['work', 'publish']);
    expect([again.code, again.out]).toEqual([0, '✓ Already published\n']);
    // A person's own --share was told at the suspend itself: no publish repeats it.
    const mine = butler(root, ['handover', 'suspend', '--notes', 'mine', '--share', '--lang', 'ja']);
    expect(mine.code).toBe(3);
    expect(mine.out).toContain('`butler handover share-preview ');
    expect(butler(root, ['work', 'publish', '--lang', 'ja']).out).toBe('✓ 共有済みです\n');
  });
});

describe('2. a sync conflict: no git hints, Butler left things as they were, how to resolve by hand', () => {
  it('en and ja', () => {
    const { root, remote } = withRemote();
    const other = secondClone(remote);
    made(other);
    writeFileSync(path.join(other, 'README.md'), 'theirs\n');
    git(other, 'commit', '-q', '-am', 'theirs');
    git(other, 'push', '-q');
    writeFileSync(path.join(root, 'README.md'), 'mine\n');
    expect(butler(root, ['work', 'record', '-m', 'mine', '--no-issue']).code).toBe(0);
    const head = git(root, 'rev-parse', 'HEAD');
    const r = butler(root, ['work', 'sync']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      '  hint: Butler left your branch and files as they were; it does not resolve conflicts. Resolve them by hand with git: `git rebase origin/main` shows the conflicts in README.md; edit them, `git add` them, then `git rebase --continue`. Then run `butler work observe`.\n',
    );
    expect(r.err).not.toMatch(/^\s+hint: (Resolve all conflicts|You can instead skip)/m);
    expect(r.err).toMatch(/ {2}git: exit 1: error: could not apply [0-9a-f]+\.\.\. mine\n {7}\S/);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    const ja = butler(root, ['work', 'sync', '--lang', 'ja']);
    expect(ja.err).toContain(
      'Butler はブランチとファイルを元のままにしました（競合は解消しません）。git で手作業で解消してください: `git rebase origin/main`',
    );
    expect(ja.err).not.toContain('git rebase --skip');
  });
});

describe('3. status: a subfolder is a note; outside a repository one line', () => {
  it('exit 0 from a subfolder of a fine install; outside a repository one line and exit 1', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    mkdirSync(path.join(root, 'sub'));
    const s = butler(path.join(root, 'sub'), ['status']);
    expect(s.code).toBe(0);
    expect(s.out).toContain(
      `note: Run from the subfolder sub: Claude Code does not load .claude/settings.json there, so Butler's hooks do not run. Start Claude Code at the project root (${root}); the MCP server works from any folder.\n`,
    );
    expect(s.out).not.toContain('problem:');
    expect(butler(path.join(root, 'sub'), ['status', '--json']).json().data.healthy).toBe(true);
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-nogit-')));
    made(outside);
    const o = butler(outside, ['status']);
    expect([o.code, o.out, o.err]).toEqual([
      1,
      '',
      `butler status: ${outside} is not in a git repository: run \`git init\` there first, or pass --project with your repository\n`,
    ]);
    expect(butler(outside, ['status', '--lang', 'ja']).err).toBe(
      `butler status: ${outside} は git リポジトリの中にありません: まずそこで \`git init\` を実行するか、--project にリポジトリを指定してください\n`,
    );
  });
});

describe('4. a usage error with --json is a JSON error object, exit 2', () => {
  it('a bad value, an unknown flag, an unknown verb and command, outside a repository', () => {
    const root = repo();
    const bad = butler(root, ['work', 'history', '--limit', '0', '--json']);
    expect([bad.code, bad.err]).toEqual([2, '']);
    expect(bad.json()).toEqual({
      status: 'error',
      summary: '--limit must be 1 or more',
      error_code: 'invalid_argument',
      hint: 'butler work history --help lists its options.',
      data: { usage: true },
    });
    expect(butler(root, ['issue', 'list', '--al', '--json']).json().summary).toBe('unknown flag --al; did you mean --all?');
    expect(butler(root, ['work', 'obsrve', '--json']).json().summary).toBe('unknown verb obsrve; did you mean observe?');
    const cmd = butler(root, ['stauts', '--json']);
    expect([cmd.code, cmd.json().summary]).toEqual([2, 'unknown command stauts; did you mean status?']);
    expect(butler(root, ['status', '--verbose', '--json']).code).toBe(2);
    expect(butler(root, ['status', '--verbose', '--json']).json().status).toBe('error');
    const missing = butler(root, ['work', 'observe', '--project', '/nonexistent', '--json']);
    expect([missing.code, missing.json().summary]).toEqual([2, '/nonexistent does not exist']);
    // Without --json the same error stays one line for a person.
    expect(butler(root, ['work', 'history', '--limit', '0']).err).toBe(
      'butler work history: --limit must be 1 or more\n  butler work history --help lists its options.\n',
    );
  });
});

describe('5. issue list --limit 1-200', () => {
  it('lists the newest N; 0 and 201 are usage errors', () => {
    const root = repo();
    for (const t of ['One', 'Two', 'Three'])
      expect(butler(root, ['issue', 'create', '--title', t, '--body', 'Current state: x\nNext: y\nBlockers: none']).code).toBe(0);
    const two = butler(root, ['issue', 'list', '--limit', '2']);
    expect([two.code, two.out]).toEqual([0, '✓ The newest 2 open issue(s), newest first\n  #3     Three\n  #2     Two\n']);
    expect(
      butler(root, ['issue', 'list', '--limit', '2', '--json'])
        .json()
        .data.issues.map((i: { id: number }) => i.id),
    ).toEqual([3, 2]);
    expect(butler(root, ['issue', 'list']).out).toContain('✓ 3 open issue(s), newest first\n');
    const zero = butler(root, ['issue', 'list', '--limit', '0']);
    expect([zero.code, zero.err]).toEqual([
      2,
      'butler issue list: --limit must be 1 or more\n  butler issue list --help lists its options.\n',
    ]);
    expect(butler(root, ['issue', 'list', '--limit', '201']).err).toBe(
      'butler issue list: --limit must be 200 or less\n  butler issue list --help lists its options.\n',
    );
    expect(butler(root, ['issue', 'list', '--limit', 'x']).code).toBe(2);
    expect(butler(root, ['issue', '--help']).out).toContain('  list [--all] [--limit N]          open issues');
  });
});

describe('6. a person’s handover prepare for a missing issue is refused', () => {
  it('names butler issue list and writes nothing (en and ja)', () => {
    const root = repo();
    // The list of a missing issue points to the issues, not to a prepare that would be refused.
    expect(butler(root, ['handover', 'list', '--issue', '7']).out).toBe(
      '✓ Handover history\n  next: butler issue list   (Nothing matched: issue #7 does not exist; this lists the issues there are)\n',
    );
    const r = butler(root, ['handover', 'prepare', '--issue', '7']);
    expect([r.code, r.err]).toEqual([
      1,
      '✗ Issue #7 does not exist; no snapshot was written\n' +
        '  hint: `butler issue list` shows the issues (--all: closed ones too): pass one of them with --issue, or leave --issue out for a snapshot of the whole project.\n',
    ]);
    expect(butler(root, ['handover', 'prepare', '--issue', '7', '--lang', 'ja']).err).toBe(
      '✗ issue #7 は存在しません。snapshot は書いていません\n' +
        '  ヒント: `butler issue list` で issue の一覧を表示できます（--all: 閉じたものも）。そのいずれかを --issue で指定するか、--issue を省いてプロジェクト全体の snapshot にしてください\n',
    );
    expect(butler(root, ['handover', 'list', '--json']).json().data.handovers).toEqual([]);
    expect(butler(root, ['handover', 'prepare']).code).toBe(0);
  });

  it('an agent over MCP still gets its snapshot with the reason (docs/decisions.md D33)', async () => {
    const root = repo();
    const agent = await connect({ clientName: 'claude-code', deps: { cwd: root, env: { BUTLER_LANG: 'en' } } });
    await agent.call('work_session_start', { project_root: root });
    const r = await agent.call('handover_prepare', { issue_id: 7 });
    await agent.close();
    expect(r.status).toBe('ok');
    expect(r.summary).toBe('Handover snapshot created (issue #7 could not be read: Issue #7 not found)');
  });
});

describe('7. handover read --help: the id is optional, and what it reads without one', () => {
  it('en and ja', () => {
    const root = repo();
    const h = butler(root, ['handover', 'read', '--help']);
    // What it reads without an id is the verb's summary, its first lines (#25: the tool's description is gone).
    expect(h.out).toContain(
      'Prints one snapshot: HANDOVER_ID, else the latest of --issue N, else of the default issue (butler work start --issue N)\n' +
        'when there is one, else the latest project-level one.\n' +
        'usage: butler handover read [HANDOVER_ID] [options]\n',
    );
    expect(butler(root, ['handover', 'read', '--help', '--lang', 'ja']).out).toContain(
      'snapshot を一つ表示します: HANDOVER_ID、なければ --issue N の最新、',
    );
    // The group's help says what each verb is for, and that read's id is optional.
    const group = butler(root, ['handover', '--help']).out;
    expect(group).toContain(
      '  read     [ID] [--issue N]                      read one (no id: the latest of the issue, else of the project)\n',
    );
    expect(group).toContain('  suspend  [--issue N] [--notes T] [--share]     save where you are, for your next session\n');
    // A required slot stays bare.
    expect(butler(root, ['issue', 'read', '--help']).out).toContain('usage: butler issue read ISSUE_ID [options]\n');
  });

  it('what the help says is what it does: the default issue, else the project', () => {
    const root = repo();
    expect(butler(root, ['handover', 'prepare', '--notes', 'project level']).code).toBe(0);
    expect(butler(root, ['issue', 'create', '--title', 'A', '--body', 'Current state: x\nNext: y\nBlockers: none']).code).toBe(0);
    expect(butler(root, ['work', 'start', '--issue', '1']).code).toBe(0);
    // The default issue has no snapshot yet: the latest project-level one.
    expect(butler(root, ['handover', 'read', '--json']).json().data.handover_id).toMatch(/^project-/);
    expect(butler(root, ['handover', 'prepare']).code).toBe(0);
    expect(butler(root, ['handover', 'read', '--json']).json().data.handover_id).toMatch(/^issue-1-/);
  });
});

describe('9. one message for a folder that is no project', () => {
  it('status --project of a missing folder, work observe and guard outside a repository say the same', () => {
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-nogit-')));
    made(outside);
    const words = (dir: string) =>
      `${dir} is not in a git repository: run \`git init\` there first, or pass --project with your repository`;
    // A folder that is not there is said as such (walk-through 10).
    const st = butler(outside, ['status', '--project', '/nonexistent']);
    expect([st.code, st.err]).toEqual([2, 'butler status: /nonexistent does not exist\n  butler status --help lists its options.\n']);
    const obs = butler(outside, ['work', 'observe']);
    expect([obs.code, obs.err.split('\n')[0]]).toEqual([2, `butler work observe: ${words(outside)}`]);
    expect(butler(outside, ['install', '--project', '/nonexistent']).err).toBe(
      'butler install: /nonexistent does not exist\n  butler install --help lists its options.\n',
    );
    expect(butler(outside, ['guard', 'status']).err).toBe(`butler guard: ${words(outside)}\n`);
  });
});

describe('10. work record waiting for a person exits 3', () => {
  it('Butler’s own files without a terminal: need input, nothing recorded', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    const head = git(root, 'rev-parse', 'HEAD');
    const r = butler(root, ['work', 'record', '-m', 'Install Butler']);
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/^\? Not recorded: \.butler\/bin\/VERSION, /);
    expect(r.out).toContain(
      "  hint: needs a person at a terminal (no TTY here). A person records Butler's own files: `butler work record` in their own terminal, answer y.\n",
    );
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(butler(root, ['work', 'record', '-m', 'Install Butler', '--json']).json().status).toBe('need_input');
  });
});
