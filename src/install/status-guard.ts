// `butler status`: is the guard runtime the one the installed commands check (docs/decisions.md D34)?
// A version stamp says nothing about content: each vendored file is compared by SHA-256 with the hash
// the command line carries (pre-filter) and the hash the pre-filter carries (Node hook), and, when
// this Butler's bundles are at hand, every vendored file with the bundle it was copied from.
import { installText } from './messages.js';
import path from 'node:path';
import { readTextIfExists } from '../shared/fs.js';
import { BIN_DIR, BUNDLES, BUNDLE_SOURCES } from './constants.js';
import { NODE_HOOK, PRE_FILTER, launcherSum, nodeHookSum, preFilterSum, vendoredPreFilter } from './guard-launcher.js';
import { isObject, type Json, type JsonObject } from './json.js';
import { readRel } from './plan.js';

/** Every guard command of Butler's (it names `.butler/bin/`) in a client's hook file, under its guard event. */
export function preToolUseCommands(file: JsonObject, event = 'PreToolUse'): string[] {
  return guardHandlers(file, event).map((h) => h.command as string);
}

/** Every guard handler of Butler's (its command names `.butler/bin/`) in a client's hook file, under its guard event. */
export function guardHandlers(file: JsonObject, event: string): JsonObject[] {
  const groups = isObject(file.hooks) && Array.isArray(file.hooks[event]) ? (file.hooks[event] as Json[]) : [];
  return groups.flatMap((g) =>
    isObject(g) && Array.isArray(g.hooks)
      ? g.hooks.flatMap((h) => (isObject(h) && typeof h.command === 'string' && h.command.includes(`${BIN_DIR}/`) ? [h] : []))
      : [],
  );
}

export async function guardRuntimeProblems(
  root: string,
  files: { obj: JsonObject | null; event: string }[],
  bundleDir?: string,
  t: ReturnType<typeof installText>['st'] = installText('en').st,
): Promise<{ problems: string[]; altered: string[] }> {
  // Said to the person who runs `butler status`: the command that restores Butler's files (a plain install keeps the installed clients).
  const RUN_INSTALL = t.runInstall;
  const problems: string[] = [];
  /** Which vendored files are missing or altered: status names them on the runtime line. */
  const altered = new Set<string>();
  const commands = files.flatMap((f) => (f.obj ? preToolUseCommands(f.obj, f.event) : []));
  const sums = [...new Set(commands.map(launcherSum))];
  const sh = await readRel({ root }, `${BIN_DIR}/${PRE_FILTER}`);
  const cjs = await readRel({ root }, `${BIN_DIR}/${NODE_HOOK}`);
  if (sums.includes(null)) problems.push(t.olderForm(`${BIN_DIR}/${PRE_FILTER}`, RUN_INSTALL));
  const checked = sums.filter((s): s is string => s !== null);
  if (checked.length > 0 && (sh === null || checked.some((s) => s !== preFilterSum(sh)))) {
    altered.add(PRE_FILTER);
    problems.push(t.preFilter(`${BIN_DIR}/${PRE_FILTER}`, RUN_INSTALL));
  }
  const cjsSum = /^BUTLER_SUM=([0-9a-f]{64})$/m.exec(sh ?? '')?.[1];
  if (checked.length > 0 && sh !== null && cjsSum !== undefined && (cjs === null || cjsSum !== nodeHookSum(cjs))) {
    altered.add(NODE_HOOK);
    problems.push(t.nodeHook(`${BIN_DIR}/${NODE_HOOK}`, RUN_INSTALL));
  }
  if (bundleDir) {
    const differ: string[] = [];
    const hook = await readTextIfExists(path.join(bundleDir, NODE_HOOK));
    for (const name of BUNDLES) {
      const have = await readRel({ root }, `${BIN_DIR}/${name}`);
      let want = await readTextIfExists(path.join(bundleDir, BUNDLE_SOURCES[name] ?? name));
      if (want !== null && name === PRE_FILTER && hook !== null) want = vendoredPreFilter(want, hook);
      if (have !== null && want !== null && have !== want) differ.push(name);
    }
    for (const name of differ) altered.add(name);
    if (differ.length > 0) problems.push(t.differs(BIN_DIR, differ.join(', '), RUN_INSTALL));
  }
  return { problems, altered: [...altered] };
}
