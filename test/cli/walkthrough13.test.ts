// Newcomer walk-through 13 (#25): install's notes and --json, usage errors, the work group's help, and observe after a
// failed sync or with a closed default issue, through the real CLI, en and ja where there is text. The sweep of every
// word `--lang ja` prints is test/cli/walkthrough9-ja.test.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { divergedOn } from '../helpers/git-scenarios.js';
import { git } from '../helpers/repo.js';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo, withRemote, made } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };
const README = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** A repository with Claude Code installed in `lang` and committed. */
function installedIn(lang: 'en' | 'ja'): string {
  const root = repo();
  expect(butler(root, ['install', '--claude', '--lang', lang]).code).toBe(0);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'install');
  return root;
}

describe('3. a reinstall names only the files new or changed versus git', () => {
  it('giving back what git has is nothing to commit; a real change is named (en, ja)', () => {
    const root = installedIn('en');
    const toJa = butler(root, ['install', '--claude', '--lang', 'ja']);
    expect(toJa.out).toContain('注: CLAUDE.md、.butler/ をコミットしてください');
    // Back to what git has: the files are rewritten, and there is nothing to commit.
    const back = butler(root, ['install', '--claude', '--lang', 'en']);
    expect(back.out).toContain('  update CLAUDE.md  - startup guidance between butler markers\n');
    expect(back.out).not.toContain('Commit');
    expect(git(root, 'status', '--porcelain')).toBe('');
    // A dry run says the same before writing.
    butler(root, ['install', '--claude', '--lang', 'ja']);
    expect(butler(root, ['install', '--claude', '--lang', 'en', '--dry-run']).out).not.toContain('Commit');
    const jroot = installedIn('ja');
    butler(jroot, ['install', '--claude', '--lang', 'en']);
    const jback = butler(jroot, ['install', '--claude', '--lang', 'ja']);
    expect(jback.out).toContain('  更新 CLAUDE.md');
    expect(jback.out).not.toContain('コミット');
    // A file git does not have yet is named.
    expect(butler(root, ['install', '--claude', '--codex']).out).toContain('note: Commit .codex/, AGENTS.md so every clone gets them');
  });
});

describe('4. install --json in a Japanese project', () => {
  it('`lang` is the project’s language; the notes stay English data (README)', () => {
    const root = repo();
    const first = butler(root, ['install', '--claude', '--lang', 'ja', '--json']).json().data;
    expect([first.lang, first.notes[0].slice(0, 7)]).toEqual(['ja', 'Commit ']);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install');
    expect(butler(root, ['install', '--claude', '--json']).json().data.lang).toBe('ja');
    expect(butler(root, ['install', '--claude', '--json'], ja).json().data.lang).toBe('ja');
    expect(README).toContain("install's `lang` is the project's language");
  });
});

describe('5. a missing required flag is named as the verb’s help lists it', () => {
  it('handover transfer, issue comment, work record (en, ja)', () => {
    const root = repo();
    const cases: [string[], string][] = [
      [['handover', 'transfer'], '--target-brain (--target)'],
      [['issue', 'comment', '1'], '--body (--body-file)'],
      [['work', 'record'], '--message (-m)'],
    ];
    for (const [args, shown] of cases) {
      const verb = args.slice(0, 2).join(' ');
      const options = butler(root, [...args.slice(0, 2), '--help'])
        .out.split('\n')
        .find((l) => l.startsWith('options: '));
      expect(`${options} `, verb).toContain(` ${shown} `);
      const r = butler(root, args);
      expect([r.code, r.err], verb).toEqual([2, `butler ${verb}: ${shown} is required\n  butler ${verb} --help lists its options.\n`]);
      expect(butler(root, args, ja).err.split('\n')[0], verb).toBe(`butler ${verb}: ${shown} は必須です`);
    }
  });
});

/** The one pointer line a usage error ends with: `  butler … --help lists …` (en) or `… --help で…一覧を表示できます。` (ja). */
const POINTER =
  /^ {2}butler(?: [a-z-]+){0,2} --help (?:lists (?:its options|the verbs|the commands)\.|でオプションの一覧を表示できます。|で(?:動詞|コマンド)の一覧を表示できます。)$/;

describe('7. every usage error ends with the one pointer line, nothing else does', () => {
  it('a missing value and a bad value for every verb, --lang, guard mode loud (en, ja)', { timeout: 300_000 }, () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    // Every verb of the README's CLI section and every command, written out.
    const verbs = [
      ...['start', 'observe', 'diff', 'history', 'record', 'publish', 'sync', 'finish'].map((v) => `work ${v}`),
      ...['list', 'read', 'create', 'comment', 'delete-comment', 'update-title', 'update-body', 'reopen', 'close', 'approve-url'].map(
        (v) => `issue ${v}`,
      ),
      ...['suspend', 'resume', 'transfer', 'accept', 'prepare', 'read', 'list', 'brains', 'retire', 'share-preview'].map(
        (v) => `handover ${v}`,
      ),
      ...['status', 'allow', 'deny', 'mode'].map((v) => `guard ${v}`),
      'install',
      'uninstall',
      'status',
    ];
    const runs: string[][] = [['--lang'], ['--lang', 'xx'], ['guard', 'mode', 'loud'], ['guard', 'mode', 'block', 'warn']];
    for (const verb of verbs) {
      const v = verb.split(' ');
      runs.push([...v, '--project'], [...v, '--project', path.join(root, 'nowhere')], [...v, '--bogus'], [...v, '--lang']);
    }
    runs.push(['handover', 'share-preview', '--issue', 'x'], ['issue', 'approve-url', 'ftp://x'], ['work', 'history', '-n', 'many']);
    runs.push(['handover', 'read', '--issue'], ['issue', 'read', '--comments', 'x', '1'], ['handover', 'transfer', '--target']);
    const wrong: string[] = [];
    for (const args of runs)
      for (const opts of [{}, ja]) {
        const r = butler(root, args, opts);
        const lines = r.err.split('\n');
        const ends = lines.at(-1) === '' && POINTER.test(lines.at(-2) ?? '') && lines.filter((l) => POINTER.test(l)).length === 1;
        if (r.code !== 2 || !ends) wrong.push(`${r.code} ${args.join(' ')}: ${JSON.stringify(r.err)}`);
      }
    // Nothing else ends so: a command that ran, a help.
    for (const args of [['status'], ['work', 'observe'], ['guard', 'status'], ['work', 'observe', '--help'], ['guard', '--help']]) {
      const r = butler(root, args);
      if (`${r.out}${r.err}`.split('\n').some((l) => POINTER.test(l))) wrong.push(`${r.code} ${args.join(' ')}: has the pointer`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('6. work --help lists what each verb takes', () => {
  it('each verb’s line has the flags of its own --help; publish and sync take --issue (en, ja)', () => {
    const root = repo();
    for (const opts of [{}, ja]) {
      const group = butler(root, ['work', '--help'], opts).out.split('\n');
      for (const verb of ['start', 'observe', 'diff', 'history', 'record', 'publish', 'sync', 'finish']) {
        const own = butler(root, ['work', verb, '--help'], opts)
          .out.split('\n')
          .find((l) => /^(options|オプション): /.test(l));
        const flags = (own ?? '').replace(/^\S+ /, '').replace(' --project DIR --json', '');
        expect(group.find((l) => l.startsWith(`  ${verb} `)) ?? '', verb).toMatch(
          new RegExp(`^ {2}${verb} +${flags.replace(/[()]/g, '\\$&')}( |$)`),
        );
      }
      // Every verb has its description after the flags now (walk-through 16 item 15).
      expect(group.find((l) => l.startsWith('  publish '))).toMatch(/^ {2}publish {2}--issue {2,}\S/);
      expect(group.find((l) => l.startsWith('  sync '))).toMatch(/^ {2}sync {5}--issue {2,}\S/);
    }
    expect(README).toContain('lists each verb with the flags its own `--help` lists (`publish  --issue`)');
  });
});

describe('8. work observe with a closed default issue', () => {
  it('the record step says the issue is closed and names reopen or another issue (en, ja); an open one is not warned of', () => {
    const root = repo();
    const body = path.join(root, '..', 'body.md');
    writeFileSync(body, '## Current state\nx\n\n## Next\ny\n\n## Blockers\nnone\n');
    expect(butler(root, ['issue', 'create', '--title', 'Login', '--body-file', body]).code).toBe(0);
    expect(butler(root, ['work', 'start', '--issue', '1']).code).toBe(0);
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    const open = butler(root, ['work', 'observe']).out;
    expect(open).toContain('(Unrecorded changes. It will link #1.)');
    expect(butler(root, ['issue', 'close', '1']).code).toBe(0);
    // Closing it cleared the default issue; set again, as a person may (work start warns too).
    expect(butler(root, ['work', 'start', '--issue', '1']).code).toBe(0);
    const r = butler(root, ['work', 'observe']);
    expect(r.out).toContain(
      '  next: butler work record --message MESSAGE   (Unrecorded changes. It will link #1, which is closed: reopen it with `butler issue reopen 1`, or pick an open one with `butler issue list` and `butler work start --issue N`.)\n',
    );
    expect(butler(root, ['work', 'observe'], ja).out).toContain(
      '  次: butler work record --message MESSAGE   (未記録の変更があります。#1 に紐付けて記録しますが、この issue はクローズ済みです: `butler issue reopen 1` で開き直すか、`butler issue list` でオープンの issue を選んで `butler work start --issue N` を実行してください)\n',
    );
  });
});

describe('2. work observe after a work sync that conflicted', () => {
  it('says to resolve by hand (or git rebase --abort), not to sync again; a new record brings the sync back (en, ja)', () => {
    const { root, remote } = withRemote();
    made(path.dirname(divergedOn(root, remote)));
    expect(butler(root, ['work', 'observe']).out).toContain('  next: butler work sync ');
    expect(butler(root, ['work', 'sync']).code).toBe(1);
    // The failed sync left nothing in the repository: no rebase in progress, the branch as it was.
    expect(git(root, 'status', '--porcelain')).toBe('');
    const r = butler(root, ['work', 'observe']);
    expect(r.out).not.toContain('next: butler work sync');
    expect(r.out).toContain(
      '  hint: The last `butler work sync` stopped on a conflict in f and changed nothing; running it again conflicts again. Resolve it by hand with git: `git rebase origin/main` shows the conflicts; edit them, `git add` them, then `git rebase --continue` (or `git rebase --abort` to give up). Then run `butler work observe`.\n',
    );
    expect(butler(root, ['work', 'observe'], ja).out).toContain(
      '  ヒント: 前回の `butler work sync` は f の競合で止まり、何も変更していません（もう一度実行しても同じ競合になります）。',
    );
    // Another record is another state: the sync is proposed again.
    writeFileSync(path.join(root, 'g'), 'g\n');
    git(root, 'add', 'g');
    git(root, 'commit', '-q', '-m', 'g');
    expect(butler(root, ['work', 'observe']).out).toContain('  next: butler work sync ');
  });
});
