// Which guard settings apply to a folder, and why they are trusted. The guard is there to stop the
// agent it guards, and that agent can write any file in the work tree: so an uncommitted change to
// `.butler/config.yaml` may tighten the guard at once but never relax it. The settings that apply
// are the stricter of the work-tree file and the committed one (HEAD); work_record refuses to commit
// a relaxation (src/work/guard-policy.ts), so relaxing is a person's act (`butler guard …`).
import path from 'node:path';
import { CONFIG_FILE, parseConfig, readConfigText } from '../shared/config.js';
import { DEFAULT_GUARD, type GuardConfig } from './decide.js';

/** Reads a committed file (`git cat-file -p HEAD:./PATH` in `dir`); null when there is none. */
export type ReadCommitted = (dir: string, relPath: string) => Promise<string | null>;

const RANK = { off: 0, warn: 1, block: 2 } as const;

/** The guard part of a config text: the default (block) when absent or invalid. */
export function guardFromText(text: string | null): GuardConfig {
  // No "guard" in the text: nothing can relax the default, so the YAML parse (a few ms on the hook's
  // git path, most configs hold only `lang`) is skipped. A key spelled with escapes gets the default too,
  // the strictest setting, never a laxer one.
  if (text === null || !text.includes('guard')) return DEFAULT_GUARD;
  try {
    const g = parseConfig(text).guard;
    return g ? { allow: g.allow, mode: g.mode } : DEFAULT_GUARD;
  } catch {
    return DEFAULT_GUARD;
  }
}

/** Does `next` let anything run that `base` blocks (a weaker mode, or a new allowed subcommand)? */
export function relaxes(next: GuardConfig, base: GuardConfig = DEFAULT_GUARD): boolean {
  return RANK[next.mode] < RANK[base.mode] || next.allow.some((a) => !base.allow.includes(a));
}

/** What both settings allow, in the stricter mode. */
export function stricter(a: GuardConfig, b: GuardConfig): GuardConfig {
  return { mode: RANK[a.mode] >= RANK[b.mode] ? a.mode : b.mode, allow: a.allow.filter((x) => b.allow.includes(x)) };
}

/**
 * The guard settings for a folder: the nearest `.butler/config.yaml` from `dir` up to its repository
 * root, the stricter of the work-tree and the committed version. The committed one is read only when
 * the work-tree one relaxes anything, so the usual decision spawns nothing.
 */
export async function loadGuardConfig(dir: string, readCommitted: ReadCommitted | null): Promise<GuardConfig> {
  // The nearest config between the folder and its repository root (the one root finder).
  const { foldersUpToRoot } = await import('../shared/root.js');
  for (const at of foldersUpToRoot(dir).folders) {
    let text: string | null = null;
    try {
      text = await readConfigText(path.join(at, CONFIG_FILE));
    } catch {
      return DEFAULT_GUARD; // a FIFO, a folder, an unreadable file: block
    }
    if (text === null) continue;
    const work = guardFromText(text);
    if (!relaxes(work) || readCommitted === null) return relaxes(work) ? DEFAULT_GUARD : work;
    const committed = guardFromText(await readCommitted(at, `./${CONFIG_FILE}`).catch(() => null));
    return stricter(work, committed);
  }
  return DEFAULT_GUARD;
}
