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
    if (r && resolved !== r && isInside(r, resolved)) {
      // Another project's transcript is not this one's history (issue #23): its recorded cwd must be here.
      const cwd = await recordedCwd(resolved);
      const here = (await real(projectRoot)) ?? projectRoot;
      const at = cwd === null ? null : ((await real(cwd)) ?? path.resolve(cwd));
      if (at !== null && (at === here || isInside(here, at))) return resolved;
      throw invalidArgument(
        cwd === null ? 'session_log_path records no working directory' : 'session_log_path is a transcript of another project',
        HINT,
        { session_log_path: input, ...(cwd === null ? {} : { recorded_cwd: cwd.slice(0, 300) }) },
      );
    }
  }
  throw invalidArgument('session_log_path is outside the allowed places', HINT, { session_log_path: input });
}

/** How much of a transcript's head is searched for its working directory. */
const CWD_HEAD_BYTES = 256 * 1024;

/**
 * The working directory a transcript recorded: Claude Code's first entry with `cwd`, or Codex's
 * `session_meta` payload `cwd`. null when the head of the file names none.
 */
export async function recordedCwd(file: string): Promise<string | null> {
  let head: string;
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(CWD_HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, CWD_HEAD_BYTES, 0);
    head = buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fh.close();
  }
  for (const line of head.split('\n')) {
    if (!line.includes('"cwd"')) continue;
    try {
      const o = JSON.parse(line) as { cwd?: unknown; type?: unknown; payload?: { cwd?: unknown } };
      const cwd = o.type === 'session_meta' ? o.payload?.cwd : o.cwd;
      if (typeof cwd === 'string' && path.isAbsolute(cwd)) return cwd;
    } catch {
      // a cut line at the end of the head, or not JSON
    }
  }
  return null;
}
