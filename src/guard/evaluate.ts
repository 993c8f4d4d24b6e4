// The guard's slow path, loaded by the PreToolUse hook only for commands that may run git.
import path from 'node:path';
import { loadGuardConfig, type ReadCommitted, stricter } from './config.js';
import { decide, type Decision, DEFAULT_GUARD, type GuardConfig, type Inspection, inspect, needsConfig } from './decide.js';
import { DYN } from './types.js';

export interface EvaluateDeps {
  /** Reads the committed config (HEAD); null: trust no relaxation at all. */
  readCommitted: ReadCommitted | null;
  /** The longest the config may take to read; then the default (block) applies. */
  configBudgetMs: number;
}

/**
 * Decides one shell command. The parse is synchronous and linear in the command's length; the only
 * waits are reading `.butler/config.yaml` (and, when it relaxes the guard, its committed version).
 */
export async function evaluate(command: string, cwd: string | null, deps: EvaluateDeps): Promise<Decision> {
  const ins = inspect(command);
  // Stryker disable next-line ConditionalExpression: reading the config for a command without git changes no decision, only its cost
  if (!needsConfig(ins)) return { action: 'allow' };
  const dirs = cwd ? await targetDirs(ins, cwd) : null;
  const config =
    dirs === null
      ? DEFAULT_GUARD
      : await withDeadline(
          Promise.all(dirs.map((d) => loadGuardConfig(d, deps.readCommitted))).then((cs) => cs.reduce(stricter)),
          deps.configBudgetMs,
          DEFAULT_GUARD,
        );
  return decide(ins, config);
}

/**
 * Every folder whose repository the command's git may act on: the session's folder, `cd` targets
 * and `-C` folders. The config must allow the command in all of them (a `cd` into a folder with a
 * lax config does not relax the project's guard). null when one is not known before it runs.
 */
async function targetDirs(ins: Inspection, cwd: string): Promise<string[] | null> {
  const known = (d: string | null): d is string => d !== null && !d.includes(DYN) && !d.startsWith('~');
  // Stryker disable next-line ArrayDeclaration: a placeholder folder name in place of no -C folders is a known folder, so the answer is the same
  if (!ins.cds.every(known) || ins.uses.some((u) => u.elsewhere || (u.dirs ?? []).some((d) => !known(d)))) return null;
  const bases = [cwd, ...ins.cds.map((d) => path.resolve(cwd, d as string))];
  const out = new Set(bases);
  for (const u of ins.uses) {
    if (!u.dirs?.length) continue;
    for (const b of bases) out.add(u.dirs.reduce((at, d) => path.resolve(at, d), b));
  }
  return [...out];
}

function withDeadline(p: Promise<GuardConfig>, ms: number, fallback: GuardConfig): Promise<GuardConfig> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    // Stryker disable next-line OptionalChaining: Node's timers always have unref
    timer.unref?.();
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      // Stryker disable next-line BlockStatement: without it the timer resolves the same fallback, only later
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}
