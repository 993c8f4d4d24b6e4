import { readConfig, resolveLang } from '../shared/config.js';
import type { GitRunner } from '../shared/git.js';
import { isRetired, previousFromSameLog } from './candidates.js';
import { assembleSnapshot } from './assemble.js';
import { prepareText } from './messages/prepare.js';
import { parseNotes } from './notes.js';
import { makeRedactor } from '../shared/redact.js';
import { buildSessionFacts } from './session-facts.js';
import { HandoverStore, type IndexEntry } from './store.js';

/** What wrote an automatic snapshot: a compaction about to happen, or the next start finding an unsaved session. */
export type AutoTrigger = 'precompact' | 'recovered' | 'session-end' | 'postcompact';

export interface AutoQuery {
  root: string;
  /** The brain the hook was installed for, normalised. */
  brain: string;
  transcriptPath: string;
  trigger: AutoTrigger;
  env: Record<string, string | undefined>;
  git: GitRunner;
  now: () => Date;
  /** Parse at most this many bytes of the transcript's tail; the rest is counted and said to be cut. */
  maxTailBytes?: number;
  /** Claude Code's PostCompact `compact_summary`: kept (redacted, bounded) even when the tail has no new facts. */
  compactSummary?: string;
}

/** The client's compaction summary in a snapshot, characters. */
const SUMMARY_MAX = 12_000;

/** Enough for hours of ordinary work; a transcript tail beyond this is cut so a hook keeps its deadline. */
export const AUTO_TAIL_BYTES = 8 * 1024 * 1024;

/**
 * Writes a `mode: auto` snapshot from the brain's transcript since its last mark: the same extraction,
 * redaction and store as a deliberate one, no model call. Scope: the scope of the brain's newest
 * snapshot (the work it was on), else the project. Returns null, writing nothing, when the transcript
 * has no new facts (requests, edits, commands) since the mark; throws when it cannot be read.
 */
export async function writeAutoSnapshot(q: AutoQuery): Promise<IndexEntry | null> {
  const { config } = await readConfig(q.root);
  const lang = resolveLang(config, q.env);
  const redact = makeRedactor(config.redact?.patterns ?? []);
  const store = new HandoverStore(q.root);
  const entries = await store.entries();
  const session = await buildSessionFacts({
    root: q.root,
    env: q.env,
    lang,
    redact,
    brain: q.brain,
    sessionLogPath: q.transcriptPath,
    previous: previousFromSameLog(entries, q.brain),
    maxTailBytes: q.maxTailBytes ?? AUTO_TAIL_BYTES,
  });
  const summary = q.compactSummary?.trim() ? redact(q.compactSummary.trim()).slice(0, SUMMARY_MAX) : '';
  if (!session || (!session.found && !summary)) return null;
  // The issue the session chose with work_start, else the scope of the brain's newest snapshot.
  const issueId =
    session.issueId !== undefined ? session.issueId : (entries.find((e) => e.source_brain === q.brain && !isRetired(e))?.issue_id ?? null);
  const t = prepareText(lang);
  const why = { precompact: t.precompact, recovered: t.recovered, 'session-end': t.sessionEnd, postcompact: t.postcompact }[q.trigger];
  const notes = parseNotes(`${t.autoNote(why)}\nnext: ${t.autoNext}`);
  const { entry } = await assembleSnapshot({
    root: q.root,
    store,
    git: q.git,
    now: q.now,
    lang,
    source: q.brain,
    target: q.brain,
    mode: 'auto',
    trigger: q.trigger,
    issueId,
    issue: null,
    issueError: null,
    notes,
    session,
    ...(summary ? { compactSummary: summary } : {}),
  });
  return entry;
}
