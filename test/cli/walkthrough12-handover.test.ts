// Newcomer walk-through 12 (#25): the handover CLI after an uninstall and after a retire, through the real CLI, en and ja.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/repo.js';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { installed } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };

/** A project with Claude Code and Codex installed and committed, and one transfer from Claude Code to Codex. */
function transferred(): string {
  const root = installed();
  expect(butler(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codex']).code).toBe(0);
  return root;
}

describe('1. handover list’s brain filters after `uninstall --codex`', () => {
  it('--target codex (or codex-mcp-client) still lists the transfer to Codex; a known alias never installed is no error', () => {
    const root = transferred();
    expect(butler(root, ['uninstall', '--codex']).code).toBe(0);
    for (const name of ['codex', 'codex-mcp-client']) {
      const r = butler(root, ['handover', 'list', '--target', name]);
      expect([r.code, r.err], name).toEqual([0, '']);
      expect(r.out).toMatch(/ {2}\S+-claude-code {2}\S+ \S+ UTC {2}claude-code -> codex-mcp-client /);
    }
    const jr = butler(root, ['handover', 'list', '--target', 'codex'], ja);
    expect([jr.code, jr.err, jr.out.includes('claude-code -> codex-mcp-client')]).toEqual([0, '', true]);
    expect(butler(root, ['handover', 'list', '--client', 'gemini'], ja).code).toBe(0);
    // Only a name matching nothing is the usage error, with the nearest.
    const typo = butler(root, ['handover', 'list', '--target', 'codx']);
    expect([typo.code, typo.err.split('\n')[0]]).toEqual([
      2,
      'butler handover list: --target codx names no brain here; did you mean codex-mcp-client? (known: claude-code, codex-mcp-client, gemini-cli-mcp-client, person)',
    ]);
  });

  it('transfer --target after a full uninstall says no agent client is installed and names butler install (en, ja)', () => {
    const root = transferred();
    expect(butler(root, ['uninstall']).code).toBe(0);
    const r = butler(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codex']);
    expect([r.code, r.err.split('\n')[0]]).toEqual([
      2,
      'butler handover transfer: --target codex names no brain here: no agent client is installed (butler install sets one up)',
    ]);
    expect(butler(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codex'], ja).err.split('\n')[0]).toBe(
      'butler handover transfer: --target codex はここで知られているエージェントを指していません: エージェントクライアントがインストールされていません（butler install で設定できます）',
    );
  });
});

describe('2. after `handover retire ID`', () => {
  /** Two transfers by Claude Code in one scope (the second supersedes the first), the second retired. */
  function retired(): { root: string; older: string; newer: string; receipt: string } {
    const root = transferred();
    const older = butler(root, ['handover', 'list']).out.match(/ {2}(\S+-claude-code) /)![1]!;
    const t = butler(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codex']);
    const newer = t.out.match(/ID: (\S+)/)![1]!;
    expect(newer).not.toBe(older);
    const receipt = butler(root, ['handover', 'retire', newer]).out.split('\n')[0]!;
    return { root, older, newer, receipt };
  }

  it('reading the older one never sends the person back to the retired one (en, ja)', () => {
    const { root, older, newer } = retired();
    // The retired one replaces nothing (#25, walk-through 15): the older one is current again.
    const r = butler(root, ['handover', 'read', older]);
    expect(r.out.split('\n')[0]).toBe('✓ Handover snapshot read');
    expect(r.out).not.toContain(newer);
    expect(butler(root, ['handover', 'read', older], ja).out).not.toContain(newer);
    // A newer one not retired since: named, and the command reads it.
    const third = butler(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codex']).out.match(/ID: (\S+)/)![1]!;
    expect(butler(root, ['handover', 'read', older]).out.split('\n')[0]).toBe(
      `Superseded by ${third}: this is not the current snapshot. Read the newest with \`butler handover read ${third}\` (all of them: \`butler handover list\`).`,
    );
    expect(butler(root, ['handover', 'read', older], ja).out.split('\n')[0]).toBe(
      `${third} に置き換えられています: これは最新の snapshot ではありません。最新は \`butler handover read ${third}\` で読めます（一覧: \`butler handover list\`）。`,
    );
  });

  it('reading the retired one says first, in one line, that it is retired; retire’s receipt and the list use one word (en, ja)', () => {
    const { root, newer, receipt } = retired();
    expect(butler(root, ['handover', 'read', newer]).out.split('\n')[0]).toMatch(
      /^Retired by person at \S+ \S+ UTC: history only, no longer offered to resume\.$/,
    );
    expect(butler(root, ['handover', 'read', newer], ja).out.split('\n')[0]).toMatch(
      /^提示終了（person、\S+ \S+ UTC）: 履歴としてのみ残り、再開には提示されません。$/,
    );
    expect(receipt).toBe(`✓ Retired handover ${newer} (the file stays)`);
    expect(butler(root, ['handover', 'list']).out).toContain(`(retired by person)`);
    const third = butler(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codex']).out.match(/ID: (\S+)/)![1]!;
    expect(butler(root, ['handover', 'retire', third], ja).out.split('\n')[0]).toBe(
      `✓ handover ${third} の提示を終了しました（ファイルは残ります）`,
    );
    expect(butler(root, ['handover', 'list'], ja).out).toContain('（person が提示終了）');
  });

  it('retiring it again says it is retired already: exit 0, the one receipt, the index not written (en, ja)', () => {
    const { root, newer } = retired();
    const index = path.join(root, 'session_logs/handover/index.json');
    const before = readFileSync(index, 'utf8');
    const inode = statSync(index).ino;
    const again = butler(root, ['handover', 'retire', newer, '--client', 'codex']);
    expect(again.code).toBe(0);
    expect(again.out.split('\n')[0]).toMatch(
      new RegExp(`^✓ Handover ${newer} was already retired \\(by person at \\S+\\); nothing changed$`),
    );
    const j = butler(root, ['handover', 'retire', newer], ja);
    expect([j.code, j.out.split('\n')[0]]).toEqual([
      0,
      expect.stringMatching(/^✓ handover \S+ は提示終了済みです（person、\S+）。何も変更していません$/),
    ]);
    // Not rewritten either (an atomic write is a new file).
    expect([readFileSync(index, 'utf8'), statSync(index).ino]).toEqual([before, inode]);
    type Row = { handover_id: string; receipts?: { kind: string }[] };
    const row = (JSON.parse(before) as { handovers: Row[] }).handovers.find((e) => e.handover_id === newer);
    expect(row?.receipts?.filter((x) => x.kind === 'retired')).toHaveLength(1);
  });
});
