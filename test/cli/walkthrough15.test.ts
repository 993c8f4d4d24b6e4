// Newcomer walk-through 15 (#25): the finds of the last walk-through, through the real CLI, en and ja where
// there is text.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../helpers/repo.js';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };

/** A committed install of Claude Code and Codex with issue #1 as the default issue. */
function withIssue(): string {
  const root = repo();
  expect(butler(root, ['install', '--claude', '--codex']).code).toBe(0);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'install');
  const body = path.join(root, 'body.md');
  writeFileSync(body, '## Current state\nx\n## Next\ny\n## Blockers\nnone\n');
  expect(butler(root, ['issue', 'create', '--title', 'a', '--body-file', body]).code).toBe(0);
  expect(butler(root, ['work', 'start', '--issue', '1']).code).toBe(0);
  return root;
}

const idOf = (out: string) => out.match(/handover_id: (\S+)/)![1]!;

describe('1. resume after the only transfer was retired', () => {
  it('resumes the earlier suspend of the same issue; read and list no longer call it replaced', () => {
    const root = withIssue();
    const suspend = idOf(butler(root, ['handover', 'suspend', '--notes', 'first']).out);
    const transfer = idOf(butler(root, ['handover', 'transfer', '--target', 'codex']).out);
    // The transfer replaces the suspend while it stands.
    expect(butler(root, ['handover', 'resume']).code).toBe(3);
    expect(butler(root, ['handover', 'retire', transfer]).code).toBe(0);
    const r = butler(root, ['handover', 'resume']);
    expect([r.code, r.out.split('\n')[0]]).toEqual([0, `✓ Read handover ${suspend}`]);
    expect(butler(root, ['handover', 'resume'], ja).out.split('\n')[0]).toContain(suspend);
    // The suspend is no longer shown as replaced.
    expect(butler(root, ['handover', 'read', suspend]).out).not.toContain('Superseded');
    const row = butler(root, ['handover', 'list', '--json'])
      .json()
      .data.handovers.find((h: { handover_id: string }) => h.handover_id === suspend);
    expect(row.superseded_by).toBeUndefined();
  });
});

describe('2. status where Butler was never installed but session_logs/ is ignored (as in Butler’s own clone)', () => {
  it('says not installed here; after an uninstall it says uninstalled (en, ja)', () => {
    const root = repo();
    writeFileSync(path.join(root, '.gitignore'), 'node_modules\nsession_logs/\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'ignore');
    expect(butler(root, ['status']).out.split('\n')[1]).toBe('  Butler is not installed here: run butler install.');
    expect(butler(root, ['status'], ja).out.split('\n')[1]).toBe(
      '  ここには Butler がインストールされていません: butler install を実行してください。',
    );
    expect(butler(root, ['status', '--json']).json().data.installed_once).toBeUndefined();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    expect(butler(root, ['uninstall']).code).toBe(0);
    expect(butler(root, ['status']).out.split('\n')[1]).toBe(
      '  Butler is not installed here (it was uninstalled; its settings and .gitignore lines remain): run butler install to install it again.',
    );
    expect(butler(root, ['status', '--json']).json().data.installed_once).toBe(true);
  });
});
