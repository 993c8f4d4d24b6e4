// The guarded agent cannot relax its own guard through Butler's CLI: the PreToolUse hook refuses
// `butler guard allow|deny|mode` in every spelling it knows, in every guard mode but off.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, inspect } from '../../src/guard/decide.js';
import { preToolUse } from '../../src/hooks/pre-tool-use.js';
import { PERSON } from './corpus-person.js';

let repo = '';
beforeAll(async () => {
  repo = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-person-'));
  await fsp.mkdir(path.join(repo, '.git'));
});
afterAll(async () => {
  await fsp.rm(repo, { recursive: true, force: true });
});

describe('butler guard changes are a person’s act', () => {
  for (const row of PERSON) {
    it(`${row.name}: ${row.cmd}`, async () => {
      const out = await preToolUse(JSON.stringify({ tool_name: 'Bash', tool_input: { command: row.cmd }, cwd: repo }), {});
      if (row.label === null) {
        expect(out).toBe('');
        return;
      }
      const reason = JSON.parse(out).hookSpecificOutput.permissionDecisionReason as string;
      expect(reason).toContain(`\`${row.label}`);
      expect(reason).toContain('Ask the user');
    });
  }

  it('denies in warn mode too; only mode off (set by a person) lets it through', () => {
    const ins = inspect('butler guard allow push');
    expect(decide(ins, { mode: 'warn', allow: [] }).action).toBe('deny');
    expect(decide(ins, { mode: 'block', allow: ['push'] }).action).toBe('deny');
    expect(decide(ins, { mode: 'off', allow: [] }).action).toBe('allow');
  });

  it('fails closed on a command it cannot parse that names butler and guard, as for git', async () => {
    for (const cmd of [
      'butler guard mode off; echo "open',
      'node .butler/bin/butler.mjs guard allow push $(',
      "bu'tl'er gu\\ard mode off 'x",
    ]) {
      const ins = inspect(cmd);
      expect(ins.parseError, cmd).not.toBeNull();
      expect(decide(ins, { mode: 'warn', allow: [] }).action, cmd).toBe('deny');
      const out = await preToolUse(JSON.stringify({ tool_name: 'Bash', tool_input: { command: cmd }, cwd: repo }), {});
      expect(JSON.parse(out).hookSpecificOutput.permissionDecisionReason, cmd).toContain('could not be parsed');
    }
    // Unparseable, but no butler: nothing to refuse (an open quote after the word guard).
    expect(await preToolUse(JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'echo "guard' }, cwd: repo }), {})).toBe('');
    expect(decide(inspect('butler guard mode off; echo "open'), { mode: 'off', allow: [] }).action).toBe('allow');
  });

  it('approve-url passes through the sh pre-filter to the guard, which refuses it (the fast path does not allow it)', () => {
    for (const cmd of [
      'butler issue approve-url https://tracker.example --token-var GITEA_TOKEN',
      'node .butler/bin/butler.mjs issue "appr"ove-url https://x',
    ]) {
      const input = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: cmd }, cwd: repo });
      const r = spawnSync('sh', ['hooks/pre-tool-use.sh'], { input, encoding: 'utf8' });
      expect(r.status, cmd).toBe(0);
      expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, cmd).toBe('deny');
    }
  });
});
