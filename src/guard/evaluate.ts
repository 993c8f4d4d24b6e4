// The guard's slow path, loaded by the PreToolUse hook only for commands that may run git.
import { loadGuardConfig } from './config.js';
import { decide, type Decision, DEFAULT_GUARD, type GuardConfig, inspect, needsConfig } from './decide.js';

/**
 * Decides one shell command. The parse is synchronous and linear in the command's length; the only
 * wait is reading `.butler/config.yaml`, bounded by `configBudgetMs` (then the default, block, applies).
 */
export async function evaluate(command: string, cwd: string | null, configBudgetMs: number): Promise<Decision> {
  const ins = inspect(command);
  if (!needsConfig(ins)) return { action: 'allow' };
  const config = cwd ? await withDeadline(loadGuardConfig(cwd), configBudgetMs, DEFAULT_GUARD) : DEFAULT_GUARD;
  return decide(ins, config);
}

function withDeadline(p: Promise<GuardConfig>, ms: number, fallback: GuardConfig): Promise<GuardConfig> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    timer.unref?.();
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}
