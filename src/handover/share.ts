import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readTextIfExists, writeFileAtomic } from '../shared/fs.js';
import { withFileLock } from '../shared/lock.js';
import type { GitRunner } from '../shared/git.js';
import { fetchedCommit, fetchShared, readBlobs, sharedTree, ShareFailure, type SharedFile, type ShareGitOptions } from './share-git.js';
import { pushShared } from './share-push.js';
import { sharedText, trackedFiles } from './share-content.js';
import { shareConsent } from './share-consent.js';
import { originOf } from './origin.js';
import { SHARE_STATE_FILE } from './start-prompt.js';
import { SNAPSHOT_FILE } from './store-names.js';
import { type HandoverStore, type IndexEntry, type Receipt } from './store.js';
import { CLOCK_SKEW_MS, checkedRow, idOfName, parseReceipt, stampTime } from './share-checks.js';
import { neutralize } from '../shared/neutralize.js';
import { isTrackedLog } from '../shared/tracked-logs.js';

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
  /** Held snapshots (no OK to share yet) already named to the person: each is said once (share-ops.ts). */
  told?: string[];
}

const MAX_SNAPSHOT_BYTES = 64 * 1024;
const MAX_RECEIPT_BYTES = 4 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;

const gitOpts = (d: ShareDeps): ShareGitOptions => ({ git: d.git, root: d.root, timeoutMs: d.timeoutMs ?? DEFAULT_TIMEOUT_MS });

export async function readShareState(root: string): Promise<ShareState> {
  // A tracked share.json (ids to push, a clone id) is a commit's word, not this clone's (tracked-logs.ts).
  if (isTrackedLog(root, SHARE_STATE_FILE)) return {};
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

export type ShareOutcome =
  | { shared: true; published: string[] }
  | { shared: false; reason: ShareFailure['reason'] | 'not_allowed'; detail: string; published?: string[] };

/**
 * Publishes these snapshots and their receipts, plus any left pending by an earlier failure. On
 * failure the ids stay pending and the local snapshots stand; the outcome says why.
 */
export async function shareSnapshots(d: ShareDeps, ids: string[]): Promise<ShareOutcome> {
  const pending = (await readShareState(d.root)).pending ?? [];
  const want = [...new Set([...ids, ...pending])];
  const all = (await d.store.entries()).filter((e) => want.includes(e.handover_id));
  // Text written here leaves only after a person allowed it (share-consent.ts); a snapshot that came from
  // the remote (and its receipts) is already there. Held ones stay pending for work_publish.
  const allowed = shareConsent(d.root) !== null;
  const held = allowed ? [] : all.filter((e) => originOf(e) !== 'shared').map((e) => e.handover_id);
  const entries = all.filter((e) => !held.includes(e.handover_id));
  const files: SharedFile[] = [];
  const committed = entries.length ? await trackedFiles(d.git, d.root) : new Set<string>();
  for (const e of entries) {
    const text = await d.store.readSnapshot(e);
    if (text === null) continue;
    // Only what an agent wrote, redacted again on the way out (share-content.ts).
    files.push({ path: `snapshots/${snapshotName(e)}`, text: sharedText(text, committed, d.redact) });
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
    // Published, or gone from the history: nothing left to retry for any of them. Held ones wait.
    s.pending = [...new Set([...(s.pending ?? []).filter((p) => !want.includes(p)), ...held])];
    if (files.length || !held.length) s.last_fetch = d.now().toISOString();
  });
  if (held.length) return { shared: false, reason: 'not_allowed', detail: '', published: done };
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

/**
 * Takes in the snapshots and receipts of one shared commit: everything on the ref is another clone's
 * word, so it is checked and bounded (issue #23). Only the newest MAX_IMPORT names on the ref are looked
 * at, a blob larger than MAX_SNAPSHOT_BYTES is not read, and the rows made are data (origin `shared`):
 * no file, no latest copy. A snapshot is refused when its name, id, brain or date disagree, or when
 * it is dated in the future beyond CLOCK_SKEW_MS. Receipts count only for snapshots on the ref.
 */
export async function importFrom(d: ShareDeps, tip: string): Promise<void> {
  const o = gitOpts(d);
  const tree = await sharedTree(o, tip);
  const named = [...tree].filter(([p]) => p.startsWith('snapshots/') && SNAPSHOT_FILE.test(p.slice(10)));
  const onRemote = new Set(named.map(([p]) => idOfName(p.slice(10))));
  const latest = d.now().getTime() + CLOCK_SKEW_MS;
  const newest = named
    .map(([p, blob]) => ({ name: p.slice(10), blob, at: stampTime(p.slice(10)) }))
    .filter((s) => s.at <= latest)
    .sort((x, y) => y.at - x.at || (x.name < y.name ? 1 : -1))
    .slice(0, MAX_IMPORT);
  const local = new Set((await d.store.entries()).flatMap((e) => [snapshotName(e), e.handover_id]));
  const fresh = newest.filter((s) => !local.has(s.name) && !local.has(idOfName(s.name)));
  const texts = await readBlobs(o, [...new Set(fresh.map((s) => s.blob))], MAX_SNAPSHOT_BYTES, MAX_IMPORT_BYTES);
  const authors = fresh.length ? await addedBy(o, tip) : new Map<string, string>();
  const rows: IndexEntry[] = [];
  for (const s of fresh) {
    const row = checkedRow(s.name, texts.get(s.blob), latest);
    if (row) rows.push({ ...row, origin: 'shared', author: authors.get(`snapshots/${s.name}`) ?? null, blob: s.blob });
  }
  const recs = [...tree].filter(([p]) => /^receipts\/[^/]+\/[A-Za-z0-9_-]+\.json$/.test(p) && onRemote.has(p.split('/')[1]!));
  const receiptTexts = await readBlobs(o, [...new Set(recs.map(([, id]) => id))].slice(0, MAX_RECEIPTS), MAX_RECEIPT_BYTES);
  const receipts = new Map<string, Receipt[]>();
  // One blob under many paths is one receipt: so MAX_RECEIPTS blobs bound the receipts a row gets.
  const seen = new Set<string>();
  for (const [p, id] of recs) {
    const of = p.split('/')[1]!;
    const r = parseReceipt(receiptTexts.get(id));
    if (!r || seen.has(`${of} ${id}`)) continue;
    seen.add(`${of} ${id}`);
    receipts.set(of, [...(receipts.get(of) ?? []), r]);
  }
  if (rows.length || receipts.size) await d.store.importShared(rows, receipts, onRemote);
}

/** At most this many of the newest snapshots on the ref are looked at, and this many bytes read in all. */
const MAX_IMPORT = 50;
const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
const MAX_RECEIPTS = 500;
export { CLOCK_SKEW_MS } from './share-checks.js';

/** path → "name <email>" of the commit that added each file to the shared ref (one bounded git log). */
async function addedBy(o: ShareGitOptions, tip: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const r = await o.git(o.root, ['log', '--max-count=200', '--diff-filter=A', '--name-only', '--format=%x00%an <%ae>', tip, '--'], {
    timeoutMs: 10_000,
  });
  if (r.exitCode !== 0) return out;
  for (const block of r.stdout.split('\0').slice(1)) {
    const [who, ...files] = block.split('\n');
    const name = neutralize(who ?? '').slice(0, 200);
    for (const f of files) if (f.startsWith('snapshots/') && !out.has(f)) out.set(f, name);
  }
  return out;
}

/** Of these held snapshots, the ones not yet named to the person; from now on they all count as named. */
export async function notYetTold(root: string, ids: string[]): Promise<string[]> {
  return updateShareState(root, (s) => {
    const told = (s.told ?? []).filter((id) => (s.pending ?? []).includes(id));
    const fresh = ids.filter((id) => !told.includes(id));
    s.told = [...told, ...fresh];
    return fresh;
  });
}

/** Marks a transfer as posted on its issue; false when it already was (one comment per transfer). */
export async function markCommented(root: string, id: string): Promise<boolean> {
  return updateShareState(root, (s) => {
    if (s.commented?.includes(id)) return false;
    s.commented = [...(s.commented ?? []), id];
    return true;
  });
}
