// Issue #27: the README's security model says a command that points git at another repository
// (`--git-dir`, `GIT_DIR`, `GIT_WORK_TREE`, a `cd` to a computed folder) falls back to block, because
// that repository's settings are unknown. Here the project itself has the guard committed off, so
// plain `git push` runs; each form below must still be denied, in-process and through the real bundle.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { preToolUse } from '../../src/hooks/pre-tool-use.js';
import { git, makeRepo } from '../helpers/repo.js';

const BUNDLE = path.join(__dirname, '..', '..', 'hooks', 'pre-tool-use.cjs');
const OTHER = [
  'GIT_DIR=/x/.git git push',
  'GIT_DIR=/x/.git GIT_WORK_TREE=/x git push',
  'GIT_WORK_TREE=/x git push',
  'git --git-dir=/x/.git push',
  'git --git-dir /x/.git push',
  'git --work-tree=/x push',
  'cd "$(mktemp -d)" && git push',
  // The same variables handed over by env or sudo (found by mutation testing, issue #27).
  'env GIT_DIR=/x/.git git push',
  'env -u HOME GIT_WORK_TREE=/x git push',
  'sudo GIT_DIR=/x/.git git push',
];

let root = '';
const input = (command: string) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', cwd: root, tool_input: { command } });
const verdict = (out: string) => (out === '' ? 'allow' : /"permissionDecision":"deny"/.test(out) ? 'deny' : out);

beforeAll(() => {
  root = makeRepo().root;
  mkdirSync(path.join(root, '.butler'));
  writeFileSync(path.join(root, '.butler', 'config.yaml'), 'guard:\n  mode: off\n');
  git(root, 'add', '.butler/config.yaml');
  git(root, 'commit', '-qm', 'a person turned the guard off');
});

describe('git pointed at another repository falls back to block', () => {
  it('in this project (guard committed off) plain git runs', async () => {
    expect(verdict(await preToolUse(input('git push'), {}))).toBe('allow');
    expect(verdict(await preToolUse(input('git -C . push'), {}))).toBe('allow');
  });

  it('each form that names another repository is denied (the hook logic)', async () => {
    const got: Record<string, string> = {};
    for (const c of OTHER) got[c] = verdict(await preToolUse(input(c), {}));
    expect(got).toEqual(Object.fromEntries(OTHER.map((c) => [c, 'deny'])));
  });

  it('and through the built hook, as a client runs it', () => {
    const got: Record<string, string> = {};
    for (const c of ['git push', ...OTHER.slice(0, 3), 'git --git-dir=/x/.git push', 'env GIT_DIR=/x/.git git push']) {
      const r = spawnSync(process.execPath, [BUNDLE], { input: input(c), encoding: 'utf8', cwd: root, timeout: 20_000 });
      got[c] = verdict(r.stdout);
    }
    expect(got).toEqual({
      'git push': 'allow',
      'GIT_DIR=/x/.git git push': 'deny',
      'GIT_DIR=/x/.git GIT_WORK_TREE=/x git push': 'deny',
      'GIT_WORK_TREE=/x git push': 'deny',
      'git --git-dir=/x/.git push': 'deny',
      'env GIT_DIR=/x/.git git push': 'deny',
    });
  });
});
