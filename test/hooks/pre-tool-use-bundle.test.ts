// Spawns the committed bundle hooks/pre-tool-use.cjs (rebuild with `npm run build`) like the clients do.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..');
const BUNDLE = path.join(ROOT, 'hooks', 'pre-tool-use.cjs');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'hooks');
const repo = mkdtempSync(path.join(os.tmpdir(), 'butler-ptu-bin-'));
mkdirSync(path.join(repo, '.git'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

const withCwd = (rel: string, command?: string) => {
  const input = JSON.parse(readFileSync(path.join(FIXTURES, rel), 'utf8')) as Record<string, unknown>;
  return JSON.stringify({ ...input, cwd: repo, ...(command ? { tool_input: { command } } : {}) });
};
const hook = (stdin: string) => spawnSync(process.execPath, [BUNDLE], { input: stdin, encoding: 'utf8', cwd: repo, timeout: 10_000 });
const deny = (reason: string) =>
  `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":${JSON.stringify(reason)}}}`;

describe('hooks/pre-tool-use.cjs', () => {
  it('is small: no yaml, zod or WebAssembly parser inside', () => {
    // 59 KB before the command-word expansions (src/guard/names.ts, issue #27) added 2.4 KB; a yaml or
    // zod parser would add well over 100 KB.
    expect(statSync(BUNDLE).size).toBeLessThan(64_000);
    const text = readFileSync(BUNDLE, 'utf8');
    expect(text).not.toMatch(/ZodError|YAMLParseError|WebAssembly/);
  });

  it.each([
    ['Claude Code captured', 'captured/claude/pre-tool-use.json'],
    ['Codex captured', 'captured/codex/pre-tool-use.json'],
  ])('%s git status -> deny, exit 0', (_name, rel) => {
    const r = hook(withCwd(rel));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(deny('Raw git is blocked by Butler. Use the butler MCP tools instead: work_observe for git status'));
  });

  it.each([
    ['Claude Code npm test', 'pre-tool-use/claude-npm-test.json', undefined],
    ['Codex echo git', 'pre-tool-use/codex-echo-git.json', undefined],
    ['Claude Code Read tool', 'pre-tool-use/claude-read-tool.json', undefined],
    ['Codex captured with npm test', 'captured/codex/pre-tool-use.json', 'npm test'],
  ])('%s -> no output, exit 0', (_name, rel, command) => {
    const r = hook(withCwd(rel, command));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
  });

  it('Claude Code git pipeline -> deny naming work_history', () => {
    const r = hook(withCwd('pre-tool-use/claude-git-log.json'));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      deny(
        'Raw git is blocked by Butler. Use the butler MCP tools instead: work_history for git log (work_diff with record_id for one record)',
      ),
    );
  });

  it.each([
    ['empty stdin', ''],
    ['garbage', 'not json at all {'],
    ['binary', '\u0000\u00ff\u0001'],
    ['JSON without a command', '{"tool_name":"Bash"}'],
  ])('%s -> no output, exit 0', (_name, stdin) => {
    const r = hook(stdin);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
  });

  it('answers by the stdin deadline when stdin stays open, and exits 0 once it closes', async () => {
    // Both real clients close stdin after the JSON (the captured fixtures were read up to EOF). For
    // one that does not, the answer is still written after ~1 s; the exit then waits for the close.
    const child = spawn(process.execPath, [BUNDLE], { cwd: repo, stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const t = Date.now();
    const out = await new Promise<string>((resolve) => {
      child.stdout.once('data', (d: Buffer) => resolve(d.toString()));
      child.stdin.write(withCwd('captured/claude/pre-tool-use.json'));
    });
    expect(Date.now() - t).toBeLessThan(5_000);
    expect(out).toContain('"permissionDecision":"deny"');
    child.stdin.end();
    expect(await exited).toBe(0);
  });
});
