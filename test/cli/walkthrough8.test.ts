// Newcomer walk-through 8 (#25): run by path (a clone's hooks/butler.mjs, no `butler` on PATH), the hints name
// the command typed, but the person's own words (a commit message, an issue title) were rewritten on display
// too, and the Japanese status hint was not rewritten at all.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asInvoked, wholeOutput } from '../../src/cli/prog-name.js';
import { CLONE_BIN, butler, tempRepos } from '../helpers/person-cli.js';

const { repo } = tempRepos();

describe('the person’s words are shown as written; only hints name the command typed', () => {
  it('asInvoked: hint lines and backticked commands are rewritten, other lines are not', () => {
    const text = [
      '✓ Created #3 butler status is slow',
      '  next: butler work record --message MESSAGE',
      '  if you want: butler work publish   (Shares the record.)',
      '  ヒント: butler issue list で一覧できます',
      'abc1234 docs: run butler status after butler install',
      '  upstream: origin/main (`butler work sync` fetches.)',
      'butler work: unknown verb wrok',
      '  "hint": "run butler work observe",',
      '  "message": "docs: run butler status",',
    ].join('\n');
    expect(asInvoked(text, 'node /c/hooks/butler.mjs', false).split('\n')).toEqual([
      '✓ Created #3 butler status is slow',
      '  next: node /c/hooks/butler.mjs work record --message MESSAGE',
      '  if you want: node /c/hooks/butler.mjs work publish   (Shares the record.)',
      '  ヒント: node /c/hooks/butler.mjs issue list で一覧できます',
      'abc1234 docs: run butler status after butler install',
      '  upstream: origin/main (`node /c/hooks/butler.mjs work sync` fetches.)',
      'node /c/hooks/butler.mjs work: unknown verb wrok',
      '  "hint": "run node /c/hooks/butler.mjs work observe",',
      '  "message": "docs: run butler status",',
    ]);
    expect(asInvoked('（選択による。butler install --codex で追加できます）', 'node x.mjs')).toBe(
      '（選択による。node x.mjs install --codex で追加できます）',
    );
    expect(asInvoked('anything butler status', 'butler', false)).toBe('anything butler status');
    expect(wholeOutput(['status'])).toBe(true);
    expect(wholeOutput(['--lang', 'ja', 'install'])).toBe(true);
    expect(wholeOutput(['work', 'history', '--help'])).toBe(true);
    expect(wholeOutput(['work', 'history'])).toBe(false);
    expect(wholeOutput(['issue', 'list'])).toBe(false);
  });

  it('through the clone’s bundle: history and issue text unchanged, hints rewritten, ja status too', () => {
    const root = repo({ withRemote: true });
    writeFileSync(path.join(root, 'doc.md'), 'x\n');
    const bin = CLONE_BIN;
    expect(butler(root, ['work', 'record', '-m', 'docs: run butler status after butler install'], { bin }).code).toBe(0);
    const hist = butler(root, ['work', 'history', '-n', '1'], { bin });
    expect(hist.out).toContain('docs: run butler status after butler install');
    expect(butler(root, ['work', 'history', '-n', '1', '--json'], { bin }).json().data.records[0].message).toContain(
      'docs: run butler status after butler install',
    );
    const created = butler(
      root,
      ['issue', 'create', '--title', 'butler status is slow', '--body', '## Current state\nx\n\n## Next\ny\n\n## Blockers\nNone.\n'],
      { bin },
    );
    expect(created.out).toContain('butler status is slow');
    expect(created.out).not.toContain(`${bin} status is slow`);
    const obs = butler(root, ['work', 'observe'], { bin });
    expect(obs.out).toContain(`node ${bin} work publish`);
    expect(butler(root, ['install', '--claude'], { bin }).code).toBe(0);
    const ja = butler(root, ['status', '--lang', 'ja'], { bin });
    expect(ja.out).toContain(`node ${bin} install --codex`);
    expect(ja.out).not.toMatch(/[。（]butler install/);
  });
});

describe('guard VERB --help', () => {
  it('prints the guard usage and exits 0 for each verb', () => {
    const root = repo();
    for (const verb of ['allow', 'deny', 'mode', 'status']) {
      const r = butler(root, ['guard', verb, '--help']);
      expect(r.code, verb).toBe(0);
      expect(r.out, verb).toContain('guard allow');
      expect(r.err, verb).toBe('');
    }
  });
});

describe('handover read with no id and no default issue', () => {
  it('names the list as well as suspend: snapshots of issues may exist', () => {
    const root = repo();
    const r = butler(root, ['handover', 'read']);
    expect(r.code).toBe(3);
    expect(r.out).toContain('  next: butler handover suspend');
    expect(r.out).toContain('  next: butler handover list   (See the history and receipts)');
  });
});
