// The final newcomer walk-through's handover findings (#25), through the real CLI, en and ja where there is text.
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/repo.js';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };

/** A committed install of Claude Code and Codex, so both name a brain here. */
function installed(): string {
  const root = repo();
  expect(butler(root, ['install', '--claude', '--codex']).code).toBe(0);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'install');
  return root;
}

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
