// Protocol pins for the PreToolUse hook: the exact stdout for Claude Code and Codex input.
import { promises as fsp, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preToolUse, SHELL_TOOLS } from '../../src/hooks/pre-tool-use.js';
import { git, makeRepo } from '../helpers/repo.js';

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
      deny(
        'Raw git is blocked by Butler. Use the butler MCP tools instead: work_history for git log (work_diff with record_id for one record)',
      ),
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
      deny(
        'Raw git is blocked by Butler. Use the butler MCP tools instead: work_record for git add, git commit; work_publish for git push',
      ),
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
  /** A real repository whose committed config is `yaml` (the hook trusts only committed relaxations). */
  const withConfig = async (yaml: string, commit = true) => {
    const dir = makeRepo().root;
    await fsp.mkdir(path.join(dir, '.butler'));
    await fsp.writeFile(path.join(dir, '.butler', 'config.yaml'), yaml);
    if (commit) {
      git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '-m', 'config');
    }
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

  it('an uncommitted relaxation does not apply; a cd or -C elsewhere does not relax the project', async () => {
    const dir = await withConfig('guard:\n  mode: off\n', false);
    expect(await run(input('git push'), dir)).toContain('"deny"');
    const lax = await withConfig('guard: { mode: off }\n');
    const strict = makeRepo().root;
    expect(await run(input('git push'), lax)).toBe('');
    expect(await run(input(`git -C ${strict} push`), lax)).toContain('"deny"');
    expect(await run(input(`cd ${strict} && git push`), lax)).toContain('"deny"');
    expect(await run(input('cd "$X" && git push'), lax)).toContain('"deny"');
    expect(await run(input('git --git-dir=/tmp/x/.git push'), lax)).toContain('"deny"');
    // Session folder in a lax repo, command aimed at the strict one: denied.
    expect(await run(input(`git -C ${lax} push`), strict)).toContain('"deny"');
  });

  it('an allowed subcommand with an option that runs a program is denied', async () => {
    const allow = await withConfig('guard:\n  allow: [fetch, log, pull, push]\n');
    for (const cmd of [
      "git fetch --upload-pack='touch /tmp/x' origin",
      'git -c core.sshCommand=evil fetch',
      'git -c core.fsmonitor=evil log',
      'git --config-env=core.pager=X log',
      'git --exec-path=/tmp fetch',
      'git pull -u evil',
      'git push --receive-pack=evil',
      'GIT_SSH_COMMAND=evil git fetch',
      'env GIT_SSH_COMMAND=evil git fetch',
      "git -c alias.fetch='!sh' fetch",
    ]) {
      expect(JSON.parse(await run(input(cmd), allow)).hookSpecificOutput.permissionDecisionReason, cmd).toMatch(/with (-c|--|-u|GIT_)/);
    }
    expect(await run(input('git fetch origin && git log -1'), allow)).toBe('');
  });

  it('a config that is a FIFO or a folder blocks at once', async () => {
    const dir = makeRepo().root;
    await fsp.mkdir(path.join(dir, '.butler', 'config.yaml'), { recursive: true });
    expect(await run(input('git log'), dir)).toContain('"deny"');
    await fsp.rm(path.join(dir, '.butler', 'config.yaml'), { recursive: true });
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [path.join(dir, '.butler', 'config.yaml')]);
    const t = Date.now();
    expect(await run(input('git log'), dir)).toContain('"deny"');
    expect(Date.now() - t).toBeLessThan(3_000);
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
    ['null', 'null'],
    ['no tool_input', '{"tool_name":"Bash"}'],
    ['command is a number', '{"tool_name":"Bash","tool_input":{"command":42}}'],
    ['another tool', '{"tool_name":"Write","tool_input":{"command":"git push"}}'],
    ['another event', '{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"git push"}}'],
    ['binary', '\u0000\u0001\u0002'],
    ['truncated JSON without git', '{"tool_name":"Bash","tool_input":{"command":"npm te'],
  ])('%s -> no output', async (_name, stdin) => {
    expect(await preToolUse(stdin, {})).toBe('');
  });

  it.each([
    ['not JSON', 'git status'],
    ['truncated JSON', '{"tool_name":"Bash","tool_input":{"command":"git st'],
    ['array', '["git status"]'],
    ['a BOM', '\uFEFF{"tool_name":"Bash","tool_input":{"command":"git push"}}'],
    ['command under another key', '{"tool_name":"Bash","tool_input":{"script":"git push"}}'],
    ['no tool_name', '{"tool_input":{"command":"git push"}}'],
    ['git spelled with JSON escapes', '{"tool_name":"Bash","tool_input":{"cmd_line":"\\u0067it push"}}'],
  ])('%s that mentions git -> deny (fail closed)', async (_name, stdin) => {
    expect(await preToolUse(stdin, {})).toContain('"permissionDecision":"deny"');
  });

  // A fixed list, not the source's own (issue #27): every name under which Claude Code or Codex runs a
  // shell command (codex-rs/core/src/tools/hook_names.rs and its older tool names).
  const SHELLS = ['Bash', 'exec_command', 'shell', 'shell_command', 'local_shell', 'unified_exec', 'run_shell_command'];

  it('recognises exactly the documented shell tools', () => {
    expect([...SHELL_TOOLS].sort()).toEqual([...SHELLS].sort());
  });

  it.each(SHELLS)('shell tool %s is guarded (command or cmd)', async (tool) => {
    expect(await preToolUse(JSON.stringify({ tool_name: tool, cwd: repo, tool_input: { command: 'git push' } }), {})).toContain('"deny"');
    expect(await preToolUse(JSON.stringify({ tool_name: tool, cwd: repo, tool_input: { cmd: 'git push' } }), {})).toContain('"deny"');
  });

  it('checks an argv array as the equivalent command line', async () => {
    const stdin = JSON.stringify({ tool_name: 'Bash', cwd: repo, tool_input: { command: ['bash', '-lc', 'git status'] } });
    expect(await preToolUse(stdin, {})).toBe(
      deny('Raw git is blocked by Butler. Use the butler MCP tools instead: work_observe for git status'),
    );
  });

  it('denies an unparseable command that names git, with an explanation', async () => {
    const out = await run({ tool_name: 'Bash', tool_input: { command: 'git commit -m "oops' } });
    expect(JSON.parse(out).hookSpecificOutput.permissionDecisionReason).toContain('could not be parsed (unterminated double quote)');
  });
});
