import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readTextIfExists, writeFileAtomic } from '../shared/fs.js';
import { HANDOVER_ID_PATTERN } from '../shared/ids.js';
import { withFileLock } from '../shared/lock.js';
import type { GitRunner } from '../shared/git.js';
import { parseMetadata } from './snapshot.js';
import {
  fetchedCommit,
  fetchShared,
  pushShared,
  readBlobs,
  sharedTree,
  ShareFailure,
  type SharedFile,
  type ShareGitOptions,
} from './share-git.js';
import { SHARE_STATE_FILE } from './start-prompt.js';
import { SNAPSHOT_FILE, snapshotDamage, type HandoverStore, type IndexEntry, type Receipt } from './store.js';

/**
 * Handovers through the git remote (issue #15). What is published: the snapshot files asked for
 * (redacted again on the way out) and their receipts, under `refs/butler/handover`. What is never
 * published: any snapshot not asked for. Local state, per clone: `session_logs/handover/share.json`.
 */
export interface ShareDeps {
  root: string;
  store: HandoverStore;
  git: GitRunner;
  now: () => Date;
  redact: (text: string) => string;
  /** Bound for each fetch or push. */
  timeoutMs?: number;
}

interface ShareState {
  /** Tells this clone's receipts from the same brain's on another machine. */
  clone_id?: string;
  last_fetch?: string | null;
  /** Snapshots asked to be shared whose push failed: work_publish retries them. */
  pending?: string[];
  /** Transfers already posted on their issue. */
  commented?: string[];
}

const MAX_SNAPSHOT_BYTES = 256 * 1024;
const MAX_RECEIPT_BYTES = 4 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;

const gitOpts = (d: ShareDeps): ShareGitOptions => ({ git: d.git, root: d.root, timeoutMs: d.timeoutMs ?? DEFAULT_TIMEOUT_MS });

export async function readShareState(root: string): Promise<ShareState> {
  try {
    const v = JSON.parse((await readTextIfExists(path.join(root, SHARE_STATE_FILE))) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as ShareState) : {};
  } catch {
    return {};
  }
}

async function updateShareState<T>(root: string, fn: (s: ShareState) => T): Promise<T> {
  const file = path.join(root, SHARE_STATE_FILE);
  return withFileLock(
    file,
    async () => {
      const s = await readShareState(root);
      const out = fn(s);
      await writeFileAtomic(file, `${JSON.stringify(s, null, 1)}\n`, { within: root });
      return out;
    },
    { within: root },
  );
}

/** This clone's id, made once. */
export async function cloneId(root: string): Promise<string> {
  const known = (await readShareState(root)).clone_id;
  if (known) return known;
  return updateShareState(root, (s) => (s.clone_id ??= randomBytes(8).toString('hex')));
}

const receiptPath = (id: string, r: Receipt) =>
  `receipts/${id}/${r.kind}-${r.by.replace(/[^A-Za-z0-9_-]/g, '_')}-${r.clone ?? 'local'}.json`;
const snapshotName = (e: IndexEntry) => e.snapshot_file.slice(e.snapshot_file.lastIndexOf('/') + 1);

export type ShareOutcome = { shared: true; published: string[] } | { shared: false; reason: ShareFailure['reason']; detail: string };

/**
 * Publishes these snapshots and their receipts, plus any left pending by an earlier failure. On
 * failure the ids stay pending and the local snapshots stand; the outcome says why.
 */
export async function shareSnapshots(d: ShareDeps, ids: string[]): Promise<ShareOutcome> {
  const pending = (await readShareState(d.root)).pending ?? [];
  const want = [...new Set([...ids, ...pending])];
  const entries = (await d.store.entries()).filter((e) => want.includes(e.handover_id));
  const files: SharedFile[] = [];
  for (const e of entries) {
    const text = await d.store.readSnapshot(e);
    if (text === null) continue;
    files.push({ path: `snapshots/${snapshotName(e)}`, text: d.redact(text) });
    for (const r of e.receipts ?? []) files.push({ path: receiptPath(e.handover_id, r), text: `${JSON.stringify(r)}\n` });
  }
  const done = entries.map((e) => e.handover_id);
  try {
    if (files.length) await pushShared(gitOpts(d), files, `butler: share ${done.join(', ')}`.slice(0, 500));
  } catch (err) {
    const f = err instanceof ShareFailure ? err : new ShareFailure('git_error', String((err as Error)?.message ?? err).slice(0, 1000));
    await updateShareState(d.root, (s) => void (s.pending = [...new Set([...(s.pending ?? []), ...ids])]));
    return { shared: false, reason: f.reason, detail: f.detail };
  }
  await updateShareState(d.root, (s) => {
    // Published, or gone from the history: nothing left to retry for any of them.
    s.pending = (s.pending ?? []).filter((p) => !want.includes(p));
    s.last_fetch = d.now().toISOString();
  });
  return { shared: true, published: done };
}

/** True when the snapshot is on the remote as last fetched (no network). */
export async function isShared(d: ShareDeps, e: IndexEntry): Promise<boolean> {
  const tip = await fetchedCommit(gitOpts(d));
  if (!tip) return false;
  const r = await d.git(d.root, ['cat-file', '-e', `${tip}:snapshots/${snapshotName(e)}`], { timeoutMs: 10_000 });
  return r.exitCode === 0;
}

/**
 * Fetches what other clones shared and takes it in like local snapshots (bounded time). Returns why
 * the remote could not be read (callers then work on what is local); null when it was, or there is none.
 */
export async function receiveShared(d: ShareDeps): Promise<string | null> {
  let tip: string | null;
  try {
    tip = await fetchShared(gitOpts(d));
  } catch (err) {
    const reason = err instanceof ShareFailure ? err.reason : 'git_error';
    return reason === 'no_upstream' ? null : reason;
  }
  await updateShareState(d.root, (s) => void (s.last_fetch = d.now().toISOString()));
  if (tip) await importFrom(d, tip);
  return null;
}

/** Takes in the snapshots and receipts of one shared commit; anything malformed is skipped. */
export async function importFrom(d: ShareDeps, tip: string): Promise<void> {
  const o = gitOpts(d);
  const tree = await sharedTree(o, tip);
  const local = new Set((await d.store.entries()).map((e) => snapshotName(e)));
  const snaps = [...tree].filter(([p]) => p.startsWith('snapshots/') && SNAPSHOT_FILE.test(p.slice(10)) && !local.has(p.slice(10)));
  const recs = [...tree].filter(([p]) => /^receipts\/[^/]+\/[A-Za-z0-9_-]+\.json$/.test(p) && HANDOVER_ID_PATTERN.test(p.split('/')[1]!));
  const texts = await readBlobs(o, [...new Set(snaps.map(([, id]) => id))], MAX_SNAPSHOT_BYTES);
  const files: { name: string; text: string }[] = [];
  for (const [p, id] of snaps) {
    const text = texts.get(id);
    const name = p.slice(10);
    // The file name is the id: a snapshot must say the same in its METADATA, and be whole.
    if (text && parseMetadata(text)?.handover_id === name.replace(/\.md$/, '').replace(/_/, '-').replace(/_/, '-') && !snapshotDamage(text))
      files.push({ name, text });
  }
  const receiptTexts = await readBlobs(o, [...new Set(recs.map(([, id]) => id))], MAX_RECEIPT_BYTES);
  const receipts = new Map<string, Receipt[]>();
  for (const [p, id] of recs) {
    const r = parseReceipt(receiptTexts.get(id));
    if (r) receipts.set(p.split('/')[1]!, [...(receipts.get(p.split('/')[1]!) ?? []), r]);
  }
  if (files.length || receipts.size) await d.store.importShared(files, receipts);
}

function parseReceipt(text: string | undefined): Receipt | null {
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

/** Marks a transfer as posted on its issue; false when it already was (one comment per transfer). */
export async function markCommented(root: string, id: string): Promise<boolean> {
  return updateShareState(root, (s) => {
    if (s.commented?.includes(id)) return false;
    s.commented = [...(s.commented ?? []), id];
    return true;
  });
}
