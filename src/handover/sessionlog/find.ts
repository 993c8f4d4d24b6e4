import fg from 'fast-glob';
import { SESSION_ID } from '../../shared/ids.js';
import { transcriptRoots } from './paths.js';

/**
 * Finds a session's transcript by its id in the clients' own folders, for hook input without a
 * `transcript_path` (Codex sends null for an ephemeral thread): Claude Code's
 * `projects/<slug>/<id>.jsonl`, Codex's `sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`. The newest
 * match, or null. Symlinks are not followed; the caller still validates the path it gets.
 */
export async function findTranscript(sessionId: string, env: Record<string, string | undefined>): Promise<string | null> {
  if (!SESSION_ID.test(sessionId)) return null;
  const patterns = transcriptRoots(env).map((root) => {
    const base = fg.convertPathToPattern(root);
    return root.endsWith('sessions')
      ? `${base}/[0-9][0-9][0-9][0-9]/[0-9][0-9]/[0-9][0-9]/rollout-*-${sessionId}.jsonl`
      : `${base}/*/${sessionId}.jsonl`;
  });
  const hits = await fg(patterns, { absolute: true, onlyFiles: true, followSymbolicLinks: false, stats: true, suppressErrors: true });
  hits.sort((a, b) => (b.stats?.mtimeMs ?? 0) - (a.stats?.mtimeMs ?? 0));
  return hits[0]?.path ?? null;
}
