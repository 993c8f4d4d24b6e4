// The final newcomer walk-through (#25), item 3: with --lang ja a work state is a Japanese label (the README's code
// after it), --json keeps the code; status and install --json hold codes or English, never a translated sentence.
// Through the real CLI bundle in real git repositories; the expected texts are written here.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };
const stateLine = (out: string) => out.split('\n')[1]?.split('   ')[0];

describe('3. a work state for a person, the code for --json', () => {
  it('work observe: dirty, then recorded_unpublished (en, ja, --json)', () => {
    const root = repo({ withRemote: true });
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    expect(stateLine(butler(root, ['work', 'observe'], ja).out)).toBe('  状態: 未記録の変更あり（dirty）');
    expect(stateLine(butler(root, ['work', 'observe']).out)).toBe('  state: dirty');
    expect(butler(root, ['work', 'observe', '--json'], ja).json().data.work_state).toBe('dirty');
    expect(butler(root, ['work', 'record', '-m', 'a']).code).toBe(0);
    expect(stateLine(butler(root, ['work', 'observe'], ja).out)).toBe('  状態: 未公開の記録あり（recorded_unpublished）');
    expect(butler(root, ['work', 'observe', '--json'], ja).json().data.work_state).toBe('recorded_unpublished');
  });

  it('status --json and install --json are the same data whatever the language', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    const en = butler(root, ['status', '--json']).json();
    const jaStatus = butler(root, ['status', '--json'], ja).json();
    expect(jaStatus).toEqual(en);
    expect(jaStatus.data.guard_live.claude).toBe('runs');
    const fresh = repo();
    const plan = (opts = {}) => butler(fresh, ['install', '--claude', '--dry-run', '--json'], opts).json();
    expect(plan(ja)).toEqual(plan());
    expect(plan(ja).data.changes.find((c: { path: string }) => c.path === '.gitignore').note).toBe(
      'ignore session_logs/ (private snapshots); ignore .claude/settings.local.json (personal Claude Code settings)',
    );
  });
});
