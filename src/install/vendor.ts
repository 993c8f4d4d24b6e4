import path from 'node:path';
import { ButlerError } from '../shared/errors.js';
import { readTextIfExists } from '../shared/fs.js';
import { BIN_DIR, BUNDLES, BUNDLE_SOURCES, LEGACY_BUNDLES, VERSION_FILE } from './constants.js';
import { NODE_HOOK, PRE_FILTER, vendoredPreFilter } from './guard-launcher.js';
import { readRel, type FileChange } from './plan.js';

export const versionStamp = (version: string): string => `agent-butler ${version}\n`;

/** Parses `.butler/bin/VERSION`; null when missing or unreadable. */
export function parseStamp(text: string | null): string | null {
  const m = /^agent-butler\s+(\S+)/.exec(text ?? '');
  return m?.[1] ?? null;
}

/**
 * Copies this Butler's self-contained bundles into `<project>/.butler/bin/` with a version stamp.
 * Committed with the repo, they make every hook and server command work in any clone, with plain
 * `node` and no install step, and pin the Butler version the team runs.
 */
export async function planVendor(ctx: { root: string; bundleDir: string; version: string }): Promise<FileChange[]> {
  const changes: FileChange[] = [];
  for (const name of BUNDLES) {
    const file = BUNDLE_SOURCES[name] ?? name;
    let src = await readTextIfExists(path.join(ctx.bundleDir, file));
    if (src === null) {
      throw new ButlerError(
        'not_found',
        `Butler's bundle ${file} is missing from ${ctx.bundleDir}`,
        'Run `npm run build` in the Butler checkout (or reinstall agent-butler), then install again.',
      );
    }
    const rel = `${BIN_DIR}/${name}`;
    const before = await readRel(ctx, rel);
    // The pre-filter carries the SHA-256 of the Node hook it may run (src/install/guard-launcher.ts).
    if (name === PRE_FILTER) {
      const hook = await readTextIfExists(path.join(ctx.bundleDir, NODE_HOOK));
      if (hook !== null) src = vendoredPreFilter(src, hook);
    }
    if (before !== src)
      changes.push({ path: rel, before, after: src, note: before === null ? 'vendored runtime' : 'vendored runtime updated' });
  }
  // An install of an older Butler is upgraded in place: its hook files go (the hook commands follow).
  for (const name of LEGACY_BUNDLES) {
    const rel = `${BIN_DIR}/${name}`;
    const before = await readRel(ctx, rel);
    if (before !== null) changes.push({ path: rel, before, after: null, note: 'older hook bundle removed' });
  }
  const stamp = versionStamp(ctx.version);
  const before = await readRel(ctx, VERSION_FILE);
  if (before !== stamp) {
    const old = parseStamp(before);
    changes.push({ path: VERSION_FILE, before, after: stamp, note: old ? `version ${old} -> ${ctx.version}` : `version ${ctx.version}` });
  }
  return changes;
}

export async function unplanVendor(ctx: { root: string }): Promise<FileChange[]> {
  const changes: FileChange[] = [];
  for (const rel of [...[...BUNDLES, ...LEGACY_BUNDLES].map((b) => `${BIN_DIR}/${b}`), VERSION_FILE]) {
    const before = await readRel(ctx, rel);
    if (before !== null) changes.push({ path: rel, before, after: null, note: 'vendored runtime removed' });
  }
  return changes;
}
