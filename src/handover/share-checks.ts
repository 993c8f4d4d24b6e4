// The take-in checks of a shared snapshot and receipt (split from share.ts): what a hostile collaborator's
// push may not slip into this clone's index (issue #15, #23).
import path from 'node:path';
import { HANDOVER_ID_PATTERN } from '../shared/ids.js';
import { normalizeBrain } from '../shared/brains.js';
import { neutralize } from '../shared/neutralize.js';
import { parseMetadata } from './snapshot.js';
import { HANDOVER_DIR } from './store-names.js';
import { snapshotDamage } from './damage.js';
import type { IndexEntry, Receipt } from './store.js';
import { entryFromMeta } from './store-rows.js';

/** How far in the future a shared snapshot may be dated (clocks differ a little between machines). */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** `issue-7_20260101T000000Z_codex.md` → `issue-7-20260101T000000Z-codex` (the id a snapshot's file is named by). */
export const idOfName = (name: string) => name.replace(/\.md$/, '').replace('_', '-').replace('_', '-');
/** The second a snapshot's file name is stamped with (never, when it has none). */
export function stampTime(name: string): number {
  const m = /_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z_/.exec(name);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Number.POSITIVE_INFINITY;
}

/** The index row of a shared snapshot, or null when anything about it disagrees with its name. */
export function checkedRow(name: string, text: string | undefined, latest: number): IndexEntry | null {
  if (!text || snapshotDamage(text)) return null;
  const meta = parseMetadata(text);
  const id = idOfName(name);
  if (!meta || meta.handover_id !== id || !HANDOVER_ID_PATTERN.test(id)) return null;
  const brain = id.slice(id.lastIndexOf('Z-') + 2);
  const src = meta.source_brain;
  if (normalizeBrain(src, '') !== src || (brain !== src && !new RegExp(`^${src}-\\d{1,3}$`).test(brain))) return null;
  if (meta.target_brain !== 'any' && normalizeBrain(meta.target_brain, '') !== meta.target_brain) return null;
  const at = Date.parse(meta.created_at);
  if (Number.isNaN(at) || at > latest || Math.floor(at / 1000) !== Math.floor(stampTime(name) / 1000)) return null;
  if ((meta.issue_id === null) !== name.startsWith('project_') || (meta.issue_id !== null && !name.startsWith(`issue-${meta.issue_id}_`)))
    return null;
  const row = entryFromMeta(meta, `${HANDOVER_DIR.split(path.sep).join('/')}/${name}`);
  // Words from elsewhere, bounded and without controls; another machine's transcript is nobody's business here.
  return {
    ...row,
    summary: neutralize(row.summary).slice(0, 300),
    issue_title: row.issue_title === null ? null : neutralize(row.issue_title).slice(0, 200),
    branch: row.branch === null ? null : neutralize(row.branch).slice(0, 200),
    head: row.head !== null && /^[0-9a-f]{7,64}$/.test(row.head) ? row.head : null,
    session_log: null,
    session_line: null,
    session_entry: null,
  };
}

/** A shared receipt, bounded and cleaned, or null when any field is off. */
export function parseReceipt(text: string | undefined): Receipt | null {
  try {
    const o = JSON.parse(text ?? '') as Record<string, unknown>;
    const s = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;
    if ((o.kind !== 'accepted' && o.kind !== 'retired') || !s(o.by, 64) || !s(o.at, 40) || Number.isNaN(Date.parse(o.at as string)))
      return null;
    if (o.clone !== undefined && !(s(o.clone, 40) && /^[0-9a-f]+$/.test(o.clone as string))) return null;
    if (o.reason !== undefined && !s(o.reason, 500)) return null;
    return {
      kind: o.kind,
      by: String(o.by).replace(/[^A-Za-z0-9_-]/g, '_'),
      at: o.at as string,
      ...(o.reason ? { reason: o.reason as string } : {}),
      ...(o.clone ? { clone: o.clone as string } : {}),
    };
  } catch {
    return null;
  }
}
