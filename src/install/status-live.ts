// `butler status`: will the guard actually run (issue #26 item 8; docs/decisions.md D34)? Codex runs
// a project's hooks only in a project the user trusted and only hooks whose command the user trusted;
// both are recorded in the user's Codex config (`$CODEX_HOME/config.toml`, default `~/.codex`):
//   [projects."<abs path>"] trust_level = "trusted"
//   [hooks.state."<abs path>/.codex/hooks.json:pre_tool_use:<group>:<handler>"] trusted_hash = "sha256:…"
// where the hash is SHA-256 of the canonical (sorted keys, compact) JSON of the hook's identity
// {event_name, matcher, hooks: [{type, command, timeout, async}]} (openai/codex,
// codex-rs/hooks/src/engine/discovery.rs command_hook_hash and config fingerprint version_for_toml). The real
// Codex writes these records in test/e2e/clients/codex-trust.test.ts, and its hash is pinned there.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { readTextIfExists } from '../shared/fs.js';
import { codex, type ClientRecord } from '../shared/clients/index.js';
import { sha256 } from './guard-launcher.js';

export type CodexTrust = 'trusted' | 'project not trusted' | 'hooks not trusted' | 'hooks trusted for another command' | 'unknown';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (!isObj(v)) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, canonical(v[k])]),
  );
}

/** The hash Codex records when the user trusts Butler's PreToolUse hook with this command. */
export function codexHookHash(command: string): string {
  const identity = {
    event_name: 'pre_tool_use',
    matcher: codex.hooks.events.guard.matcher,
    hooks: [{ type: 'command', command, timeout: codex.hooks.events.guard.timeout, async: false }],
  };
  return `sha256:${sha256(JSON.stringify(canonical(identity)))}`;
}

/** Reads Codex's own trust records for this project and its installed PreToolUse command. */
export async function codexTrust(root: string, command: string | null, codexHome: string | undefined): Promise<CodexTrust> {
  if (!codexHome || command === null) return 'unknown';
  let cfg: unknown;
  try {
    cfg = parse((await readTextIfExists(path.join(codexHome, 'config.toml'))) ?? '');
  } catch {
    return 'unknown';
  }
  if (!isObj(cfg)) return 'unknown';
  const projects = isObj(cfg.projects) ? cfg.projects : {};
  const trusted = Object.entries(projects).some(
    ([p, v]) => isObj(v) && v.trust_level === 'trusted' && (root === p || root.startsWith(`${p.replace(/\/+$/, '')}/`)),
  );
  if (!trusted) return 'project not trusted';
  const state = isObj(cfg.hooks) && isObj(cfg.hooks.state) ? cfg.hooks.state : {};
  const prefix = `${path.join(root, '.codex', 'hooks.json')}:pre_tool_use:`;
  const hashes = Object.entries(state)
    .filter(([k, v]) => k.startsWith(prefix) && isObj(v) && typeof v.trusted_hash === 'string' && v.enabled !== false)
    .map(([, v]) => (v as { trusted_hash: string }).trusted_hash);
  if (hashes.length === 0) return 'hooks not trusted';
  return hashes.includes(codexHookHash(command)) ? 'trusted' : 'hooks trusted for another command';
}

/**
 * Whether a client is on this machine (docs/decisions.md D38): its own folder (a transcript root's
 * base, `$CODEX_HOME` or `~/.codex`) exists, or its program is on PATH. A missing trust is a problem
 * only for a client that is; for one that is not, status says so in a note.
 */
export function clientOnMachine(c: ClientRecord, env: Record<string, string | undefined>): boolean {
  const homes = c.transcript.roots.map((r) => (r.env ? env[r.env] : r.home && env.HOME ? path.join(env.HOME, r.home) : undefined));
  const bins = (env.PATH ?? '').split(path.delimiter).flatMap((d) => (d ? [path.join(d, c.program)] : []));
  return [...homes, ...bins].some((p) => !!p && existsSync(p));
}
