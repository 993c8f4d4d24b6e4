import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { invalidArgument } from '../../shared/errors.js';
import { isInside } from '../../shared/paths.js';
import { CLIENTS, type ClientRecord } from '../../shared/clients/index.js';
import { geminiWorkspace } from './gemini.js';

/** Each client's transcript folders (the client table's `transcript.roots`), from the environment passed in (never process.env). */
export function clientTranscriptRoots(env: Record<string, string | undefined>): { client: ClientRecord; root: string }[] {
  const out: { client: ClientRecord; root: string }[] = [];
  const home = env.HOME?.trim();
  for (const client of CLIENTS) {
    for (const r of client.transcript.roots) {
      const base = r.env ? env[r.env]?.trim() : home && r.home ? path.join(home, r.home) : undefined;
      if (base && path.isAbsolute(base)) out.push({ client, root: path.join(base, ...r.sub) });
    }
  }
  return out;
}

/** The folders the clients keep their own transcripts in. */
export function transcriptRoots(env: Record<string, string | undefined>): string[] {
  return [...new Set(clientTranscriptRoots(env).map((r) => r.root))];
}

async function real(p: string): Promise<string | null> {
  try {
    return await fsp.realpath(p);
  } catch {
    return null;
  }
}

const HINT = `Pass a transcript inside the project, or under a client's transcript folder (${CLIENTS.map(
  (c) => `${c.title}: ${c.transcript.roots.map((r) => (r.env ? `$${r.env}` : `~/${r.home}`) + `/${r.sub.join('/')}/`).join(' or ')}`,
).join('; ')}); or omit session_log_path to use the latest recorded session.`;

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
 * The working directory a transcript recorded: Claude Code's first entry with `cwd`, Codex's
 * `session_meta` payload `cwd`, or Gemini CLI's workspace folder. null when the head of the file names none.
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
    // Gemini CLI names its workspace folder in the session context of the first prompt.
    if (line.includes('Workspace Directories')) {
      try {
        const ws = geminiWorkspace(JSON.parse(line) as Record<string, unknown>);
        if (ws && path.isAbsolute(ws)) return ws;
      } catch {
        // not JSON
      }
    }
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
