// The start memo (docs/decisions.md D40): the SessionStart answer Node just gave, with every input it was
// made from, written under the git dir for src/hooks/bin/session-start.sh, which prints it without
// starting Node while each input still holds. A text format that sh reads with parameter expansion:
//   butler-start-memo 1
//   w <root>                      the project, which is also the input's cwd
//   l <en|ja|->                   BUTLER_LANG as resolveLang reads it
//   u <epoch s>                   valid until (0: no time limit), for the share note's fetch age
//   a <id|->                      the brain's newest session with a transcript (L1)
//   r1 <checked size|-> <path>    the session recovery would read for any other session id (L1), or "r1 -"
//   r2 <checked size|-> <path>    the one it would read for L1 itself (L2), or "r2 -"
//   c <crc> <size> <path>         a file as POSIX cksum prints it (git files, config, index, snapshot…)
//   e <path> / n <path>           a path that must exist / must not exist
//   --
//   <the exact text>#
// Nothing here is trusted by the shell beyond its checks: the agent can write the git dir too.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE } from '../shared/config.js';
import { butlerGitFile, fileKey, gitDirs, writeGitText } from '../shared/git-refs.js';
import { LOCAL_ISSUES_DIR } from '../issues/index.js';
import { recoveryTargets, sessionsPath, type SessionRecord } from './sessions.js';
import { FETCH_STALE_MS, SESSION_START_LIMIT, SHARE_STATE_FILE } from './start-prompt.js';
import { HANDOVER_DIR } from './store.js';

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

export const memoName = (brain: string, compact: boolean): string => `start-${brain}.${compact ? 'compact' : 'start'}`;

/**
 * The files every answer depends on and the git files of HEAD; sessions.json (which this start writes
 * itself) only with `sessions`.
 */
function fixedFiles(root: string, brain: string, sessions: boolean): string[] | null {
  const dirs = gitDirs(root);
  if (!dirs) return null;
  const files = [
    CONFIG_FILE,
    path.join(HANDOVER_DIR, 'index.json'),
    path.join(HANDOVER_DIR, 'start', `${brain}.json`),
    SHARE_STATE_FILE,
    ...(sessions ? [path.relative(root, sessionsPath(root))] : []),
  ].map((f) => path.join(root, f));
  for (const name of ['own-handovers', 'index-memo']) files.push(butlerGitFile(root, name, 'gitDir') as string);
  if (statSync(path.join(root, '.git')).isFile()) files.push(path.join(root, '.git'));
  files.push(path.join(dirs.gitDir, 'HEAD'));
  const head = /^ref: refs\/heads\/([^\n]+)\n$/.exec(readFileSync(path.join(dirs.gitDir, 'HEAD'), 'utf8'));
  if (head?.[1]) files.push(path.join(dirs.common, 'refs', 'heads', ...head[1].split('/')), path.join(dirs.common, 'packed-refs'));
  files.push(path.join(dirs.common, 'reftable'));
  return files;
}

/** Identity of the fixed files before the answer is made: the memo is written only if none changed meanwhile. */
export function memoKeys(root: string, brain: string): string | null {
  try {
    const files = fixedFiles(root, brain, false);
    return files && files.map((f) => fileKey(f) ?? '-').join('|');
  } catch {
    return null;
  }
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    t[i] = c >>> 0;
  }
  return t;
})();

/** The checksum POSIX `cksum` prints: CRC-32 (polynomial 0x04C11DB7, MSB first) over the bytes, then the length. */
export function posixCksum(buf: Uint8Array): number {
  let crc = 0;
  const step = (b: number) => (crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ b) & 0xff] as number)) >>> 0);
  for (const b of buf) step(b);
  for (let n = buf.length; n > 0; n = Math.floor(n / 256)) step(n & 0xff);
  return ~crc >>> 0;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A line's path must survive the line format and sh: absolute, no newline, no leading or trailing space. */
const plainPath = (p: string) => path.isAbsolute(p) && !/[\n\r]/.test(p) && p === p.trim();

function fileLine(file: string, expected?: string): string | null {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? (existsSync(file) ? null : `n ${file}`) : null;
  }
  if (expected !== undefined && buf.toString('utf8') !== expected) return null;
  return `c ${posixCksum(buf)} ${buf.length} ${file}`;
}

function target(r: SessionRecord | null): string {
  if (!r?.transcript_path) return '-';
  return plainPath(r.transcript_path) ? `${r.checked_size ?? '-'} ${r.transcript_path}` : '';
}

/**
 * Writes the memo for the answer just given, when it can be checked from sh; best effort, never throws.
 * `keys` is memoKeys() from before the answer was made.
 */
export function writeStartMemo(q: {
  root: string;
  brain: string;
  compact: boolean;
  langEnv: string | undefined;
  text: string;
  deps: MemoDeps;
  keys: string | null;
}): void {
  try {
    const { root, deps } = q;
    if (!q.keys || !plainPath(root) || root.includes('\t') || q.text.length > SESSION_START_LIMIT + 1) return;
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(q.brain) || LONE_SURROGATE.test(q.text)) return;
    const files = fixedFiles(root, q.brain, true);
    if (!files || deps.issueIds.length > 200 || deps.anchors.length > 100) return;
    const lines = files.map((f) => fileLine(f));
    if (deps.snapshotFile) lines.push(fileLine(deps.snapshotFile, deps.snapshotText ?? ''));
    for (const id of deps.issueIds) lines.push(fileLine(path.join(root, LOCAL_ISSUES_DIR, `${id}.md`)));
    for (const a of deps.anchors) {
      const p = path.join(root, a);
      lines.push(plainPath(p) ? `${existsSync(p) ? 'e' : 'n'} ${p}` : null);
    }
    if (lines.some((l) => l === null || !plainPath(l.replace(/^(?:c \d+ \d+|[en]) /, '')))) return;
    if (memoKeys(root, q.brain) !== q.keys) return;
    const env = q.langEnv?.toLowerCase();
    const { l1, l2 } = recoveryTargets(root, q.brain);
    const [r1, r2] = [target(l1), target(l2)];
    if (!r1 || !r2 || (l1 && !/^[A-Za-z0-9._:-]{1,200}$/.test(l1.session_id))) return;
    const until = Number.isNaN(deps.fetchedAt) ? 0 : Math.floor((deps.fetchedAt + FETCH_STALE_MS) / 1000);
    const head = ['butler-start-memo 1', `w ${root}`, `l ${env === 'en' || env === 'ja' ? env : '-'}`, `u ${until}`];
    head.push(`a ${l1?.session_id ?? '-'}`, `r1 ${r1}`, `r2 ${r2}`, ...(lines as string[]));
    const text = `${head.join('\n')}\n--\n${q.text}#`;
    const name = memoName(q.brain, q.compact);
    const file = butlerGitFile(root, name, 'gitDir');
    if (file && readOrNull(file) !== text) writeGitText(root, name, text);
  } catch {
    // no memo: the next start runs Node
  }
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
