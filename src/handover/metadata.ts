import type { Lang } from '../shared/config.js';
import { sectionBody } from './sections.js';

/** A snapshot's METADATA (docs/decisions.md D6), written and read back (index rebuilds, drift). */
export interface SnapshotMeta {
  project: string;
  issue_id: number | null;
  issue_title: string | null;
  source_brain: string;
  /** The human behind the agent: the clone's git user.name and user.email. */
  user_name?: string | null;
  user_email?: string | null;
  target_brain: string;
  /** `core` = deliberate (prepare / suspend / transfer); `auto` = written by a hook from the transcript. */
  mode: 'core' | 'auto';
  created_at: string;
  handover_id: string;
  branch: string | null;
  head: string | null;
  summary: string;
  lang: Lang;
  session_log: string | null;
  session_line: number | null;
  session_entry: string | null;
  /** The snapshot this one continues in the same scope, and its number in the scope (1 = first). */
  parent?: string | null;
  seq?: number | null;
  /** The issue's state as read when writing (`closed` with nothing unrecorded = finished work). */
  issue_state?: string | null;
  /**
   * JSON {path: content hash} of the files dirty at the snapshot, so drift counts only later changes; `-`
   * is a path absent then (a deleted file, or an anchor the author named before it existed).
   */
  dirty?: string | null;
  /** Auto snapshots only: what wrote it (`precompact`, `recovered`) and how many files the session touched. */
  trigger?: string | null;
  touched?: number | null;
}

const META_KEYS: (keyof SnapshotMeta)[] = [
  'project',
  'issue_id',
  'issue_title',
  'source_brain',
  'user_name',
  'user_email',
  'target_brain',
  'mode',
  'created_at',
  'handover_id',
  'branch',
  'head',
  'summary',
  'lang',
  'session_log',
  'session_line',
  'session_entry',
  'parent',
  'seq',
  'issue_state',
  'dirty',
];
/** Written only when set, so deliberate snapshots keep their METADATA as it was. */
const OPTIONAL_KEYS: (keyof SnapshotMeta)[] = ['trigger', 'touched'];

/** METADATA names the issue field `issue` (docs/decisions.md D6); everything else keeps its index name. */
const label = (k: keyof SnapshotMeta): string => (k === 'issue_id' ? 'issue' : k);

export function metadataLines(meta: SnapshotMeta): string[] {
  const keys = [...META_KEYS, ...OPTIONAL_KEYS.filter((k) => meta[k] !== undefined && meta[k] !== null)];
  return keys.map((k) => `- ${label(k)}: ${meta[k] === null || meta[k] === undefined ? 'none' : String(meta[k]).replace(/\s+/g, ' ')}`);
}

/** Reads METADATA back (for index rebuilds and drift); null when the snapshot is not one of ours. */
export function parseMetadata(markdown: string): SnapshotMeta | null {
  const kv = new Map<string, string>();
  for (const line of sectionBody(markdown, 'METADATA')) {
    const m = /^- ([a-z_]+): (.*)$/.exec(line);
    if (m?.[1]) kv.set(m[1], m[2] ?? '');
  }
  const str = (k: string) => {
    const v = kv.get(k);
    return v === undefined || v === 'none' ? null : v;
  };
  const num = (k: string) => {
    const v = str(k);
    return v !== null && /^\d+$/.test(v) ? Number(v) : null;
  };
  const id = str('handover_id');
  const created = str('created_at');
  if (!id || !created) return null;
  return {
    project: str('project') ?? '',
    issue_id: num('issue'),
    issue_title: str('issue_title'),
    source_brain: str('source_brain') ?? 'unknown',
    user_name: str('user_name'),
    user_email: str('user_email'),
    target_brain: str('target_brain') ?? 'any',
    mode: str('mode') === 'auto' ? 'auto' : 'core',
    created_at: created,
    handover_id: id,
    branch: str('branch'),
    head: str('head'),
    summary: str('summary') ?? '',
    lang: str('lang') === 'en' ? 'en' : 'ja',
    session_log: str('session_log'),
    session_line: num('session_line'),
    session_entry: str('session_entry'),
    parent: str('parent'),
    seq: num('seq'),
    issue_state: str('issue_state'),
    dirty: str('dirty'),
    ...(str('trigger') ? { trigger: str('trigger'), touched: num('touched') } : {}),
  };
}

/** The dirty set a snapshot recorded ({path: hash}); empty for snapshots written before it was. */
export function dirtyAtSnapshot(meta: Pick<SnapshotMeta, 'dirty'> | null): Record<string, string> {
  try {
    const v = meta?.dirty ? (JSON.parse(meta.dirty) as unknown) : null;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}
