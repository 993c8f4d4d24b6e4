import { promises as fsp } from 'node:fs';
import path from 'node:path';

/**
 * Branch and HEAD read straight from the `.git` files, for the timed hooks: spawning git costs more
 * than Node's own start-up. Handles a `.git` file (worktrees, submodules: `gitdir: …`), a symbolic
 * HEAD, loose refs, `packed-refs` and the worktree's `commondir`. Anything unusual (reftable, a
 * missing ref) gives null fields, and callers then fall back to git itself.
 */
export interface GitHead {
  branch: string | null;
  head: string | null;
}

const OID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

async function read(file: string): Promise<string | null> {
  return fsp.readFile(file, 'utf8').catch(() => null);
}

async function gitDirOf(root: string): Promise<string | null> {
  const dotGit = path.join(root, '.git');
  const st = await fsp.stat(dotGit).catch(() => null);
  if (!st) return null;
  if (st.isDirectory()) return dotGit;
  const m = /^gitdir:\s*(.+?)\s*$/m.exec((await read(dotGit)) ?? '');
  return m ? path.resolve(root, m[1]!) : null;
}

async function resolveRef(gitDir: string, commonDir: string, ref: string): Promise<string | null> {
  if (!/^refs\/[\w./-]+$/.test(ref) || ref.includes('..')) return null;
  for (const dir of [gitDir, commonDir]) {
    const loose = (await read(path.join(dir, ref)))?.trim();
    if (loose && OID.test(loose)) return loose;
  }
  for (const line of ((await read(path.join(commonDir, 'packed-refs'))) ?? '').split('\n')) {
    const [oid, name] = line.split(' ');
    if (name === ref && oid && OID.test(oid)) return oid;
  }
  return null;
}

export async function readGitHead(root: string): Promise<GitHead> {
  const none = { branch: null, head: null };
  const gitDir = await gitDirOf(root);
  if (!gitDir) return none;
  const headText = (await read(path.join(gitDir, 'HEAD')))?.trim();
  if (!headText) return none;
  if (OID.test(headText)) return { branch: null, head: headText };
  const m = /^ref:\s*(refs\/\S+)$/.exec(headText);
  if (!m) return none;
  const common = (await read(path.join(gitDir, 'commondir')))?.trim();
  const commonDir = common ? path.resolve(gitDir, common) : gitDir;
  const ref = m[1]!;
  const branch = ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
  return { branch, head: await resolveRef(gitDir, commonDir, ref) };
}
