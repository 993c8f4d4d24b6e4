// `butler hook <event>`: every event its usage names runs, and no other is taken (one table in
// src/cli/commands/hook.ts for the usage, the check, the "did you mean" and the dispatch).
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { BIN, butler, tempRepos } from '../helpers/person-cli.js';
import { isolatedGitEnv } from '../helpers/repo.js';

const { repo } = tempRepos();

it('runs session-start and pre-tool-use, the two events its usage names; refuses pre-compact', () => {
  const root = repo();
  expect(butler(root, ['hook', '--help']).out).toMatch(/^usage: butler hook session-start\|pre-tool-use \[--brain ID\]/);
  expect(butler(root, ['hook', '--help', '--lang', 'ja']).out).toMatch(/^使い方: butler hook session-start\|pre-tool-use \[--brain ID\]/);
  expect(butler(root, ['hook']).err).toBe('usage: butler hook session-start|pre-tool-use [--brain ID]\n');
  const run = (event: string, input: object) =>
    spawnSync(process.execPath, [BIN, 'hook', event, '--brain', 'claude-code'], {
      cwd: root,
      input: JSON.stringify({ cwd: root, ...input }),
      encoding: 'utf8',
      env: isolatedGitEnv({ HOME: root, BUTLER_LANG: 'en' }),
    });
  const deny = run('pre-tool-use', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git log' } });
  expect([deny.status, JSON.parse(deny.stdout).hookSpecificOutput.permissionDecision]).toEqual([0, 'deny']);
  const start = run('session-start', { session_id: 's', hook_event_name: 'SessionStart', source: 'startup' });
  expect([start.status, start.stdout.includes('Butler')]).toEqual([0, true]);
  expect(butler(root, ['hook', 'pre-compact']).err.split('\n')[0]).toBe('butler hook: unknown verb pre-compact');
});
