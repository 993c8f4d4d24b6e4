// A Gemini CLI 0.61.0 session file, written by the real CLI in test/e2e/clients/gemini.test.ts's set-up
// (the temp folder scrubbed to /tmp/butler-e2e): what the snapshot takes from it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSession } from '../../../src/handover/sessionlog/extract.js';
import { recordedCwd } from '../../../src/handover/sessionlog/paths.js';

const FILE = path.join(__dirname, '..', '..', 'fixtures', 'transcripts', 'gemini', 'session.jsonl');

describe('Gemini CLI session file', () => {
  it('reads the request without the injected context, the blocked command and the Butler call', async () => {
    const x = await extractSession(FILE, null, (s) => s);
    expect(x.format).toBe('gemini');
    expect(x.cwd).toBe('/tmp/butler-e2e/repo');
    expect(x.requests.map((r) => r.text)).toEqual(['Look at the repository state.']);
    expect(x.commands.map((c) => [c.text, c.exit_code])).toEqual([['git status', null]]);
    expect(x.failures.map((f) => f.text)).toEqual([
      '`git status` failed: Tool execution blocked: Raw git is blocked by Butler. Use the butler MCP tools instead: work_observe for git status',
    ]);
    expect(x.butler_calls.map((b) => b.text)).toEqual(['work_observe {"project_root":"/tmp/butler-e2e/repo"} → ok']);
    expect([x.from_line, x.to_line, x.skipped]).toEqual([1, 16, 0]);
  });

  it('its working directory is the workspace folder of the session context (a transcript of another project is refused by it)', async () => {
    expect(await recordedCwd(FILE)).toBe('/tmp/butler-e2e/repo');
  });

  it('a second read from the mark finds nothing new', async () => {
    const first = await extractSession(FILE, null, (s) => s);
    const again = await extractSession(FILE, first.mark, (s) => s);
    expect([again.rotated, again.requests.length, again.commands.length]).toEqual([false, 0, 0]);
  });
});
