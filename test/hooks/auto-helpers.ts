// Shared set-up for the auto-snapshot tests: a real repo, a HOME with the client's transcript folder,
// and the captured transcripts copied there with the capture's repo path replaced by this repo's.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, utimesSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
export const CAPTURE_REPO = '/tmp/butler-e2e/repo';

export function tempHome(): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-home-')));
}

/** Copies a captured transcript under HOME the way the client stores it; returns its path. */
export function placeTranscript(home: string, root: string, client: 'claude' | 'codex', id: string): string {
  const src = client === 'claude' ? 'transcripts/claude/session.jsonl' : 'transcripts/codex/rollout.jsonl';
  const dir =
    client === 'claude' ? path.join(home, '.claude', 'projects', 'proj') : path.join(home, '.codex', 'sessions', '2026', '12', '02');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, client === 'claude' ? `${id}.jsonl` : `rollout-2026-12-02T11-40-47-${id}.jsonl`);
  writeFileSync(file, readFileSync(path.join(FIXTURES, src), 'utf8').split(CAPTURE_REPO).join(root));
  return file;
}

/** A client's captured hook input (test/fixtures/hooks/captured/<client>/<event>.json), pointed at this repo and transcript. */
export function capturedInput(
  client: 'claude' | 'codex',
  event: 'pre-compact' | 'session-end',
  root: string,
  transcript: string | null,
): string {
  const base = JSON.parse(readFileSync(path.join(FIXTURES, 'hooks', 'captured', client, `${event}.json`), 'utf8'));
  return JSON.stringify({ ...base, cwd: root, transcript_path: transcript });
}

export const preCompactInput = (client: 'claude' | 'codex', root: string, transcript: string): string =>
  capturedInput(client, 'pre-compact', root, transcript);

/** One more user request in Claude Code's transcript shape (a new fact after any mark). */
export function appendClaudeRequest(file: string, text: string, n: number): void {
  const e = {
    type: 'user',
    message: { role: 'user', content: text },
    uuid: `u-${n}-${Date.now()}`,
    timestamp: '2026-12-02T12:00:00.000Z',
    sessionId: 's',
  };
  appendFileSync(file, `${JSON.stringify(e)}\n`);
}

/** Marks a transcript as last written `seconds` ago: a session that ended. */
export function age(file: string, seconds: number): void {
  const t = new Date(Date.now() - seconds * 1000);
  utimesSync(file, t, t);
}
