import type { Lang } from '../shared/config.js';
import { confinePath } from '../shared/paths.js';
import type { SessionFacts } from './snapshot.js';
import type { IndexEntry } from './store.js';

export interface SessionFactsQuery {
  root: string;
  env: Record<string, string | undefined>;
  lang: Lang;
  redact: (s: string) => string;
  brain: string;
  sessionLogPath: string | null;
  previous: IndexEntry | null;
}

/** Placeholder until the session-log reader lands: validates the path and extracts nothing. */
export async function buildSessionFacts(q: SessionFactsQuery): Promise<(SessionFacts & { log: string; line: number; entry: string | null }) | null> {
  if (q.sessionLogPath) confinePath(q.root, q.sessionLogPath, 'session_log_path');
  return null;
}
