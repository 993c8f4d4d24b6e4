import { promises as fsp, readFileSync } from 'node:fs';
import path from 'node:path';
import { joinPlain } from '../shared/paths.js';
import { pathExists, readTextIfExists, writeFileAtomic, writeFileExclusive } from '../shared/fs.js';
import { fileKey } from '../shared/git-refs.js';
import { withFileLock } from '../shared/lock.js';
import { assertNoLinks, linkFree } from '../shared/no-links.js';
import { markSuperseded } from './candidates.js';
import { markOrigin, recordOwn } from './origin.js';
import {
  currentMemo,
  entryFromMeta,
  markLatest,
  mergeReceipts,
  newestFirst,
  parseIndex,
  rememberIndex,
  savedButIncomplete,
} from './store-rows.js';
import { AUTO_KEEP, pruneAuto } from './prune.js';
import { HANDOVER_DIR, latestFileName, scopeKey, SNAPSHOT_FILE, snapshotFileName, stamp } from './store-names.js';
import { writeStartIndex } from './start-index.js';
import { parseMetadata, type SnapshotMeta } from './snapshot.js';
import type { IndexEntry, IndexFile, Receipt } from './store-types.js';
import { isTrackedLog } from '../shared/tracked-logs.js';

export type { IndexEntry, Receipt } from './store-types.js';

/**
 * The snapshot store of one project. Snapshot files are the truth and are never overwritten; the
 * index is a cache of their METADATA, rebuilt when missing or corrupt, and updated under a lock.
 */
export class HandoverStore {
  readonly dir: string;
  readonly indexFile: string;
  private cache: { key: string; entries: IndexEntry[] } | null = null;
  /** Snapshot files the last loadForWrite could not parse (store-rows.ts). */
  private unreadable: string[] = [];

  constructor(readonly projectRoot: string) {
    this.dir = joinPlain(projectRoot, HANDOVER_DIR);
    this.indexFile = joinPlain(this.dir, 'index.json');
  }

  rel(file: string): string {
    return path.relative(this.projectRoot, file).split(path.sep).join('/');
  }

  /** All entries, newest first. A long-lived server reuses the parsed index until the file changes. */
  async entries(): Promise<IndexEntry[]> {
    const key = fileKey(this.indexFile);
    if (this.cache && key && this.cache.key === key) return this.cache.entries;
    const parsed = key ? await this.readIndex() : null;
    // An index that misses a snapshot file here (a crash, or an index.json a pull replaced) is rebuilt.
    if (parsed && (await this.knowsEveryFile(parsed))) {
      // latest and supersede from the origins just read, never from what the file says (issue #23).
      markLatest(parsed);
      const entries = parsed;
      this.cache = { key: key as string, entries };
      return entries;
    }
    if (!(await pathExists(this.dir))) return [];
    // Missing or corrupt index: rebuild from the snapshots themselves, so nothing is lost.
    const rebuilt = await withFileLock(
      this.indexFile,
      async () => {
        const entries = await this.loadForWrite();
        await this.writeIndex(entries);
        return entries.sort(newestFirst);
      },
      { within: this.projectRoot, timeoutMs: 2000 },
    ).catch(() => null);
    if (rebuilt) return rebuilt;
    // The index cannot be rewritten (read-only folder, a link, a busy lock): serve what the files say.
    const entries = await this.loadForWrite();
    markLatest(entries);
    return entries.sort(newestFirst);
  }

  /**
   * entries() for a hook process: one synchronous read, no thread-pool round trips (measured at a cold
   * start: 2.5-4.5 ms against 10-17 ms for stat + readFile). null when the index is missing or corrupt:
   * then entries() rebuilds it.
   */
  entriesNow(): IndexEntry[] | null {
    if (isTrackedLog(this.projectRoot, this.rel(this.indexFile)) || !linkFree(this.projectRoot, this.indexFile)) return null;
    let text: string;
    try {
      text = readFileSync(this.indexFile, 'utf8');
    } catch {
      return null;
    }
    const parsed = parseIndex(text);
    if (!parsed) return null;
    markLatest(markOrigin(this.projectRoot, parsed));
    return parsed;
  }

  private async knowsEveryFile(entries: readonly IndexEntry[]): Promise<boolean> {
    const known = new Set(entries.map((e) => e.snapshot_file.slice(e.snapshot_file.lastIndexOf('/') + 1)));
    for (const n of currentMemo(this.projectRoot, this.indexFile) ?? []) known.add(n);
    const names = await fsp.readdir(this.dir).catch(() => [] as string[]);
    return names.every((n) => !SNAPSHOT_FILE.test(n) || known.has(n));
  }

  /** null when missing or corrupt, including any entry that is not a well-formed row of ours. */
  private async readIndex(): Promise<IndexEntry[] | null> {
    // A tracked index.json is a commit's word, not Butler's: rebuilt from the files (tracked-logs.ts),
    // then Butler's own again until something replaces the file (store-rows.ts).
    if (isTrackedLog(this.projectRoot, this.rel(this.indexFile)) && !currentMemo(this.projectRoot, this.indexFile)) return null;
    if (!linkFree(this.projectRoot, this.indexFile)) return null; // another folder's index, through a committed link
    const parsed = parseIndex((await readTextIfExists(this.indexFile).catch(() => null)) ?? '');
    return parsed && markOrigin(this.projectRoot, parsed);
  }

  private async writeIndex(entries: IndexEntry[]): Promise<void> {
    markLatest(entries);
    const file: IndexFile = { version: 1, handovers: [...entries].sort(newestFirst) };
    // One entry per line: compact enough to parse 10,000 entries quickly, still diffable by eye.
    const text = `{"version":1,"handovers":[\n${file.handovers.map((e) => JSON.stringify(e)).join(',\n')}\n]}\n`;
    await writeFileAtomic(this.indexFile, text, { within: this.projectRoot });
    this.cache = null;
    rememberIndex(this.projectRoot, this.indexFile, this.unreadable, isTrackedLog(this.projectRoot, this.rel(this.indexFile)));
    await writeStartIndex(this.projectRoot, this.indexFile, entries);
  }

  /** Index plus any snapshot file it does not know (a writer that crashed between the two steps). */
  private async loadForWrite(): Promise<IndexEntry[]> {
    const entries = (await this.readIndex()) ?? [];
    const known = new Set(entries.map((e) => e.snapshot_file));
    const names = await fsp.readdir(this.dir).catch(() => [] as string[]);
    this.unreadable = [];
    for (const name of names) {
      if (!SNAPSHOT_FILE.test(name)) continue;
      const rel = this.rel(path.join(this.dir, name));
      if (known.has(rel) || !linkFree(this.projectRoot, path.join(this.dir, name))) continue;
      const meta = parseMetadata((await readTextIfExists(path.join(this.dir, name))) ?? '');
      if (meta) entries.push(entryFromMeta(meta, rel));
      else this.unreadable.push(name);
    }
    return markOrigin(this.projectRoot, entries);
  }

  /**
   * Appends one snapshot. `render` gets the final id (unique even within one second) and returns the
   * markdown and its METADATA. The file is created exclusively, then the index and latest copy follow.
   */
  async append(
    base: { issueId: number | null; createdAt: Date; brain: string },
    render: (
      handoverId: string,
      prior: IndexEntry[],
    ) => Promise<{ markdown: string; meta: SnapshotMeta }> | { markdown: string; meta: SnapshotMeta },
  ): Promise<{ entry: IndexEntry; markdown: string; latestFile: string }> {
    await assertNoLinks(this.projectRoot, this.indexFile);
    await fsp.mkdir(this.dir, { recursive: true });
    return withFileLock(
      this.indexFile,
      async () => {
        const entries = await this.loadForWrite();
        const ids = new Set(entries.map((e) => e.handover_id));
        const ts = stamp(base.createdAt);
        const scope = scopeKey(base.issueId);
        // The earlier snapshots of this scope, newest first, read under the lock: parent and sequence.
        const prior = markSuperseded(entries.filter((e) => e.issue_id === base.issueId).sort(newestFirst));
        for (let n = 1; n < 1000; n++) {
          const brain = n === 1 ? base.brain : `${base.brain}-${n}`;
          const id = `${scope}-${ts}-${brain}`;
          const file = path.join(this.dir, `${scope}_${ts}_${brain}.md`);
          if (ids.has(id) || (await pathExists(file))) continue;
          const { markdown, meta } = await render(id, prior);
          // Into this work tree's ledger first: written here, so own (origin.ts).
          recordOwn(this.projectRoot, id);
          if (!(await writeFileExclusive(file, markdown, { within: this.projectRoot }))) continue;
          const entry: IndexEntry = { ...entryFromMeta(meta, this.rel(file)), origin: 'own' };
          entries.push(entry);
          const pruned = entry.mode === 'auto' ? pruneAuto(entries, base.issueId, AUTO_KEEP, newestFirst) : [];
          const latest = path.join(this.dir, latestFileName(base.issueId));
          try {
            await this.writeIndex(entries);
            if (entry.is_latest) await writeFileAtomic(latest, markdown, { within: this.projectRoot });
          } catch (err) {
            throw savedButIncomplete(entry, err);
          }
          for (const f of pruned.map((e) => this.fileOf(e))) if (f) await fsp.unlink(f).catch(() => undefined);
          return { entry, markdown, latestFile: this.rel(latest) };
        }
        throw new Error('could not allocate a handover id');
      },
      { within: this.projectRoot },
    );
  }

  /**
   * Adds a receipt to one row under the lock; null when the id is unknown, `added: false` (nothing written)
   * when the row holds one already: one `retired` whoever retired it, one `accepted` per brain.
   */
  async addReceipt(handoverId: string, receipt: Receipt): Promise<{ entry: IndexEntry; added: boolean } | null> {
    if (!(await pathExists(this.dir))) return null;
    await assertNoLinks(this.projectRoot, this.indexFile);
    return withFileLock(
      this.indexFile,
      async () => {
        const entries = await this.loadForWrite();
        const hit = entries.find((e) => e.handover_id === handoverId);
        if (!hit) return null;
        const receipts = hit.receipts ?? [];
        // A snapshot is retired once, whoever retires it; each brain accepts it once.
        const had = receipts.some((r) => r.kind === receipt.kind && (r.kind === 'retired' || r.by === receipt.by));
        if (had) return { entry: hit, added: false };
        hit.receipts = [...receipts, receipt];
        await this.writeIndex(entries);
        return { entry: hit, added: true };
      },
      { within: this.projectRoot },
    );
  }

  /**
   * Takes in what another clone shared (share.ts checked it): rows for new snapshots, no file and no
   * latest copy (the text stays a blob on the fetched ref until it is read or accepted), and receipts
   * for the snapshots that are on the remote, whatever the remote says about any other (issue #23).
   */
  async importShared(rows: IndexEntry[], receipts: Map<string, Receipt[]>, onRemote: ReadonlySet<string>): Promise<void> {
    await assertNoLinks(this.projectRoot, this.indexFile);
    await fsp.mkdir(this.dir, { recursive: true });
    await withFileLock(
      this.indexFile,
      async () => {
        const entries = await this.loadForWrite();
        const known = new Set(entries.flatMap((e) => [e.handover_id, e.snapshot_file]));
        for (const r of rows) if (!known.has(r.handover_id) && !known.has(r.snapshot_file)) entries.push({ ...r, origin: 'shared' });
        for (const e of entries) {
          const more = receipts.get(e.handover_id);
          if (more && onRemote.has(e.handover_id)) e.receipts = mergeReceipts(more, e.receipts ?? []);
        }
        await this.writeIndex(entries);
      },
      { within: this.projectRoot },
    );
  }

  /** Writes a shared snapshot's text (read from its blob) as its file, once: when it is accepted. */
  async materialize(entry: IndexEntry, text: string): Promise<void> {
    const file = this.fileOf(entry);
    if (file) await writeFileExclusive(file, text, { within: this.projectRoot });
  }

  /** The snapshot's text; null when missing or when the index points anywhere but a snapshot file here. */
  async readSnapshot(entry: IndexEntry): Promise<string | null> {
    // fileOf walks the path for links (no-links.ts): once.
    const file = this.fileOf(entry);
    return file === null ? null : readTextIfExists(file);
  }

  /**
   * readSnapshot() in one synchronous read, for a hook process (see entriesNow), with the file it read (the
   * SessionStart hook records it); text null when unreadable.
   */
  readSnapshotNow(entry: IndexEntry): { file: string | null; text: string | null } {
    const file = this.fileOf(entry);
    try {
      return { file, text: file === null ? null : readFileSync(file, 'utf8') };
    } catch {
      return { file, text: null };
    }
  }

  /** The absolute path of a row's snapshot file; null unless it names a snapshot file in this folder, reached through no link. */
  fileOf(entry: IndexEntry): string | null {
    const name = snapshotFileName(entry.snapshot_file);
    const file = name === null ? null : joinPlain(this.dir, name);
    return file && linkFree(this.projectRoot, file) ? file : null;
  }
}
