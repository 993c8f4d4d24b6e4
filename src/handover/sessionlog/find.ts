import fg from 'fast-glob';
import { SESSION_ID } from '../../shared/ids.js';
import { clientTranscriptRoots } from './paths.js';

/**
 * Finds a session's transcript by its id in the clients' own folders, for hook input without a
 * `transcript_path` (Codex sends null for an ephemeral thread): Claude Code's
 * `projects/<slug>/<id>.jsonl`, Codex's `sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`, Gemini CLI's
 * `tmp/<project>/chats/session-<time>-<id prefix>.jsonl`. The newest
 * match, or null. Symlinks are not followed; the caller still validates the path it gets.
 */
export async function findTranscript(sessionId: string, env: Record<string, string | undefined>): Promise<string | null> {
  if (!SESSION_ID.test(sessionId)) return null;
  // Each client's pattern (the client table's `transcript.byId`): `{id}` the session id, `{id8}` its first 8 characters.
  const patterns = clientTranscriptRoots(env).map(
    ({ client, root }) =>
      `${fg.convertPathToPattern(root)}/${client.transcript.byId.replace('{id8}', sessionId.slice(0, 8)).replace('{id}', sessionId)}`,
  );
  const hits = await fg(patterns, { absolute: true, onlyFiles: true, followSymbolicLinks: false, stats: true, suppressErrors: true });
  hits.sort((a, b) => (b.stats?.mtimeMs ?? 0) - (a.stats?.mtimeMs ?? 0));
  return hits[0]?.path ?? null;
}
