// A per-brain extract of index.json for the SessionStart hook. The hook runs at every session start and
// only needs the rows that could be offered to its brain; with a long history, parsing the whole index
// was the largest cost left (issue #14: ~5 ms to parse 500 rows, plus the garbage collection it causes).
// Every index write also writes session_logs/handover/start/<brain>.json: the rows selectCandidates and
// newerAuto can use for that brain (live rows addressed to it, to `any` or accepted by it, and every
// automatic checkpoint), with `superseded_by` computed over the whole index, and the index file's
// size, mtime and inode. The hook uses it only when those still match; otherwise it parses the index.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { joinPlain } from '../shared/paths.js';
import { writeFileAtomic } from '../shared/fs.js';
import { fileKey } from '../shared/git-refs.js';
import { BRAIN_FILE_ID } from '../shared/ids.js';
import { isAuto, isRetired, markSuperseded } from './candidates.js';
import { newestFirst, parseIndex } from './store-rows.js';
import type { IndexEntry } from './store-types.js';

/** Brains with an extract at most (a hostile index could name thousands); the others parse the index. */
const MAX_BRAINS = 16;

const fileOf = (dir: string, brain: string) => joinPlain(dir, 'start', `${brain}.json`);

/** The rows an extract for `brain` keeps (entries newest first, superseded_by already marked). */
export function startRows(entries: readonly IndexEntry[], brain: string): IndexEntry[] {
  const mine = (e: IndexEntry) =>
    e.target_brain === brain || e.target_brain === 'any' || !!e.receipts?.some((r) => r.kind === 'accepted' && r.by === brain);
  return entries.filter((e) => !isRetired(e) && (isAuto(e) || (!e.superseded_by && mine(e))));
}

/** Writes the extracts after the index was written (under its lock). Best effort: a failure only costs speed. */
export async function writeStartIndex(root: string, indexFile: string, entries: readonly IndexEntry[]): Promise<void> {
  try {
    const sig = fileKey(indexFile);
    if (!sig) return;
    const marked = markSuperseded(entries.map((e) => ({ ...e })).sort(newestFirst));
    const brains = [...new Set(marked.flatMap((e) => [e.target_brain, e.source_brain, ...(e.receipts ?? []).map((r) => r.by)]))]
      .filter((b) => b !== 'any' && BRAIN_FILE_ID.test(b))
      .slice(0, MAX_BRAINS);
    const dir = path.dirname(indexFile);
    for (const b of brains) {
      const rows = startRows(marked, b);
      const text = `{"version":1,"index":${JSON.stringify(sig)},"handovers":[\n${rows.map((e) => JSON.stringify(e)).join(',\n')}\n]}\n`;
      await writeFileAtomic(fileOf(dir, b), text, { within: root });
    }
  } catch {
    // the hook parses the index instead
  }
}

/** The extract for `brain` when it matches the index as it is now, newest first; null: parse the index. */
export function startEntriesNow(indexFile: string, brain: string | null): IndexEntry[] | null {
  if (!brain || !BRAIN_FILE_ID.test(brain)) return null;
  try {
    const sig = fileKey(indexFile);
    const text = readFileSync(fileOf(path.dirname(indexFile), brain), 'utf8');
    const head = /^\{"version":1,"index":("[^"\n]*"),/.exec(text);
    if (!sig || !head || JSON.parse(head[1] as string) !== sig) return null;
    return parseIndex(text);
  } catch {
    return null;
  }
}
