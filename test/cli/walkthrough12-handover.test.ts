// Newcomer walk-through 12 (#25): the handover CLI after an uninstall and after a retire, through the real CLI, en and ja.
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/repo.js';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };

/** A project with Claude Code and Codex installed and committed, and one transfer from Claude Code to Codex. */
function transferred(): string {
  const root = repo();
  expect(butler(root, ['install', '--claude', '--codex']).code).toBe(0);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'install');
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
      expect(r.out).toMatch(/ {2}\S+-claude-code {2}\S+ {2}claude-code -> codex-mcp-client /);
    }
    const jr = butler(root, ['handover', 'list', '--target', 'codex'], ja);
    expect([jr.code, jr.err, jr.out.includes('claude-code -> codex-mcp-client')]).toEqual([0, '', true]);
    expect(butler(root, ['handover', 'list', '--client', 'gemini'], ja).code).toBe(0);
    // Only a name matching nothing is the usage error, with the nearest.
    const typo = butler(root, ['handover', 'list', '--target', 'codx']);
    expect([typo.code, typo.err.split('\n')[0]]).toEqual([
      2,
      'butler handover list: --target codx names no brain here; did you mean codex-mcp-client? (known: claude-code, codex-mcp-client, person)',
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
      'butler handover transfer: --target codex はここの Brain を指していません: エージェントクライアントがインストールされていません（butler install で設定できます）',
    );
  });
});
