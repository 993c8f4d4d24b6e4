// Gemini CLI's hook protocol, pinned with the input the real CLI 0.61.0 sent (test/fixtures/hooks/captured/gemini/):
// stdout is JSON only; the guard's deny is top-level {decision, reason}; SessionStart's text goes in
// hookSpecificOutput.additionalContext. The same inputs through the installed sh pre-filter.
import { spawnSync } from 'node:child_process';
import { promises as fsp, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preToolUse } from '../../src/hooks/pre-tool-use.js';
import { startOutput } from '../../src/hooks/session-start.js';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hooks', 'captured', 'gemini');
const captured = (name: string) => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as Record<string, any>;

let repo = '';
beforeAll(async () => {
  repo = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-gemini-'));
  await fsp.mkdir(path.join(repo, '.git'));
});
afterAll(async () => {
  await fsp.rm(repo, { recursive: true, force: true });
});

const input = (command: string) => JSON.stringify({ ...captured('pre-tool-use.json'), cwd: repo, tool_input: { command } });

describe('BeforeTool (run_shell_command)', () => {
  it('the captured input is the shape the guard reads', () => {
    const c = captured('pre-tool-use.json');
    expect([c.hook_event_name, c.tool_name, c.tool_input]).toEqual(['BeforeTool', 'run_shell_command', { command: 'git status' }]);
  });

  it('denies raw git with a top-level decision naming the tool to use', async () => {
    const out = JSON.parse(await preToolUse(input('git status'), {}));
    expect(Object.keys(out).sort()).toEqual(['decision', 'reason']);
    expect(out.decision).toBe('deny');
    expect(out.reason).toContain('work_observe');
  });

  it('allows a command without git: no output at all', async () => {
    expect(await preToolUse(input('ls -la'), {})).toBe('');
  });

  it('fails closed in its own format on unreadable input that mentions git', async () => {
    const broken = input('git push').slice(0, -3);
    expect(JSON.parse(await preToolUse(broken, {}))).toMatchObject({ decision: 'deny' });
  });

  it('AfterTool and other events are not the guard: nothing', async () => {
    expect(await preToolUse(JSON.stringify({ ...JSON.parse(input('git status')), hook_event_name: 'AfterTool' }), {})).toBe('');
  });

  it('through the sh pre-filter as installed: the same answers', () => {
    const sh = (text: string) =>
      spawnSync('sh', [path.resolve('hooks/pre-tool-use.sh')], { input: text, encoding: 'utf8', cwd: repo }).stdout;
    expect(sh(input('ls -la'))).toBe('');
    expect(JSON.parse(sh(input('git status')))).toMatchObject({ decision: 'deny' });
    expect(JSON.parse(sh(input('echo ok && GIT_DIR=x g\\it log')))).toMatchObject({ decision: 'deny' });
  });
});

describe('SessionStart output by brain', () => {
  it('Gemini CLI gets JSON additionalContext; the text is unchanged inside', () => {
    const text = 'Resume the work on project (no issue).\n1. Call work_session_start(project_root).\n';
    expect(JSON.parse(startOutput('gemini-cli-mcp-client', text))).toEqual({
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: text },
    });
  });

  it('Claude Code and Codex keep plain text; nothing stays nothing', () => {
    expect(startOutput('claude-code', 'hello')).toBe('hello');
    expect(startOutput('codex-mcp-client', 'hello')).toBe('hello');
    expect(startOutput('gemini-cli-mcp-client', '')).toBe('');
  });

  it('the captured SessionStart and PreCompress inputs carry what the hooks read', () => {
    for (const f of ['session-start.json', 'pre-compress.json', 'session-end.json']) {
      const c = captured(f);
      expect(typeof c.session_id, f).toBe('string');
      expect(c.transcript_path, f).toMatch(/\/\.gemini\/tmp\/repo\/chats\/session-.*\.jsonl$/);
      expect(typeof c.cwd, f).toBe('string');
    }
  });
});
