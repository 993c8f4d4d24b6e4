// Protocol pins for the PreToolUse hook: the exact stdout for Claude Code and Codex input.
import { promises as fsp, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preToolUse } from '../../src/hooks/pre-tool-use.js';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hooks');
const fixture = (rel: string) => JSON.parse(readFileSync(path.join(FIXTURES, rel), 'utf8')) as Record<string, unknown>;

const deny = (reason: string) =>
  `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":${JSON.stringify(reason)}}}`;

/** Keys Codex accepts in PreToolUse output (codex-rs/hooks/schema/generated/pre-tool-use.command.output.schema.json). */
const CODEX_TOP = ['continue', 'hookSpecificOutput', 'stopReason', 'suppressOutput', 'systemMessage'];
const CODEX_SPECIFIC = ['additionalContext', 'hookEventName', 'permissionDecision', 'permissionDecisionReason', 'updatedInput'];

let repo = '';
const run = (input: Record<string, unknown>, cwd = repo) => preToolUse(JSON.stringify({ ...input, cwd }), {});

beforeAll(async () => {
  repo = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-ptu-'));
  await fsp.mkdir(path.join(repo, '.git'));
});
afterAll(async () => {
  await fsp.rm(repo, { recursive: true, force: true });
});

describe('documented input shapes', () => {
  it('Claude Code: git pipeline -> deny naming work_history', async () => {
    expect(await run(fixture('pre-tool-use/claude-git-log.json'))).toBe(
      deny('Raw git is blocked by Butler. Use the butler MCP tools instead: work_history for git log (work_diff with record_id for one record)'),
    );
  });

  it('Claude Code: npm test -> no output', async () => {
    expect(await run(fixture('pre-tool-use/claude-npm-test.json'))).toBe('');
  });

  it('Claude Code: another tool -> no output', async () => {
    expect(await run(fixture('pre-tool-use/claude-read-tool.json'))).toBe('');
  });

  it('Codex: add, commit, push -> deny naming work_record and work_publish', async () => {
    expect(await run(fixture('pre-tool-use/codex-git-push.json'))).toBe(
      deny('Raw git is blocked by Butler. Use the butler MCP tools instead: work_record for git add, git commit; work_publish for git push'),
    );
  });

  it('Codex: git as data -> no output', async () => {
    expect(await run(fixture('pre-tool-use/codex-echo-git.json'))).toBe('');
  });
});

describe('captured input from the real clients', () => {
  const dir = path.join(FIXTURES, 'captured');
  const files = ['claude', 'codex'].flatMap((c) => {
    try {
      return readdirSync(path.join(dir, c))
        .filter((f) => f.startsWith('pre-tool-use') && f.endsWith('.json'))
        .map((f) => `${c}/${f}`);
    } catch {
      return [];
    }
  });

  it('has the captured files of both clients', () => {
    expect(files).toEqual(expect.arrayContaining(['claude/pre-tool-use.json', 'codex/pre-tool-use.json']));
  });

  it.each(files)('%s: git status --short -> deny naming work_observe', async (rel) => {
    const input = fixture(`captured/${rel}`);
    expect((input.tool_input as { command: string }).command).toBe('git status --short');
    expect(await run(input)).toBe(deny('Raw git is blocked by Butler. Use the butler MCP tools instead: work_observe for git status'));
  });

  it.each(files)('%s: same input with npm test -> no output', async (rel) => {
    const input = fixture(`captured/${rel}`);
    expect(await run({ ...input, tool_input: { ...(input.tool_input as object), command: 'npm test' } })).toBe('');
  });
});

describe('output keys', () => {
  it('deny uses only keys that both clients accept', async () => {
    const out = JSON.parse(await run(fixture('pre-tool-use/codex-git-push.json'))) as Record<string, Record<string, unknown>>;
    expect(Object.keys(out)).toEqual(['hookSpecificOutput']);
    expect(Object.keys(out).every((k) => CODEX_TOP.includes(k))).toBe(true);
    expect(Object.keys(out.hookSpecificOutput ?? {})).toEqual(['hookEventName', 'permissionDecision', 'permissionDecisionReason']);
    expect(Object.keys(out.hookSpecificOutput ?? {}).every((k) => CODEX_SPECIFIC.includes(k))).toBe(true);
  });
});

describe('config', () => {
  const withConfig = async (yaml: string) => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-ptu-cfg-'));
    await fsp.mkdir(path.join(dir, '.git'));
    await fsp.mkdir(path.join(dir, '.butler'));
    await fsp.writeFile(path.join(dir, '.butler', 'config.yaml'), yaml);
    await fsp.mkdir(path.join(dir, 'sub'));
    return dir;
  };
  const input = (command: string) => ({ ...fixture('pre-tool-use/claude-npm-test.json'), tool_input: { command } });

  it('warn mode: the command runs, the user sees a systemMessage', async () => {
    const dir = await withConfig('guard:\n  mode: warn\n');
    expect(await run(input('git log'), path.join(dir, 'sub'))).toBe(
      JSON.stringify({
        systemMessage:
          'Raw git detected (Butler guard in warn mode: it runs). Use the butler MCP tools instead: work_history for git log (work_diff with record_id for one record)',
      }),
    );
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('off mode and the allow list let git run', async () => {
    const off = await withConfig('guard: { mode: off }\n');
    expect(await run(input('git push'), off)).toBe('');
    const allow = await withConfig('guard:\n  allow: [fetch]\n');
    expect(await run(input('git fetch origin'), allow)).toBe('');
    expect(await run(input('git fetch && git rebase'), allow)).toBe(
      deny('Raw git is blocked by Butler. git rebase has no Butler equivalent: ask the user'),
    );
    await fsp.rm(off, { recursive: true, force: true });
    await fsp.rm(allow, { recursive: true, force: true });
  });

  it('falls back to CLAUDE_PROJECT_DIR when stdin has no cwd', async () => {
    const off = await withConfig('guard:\n  mode: off\n');
    const stdin = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git log' } });
    expect(await preToolUse(stdin, { CLAUDE_PROJECT_DIR: off })).toBe('');
    await fsp.rm(off, { recursive: true, force: true });
  });
});

describe('garbage and other input', () => {
  it.each([
    ['empty', ''],
    ['not JSON', 'git status'],
    ['truncated JSON', '{"tool_name":"Bash","tool_input":{"command":"git st'],
    ['array', '["git status"]'],
    ['null', 'null'],
    ['no tool_input', '{"tool_name":"Bash"}'],
    ['command is a number', '{"tool_name":"Bash","tool_input":{"command":42}}'],
    ['another tool', '{"tool_name":"Write","tool_input":{"command":"git push"}}'],
    ['another event', '{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"git push"}}'],
    ['binary', '\u0000\u0001\u0002'],
  ])('%s -> no output', async (_name, stdin) => {
    expect(await preToolUse(stdin, {})).toBe('');
  });

  it('checks an argv array as the equivalent command line', async () => {
    const stdin = JSON.stringify({ tool_name: 'Bash', cwd: repo, tool_input: { command: ['bash', '-lc', 'git status'] } });
    expect(await preToolUse(stdin, {})).toBe(deny('Raw git is blocked by Butler. Use the butler MCP tools instead: work_observe for git status'));
  });

  it('denies an unparseable command that names git, with an explanation', async () => {
    const out = await run({ tool_name: 'Bash', tool_input: { command: 'git commit -m "oops' } });
    expect(JSON.parse(out).hookSpecificOutput.permissionDecisionReason).toContain('could not be parsed (unterminated double quote)');
  });
});
