// Cursor runs Claude Code's hooks (third-party hooks in .claude/settings.json) with its own payload
// (cursor_version, conversation_id, workspace_roots) and reads its own answer format, which Butler has
// not verified against a real Cursor: every Butler hook stays out of the way there and says nothing.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preCompact } from '../../src/hooks/pre-compact.js';
import { preToolUse } from '../../src/hooks/pre-tool-use.js';
import { sessionStart } from '../../src/hooks/session-start.js';
import { isolatedGitEnv } from '../helpers/repo.js';

let repo = '';
beforeAll(async () => {
  repo = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-cursor-'));
  await fsp.mkdir(path.join(repo, '.git'));
});
afterAll(async () => {
  await fsp.rm(repo, { recursive: true, force: true });
});

/** The common fields Cursor sends (cursor.com/docs hooks reference), plus an event's own. */
const cursor = (extra: Record<string, unknown>) =>
  JSON.stringify({
    conversation_id: 'conv-123',
    generation_id: 'gen-456',
    workspace_roots: [repo],
    cursor_version: '2.0.77',
    cwd: repo,
    ...extra,
  });

describe('Cursor running Claude Code hooks', () => {
  it('the guard stays out of the way for each shape Cursor may send', async () => {
    expect(await preToolUse(cursor({ hook_event_name: 'beforeShellExecution', command: 'git status' }), {})).toBe('');
    expect(await preToolUse(cursor({ hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: { command: 'git status' } }), {})).toBe(
      '',
    );
    expect(await preToolUse(cursor({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status' } }), {})).toBe(
      '',
    );
  });

  it("the same input without Cursor's fields is still denied (the guard is not weakened for Claude Code)", async () => {
    const claude = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status' }, cwd: repo });
    expect(JSON.parse(await preToolUse(claude, {})).hookSpecificOutput.permissionDecision).toBe('deny');
    // cursor_version alone (without Cursor's conversation id) is not Cursor.
    const half = JSON.stringify({ ...JSON.parse(claude), cursor_version: '2.0.77' });
    expect(JSON.parse(await preToolUse(half, {})).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('SessionStart prints nothing and PreCompact writes nothing as Claude Code', async () => {
    expect(await sessionStart(cursor({ hook_event_name: 'sessionStart' }), { brain: 'claude-code', env: isolatedGitEnv() })).toBe('');
    expect(
      await preCompact(cursor({ hook_event_name: 'preCompact', transcript_path: '/dev/null' }), {
        brain: 'claude-code',
        env: isolatedGitEnv(),
      }),
    ).toBe('');
    await expect(fsp.readdir(path.join(repo, 'session_logs'))).rejects.toThrow();
  });
});
