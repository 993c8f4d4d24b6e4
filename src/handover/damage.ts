// Whether a snapshot's text can be served: the store, lookup, start and the share import all ask before using one.
import { missingSections } from './sections.js';
import { handoffPrompt, parseMetadata } from './snapshot.js';

/** A snapshot that is empty, truncated or not a snapshot at all: reported, never served as a prompt. */
export function snapshotDamage(markdown: string): string[] | null {
  const missing = missingSections(markdown);
  if (missing.length || !handoffPrompt(markdown).trim() || !parseMetadata(markdown)) return missing.length ? missing : ['HANDOFF_PROMPT'];
  return null;
}
