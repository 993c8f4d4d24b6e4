import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeRedactor } from '../../../src/shared/redact.js';
import { extractSession, renderSessionFacts } from '../../../src/handover/sessionlog/index.js';
import { fixture, lines, texts } from './helpers.js';

// The transcripts captured from the real clients (test/fixtures/transcripts/README.md): one request,
// a file write, a read + edit, `cat notes.txt` (0), `ls does-not-exist` (2), `git status --short` (0),
// Butler's work_session_start, a closing message.
const REPO = '/tmp/butler-e2e/repo';
const REQUEST = 'Add greet.txt, append a line to notes.txt, list the notes, check the repo state and start a Butler session.';
const redact = makeRedactor();

describe('real Claude Code 2.1 transcript', async () => {
  const x = await extractSession(fixture('claude/session.jsonl'), null, redact);

  it('is detected and read whole', () => {
    expect(x.format).toBe('claude');
    expect([x.from_line, x.to_line, x.rotated, x.skipped]).toEqual([1, 54, false, 0]);
    expect(x.cwd).toBe(REPO);
    expect(x.mark).toMatchObject({ line: 54, size: statSync(fixture('claude/session.jsonl')).size });
  });
  it('finds the one user request, not the injected context or api-request blobs', () => {
    expect(texts(x.requests)).toEqual([REQUEST]);
    expect(x.requests[0]!.cite).toBe('L3 2026-12-02T11:40:46Z');
  });
  it('finds the Write and the Edit, not the Read', () => {
    expect(x.edited_files.map((f) => [f.path, f.text])).toEqual([
      [`${REPO}/greet.txt`, 'Write'],
      [`${REPO}/notes.txt`, 'Edit'],
    ]);
    expect(lines(x.edited_files)).toEqual(['L22', 'L33']);
  });
  it('finds the three commands with their exit codes', () => {
    expect(x.commands.map((c) => [c.text, c.exit_code])).toEqual([
      ['cat notes.txt', 0],
      ['ls does-not-exist', 2],
      ['git status --short', 0],
    ]);
    expect(lines(x.commands)).toEqual(['L37', 'L40', 'L43']);
  });
  it('reports the failing command with its error line, cited at the result', () => {
    expect(x.failures).toEqual([
      {
        text: "`ls does-not-exist` exit 2: ls: cannot access 'does-not-exist': No such file or directory",
        cite: 'L41 2026-12-02T11:40:46Z',
        exit_code: 2,
      },
    ]);
  });
  it('finds the Butler call and its ok status', () => {
    expect(texts(x.butler_calls)).toEqual([`work_session_start {"project_root":"${REPO}"} → ok`]);
    expect(lines(x.butler_calls)).toEqual(['L49']);
  });
  it('renders project-relative anchors', () => {
    const r = renderSessionFacts(x, 'en', 300, REPO);
    expect(r.touched).toEqual(['greet.txt', 'notes.txt']);
    expect(r.discovery[0]).toBe('- Session log (claude): lines 1–54');
    expect(r.discovery).toContain('- Ran: `ls does-not-exist` → exit 2 (L40 2026-12-02T11:40:46Z)');
    expect(r.risks).toHaveLength(1);
  });
});

describe('real Codex 0.171 rollout', async () => {
  const x = await extractSession(fixture('codex/rollout.jsonl'), null, redact);

  it('is detected and read whole', () => {
    expect(x.format).toBe('codex');
    expect([x.from_line, x.to_line, x.rotated, x.skipped]).toEqual([1, 44, false, 0]);
    expect(x.cwd).toBe(REPO);
    const size = statSync(fixture('codex/rollout.jsonl')).size;
    expect(x.mark).toEqual({ path: fixture('codex/rollout.jsonl'), line: 44, entry_id: '2026-12-02T11:40:48.114Z#43', size });
  });
  it('finds the request once, not the environment context, developer text or the UserMessage item', () => {
    expect(texts(x.requests)).toEqual([REQUEST]);
    expect(x.requests[0]!.cite).toBe('L8 2026-12-02T11:40:47Z');
  });
  it('finds the apply_patch Add File and Update File, resolved against the session cwd', () => {
    expect(x.edited_files.map((f) => [f.path, f.text])).toEqual([
      [`${REPO}/greet.txt`, 'add'],
      [`${REPO}/notes.txt`, 'update'],
    ]);
    expect(lines(x.edited_files)).toEqual(['L10', 'L15']);
  });
  it('finds the three exec_command calls with their exit codes', () => {
    expect(x.commands.map((c) => [c.text, c.exit_code])).toEqual([
      ['cat notes.txt', 0],
      ['ls does-not-exist', 2],
      ['git status --short', 0],
    ]);
    expect(lines(x.commands)).toEqual(['L20', 'L25', 'L30']);
  });
  it('reports the failing command once (item_completed and function_call_output name the same call)', () => {
    expect(x.failures).toHaveLength(1);
    expect(x.failures[0]).toMatchObject({
      text: "`ls does-not-exist` exit 2: ls: cannot access 'does-not-exist': No such file or directory",
      exit_code: 2,
    });
    expect(x.failures[0]!.cite).toBe('L27 2026-12-02T11:40:47Z');
  });
  it('finds the Butler call in the mcp__butler namespace and its ok status', () => {
    expect(texts(x.butler_calls)).toEqual([`work_session_start {"project_root":"${REPO}"} → ok`]);
    expect(lines(x.butler_calls)).toEqual(['L35']);
  });
  it('renders in Japanese with the same facts', () => {
    const r = renderSessionFacts(x, 'ja', 300);
    expect(r.discovery[0]).toBe('- セッションログ (codex): 1–44 行目');
    expect(r.discovery).toContain('- 編集: `greet.txt` — add (L10 2026-12-02T11:40:47Z)');
    expect(r.risks[0]).toMatch(/^- 失敗: `ls does-not-exist` exit 2/);
    expect(r.touched).toEqual(['greet.txt', 'notes.txt']);
  });
});
