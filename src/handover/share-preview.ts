// What the person sees before sharing is allowed from a clone (issue #23, item 6; docs/decisions.md D36):
// the text a push would carry for each snapshot, computed by the function the push uses (sharedText).
import { ButlerError } from '../shared/errors.js';
import type { HandoverContext } from './context.js';
import { isOwn, originOf } from './origin.js';
import { readShareState, shareSnapshots, type ShareOutcome } from './share.js';
import { shareConsent, recordShareConsent, type ShareConsent } from './share-consent.js';
import { sharedText, trackedFiles } from './share-content.js';
import { shareDeps } from './share-ops.js';
import type { IndexEntry } from './store.js';

export interface SharePreview {
  handover_id: string;
  /** Where the text goes on the remote's `refs/butler/handover`. */
  path: string;
  text: string;
}

export interface SharePreviews {
  previews: SharePreview[];
  /** Snapshots waiting for the person's OK (asked to be shared before sharing was allowed). */
  held: string[];
  allowed: ShareConsent | null;
}

/**
 * The snapshot named, else every one held for the OK (in `issue_id` when given), else the newest own
 * snapshot in scope as an example of what a share carries. A snapshot from the remote is not previewed:
 * it is there already.
 */
export async function previewShares(h: HandoverContext, args: { handover_id?: string; issue_id?: number }): Promise<SharePreviews> {
  const entries = await h.store.entries();
  // Stryker disable next-line ArrayDeclaration: an id no entry has is never held
  const pending = new Set((await readShareState(h.root)).pending ?? []);
  const inScope = (e: IndexEntry) => args.issue_id === undefined || e.issue_id === args.issue_id;
  const held = entries.filter((e) => pending.has(e.handover_id) && originOf(e) !== 'shared');
  let chosen: IndexEntry[];
  if (args.handover_id !== undefined) {
    const e = entries.find((x) => x.handover_id === args.handover_id);
    if (!e) throw new ButlerError('not_found', `No snapshot ${args.handover_id} here`, 'butler handover list shows the ids.');
    if (originOf(e) === 'shared')
      throw new ButlerError(
        'invalid_argument',
        `${e.handover_id} came from the remote: it is there already`,
        'Name a snapshot written here.',
      );
    chosen = [e];
  } else {
    chosen = held.filter(inScope);
    // entries() is newest first: the example is the newest own snapshot, not a superseded one.
    if (!chosen.length) chosen = entries.filter((e) => isOwn(e) && inScope(e)).slice(0, 1);
  }
  const committed = chosen.length ? await trackedFiles(h.git, h.root) : new Set<string>();
  const previews: SharePreview[] = [];
  for (const e of chosen) {
    const text = await h.store.readSnapshot(e);
    if (text === null) continue;
    previews.push({
      handover_id: e.handover_id,
      path: `snapshots/${e.snapshot_file.slice(e.snapshot_file.lastIndexOf('/') + 1)}`,
      text: sharedText(text, committed, h.redact),
    });
  }
  return { previews, held: held.map((e) => e.handover_id), allowed: shareConsent(h.root) };
}

/** After the person's yes (src/cli/person.ts): records it, then shares what was held for it. */
export async function allowSharing(h: HandoverContext, by: string): Promise<{ file: string; outcome: ShareOutcome | null }> {
  const file = recordShareConsent(h.root, { allowed_at: h.now().toISOString(), by });
  const pending = (await readShareState(h.root)).pending ?? [];
  return { file, outcome: pending.length ? await shareSnapshots(shareDeps(h), []) : null };
}
