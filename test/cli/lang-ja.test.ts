// Issue #25 item 6: `--lang ja` (and `lang: ja` in .butler/config.yaml) applies to everything the CLI prints
// for a person. Every verb, its help and a usage error, through the real bundle, with a simple oracle that
// knows nothing of Butler's catalogs: a line with three or more English words in a row is untranslated prose.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, makeRepo } from '../helpers/repo.js';
import { BIN, pathWithoutButler } from '../helpers/person-cli.js';
import { STRUCTURED_JA } from '../issues/helpers.js';
import { englishRun } from '../helpers/english-prose.js';

function butler(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    input: '',
    // No BUTLER_LANG and an English locale: only the flag or the config may choose Japanese.
    env: { PATH: pathWithoutButler(), HOME: cwd, LANG: 'C', USER: 'tester', ...env },
    timeout: 60_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/**
 * Deliberate exceptions: output that is not Butler's prose for a person, each with why: lines Butler copies
 * from elsewhere, git's own output (`git:` diagnostics), the repository's files. (A tool verb's `--help` no
 * longer starts with the tool's English description: a person's summary, #25, docs/decisions.md D37.)
 */
const EXCEPTIONS: { re: RegExp; why: string }[] = [{ re: /^ {2}git: | {7}/, why: "git's own diagnostic, quoted" }];

function englishLines(out: string): string[] {
  return out
    .split('\n')
    .filter((l) => englishRun(l).split(' ').length >= 3 && !EXCEPTIONS.some((e) => e.re.test(l)))
    .map((l) => `${l}   <- "${englishRun(l)}"`);
}

describe('the oracle itself', () => {
  it('flags English prose and passes Japanese text with commands, flags, paths and names in it', () => {
    expect(englishLines('problem: session_logs/ is not git-ignored: snapshots could be committed.')).toHaveLength(1);
    expect(englishRun('problem: session_logs/ is not git-ignored: snapshots could be committed.')).toBe('snapshots could be committed');
    expect(englishRun('work: unknown verb obsrve; did you mean observe?')).toBe('did you mean observe');
    expect(englishRun('butler guard mode: blok is not a mode; use one of block')).toBe('blok is not a mode');
    expect(englishRun('Vendored runtime is 0.1.0: run butler install to update.')).toBe('Vendored runtime is');
    for (const ok of [
      'butler work: unknown verb obsrve',
      '  Codex:       未インストール（選択による。butler install --codex で追加できます）',
      '  ok   SessionStart  ok   PreToolUse (sh pre-filter)  ok   .mcp.json butler',
      '次: `butler work record -m MESSAGE` を実行してください',
      'Claude Code の hook と MCP の承認',
    ])
      expect(englishLines(ok)).toEqual([]);
  });
});

describe('every CLI verb with --lang ja prints no English prose (spawned)', () => {
  it('install, status, uninstall, guard, help and usage errors', { timeout: 300_000 }, () => {
    const { root } = makeRepo({ withRemote: true });
    const runs: string[][] = [
      [],
      ['--help'],
      ['nope'],
      ['statsu'],
      ['install', '--help'],
      ['install', '--bogus'],
      ['install', '--lang', 'xx'],
      ['install', '--claude', '--dry-run'],
      ['install', '--claude', '--codex'],
      ['install', '--claude', '--codex'],
      ['status'],
      ['status', '--help'],
      ['status', '--jsn'],
      ['guard', '--help'],
      ['guard', 'status'],
      ['guard', 'nope'],
      ['guard', 'mode', 'blok'],
      ['guard', 'allow', 'fetch'],
      ['mcp', '--help'],
      ['mcp', '--bogus'],
      ['hook', '--help'],
      ['hook', 'nope'],
      ['demo', '--help'],
      ['uninstall', '--help'],
      ['uninstall', '--codex', '--dry-run'],
      ['uninstall', '--codex'],
      ['status'],
    ];
    const offenders: string[] = [];
    for (const args of runs) {
      const r = butler(root, [...args, '--lang', 'ja']);
      offenders.push(...englishLines(r.out).map((l) => `butler ${args.join(' ')}: ${l}`));
    }
    expect(offenders).toEqual([]);
    // The oracle is not blind: the same commands in English are flagged.
    expect(englishLines(butler(root, ['status', '--lang', 'en']).out).length).toBeGreaterThan(2);
    expect(englishLines(butler(root, ['guard', 'mode', 'blok', '--lang', 'en']).out).length).toBeGreaterThan(0);
    // The language install recorded is the one every later command speaks without the flag.
    expect(readFileSync(path.join(root, '.butler/config.yaml'), 'utf8')).toMatch(/^lang: ja$/m);
    const plain = butler(root, ['status']);
    expect(englishLines(plain.out)).toEqual([]);
    expect(plain.out).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  });

  it('the work, issue and handover verbs, their help and usage errors', { timeout: 300_000 }, () => {
    const { root } = makeRepo({ withRemote: true });
    butler(root, ['install', '--claude', '--lang', 'en']);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install');
    const body = path.join(root, '..', 'body.md');
    writeFileSync(body, STRUCTURED_JA);
    const runs: string[][] = [
      ['work', '--help'],
      ['work', 'obsrve'],
      ['issue', '--help'],
      ['issue', 'creat'],
      ['handover', '--help'],
      ['handover', 'nope'],
      ['issue', 'list'],
      ['issue', 'create', '--title', 'ログイン'],
      ['issue', 'create', '--title', 'ログイン', '--body-file', body],
      ['issue', 'create', '--titel', 'x'],
      ['issue', 'read', '1'],
      ['issue', 'read', 'x1'],
      ['issue', 'read', '9'],
      ['issue', 'comment', '1', '--body', 'コメント'],
      ['issue', 'delete-comment', '1', '1'],
      ['issue', 'update-title', '1', '--title', 'ログイン修正'],
      ['issue', 'update-body', '1', '--body-file', body],
      ['issue', 'close', '1'],
      ['issue', 'reopen', '1'],
      ['issue', 'close'],
      ['issue', 'approve-url'],
      ['issue', 'approve-url', 'https://gitea.example.com'],
      ['issue', 'list', '--all'],
      ['work', 'start', '--issue', '1'],
      ['work', 'observe'],
      ['work', 'observe', '--issue', 'abc'],
      ['work', 'diff'],
      ['work', 'history'],
      ['work', 'history', '-n', 'many'],
      ['work', 'record', '-m', '修正'],
      ['work', 'publish'],
      ['work', 'sync'],
      ['work', 'finish'],
      ['handover', 'list'],
      ['handover', 'brains'],
      ['handover', 'read'],
      ['handover', 'prepare'],
      ['handover', 'suspend'],
      ['handover', 'list'],
      ['handover', 'read'],
      ['handover', 'transfer'],
      ['handover', 'transfer', '--target-brain', 'codex'],
      ['handover', 'accept', '--client', 'codex'],
      ['handover', 'resume'],
      ['handover', 'retire'],
      ['handover', 'share-preview'],
      ['handover', 'share-preview', '--help'],
      // Said to a person, not an agent (walk-through 9): a --client or --target naming no brain, the first share.
      ['handover', 'suspend', '--client', 'clade'],
      ['handover', 'transfer', '--client', 'claude-code', '--target', 'codx'],
      ['handover', 'suspend', '--client', 'claude-code', '--share'],
    ];
    // Every verb's help; an unknown flag on one verb of each group (the runner is one code path).
    for (const group of ['work', 'issue', 'handover']) {
      const verbs = VERBS[group]!;
      for (const verb of verbs) runs.push([group, verb, '--help']);
      runs.push([group, verbs[1]!, '--bogus']);
    }
    const offenders: string[] = [];
    for (const args of runs) {
      if (args[1] === 'record') writeFileSync(path.join(root, 'a.txt'), 'a\n');
      const r = butler(root, [...args, '--lang', 'ja']);
      offenders.push(...englishLines(r.out).map((l) => `butler ${args.join(' ')}: ${l}`));
    }
    expect(offenders).toEqual([]);
    expect(englishLines(butler(root, ['work', 'observe', '--lang', 'en']).out).length).toBeGreaterThan(0);
  });

  it('the demo, in Japanese from start to end', { timeout: 120_000 }, () => {
    const { root } = makeRepo();
    const r = butler(root, ['demo', '--lang', 'ja'], { TMPDIR: path.dirname(root) });
    expect(r.code).toBe(0);
    expect(englishLines(r.out)).toEqual([]);
  });
});

/** Every verb of the three tool groups (README "CLI"), written out: the test does not read the CLI to list them. */
const VERBS: Record<string, string[]> = {
  work: ['start', 'observe', 'diff', 'history', 'record', 'publish', 'sync', 'finish'],
  issue: ['list', 'read', 'create', 'comment', 'delete-comment', 'update-title', 'update-body', 'reopen', 'close', 'approve-url'],
  handover: ['suspend', 'resume', 'transfer', 'accept', 'prepare', 'read', 'list', 'brains', 'retire', 'share-preview'],
};
