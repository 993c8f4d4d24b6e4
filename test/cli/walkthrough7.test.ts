// Newcomer walk-through 7 (#25): what a person at a terminal met with the README and --help alone, each
// through the real CLI bundle in real git repositories, en and ja where there is text. The expected texts are written here.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/repo.js';
import { BIN, butler, tempRepos } from '../helpers/person-cli.js';

const { repo, installed } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };
const hasScript = spawnSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).stdout.trim() !== '';

/** The person's suspend of issue 1, then their transfer of it to Codex: [suspend id, transfer id]. */
function suspendThenTransfer(root: string): [string, string] {
  const body = 'Current state: parser\nNext: tests\nBlockers: none';
  expect(butler(root, ['issue', 'create', '--title', 'Parser', '--body', body]).code).toBe(0);
  expect(butler(root, ['handover', 'suspend', '--issue', '1', '--notes', 'halfway']).code).toBe(0);
  expect(butler(root, ['handover', 'transfer', '--issue', '1', '--target', 'codex', '--notes', 'yours']).code).toBe(0);
  const ids = butler(root, ['handover', 'list', '--issue', '1', '--json'])
    .json()
    .data.handovers.map((h: { handover_id: string }) => h.handover_id);
  expect(ids).toHaveLength(2);
  return [ids[1], ids[0]];
}

describe('1, 2. a suspend the person’s own transfer replaced', () => {
  it('read says first that it was superseded and how to read the newest; resume says why there is nothing (en, ja)', () => {
    const root = installed();
    const [suspend, transfer] = suspendThenTransfer(root);
    const read = butler(root, ['handover', 'read', suspend]);
    expect(read.code).toBe(0);
    expect(read.out.split('\n').slice(0, 2)).toEqual([
      `Superseded by ${transfer}: this is not the current snapshot. Read the newest with \`butler handover read ${transfer}\` (all of them: \`butler handover list --issue 1\`).`,
      '✓ Handover snapshot read',
    ]);
    expect(butler(root, ['handover', 'read', suspend], ja).out.split('\n')[0]).toBe(
      `${transfer} に置き換えられています: これは最新の snapshot ではありません。最新は \`butler handover read ${transfer}\` で読めます（一覧: \`butler handover list --issue 1\`）。`,
    );
    // --json keeps the envelope: superseded_by was there already.
    expect(butler(root, ['handover', 'read', suspend, '--json']).json().data.superseded_by).toBe(transfer);
    // The newest one is read as current.
    expect(butler(root, ['handover', 'read', transfer]).out).toMatch(/^✓ Handover snapshot read\n/);

    const resume = butler(root, ['handover', 'resume', '--issue', '1']);
    expect(resume.code).toBe(3);
    expect(resume.out).toContain(
      `? Nothing of yours to resume in issue #1: its newest snapshot by you, ${transfer}, is your transfer to codex-mcp-client, not a suspend\n`,
    );
    expect(resume.out).toContain('\n  next: butler handover list --issue 1   (See the history and receipts)\n');
    expect(resume.out).toContain(
      `\n  for the target: butler handover accept ${transfer} --client codex-mcp-client   (codex-mcp-client takes it over, as itself)\n`,
    );
    expect(butler(root, ['handover', 'resume', '--issue', '1'], ja).out.split('\n')[0]).toBe(
      `? issue #1 で再開するものはありません: あなたの最新の snapshot ${transfer} は codex-mcp-client へ引き渡したもので、自分用に保存したものではありません`,
    );
    // The command it names works: Codex takes it over.
    expect(butler(root, ['handover', 'accept', transfer, '--client', 'codex-mcp-client']).code).toBe(0);
  });
});

describe('3. --client where it applies', () => {
  it('help lists it only for verbs it changes; an issue’s --client is its author, any name (README)', () => {
    const root = installed();
    const options = (...verb: string[]) =>
      butler(root, [...verb, '--help'])
        .out.split('\n')
        .find((l) => l.startsWith('options:'));
    expect(options('issue', 'list')).toBe('options: --all --limit --project DIR --json');
    expect(options('issue', 'read')).toBe('options: --issue-id (--issue) --last-n-comments (--comments) --project DIR --json');
    expect(options('work', 'diff')).toBe('options: --path --level --record-id (--record) --full --project DIR --json');
    expect(options('work', 'history')).toBe('options: -n (--limit) --path --project DIR --json');
    expect(options('handover', 'brains')).toBe('options: --project DIR --json');
    expect(options('issue', 'comment')).toBe('options: --issue-id (--issue) --body (--body-file) --project DIR --client NAME --json');
    expect(options('handover', 'suspend')).toContain(' --project DIR --client BRAIN --json');
    expect(options('handover', 'resume')).toContain(' --client BRAIN ');

    const body = 'Current state: x\nNext: y\nBlockers: none';
    expect(butler(root, ['issue', 'create', '--title', 'T', '--body', body]).code).toBe(0);
    const c = butler(root, ['issue', 'comment', '1', '--body', 'x', '--client', 'alice']);
    expect([c.code, c.err]).toEqual([0, '']);
    expect(c.out).toMatch(/\n {2}comment 1 by alice at /);
    // A brain stays checked where --client names one.
    expect(butler(root, ['handover', 'suspend', '--client', 'alice']).code).toBe(2);
  });
});

describe('4. a rebase in progress needs the person', () => {
  it('? and exit 3, naming git rebase --continue / --abort (en, ja); --json says need_input', () => {
    const root = repo();
    writeFileSync(path.join(root, 'f'), 'a\n');
    git(root, 'add', 'f');
    git(root, 'commit', '-q', '-m', 'f');
    git(root, 'checkout', '-q', '-b', 'side');
    writeFileSync(path.join(root, 'f'), 'side\n');
    git(root, 'commit', '-q', '-am', 'side');
    git(root, 'checkout', '-q', 'main');
    writeFileSync(path.join(root, 'f'), 'main\n');
    git(root, 'commit', '-q', '-am', 'main');
    git(root, 'checkout', '-q', 'side');
    expect(spawnSync('git', ['rebase', 'main'], { cwd: root, encoding: 'utf8' }).status).not.toBe(0);
    const r = butler(root, ['work', 'observe']);
    expect(r.code).toBe(3);
    expect(r.out.split('\n')[0]).toBe(
      '? Blocked: a rebase is in progress; files have conflicts. Resolve any conflicts (git add the files), then run `git rebase --continue`; or undo it with `git rebase --abort`. Butler does not resolve it.',
    );
    expect(butler(root, ['work', 'observe'], ja).out.split('\n')[0]).toBe(
      '? ブロック中: リベース中、競合しているファイルあり。競合を解消して（ファイルを git add し）`git rebase --continue` を実行するか、`git rebase --abort` で取り消してください。Butler は解消しません',
    );
    const json = butler(root, ['work', 'observe', '--json']);
    expect(json.code).toBe(3);
    // Its status agrees with the exit code (walk-through 8; test/cli/walkthrough9.test.ts).
    expect(json.json()).toMatchObject({ status: 'need_input', data: { work_state: 'blocked' } });
  });
});

describe('5, 6. usage errors said as usage errors', () => {
  it('a missing value before another flag of the verb; a --target naming no brain (exit 2, the usage form, --json too)', () => {
    const root = installed();
    const title = butler(root, ['issue', 'create', '--title', '--json']);
    expect([title.code, title.json().summary]).toEqual([2, '--title needs a value']);
    const notes = butler(root, ['handover', 'suspend', '--notes', '--share']);
    expect([notes.code, notes.err.split('\n')[0]]).toEqual([2, 'butler handover suspend: --notes needs a value']);
    expect(butler(root, ['handover', 'suspend', '--notes', '--share'], ja).err.split('\n')[0]).toBe(
      'butler handover suspend: --notes には値が必要です',
    );
    // A value that only starts with "-" is still told how to write it.
    expect(butler(root, ['handover', 'suspend', '--notes', '-x']).err.split('\n')[0]).toBe(
      'butler handover suspend: --notes got a value starting with "-": write it as --notes=VALUE',
    );

    const head = git(root, 'rev-parse', 'HEAD');
    const target = butler(root, ['handover', 'transfer', '--target', 'codx', '--notes', 'hi']);
    expect([target.code, target.out, target.err]).toEqual([
      2,
      '',
      'butler handover transfer: --target codx names no brain here; did you mean codex-mcp-client? (known: claude-code, codex-mcp-client)\n' +
        '  butler handover transfer --help lists its options.\n',
    ]);
    const json = butler(root, ['handover', 'transfer', '--client', 'codx', '--target', 'codex', '--notes', 'hi', '--json']);
    expect(json.code).toBe(2);
    expect(json.json()).toMatchObject({ status: 'error', error_code: 'invalid_argument', data: { usage: true } });
    expect(json.json().summary).toMatch(/^--client codx names no brain here/);
    expect(butler(root, ['handover', 'list', '--json']).json().data.handovers).toEqual([]);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
  });
});

describe('7. small things', () => {
  it('approve-url --help is its own; guard frob names the verbs; the create hint names --title (en, ja)', () => {
    const root = repo();
    const approve = butler(root, ['issue', 'approve-url', '--help']);
    expect(approve.code).toBe(0);
    expect(approve.out.split('\n')[0]).toBe('usage: butler issue approve-url [URL] [--project DIR] [--json]');
    expect(approve.out).not.toContain('delete-comment');
    expect(butler(root, ['issue', 'approve-url', '--help'], ja).out.split('\n')[0]).toBe(
      '使い方: butler issue approve-url [URL] [--project DIR] [--json]',
    );
    const frob = butler(root, ['guard', 'frob']);
    expect([frob.code, frob.err.split('\n')[0]]).toEqual([2, 'butler guard: unknown verb frob; use one of status, allow, deny, mode']);
    expect(butler(root, ['guard', 'alow']).err.split('\n')[0]).toBe('butler guard: unknown verb alow; did you mean allow?');
    const missing = butler(root, ['work', 'start', '--issue', '99']);
    expect(missing.err).toContain('or create one with `butler issue create --title TITLE --body-file FILE`.');
    expect(butler(root, ['work', 'start', '--issue', '99'], ja).err).toContain(
      '`butler issue create --title TITLE --body-file FILE` で作成してください',
    );
  });

  it('install --lang ja after an install: the note promises no question, and record asks none', () => {
    const root = installed();
    const first = butler(root, ['install', '--claude', '--codex', '--lang', 'en', '--dry-run']);
    expect(first.out).not.toContain('asks you to confirm');
    const r = butler(root, ['install', '--claude', '--codex', '--lang', 'ja']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('work record -m "Update Butler"、続けて ');
    expect(r.out).not.toContain('確認を求めます');
    const rec = butler(root, ['work', 'record', '-m', 'Update Butler']);
    expect(rec.code).toBe(0);
    // A fresh install does change Butler's own files: there the note says the record asks (en).
    const fresh = repo();
    expect(butler(fresh, ['install', '--claude']).out).toContain(
      `work record -m "Install Butler" (it asks you to confirm Butler's own files), then `,
    );
  });

  it('after uninstall a client is one line, never rows of MISS (en, ja)', () => {
    const root = installed();
    expect(butler(root, ['status']).out).toContain('\n  Gemini CLI:  not installed (by choice; butler install --gemini adds it)\n');
    expect(butler(root, ['uninstall']).code).toBe(0);
    const after = butler(root, ['status']).out;
    expect(after).toContain('\n  Claude Code: not installed (butler install --claude adds it)\n');
    expect(after).toContain('\n  Gemini CLI:  not installed (butler install --gemini adds it)\n');
    expect(after).not.toMatch(/MISS SessionStart/);
    expect(butler(root, ['status'], ja).out).toContain('\n  Gemini CLI:  未インストール（butler install --gemini で追加できます）\n');
  });

  it.skipIf(!hasScript)('guard allow fetch at a terminal commits and says how to publish', () => {
    const root = repo();
    const cmd = `"${process.execPath}" "${BIN}" guard allow fetch`;
    const t = spawnSync('sh', ['-c', `(sleep 2; printf 'y\\n'; sleep 4) | script -qec '${cmd}' /dev/null`], {
      encoding: 'utf8',
      timeout: 30_000,
      cwd: root,
      env: { ...process.env, HOME: root, BUTLER_LANG: 'en' },
    });
    expect(t.stdout, t.stderr).toContain('guard now: mode block, allow [fetch] (committed)');
    expect(t.stdout).toContain('  if you want: butler work publish   (the other clones get the change once it is published)');
  });
});
