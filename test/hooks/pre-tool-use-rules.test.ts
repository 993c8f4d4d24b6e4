// The hook's reading of its input (src/hooks/pre-tool-use.ts, issue #27), with the exact stdout written
// here: Gemini CLI's deny form (also for unreadable input that names its event), Cursor's payload, argv
// arrays quoted word by word, and the cwd fallback for an empty or non-string cwd.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preToolUse } from '../../src/hooks/pre-tool-use.js';
import { git, makeRepo } from '../helpers/repo.js';

const PUSH = 'Raw git is blocked by Butler. Use the butler MCP tools instead: work_publish for git push';
const BROKEN = 'Raw git is blocked by Butler: the hook input could not be read, and it mentions git. Use the butler MCP tools (work_*)';
const claudeDeny = (reason: string) =>
  `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":${JSON.stringify(reason)}}}`;
const geminiDeny = (reason: string) => `{"decision":"deny","reason":${JSON.stringify(reason)}}`;

let repo = '';
let off = '';
beforeAll(async () => {
  repo = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-ptu-rules-'));
  await fsp.mkdir(path.join(repo, '.git'));
  // A project whose committed settings turn the guard off: where the hook looks tells in its answer.
  off = makeRepo().root;
  await fsp.mkdir(path.join(off, '.butler'));
  await fsp.writeFile(path.join(off, '.butler', 'config.yaml'), 'guard:\n  mode: off\n');
  git(off, 'add', '-A');
  git(off, 'commit', '-q', '-m', 'config');
});
afterAll(async () => {
  await fsp.rm(repo, { recursive: true, force: true });
  await fsp.rm(off, { recursive: true, force: true });
});

describe('Gemini CLI (BeforeTool) reads a top-level decision', () => {
  it('denies git with {decision, reason}', async () => {
    const stdin = JSON.stringify({
      hook_event_name: 'BeforeTool',
      tool_name: 'run_shell_command',
      tool_input: { command: 'git push' },
      cwd: repo,
    });
    expect(await preToolUse(stdin, {})).toBe(geminiDeny(PUSH));
  });

  it('answers unreadable input that names BeforeTool in its own form, other unreadable input in Claude Code’s', async () => {
    const cut = '{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"git pu';
    expect(await preToolUse(cut, {})).toBe(geminiDeny(BROKEN));
    expect(await preToolUse('{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git pu', {})).toBe(
      claudeDeny(BROKEN),
    );
    expect(await preToolUse('{"hook_event_name":"BeforeToolX","tool_input":{"command":"git pu', {})).toBe(claudeDeny(BROKEN));
  });
});

describe('the event', () => {
  const input = (event: unknown) =>
    JSON.stringify({ hook_event_name: event, tool_name: 'Bash', tool_input: { command: 'git push' }, cwd: repo });
  it.each<[string, unknown, string]>([
    ['PreToolUse', 'PreToolUse', claudeDeny(PUSH)],
    ['none', undefined, claudeDeny(PUSH)],
    ['null (not a guard event)', null, ''],
    ['another event', 'PostToolUse', ''],
    ['a number', 5, ''],
    ['an object', { name: 'PreToolUse' }, ''],
  ])('%s', async (_name, event, out) => {
    expect(await preToolUse(input(event), {})).toBe(out);
  });
});

describe('Cursor’s payload (cursor_version and conversation_id, both strings) is left alone', () => {
  const input = (extra: Record<string, unknown>) =>
    JSON.stringify({ ...extra, tool_name: 'Bash', tool_input: { command: 'git push' }, cwd: repo });
  it.each<[string, Record<string, unknown>, string]>([
    ['both strings', { cursor_version: '1.0', conversation_id: 'c' }, ''],
    ['a numeric version', { cursor_version: 1, conversation_id: 'c' }, claudeDeny(PUSH)],
    ['a numeric conversation id', { cursor_version: '1.0', conversation_id: 1 }, claudeDeny(PUSH)],
    ['only the version', { cursor_version: '1.0' }, claudeDeny(PUSH)],
    ['only the conversation id', { conversation_id: 'c' }, claudeDeny(PUSH)],
  ])('%s', async (_name, extra, out) => {
    expect(await preToolUse(input(extra), {})).toBe(out);
  });
});

describe('an argv array is checked as its quoted command line', () => {
  it.each<[string, unknown[], string]>([
    ['a separator word stays data', ['echo', ';', 'git', 'push'], ''],
    ['an expansion word stays data', ['echo', '$(git push)'], ''],
    ['a quote inside a word stays data', ['echo', "a'; git push; '"], ''],
    ['plain words run', ['git', 'push'], claudeDeny(PUSH)],
    ['a word that is not a string: unreadable', ['git', 5], claudeDeny(BROKEN)],
    ['no string at all: unreadable', [5, 6], ''],
  ])('%s', async (_name, command, out) => {
    expect(await preToolUse(JSON.stringify({ tool_name: 'Bash', tool_input: { command }, cwd: repo }), {})).toBe(out);
  });
});

describe('the project folder: cwd when it is a non-empty string, else CLAUDE_PROJECT_DIR', () => {
  const input = (cwd: unknown) =>
    JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git push' }, cwd });
  it.each<[string, unknown]>([
    ['an empty cwd', ''],
    ['a numeric cwd', 5],
    ['a null cwd', null],
  ])('%s falls back', async (_name, cwd) => {
    expect(await preToolUse(input(cwd), { CLAUDE_PROJECT_DIR: off })).toBe('');
  });

  it('a cwd given wins over CLAUDE_PROJECT_DIR', async () => {
    expect(await preToolUse(input(repo), { CLAUDE_PROJECT_DIR: off })).toBe(claudeDeny(PUSH));
    expect(await preToolUse(input(off), { CLAUDE_PROJECT_DIR: repo })).toBe('');
  });
});
