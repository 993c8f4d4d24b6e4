import { mkdirSync, promises as fsp, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ButlerError } from './errors.js';
import { assertNoLinks, assertNoLinksSync } from './no-links.js';

export interface WriteOptions {
  /** The project root: refuse when any component below it, the file included, is a symbolic link. */
  within?: string;
}

/** Permission and read-only failures name the folder instead of surfacing as an internal error. */
export function explain(err: unknown, file: string, root?: string): unknown {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') return err;
  const dir = path.dirname(file);
  const shown = root ? path.relative(root, dir).split(path.sep).join('/') || '.' : dir;
  const why = code === 'EROFS' ? 'read-only file system' : 'permission denied';
  return new ButlerError('backend_error', `Cannot write to ${shown} (${why})`, `Make ${shown} writable for this user, then retry.`, {
    folder: shown,
  });
}

async function prepare(file: string, opts: WriteOptions): Promise<void> {
  if (opts.within) await assertNoLinks(opts.within, file);
  await fsp.mkdir(path.dirname(file), { recursive: true }).catch((err) => {
    throw explain(err, file, opts.within);
  });
}

let tmpCounter = 0;
/** Unique within this process and across processes (pid), without loading node:crypto in hooks. */
const tmpName = (file: string) => `${file}.${process.pid}.${Date.now().toString(36)}.${(tmpCounter++).toString(36)}.tmp`;

/** Writes through a unique temp file and rename, so readers never see a half-written file. */
export async function writeFileAtomic(file: string, content: string, opts: WriteOptions = {}): Promise<void> {
  await prepare(file, opts);
  const tmp = tmpName(file);
  try {
    await fsp.writeFile(tmp, content, { flag: 'wx' });
    await fsp.rename(tmp, file);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw explain(err, file, opts.within);
  }
}

/** writeFileAtomic with sync fs, for the SessionStart hook (fs.promises alone costs it milliseconds to load). */
export function writeFileAtomicSync(file: string, content: string, opts: WriteOptions = {}): void {
  const tmp = tmpName(file);
  try {
    if (opts.within) assertNoLinksSync(opts.within, file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(tmp, content, { flag: 'wx' });
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw explain(err, file, opts.within);
  }
}

/** Creates `file` only if it does not exist yet; returns false when another writer got there first. */
export async function writeFileExclusive(file: string, content: string, opts: WriteOptions = {}): Promise<boolean> {
  await prepare(file, opts);
  const tmp = tmpName(file);
  await fsp.writeFile(tmp, content, { flag: 'wx' }).catch((err) => {
    throw explain(err, file, opts.within);
  });
  try {
    // link() fails with EEXIST instead of replacing: the snapshot history is append-only.
    await fsp.link(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw explain(err, file, opts.within);
  } finally {
    await fsp.rm(tmp, { force: true });
  }
}

export async function readTextIfExists(file: string): Promise<string | null> {
  try {
    return await fsp.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export function readTextIfExistsSync(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Parses JSON, returning `undefined` for a missing file and throwing for a corrupt one. */
export async function readJsonIfExists<T>(file: string): Promise<T | undefined> {
  const text = await readTextIfExists(file);
  return text === null ? undefined : (JSON.parse(text) as T);
}

export async function pathExists(p: string): Promise<boolean> {
  try {
    await fsp.access(p);
    return true;
  } catch {
    return false;
  }
}
