import { writeAutoSnapshot } from '../handover/auto.js';
import { normalizeBrain } from '../shared/brains.js';
import { findTranscript } from '../handover/sessionlog/find.js';
import { spawnGitWith } from '../shared/git-spawn.js';
import { findProjectRoot } from '../shared/root.js';

/** The fields Butler reads from the PreCompact input both clients send (test/fixtures/hooks/captured/, pre-compact.json of each client). */
interface PreCompactInput {
  session_id?: string;
  transcript_path?: string | null;
  cwd?: string;
  trigger?: string;
}

/**
 * PreCompact: the context is about to be compacted, so the session's facts since the last mark go into
 * a `mode: auto` snapshot (trigger `precompact`) for the brain the hook was installed for. Prints
 * nothing and never throws: compaction must go ahead whatever happens here.
 */
export async function preCompact(
  stdinText: string,
  opts: { brain: string | null; env: Record<string, string | undefined>; now?: () => Date },
): Promise<string> {
  try {
    const input = JSON.parse(stdinText) as PreCompactInput;
    if (!input || typeof input !== 'object' || typeof input.cwd !== 'string') return '';
    const root = findProjectRoot(input.cwd);
    if (!root) return '';
    // Codex's transcript_path is nullable: then the session's file is looked up by its id.
    const transcript =
      typeof input.transcript_path === 'string' && input.transcript_path
        ? input.transcript_path
        : typeof input.session_id === 'string'
          ? await findTranscript(input.session_id, opts.env)
          : null;
    if (!transcript) return '';
    await writeAutoSnapshot({
      root,
      brain: normalizeBrain(opts.brain ?? undefined, 'unknown'),
      transcriptPath: transcript,
      trigger: 'precompact',
      env: opts.env,
      git: spawnGitWith(opts.env),
      now: opts.now ?? (() => new Date()),
    });
  } catch {
    // nothing to report: the next start still recovers what this missed
  }
  return '';
}
