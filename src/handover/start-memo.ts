// The start memo (docs/decisions.md D40): the SessionStart answer Node just gave, with every input it was
// made from, written under the git dir for src/hooks/bin/session-start.sh, which prints it without
// starting Node while each input still holds. A text format that sh reads with parameter expansion:
//   butler-start-memo 1
//   h <HEAD> <ref>                HEAD and its loose branch ref, for the installed command only (a hint,
//                                 start-launcher.ts); absent unless HEAD names a loose ref in .git
//   w <root>                      the project, which is also the input's cwd
//   l <en|ja|->                   BUTLER_LANG as resolveLang reads it
//   u <epoch s>                   valid until (0: no time limit), for the share note's fetch age
//   a <id|->                      the brain's newest session with a transcript (L1)
//   r1 <checked size|-> <path>    the session recovery would read for any other session id (L1), or "r1 -"
//   r2 <checked size|-> <path>    the one it would read for L1 itself (L2), or "r2 -"
//   c <crc> <size> <path>         a file as POSIX cksum prints it (git files, config, index, snapshot…)
//   k <size:mtime:inode> <path>   after each c line, for Node only: an unchanged file is not summed again
//   e <path> / n <path>           a path that must exist / must not exist
//   --
//   <the exact text>#
// Nothing here is trusted by the shell beyond its checks: the agent can write the git dir too.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { joinPlain } from '../shared/paths.js';
import { CONFIG_FILE } from '../shared/config.js';
import { butlerGitFile, fileKey, gitDirs, looseHead, readGitFile, writeGitText } from '../shared/git-refs.js';
import { LOCAL_ISSUES_DIR } from '../issues/index.js';
import { BRAIN_FILE_ID } from '../shared/ids.js';
import { posixCksum } from '../shared/cksum.js';
import { BIN_DIR, START_SCRIPT } from '../shared/vendored.js';
import { RECOVERY_FACTS_MAX, recoveryFactsName, type RecoveryFact } from './sessions.js';
import { FETCH_STALE_MS, SESSION_START_LIMIT, SHARE_STATE_FILE } from './start-prompt.js';
import { HANDOVER_DIR } from './store-names.js';

/** What the answer was made from, besides the fixed files: the snapshot shown, its anchors, issue ids. */
export interface MemoDeps {
  snapshotFile: string | null;
  snapshotText: string | null;
  anchors: string[];
  issueIds: number[];
  /** Last fetch (ms) when the share note is absent only because the fetch is recent; else NaN. */
  fetchedAt: number;
  /** False when the answer asked git or cannot be checked from sh: no memo. */
  memo: boolean;
}

/** More than a memo of Butler's holds (its text is at most 2,001 characters): the rest is not read. */
const MEMO_MAX = 256 * 1024;
/** The shell reads at most this many bytes of a memo (src/hooks/bin/session-start.sh): none is written that long. */
const SHELL_MEMO_MAX = 16 * 1024;

export const memoName = (brain: string, compact: boolean): string => `start-${brain}.${compact ? 'compact' : 'start'}`;

/**
 * The files every answer depends on and the git files of HEAD. Not the brain's recovery facts, which this
 * start may write itself: memoBody adds them (docs/decisions.md D43).
 */
function fixedFiles(root: string, brain: string): string[] | null {
  const dirs = gitDirs(root);
  if (!dirs) return null;
  const files = [
    CONFIG_FILE,
    path.join(HANDOVER_DIR, 'index.json'),
    path.join(HANDOVER_DIR, 'start', `${brain}.json`),
    SHARE_STATE_FILE,
  ].map((f) => joinPlain(root, f));
  for (const name of ['own-handovers', 'index-memo']) files.push(butlerGitFile(root, name, 'gitDir') as string);
  const dotGit = joinPlain(root, '.git');
  if (statSync(dotGit).isFile()) files.push(dotGit);
  const headFile = joinPlain(dirs.gitDir, 'HEAD');
  files.push(headFile);
  const head = /^ref: refs\/heads\/([^\n]+)\n$/.exec(readFileSync(headFile, 'utf8'));
  if (head?.[1]) files.push(joinPlain(dirs.common, 'refs', 'heads', ...head[1].split('/')), joinPlain(dirs.common, 'packed-refs'));
  files.push(joinPlain(dirs.common, 'reftable'));
  return files;
}

/** The fixed files and their identity before the answer is made: the memo is written only if none changed meanwhile. */
export interface MemoKeys {
  files: string[];
  key: string;
}

const keyOf = (files: readonly string[]) => files.map((f) => fileKey(f) ?? '-').join('|');

export function memoKeys(root: string, brain: string): MemoKeys | null {
  try {
    // Only the installed command's script reads a memo (D40): where it is missing, no memo work at all.
    // Install puts it there, and the first Node start after that writes the memo.
    if (!existsSync(joinPlain(root, BIN_DIR, START_SCRIPT))) return null;
    const files = fixedFiles(root, brain);
    return files && { files, key: keyOf(files) };
  } catch {
    return null;
  }
}

/** No lone surrogate (ES2024's String.prototype.isWellFormed, in Node 20: a builtin, not a regex to compile). */
const wellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();

/** A line's path must survive the line format and sh: absolute, no newline, no leading or trailing space. */
const plainPath = (p: string) => path.isAbsolute(p) && !p.includes('\n') && !p.includes('\r') && p === p.trim();

/** A memo line and, for a file, its identity as fileKey writes it ('-': missing); null when it cannot be a line. */
type FileLine = { line: string; key: string } | null;

/**
 * A file's line: `n` when missing, else `c` as cksum prints it, followed by its `k` line (size, mtime, inode)
 * so the next memo reuses the checksum of a file that did not change (`known`: the previous memo's lines).
 */
function fileLine(file: string, known: Map<string, string>, expected?: string, summed?: { n: number }): FileLine {
  try {
    if (!plainPath(file)) return null;
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st) return { line: `n ${file}`, key: '-' };
    if (!st.isFile()) return null;
    const key = `${st.size}:${st.mtimeMs}:${st.ino}`;
    const k = `k ${key} ${file}`;
    const c = known.get(k);
    if (c) return { line: `${c}\n${k}`, key };
    const buf = readFileSync(file);
    if (summed) summed.n++;
    if (expected !== undefined && buf.toString('utf8') !== expected) return null;
    return { line: `c ${posixCksum(buf)} ${buf.length} ${file}\n${k}`, key };
  } catch {
    return null;
  }
}

/** The `c` lines of the previous memo by the `k` line that follows each. */
function knownSums(text: string | null): Map<string, string> {
  const out = new Map<string, string>();
  const lines = (text ?? '').slice(0, Math.max(0, (text ?? '').indexOf('\n--\n'))).split('\n');
  for (let i = 1; i < lines.length; i++)
    if (lines[i]!.startsWith('k ') && lines[i - 1]!.startsWith('c ')) out.set(lines[i]!, lines[i - 1]!);
  return out;
}

/** A recovery fact as an `r` line's value: '-' for none, '' when it cannot be a line. */
function target(r: RecoveryFact | null): string {
  if (r === null) return '-';
  const ok = typeof r.transcript === 'string' && plainPath(r.transcript) && (r.checked === null || Number.isSafeInteger(r.checked));
  return ok ? `${r.checked ?? '-'} ${r.transcript}` : '';
}

/**
 * Writes the memo for the answer just given (`ok`: nothing in it asked git, nothing was recovered) when
 * it can be checked from sh, and otherwise removes the old one, so the next start runs the Node hook at
 * once instead of checking a memo that cannot hold. Best effort, never throws.
 * `keys` is memoKeys() from before the answer was made.
 */
export function writeStartMemo(q: MemoQuery): void {
  const name = memoName(q.brain, q.compact);
  if (q.ok && memoBody(q, name)) return;
  try {
    const file = butlerGitFile(q.root, name, 'gitDir');
    if (file && existsSync(file)) rmSync(file, { force: true });
  } catch {
    // a read-only git dir: the script finds the memo stale and runs Node
  }
}

interface MemoQuery {
  ok: boolean;
  root: string;
  brain: string;
  compact: boolean;
  langEnv: string | undefined;
  text: string;
  deps: MemoDeps;
  keys: MemoKeys | null;
}

/** Writes the memo; false when this answer has none. */
function memoBody(q: MemoQuery, name: string): boolean {
  try {
    const { root, deps } = q;
    if (!q.keys || !plainPath(root) || root.includes('\t') || q.text.length > SESSION_START_LIMIT + 1) return false;
    if (!BRAIN_FILE_ID.test(q.brain) || !wellFormed(q.text)) return false;
    // The list from before the answer: a changed HEAD (another branch file) changes HEAD's own key.
    const files = q.keys.files;
    if (deps.issueIds.length > 200 || deps.anchors.length > 100) return false;
    // The recovery facts (sessions.ts), read once: the r lines and the checksum come from the same bytes.
    const factsFile = butlerGitFile(root, recoveryFactsName(q.brain), 'gitDir') as string;
    const facts = readGitFile(factsFile, RECOVERY_FACTS_MAX);
    if (facts === null) return false;
    const file = butlerGitFile(root, name, 'gitDir');
    const before = file && readGitFile(file, MEMO_MAX);
    const known = knownSums(before);
    const summed = { n: 0 };
    const lines = files.map((f) => fileLine(f, known, undefined, summed));
    lines.push(fileLine(factsFile, known, facts));
    if (deps.snapshotFile) lines.push(fileLine(deps.snapshotFile, known, deps.snapshotText ?? ''));
    // No local tracker (the common case): one line for its folder, not one per issue.
    const issues = joinPlain(root, LOCAL_ISSUES_DIR);
    if (deps.issueIds.length && !statSync(issues, { throwIfNoEntry: false }))
      lines.push(plainPath(issues) ? { line: `n ${issues}`, key: '-' } : null);
    else for (const id of deps.issueIds) lines.push(fileLine(joinPlain(issues, `${id}.md`), known));
    for (const a of deps.anchors) {
      const p = joinPlain(root, a);
      lines.push(plainPath(p) ? { line: `${existsSync(p) ? 'e' : 'n'} ${p}`, key: '-' } : null);
    }
    if (lines.some((l) => l === null)) return false;
    // Nothing changed since before the answer: the fixed files' identity as fileLine read it (fileKey's
    // text; no second stat of each, the start is timed). A file summed just now is stat'ed again: it may
    // have changed between its stat and its read, and its c line would vouch for bytes the answer never saw.
    const after = lines.slice(0, files.length).map((l) => l!.key);
    if (after.join('|') !== q.keys.key || (summed.n > 0 && keyOf(files) !== q.keys.key)) return false;
    const env = q.langEnv?.toLowerCase();
    const { l1, l2 } = JSON.parse(facts) as { l1: RecoveryFact | null; l2: RecoveryFact | null };
    const [r1, r2] = [target(l1 ?? null), target(l2 ?? null)];
    if (!r1 || !r2 || (l1 && !/^[A-Za-z0-9._:-]{1,200}$/.test(String(l1.id)))) return false;
    const until = Number.isNaN(deps.fetchedAt) ? 0 : Math.floor((deps.fetchedAt + FETCH_STALE_MS) / 1000);
    const hint = looseHead(root);
    const head = ['butler-start-memo 1', ...(hint ? [`h ${hint}`] : []), `w ${root}`, `l ${env === 'en' || env === 'ja' ? env : '-'}`];
    head.push(`u ${until}`, `a ${l1?.id ?? '-'}`, `r1 ${r1}`, `r2 ${r2}`, ...lines.map((l) => l!.line));
    const text = `${head.join('\n')}\n--\n${q.text}#`;
    if (Buffer.byteLength(text) >= SHELL_MEMO_MAX) return false;
    return !!file && (before === text || writeGitText(root, name, text));
  } catch {
    return false;
  }
}
