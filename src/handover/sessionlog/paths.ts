import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { invalidArgument } from '../../shared/errors.js';
import { isInside } from '../../shared/paths.js';

/** The folders a client keeps its own transcripts in, from the environment passed in (never process.env). */
export function transcriptRoots(env: Record<string, string | undefined>): string[] {
  const roots: string[] = [];
  const home = env.HOME?.trim();
  const add = (base: string | undefined, ...rest: string[]) => {
    if (base && path.isAbsolute(base)) roots.push(path.join(base, ...rest));
  };
  add(env.CLAUDE_CONFIG_DIR?.trim(), 'projects');
  add(home, '.claude', 'projects');
  add(env.CODEX_HOME?.trim(), 'sessions');
  add(home, '.codex', 'sessions');
  return [...new Set(roots)];
}

async function real(p: string): Promise<string | null> {
  try {
    return await fsp.realpath(p);
  } catch {
    return null;
  }
}

const HINT =
  'Pass a transcript inside the project, under ~/.claude/projects/ (or $CLAUDE_CONFIG_DIR/projects/) for Claude Code, or under ~/.codex/sessions/ (or $CODEX_HOME/sessions/) for Codex; or omit session_log_path to use the latest recorded session.';

/**
 * Resolves a caller-supplied session log path to its real absolute path. Allowed: a file inside the
 * project, or inside a client's own transcript folder. Symlinks are resolved before the check, so a
 * link cannot lead out of those places. `~/` expands to `env.HOME`.
 */
export async function resolveSessionLogPath(projectRoot: string, input: string, env: Record<string, string | undefined>): Promise<string> {
  const raw = input.trim();
  if (!raw || raw.includes('\0')) {
    throw invalidArgument('session_log_path is empty or malformed', HINT, { session_log_path: input });
  }
  const home = env.HOME?.trim();
  const expanded = raw === '~' || raw.startsWith('~/') ? (home ? path.join(home, raw.slice(1)) : null) : raw;
  if (expanded === null) throw invalidArgument('session_log_path uses ~ but HOME is not known', HINT, { session_log_path: input });
  const abs = path.resolve(projectRoot, expanded);
  const resolved = await real(abs);
  if (!resolved) throw invalidArgument('session_log_path does not exist', HINT, { session_log_path: input });
  const stat = await fsp.stat(resolved);
  if (!stat.isFile()) throw invalidArgument('session_log_path is not a file', HINT, { session_log_path: input });
  const allowed = [projectRoot, ...transcriptRoots(env)];
  for (const root of allowed) {
    const r = await real(root);
    if (r && resolved !== r && isInside(r, resolved)) return resolved;
  }
  throw invalidArgument('session_log_path is outside the allowed places', HINT, { session_log_path: input });
}
