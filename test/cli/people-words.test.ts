// Issue #25, second walk-through: the CLI speaks to the person at the terminal in their words (the
// catalogs' person entries, docs/decisions.md D37), never an agent's ("Ask the user", `work_sync`).
// Every case runs the real bundle in a real repository with a bare remote; the expected text is written here.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secondClone } from '../helpers/git-scenarios.js';
import { attacker, forged, push } from '../helpers/hostile.js';
import { git, makeRepo } from '../helpers/repo.js';
import { BIN, pathWithoutButler } from '../helpers/person-cli.js';

const hasScript = spawnSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).stdout.trim() !== '';

function run(cwd: string, args: string[], lang: 'en' | 'ja' = 'en', bin = BIN) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    input: '',
    env: { PATH: pathWithoutButler(), HOME: cwd, LANG: 'C', BUTLER_LANG: lang, USER: 'tester' },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr, all: r.stdout + r.stderr };
}

/** A repository with Butler installed for Claude Code and Codex, committed and published. */
function installed(): { root: string; remote: string } {
  const { root, remote } = makeRepo({ withRemote: true });
  expect(run(root, ['install', '--claude', '--codex']).code).toBe(0);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'install');
  git(root, 'push', '-q');
  return { root, remote: remote! };
}

/** What an agent reads and a person must not: its wording, MCP tool names in prose (a field label such as `handover_id:` is data). */
const AGENT_WORDS = /Ask the user|the user\b|ユーザー|\(agents:|\b(work|handover|issue)_[a-z_]+\b(?![":])/;

describe('the person at the terminal is spoken to, en and ja', () => {
  it('work observe, record, sync conflict, publish and finish without upstream: hints are what you do, with butler commands', () => {
    const { root, remote } = installed();
    const obs = run(root, ['work', 'observe']);
    expect(obs.out).toMatch(/\(Ahead\/behind against origin\/main as last fetched or pushed \([^)]+\); `butler work sync` fetches\.\)\n/);
    expect(run(root, ['work', 'observe'], 'ja').out).toMatch(
      /（origin\/main との差（最後の fetch または push: [^）]+）。`butler work sync` で fetch します）\n/,
    );

    writeFileSync(path.join(root, 'README.md'), 'mine\n');
    const rec = run(root, ['work', 'record', '-m', 'mine']);
    expect(rec.out).toContain('  if you want: butler work publish   (Shares the record with the others.)\n');
    const other = secondClone(remote);
    writeFileSync(path.join(other, 'README.md'), 'theirs\n');
    git(other, 'commit', '-q', '-am', 'theirs');
    git(other, 'push', '-q');
    const clash = run(root, ['work', 'sync']);
    expect(clash.code).toBe(1);
    expect(clash.err).toContain(
      '  hint: Butler left your branch and files as they were; it does not resolve conflicts. Resolve them by hand with git: `git rebase origin/main` shows the conflicts in README.md; edit them, `git add` them, then `git rebase --continue`. Then run `butler work observe`.\n',
    );
    expect(run(root, ['work', 'sync'], 'ja').err).toContain(
      '  ヒント: Butler はブランチとファイルを元のままにしました（競合は解消しません）。git で手作業で解消してください: `git rebase origin/main` で README.md の競合が表示されます。編集して `git add` し、`git rebase --continue` を実行します。その後 `butler work observe` を実行してください\n',
    );

    git(root, 'switch', '-q', '-c', 'feature');
    writeFileSync(path.join(root, 'new.txt'), 'x\n');
    expect(run(root, ['work', 'record', '-m', 'new']).code).toBe(0);
    const pub = run(root, ['work', 'publish']);
    expect(pub.err).toContain(
      '  hint: Set an upstream for this branch once (for example push it with git push -u); then run `butler work publish` again.\n',
    );
    expect(run(root, ['work', 'publish'], 'ja').err).toContain(
      '  ヒント: このブランチの upstream を一度設定し（例: git push -u で push）、その後 `butler work publish` を再度実行してください\n',
    );
    const finish = run(root, ['work', 'finish']);
    expect(finish.out).toBe(
      '? Recorded, but the branch has no upstream: publication cannot be confirmed\n' +
        '  next: Branch feature has no upstream, so unpublished records cannot be counted. Set one (for example git push -u); then `butler work publish`.\n',
    );
    expect(run(root, ['work', 'finish'], 'ja').out).toContain(
      '  次: ブランチ feature に upstream がないため、未公開の記録を数えられません。upstream を設定し（例: git push -u）、その後 `butler work publish` を実行してください\n',
    );
    for (const r of [obs, rec, clash, pub, finish]) expect(r.all).not.toMatch(AGENT_WORDS);
  });

  it('handover read, accept and resume: the next step is the person’s (suspend, list), no "Ask the user"', async () => {
    const { root, remote } = installed();
    const read = run(root, ['handover', 'read']);
    expect(read.out).toBe(
      '? No handover snapshot for project yet\n  next: butler handover suspend   (Save where you are as a snapshot)\n  next: butler handover list   (See the history and receipts)\n',
    );
    expect(run(root, ['handover', 'read'], 'ja').out).toBe(
      '? プロジェクト の handover snapshot はまだ作成されていません\n  次: butler handover suspend   (今の状態を snapshot として保存します)\n  次: butler handover list   (履歴と受け取り状況を見ます)\n',
    );
    const none = run(root, ['handover', 'accept']);
    expect(none.out).toContain('? No matching handover snapshot\n  next: butler handover list   (See the history and receipts)\n');
    expect(run(root, ['handover', 'accept'], 'ja').out).toContain(
      '? 対象の handover snapshot が見つかりません\n  次: butler handover list   (履歴と受け取り状況を見ます)\n',
    );

    const sent = run(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codex']);
    const id = /ID: (\S+)/.exec(sent.out)?.[1] ?? '';
    expect(run(root, ['handover', 'accept', id, '--client', 'codex']).code).toBe(0);
    const taken = run(root, ['handover', 'accept', id, '--client', 'claude-code']);
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('  hint: `butler handover list` shows the history.\n');
    expect(run(root, ['handover', 'accept', id, '--client', 'claude-code'], 'ja').err).toContain(
      '  ヒント: `butler handover list` で履歴を見られます\n',
    );

    // A snapshot another clone shared is not this clone's own work: resuming it names the accept command.
    // An hour back: a snapshot written here in the same second as the forged one would share its id.
    const theirs = forged({
      brain: 'claude-code',
      target: 'claude-code',
      at: new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
    await push(attacker(remote), [{ path: `snapshots/${theirs.name}`, text: theirs.md }]);
    const resume = run(root, ['handover', 'resume', theirs.id, '--client', 'claude-code']);
    expect(resume.code).toBe(1);
    expect(resume.err).toContain('  hint: To take it over, run `butler handover accept` with this id.\n');
    expect(run(root, ['handover', 'resume', theirs.id, '--client', 'claude-code'], 'ja').err).toContain(
      '  ヒント: 引き継ぐなら、この id で `butler handover accept` を実行してください。\n',
    );
    for (const r of [read, none, taken, resume]) expect(r.all).not.toMatch(AGENT_WORDS);
  }, 120_000);

  it.skipIf(!hasScript)('share-preview told no at a terminal says how to allow it, not "Ask the user"', () => {
    const { root } = installed();
    const cmd = `"${process.execPath}" "${BIN}" handover share-preview`;
    for (const [lang, hint] of [
      ['en', '  hint: To allow it, run this again and answer y.'],
      ['ja', '  ヒント: 許可するには、もう一度実行して y と答えてください。'],
    ] as const) {
      const t = spawnSync('sh', ['-c', `(sleep 2; printf 'n\\n'; sleep 3) | script -qec '${cmd}' /dev/null`], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: pathWithoutButler(), HOME: root, LANG: 'C', BUTLER_LANG: lang, USER: 'tester' },
        timeout: 30_000,
      });
      expect(t.stdout).toContain(hint);
      expect(t.stdout).not.toMatch(AGENT_WORDS);
    }
  });

  it('work start --issue 99 points to butler issue list', () => {
    const { root } = installed();
    expect(run(root, ['work', 'start', '--issue', '99']).err).toBe(
      "✗ No issue #99 on this project's tracker\n  hint: See the issues with `butler issue list`, or create one with `butler issue create --title TITLE --body-file FILE`.\n",
    );
    expect(run(root, ['work', 'start', '--issue', '99'], 'ja').err).toBe(
      '✗ issue #99 はこのプロジェクトのトラッカーにありません\n  ヒント: `butler issue list` で issue を確認するか、`butler issue create --title TITLE --body-file FILE` で作成してください\n',
    );
  });
});

describe('issue create and close from the CLI record, and leave publishing to the person (docs/decisions.md D41)', () => {
  it('nothing reaches the remote until butler work publish', () => {
    const { root, remote } = installed();
    const before = git(remote, 'rev-parse', 'main');
    writeFileSync(path.join(root, '..', 'body.md'), '## Current state\nx\n\n## Next\ny\n\n## Blockers\nnone\n');
    const made = run(root, ['issue', 'create', '--title', 'Fix it', '--body-file', '../body.md']);
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/^✓ Created #1 Fix it \(recorded as [0-9a-f]{12}; not yet published\)\n/);
    expect(made.out).toContain('  if you want: butler work publish   (Local issue changes reach others when published.)\n');
    const closed = run(root, ['issue', 'close', '1'], 'ja');
    expect(closed.out).toMatch(/^✓ .*（記録 [0-9a-f]{12}、未公開）\n/);
    expect(git(remote, 'rev-parse', 'main')).toBe(before);
    expect(git(root, 'log', '--format=%s', '-2').split('\n')).toEqual(['issue #1: closed', 'issue #1: created']);
    expect(run(root, ['work', 'publish']).code).toBe(0);
    expect(git(remote, 'rev-parse', 'main')).toBe(git(root, 'rev-parse', 'HEAD'));
  });
});

describe('flags, status, install and uninstall say what is true', () => {
  it('--limt is --limit (work history -n), and the help names both', () => {
    const { root } = installed();
    const typo = run(root, ['work', 'history', '--limt', '3']);
    expect(typo.code).toBe(2);
    expect(typo.err).toBe(
      'butler work history: unknown flag --limt; did you mean --limit?\n  butler work history --help lists its options.\n',
    );
    expect(run(root, ['work', 'history', '--help']).out).toContain('options: -n (--limit) --path');
    expect(run(root, ['work', 'history', '--limit', '1']).out).toMatch(/^✓ 1 record\(s\), newest first\n {2}[0-9a-f]{12} .* install\n$/);
  });

  it('the vendored runtime names what runs the verbs it lacks (not an unpublished npx package)', () => {
    const { root } = installed();
    const vendored = path.join(root, '.butler', 'bin', 'butler.mjs');
    const en = run(root, ['uninstall'], 'en', vendored);
    expect(en.code).toBe(2);
    expect(en.err).toBe(
      "node .butler/bin/butler.mjs uninstall: not in the vendored runtime (.butler/bin/); run uninstall with the full CLI: the butler command of an installed package (README: a packed tarball), node /path/to/butler/hooks/butler.mjs from a clone of Butler, or the butler skill's scripts/butler.mjs (.agents/skills/ or .claude/skills/)\n",
    );
    expect(run(root, ['uninstall'], 'ja', vendored).err).toBe(
      'node .butler/bin/butler.mjs uninstall: 同梱のランタイム（.butler/bin/）にはありません。uninstall は完全な CLI で実行してください: パッケージとして導入した butler コマンド（README: `npm pack` で作ったパッケージ）、Butler の clone の node /path/to/butler/hooks/butler.mjs、または butler スキルの scripts/butler.mjs（.agents/skills/ または .claude/skills/）\n',
    );
  });

  it('an edited VERSION is said as such; an upgrade is committed as "Upgrade Butler"', () => {
    const { root } = installed();
    const stamp = path.join(root, '.butler', 'bin', 'VERSION');
    writeFileSync(stamp, 'edited by hand\n');
    expect(run(root, ['status']).out).toMatch(/^ {2}MISS runtime \.butler\/bin\/: VERSION edited \(no version in it\) \(this butler: /m);
    expect(run(root, ['status'], 'ja').out).toMatch(
      /^ {2}欠落 ランタイム \.butler\/bin\/: VERSION が編集されています（バージョンが書かれていません）（この butler: /m,
    );
    // An older runtime, as committed: install's note names what differs from git (#25 walk-through 13).
    writeFileSync(stamp, 'agent-butler 0.0.1\n');
    git(root, 'commit', '-q', '-am', 'older runtime');
    const up = run(root, ['install']);
    expect(up.out).toContain(
      'note: Commit .butler/bin/ so every clone gets them: node .butler/bin/butler.mjs work record -m "Upgrade Butler" (it asks you to confirm Butler\'s own files), then node .butler/bin/butler.mjs work publish.\n',
    );
    expect(up.out).not.toContain('Install Butler');
  });

  it('uninstall names only the clients it removes', () => {
    const { root } = makeRepo();
    expect(run(root, ['install', '--claude']).code).toBe(0);
    expect(run(root, ['uninstall', '--dry-run']).out.split('\n')[0]).toBe(`butler uninstall --dry-run: ${root} (claude)`);
    expect(run(root, ['uninstall', '--dry-run'], 'ja').out.split('\n')[0]).toBe(`butler uninstall --dry-run: ${root}（claude）`);
    expect(run(root, ['uninstall']).out.split('\n')[0]).toBe(`butler uninstall: ${root} (claude)`);
    expect(run(root, ['uninstall']).out.split('\n').slice(0, 2)).toEqual([
      `butler uninstall: ${root}`,
      '  nothing to do: Butler is not installed here',
    ]);
  });
});

describe('the README tells a newcomer what happens', () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

  it('the quick start says the first npm test downloads the real clients', () => {
    const quick = readme.slice(0, readme.indexOf('## What it does'));
    expect(quick).not.toMatch(/npm test .*offline/);
    expect(quick).toContain('The first `npm test` downloads those three CLIs (about 910 MB');
  });

  it('issue create names the three body sections it needs', () => {
    expect(readme).toContain('A body for `create` and `update-body` needs three sections');
    expect(readme).toContain('`Current state`, `Next` and `Blockers` (`Blockers: none` is fine)');
  });
});
