import path from 'node:path';
import type { Audience } from '../shared/audience.js';
import type { Lang } from '../shared/config.js';
import { readTextIfExists, writeFileAtomic } from '../shared/fs.js';
import { withFileLock } from '../shared/lock.js';
import { withPrivateDirIgnored } from '../shared/private-dir.js';
import type { Action } from '../shared/result.js';
import type { GitRunner } from '../shared/git.js';
import type { SessionFacts, WorkFacts } from './snapshot.js';
import type { HandoverStore, IndexEntry } from './store.js';

/** The current work state as resume/accept report it (work_observe's data). */
export type WorkState = WorkFacts & { branch: string | null; head: string | null; [k: string]: unknown };

/** Everything the handover capability needs, injected by the MCP facade, the CLI or a test. */
export interface HandoverContext {
  root: string;
  store: HandoverStore;
  /** The brain the connection knows (clientInfo.name), normalised; null when unknown. */
  sessionBrain: string | null;
  defaultIssue: number | null;
  git: GitRunner;
  now: () => Date;
  lang: Lang;
  /** Whose words the results speak: an agent's over MCP, a person's at the CLI (docs/decisions.md D37). */
  audience?: Audience;
  env: Record<string, string | undefined>;
  /** Title, body and state through the issue backend; throws when the issue cannot be read. */
  readIssue: (id: number) => Promise<{ title: string; body: string; state: string }>;
  /**
   * The current work state (work_observe); null when it cannot be judged. `issueId`: the issue the work is
   * seen for (a snapshot's own: its next step links that issue), else the session's default issue.
   */
  observe: (issueId?: number | null) => Promise<WorkState | null>;
  /** DISCOVERY / RISKS / anchors from the session log since the last mark; null when there is none. */
  sessionFacts: (q: {
    brain: string;
    sessionLogPath: string | null;
    previous: IndexEntry | null;
  }) => Promise<(SessionFacts & { log: string; line: number; entry: string | null }) | null>;
  redact: (text: string) => string;
  /** `.butler/config.yaml` `handover.share`: suspend and transfer publish unless told otherwise. */
  shareByDefault: boolean;
  /** Bound for each fetch or push of shared handovers (share.ts default when unset). */
  shareTimeoutMs?: number;
  /** Posts on the issue when the tracker is GitHub or Gitea; false for the local tracker. */
  commentOnIssue: (id: number, body: string) => Promise<boolean>;
}

export const action = (tool: string, args: Record<string, unknown>, reason: string): Action => ({ tool, args, reason });

/** Snapshots are private by default (docs/decisions.md D20): make sure `session_logs/` is git-ignored. */
export async function ensureGitignored(root: string): Promise<void> {
  const file = path.join(root, '.gitignore');
  await withFileLock(
    file,
    async () => {
      const next = withPrivateDirIgnored(await readTextIfExists(file));
      if (next !== null) await writeFileAtomic(file, next, { within: root });
    },
    { within: root },
  );
}
