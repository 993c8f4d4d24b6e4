// The final newcomer walk-through's handover findings (#25), through the real CLI, en and ja where there is text.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/repo.js';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo, installed } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };

describe('1. a snapshot written after files were deleted', () => {
  it('names no deleted file as one to look at, and accept reports no anchor missing since', () => {
    const root = repo();
    expect(butler(root, ['install', '--codex']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'codex');
    expect(butler(root, ['uninstall']).code).toBe(0);
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    expect(git(root, 'status', '--short', '--', 'AGENTS.md')).toBe('D AGENTS.md');
    expect(butler(root, ['handover', 'transfer', '--target', 'claude', '--notes', 'over to Claude']).code).toBe(0);
    const r = butler(root, ['handover', 'accept', '--client', 'claude']);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/missing/i);
    const files = r.out.split('Files to look at first\n')[1]!.split('\n\n')[0]!;
    expect(files).toBe(['    - `.gitignore`', '    - `.claude/`', '    - `.mcp.json`', '    - `CLAUDE.md`'].join('\n'));
    // The changed files still include the deleted ones.
    expect(r.out).toContain('`.codex/config.toml`, `.codex/hooks.json`, `.gitignore`, `AGENTS.md`');
  });
});

describe('2 and 3. a brain flag of a handover verb that names no brain', () => {
  it('is a usage error naming the nearest brain, as handover list says it, on every verb (en, ja)', () => {
    const root = installed();
    const known = '(known: claude-code, codex-mcp-client)';
    const cases: [string[], string][] = [
      [['handover', 'accept', '--source', 'codx'], `--source codx names no brain here; did you mean codex-mcp-client? ${known}`],
      [['handover', 'accept', '--client', 'codx'], `--client codx names no brain here; did you mean codex-mcp-client? ${known}`],
      [['handover', 'transfer', '--target', 'codx'], `--target codx names no brain here; did you mean codex-mcp-client? ${known}`],
      [
        ['handover', 'transfer', '--client', 'clade', '--target', 'codex'],
        `--client clade names no brain here; did you mean claude-code? ${known}`,
      ],
      [['handover', 'suspend', '--client', 'codx'], `--client codx names no brain here; did you mean codex-mcp-client? ${known}`],
      [
        ['handover', 'resume', '--client', 'codx'],
        '--client codx names no brain here; did you mean codex-mcp-client? (known: claude-code, codex-mcp-client, gemini-cli-mcp-client, person)',
      ],
    ];
    for (const [args, line] of cases) {
      const r = butler(root, args);
      expect([r.code, r.out, r.err], args.join(' ')).toEqual([
        2,
        '',
        `butler ${args[0]} ${args[1]}: ${line}\n  butler ${args[0]} ${args[1]} --help lists its options.\n`,
      ]);
    }
    expect(butler(root, ['handover', 'accept', '--source', 'codx'], ja).err.split('\n')[0]).toBe(
      `butler handover accept: --source codx はここで知られているエージェントを指していません。もしかして codex-mcp-client？（既知: claude-code, codex-mcp-client）`,
    );
    // Nothing was written.
    expect(butler(root, ['handover', 'list', '--json']).json().data.handovers).toEqual([]);
  });

  it('no hint proposes a transfer to the brain that would run it', () => {
    const root = installed();
    expect(butler(root, ['handover', 'suspend', '--notes', 'mine']).code).toBe(0);
    // A transfer to the person who types: not a brain here.
    expect(butler(root, ['handover', 'transfer', '--target', 'person']).err.split('\n')[0]).toBe(
      'butler handover transfer: --target person names no brain here (known: claude-code, codex-mcp-client)',
    );
    // Accepting one's own snapshots: nothing to accept, and no "transfer --target person" for the person to run.
    const r = butler(root, ['handover', 'accept', '--source', 'person']);
    expect(r.code).toBe(3);
    expect(r.out).toBe('? No matching handover snapshot\n  next: butler handover list   (See the history and receipts)\n');
  });
});

describe('5. handover list after a retire', () => {
  it('never proposes a retired snapshot, and each row says when it was written (en, ja); --json unchanged', () => {
    const root = installed();
    const first = butler(root, ['handover', 'suspend', '--notes', 'first']);
    const older = /ID: (\S+)/.exec(first.out)![1]!;
    // A second snapshot a second later: ids are by the second.
    spawnSync('sleep', ['1.1']);
    const newer = /ID: (\S+)/.exec(butler(root, ['handover', 'suspend', '--notes', 'second']).out)![1]!;
    expect(butler(root, ['handover', 'retire', newer]).code).toBe(0);
    const list = butler(root, ['handover', 'list']);
    const rows = list.out.split('\n').filter((l) => l.startsWith('  project-'));
    const stamp = (id: string) => /-(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)\d\dZ-/.exec(id)!.slice(1);
    const short = (id: string) => {
      const [y, mo, d, h, mi] = stamp(id);
      return `${y}-${mo}-${d} ${h}:${mi} UTC`;
    };
    expect(rows[0]).toMatch(new RegExp(`^  ${newer}  ${short(newer)}  person -> person \\(retired by person\\)  second`));
    // The retired one replaces nothing (#25): the older one is current again.
    expect(rows[1]).toBe(`  ${older}  ${short(older)}  person -> person  first`);
    expect(list.out).toContain(`  next: butler handover read ${older}   (`);
    expect(list.out).not.toContain(`handover read ${newer}`);
    expect(butler(root, ['handover', 'list'], ja).out).toContain(`  ${older}  ${short(older)}  人（person） -> 人（person）`);
    const json = butler(root, ['handover', 'list', '--json']).json().data;
    expect(Object.keys(json.handovers[1]).sort()).toEqual([
      'created_at',
      'handover_id',
      'is_latest',
      'issue_id',
      'issue_title',
      'seq',
      'snapshot_file',
      'source_brain',
      'summary',
      'target_brain',
    ]);
    expect(json.suggested_action.args).toEqual({ handover_id: older });
    // Every one retired: no snapshot to read is proposed.
    expect(butler(root, ['handover', 'retire', older]).code).toBe(0);
    expect(butler(root, ['handover', 'list']).out).not.toContain('handover read');
  });
});

describe('4. handover read with no default issue while issues have snapshots', () => {
  it('says which issues have them and names list and read --issue N, not suspend (en, ja)', () => {
    const root = installed();
    writeFileSync(path.join(root, 'body.md'), '## Current state\nx\n\n## Next\ny\n\n## Blockers\nnone\n');
    expect(butler(root, ['issue', 'create', '--title', 'Greet', '--body-file', 'body.md']).code).toBe(0);
    expect(butler(root, ['issue', 'create', '--title', 'Wave', '--body-file', 'body.md']).code).toBe(0);
    expect(butler(root, ['handover', 'suspend', '--issue', '2', '--notes', 'two']).code).toBe(0);
    // A second later: the newest snapshot is #1's.
    spawnSync('sleep', ['1.1']);
    expect(butler(root, ['work', 'start', '--issue', '1']).code).toBe(0);
    expect(butler(root, ['handover', 'suspend', '--notes', 'one']).code).toBe(0);
    // `work start` with no --issue clears the default issue.
    expect(butler(root, ['work', 'start']).code).toBe(0);
    const r = butler(root, ['handover', 'read']);
    expect([r.code, r.out]).toEqual([
      3,
      '? No snapshot of the project itself (no default issue); there are snapshots of issue #1, #2\n' +
        '  next: butler handover list   (See the history and receipts)\n' +
        '  next: butler handover read --issue 1   (The newest of issue #1)\n',
    ]);
    expect(butler(root, ['handover', 'read'], ja).out.split('\n')[0]).toBe(
      '? プロジェクト全体の snapshot はありません（既定の issue もありません）。issue #1, #2 の snapshot があります',
    );
    // The step it names reads the snapshot.
    expect(butler(root, ['handover', 'read', '--issue', '1']).out).toMatch(/^✓ /);
  });
});
