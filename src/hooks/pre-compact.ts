import { checkpointSession } from '../handover/index.js';
import { normalizeBrain } from '../shared/brains.js';
import { spawnGitWith } from '../shared/git-spawn.js';
import { findProjectRoot } from '../shared/root.js';

/**
 * The fields Butler reads from the PreCompact and SessionEnd input both clients send
 * (test/fixtures/hooks/captured/, pre-compact.json and session-end.json of each client).
 */
interface AutoHookInput {
  session_id?: string;
  transcript_path?: string | null;
  cwd?: string;
  /** Claude Code's PostCompact: the summary the client just wrote (already paid for). */
  compact_summary?: unknown;
}

/** The hook events that write an automatic snapshot: `pre-compact.cjs --trigger session-end` is the SessionEnd hook. */
export type HookTrigger = 'precompact' | 'session-end' | 'postcompact';

export interface AutoHookOptions {
  brain: string | null;
  env: Record<string, string | undefined>;
  now?: () => Date;
  /** Default `precompact`. */
  trigger?: HookTrigger;
}

/**
 * PreCompact (the context is about to be compacted) and, when installed, SessionEnd (the session is
 * over): the session's facts since the last mark go into a `mode: auto` snapshot for the brain the hook
 * was installed for. A tail already covered by a snapshot (a deliberate suspend, an earlier checkpoint)
 * writes nothing. Prints nothing and never throws: the client goes ahead whatever happens here.
 */
export async function autoCheckpoint(stdinText: string, opts: AutoHookOptions): Promise<string> {
  try {
    const input = JSON.parse(stdinText) as AutoHookInput;
    if (!input || typeof input !== 'object' || typeof input.cwd !== 'string') return '';
    // Cursor running Claude Code's hooks: no transcript Butler reads; nothing is written as Claude's.
    if (typeof (input as Record<string, unknown>).cursor_version === 'string') return '';
    const root = findProjectRoot(input.cwd);
    if (!root) return '';
    const trigger = opts.trigger ?? 'precompact';
    await checkpointSession({
      root,
      brain: normalizeBrain(opts.brain ?? undefined, 'unknown'),
      // Codex's transcript_path is nullable: then the session's file is looked up by its id.
      transcriptPath: typeof input.transcript_path === 'string' ? input.transcript_path : null,
      sessionId: typeof input.session_id === 'string' ? input.session_id : null,
      trigger,
      env: opts.env,
      git: spawnGitWith(opts.env),
      now: opts.now ?? (() => new Date()),
      ...(trigger === 'postcompact' && typeof input.compact_summary === 'string' ? { compactSummary: input.compact_summary } : {}),
    });
  } catch {
    // nothing to report: the next start still recovers what this missed
  }
  return '';
}

export const preCompact = (stdinText: string, opts: Omit<AutoHookOptions, 'trigger'>): Promise<string> =>
  autoCheckpoint(stdinText, { ...opts, trigger: 'precompact' });

export const sessionEnd = (stdinText: string, opts: Omit<AutoHookOptions, 'trigger'>): Promise<string> =>
  autoCheckpoint(stdinText, { ...opts, trigger: 'session-end' });

export const postCompact = (stdinText: string, opts: Omit<AutoHookOptions, 'trigger'>): Promise<string> =>
  autoCheckpoint(stdinText, { ...opts, trigger: 'postcompact' });
