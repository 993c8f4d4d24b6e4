import { describe, expect, it } from 'vitest';
import { makeRedactor } from '../../../src/shared/redact.js';
import { extractSession } from '../../../src/handover/sessionlog/index.js';
import { fixture, lines, texts } from './helpers.js';

const redact = makeRedactor();

describe('synthetic Claude Code transcript', async () => {
  const x = await extractSession(fixture('synthetic/claude-basic.jsonl'), null, redact);

  it('detects the format, counts the malformed line and keeps the cwd', () => {
    expect(x.format).toBe('claude');
    expect([x.from_line, x.to_line, x.skipped, x.dropped]).toEqual([1, 30, 1, 0]);
    expect(x.cwd).toBe('/proj');
  });
  it('keeps only what the user typed: no caveat, reminder, sidechain or system text; a slash command as /name args', () => {
    expect(texts(x.requests)).toEqual([
      'Fix the failing login test in src/auth/login.ts and run the tests',
      'Also document it in the README; my token is GITHUB_TOKEN=[REDACTED:github-token]',
      '/review PR 12',
    ]);
    expect(x.requests[0]!.cite).toBe('L4 2026-06-04T10:03:00Z');
  });
  it('groups edits per file, drops the failed one, ignores Read', () => {
    expect(x.edited_files.map((f) => [f.path, f.text, f.cite.split(' ')[0]])).toEqual([
      ['/proj/src/auth/session.ts', 'Write', 'L11'],
      ['/proj/README.md', 'MultiEdit', 'L23'],
      ['/proj/src/auth/login.ts', 'Edit ×2', 'L27'],
    ]);
  });
  it('records commands with exit status: from "Exit code N", 0 on success, null when denied before running', () => {
    expect(x.commands.map((c) => [c.text, c.exit_code])).toEqual([
      ['npm test -- login', 1],
      ['npm test -- login', 0],
      ['git push origin main', null],
    ]);
  });
  it('collects failures with their error line, cited at the result', () => {
    expect(x.failures.map((f) => [f.text, f.cite.split(' ')[0]])).toEqual([
      ['`npm test -- login` exit 1: FAIL test/login.test.ts', 'L6'],
      ['`git push origin main` failed: Raw git is blocked here: use work_publish instead.', 'L18'],
      ['Edit /proj/src/missing.ts failed: File does not exist.', 'L20'],
      ['Butler handover_prepare → error: Issue 9 was not found', 'L26'],
    ]);
  });
  it('records Butler calls with their arguments and status', () => {
    expect(texts(x.butler_calls)).toEqual([
      'work_record {"message":"Fix login status code"} → ok',
      'handover_prepare {"issue_id":9} → error',
    ]);
    expect(lines(x.butler_calls)).toEqual(['L15', 'L25']);
  });
});

describe('synthetic Codex rollout', async () => {
  const x = await extractSession(fixture('synthetic/codex-basic.jsonl'), null, redact);

  it('detects the format and counts the malformed line', () => {
    expect(x.format).toBe('codex');
    expect([x.from_line, x.to_line, x.skipped]).toEqual([1, 30, 1]);
  });
  it('takes requests from user messages and user_message events once each, never injected context', () => {
    expect(texts(x.requests)).toEqual(['Add a health endpoint and test it', 'Now deploy with password=[REDACTED:secret] please']);
    expect(lines(x.requests)).toEqual(['L5', 'L26']);
  });
  it('parses apply_patch (custom tool and heredoc in exec_command), relative to the call workdir', () => {
    expect(x.edited_files.map((f) => [f.path, f.text])).toEqual([
      ['/proj/src/health.ts', 'add'],
      ['/proj/src/server.ts', 'update'],
      ['/proj/docs/old.txt', 'delete'],
    ]);
  });
  it('reads exit codes from "Process exited with code", JSON metadata; a running or hook-blocked one has none', () => {
    expect(x.commands.map((c) => [c.text, c.exit_code])).toEqual([
      ['npm test', 1],
      ['npm test', 0],
      ['cat missing.txt', 1],
      ['sleep 100', null],
      ['git log --oneline', null],
    ]);
  });
  it('collects failing commands, a refused patch and a Butler error', () => {
    expect(texts(x.failures)).toEqual([
      '`npm test` exit 1: npm ERR! Test failed. See above for more details.',
      '`cat missing.txt` exit 1: cat: missing.txt: No such file or directory',
      'Butler handover_prepare → error: Issue 9 was not found',
      'apply_patch /proj/src/nope.ts failed: apply_patch verification failed: Failed to find expected lines in /proj/src/nope.ts',
      '`git log --oneline` failed: Command blocked by PreToolUse hook: Raw git is blocked: use work_history. Command: git log --oneline',
    ]);
  });
  it('finds Butler calls by namespace and by the flat mcp__butler__ name', () => {
    expect(texts(x.butler_calls)).toEqual(['work_record {"message":"health endpoint"} → ok', 'handover_prepare {"issue_id":9} → error']);
  });
  it('never returns an unmasked secret from the log', () => {
    expect(JSON.stringify(x)).not.toContain('hunter2');
    expect(JSON.stringify(x)).not.toMatch(/npm_Y{20}/);
  });
});
