import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { readJsonIfExists, writeFileAtomic } from './fs.js';
import { withFileLock } from './lock.js';

/** Brain ids are file-name and index safe: anything outside [A-Za-z0-9_-] becomes `_` (docs/decisions.md D13). */
export function normalizeBrain(value: string | null | undefined, fallback: string): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return fallback;
  return trimmed.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

/** The brain of a person at the CLI, who has no MCP connection to name them (issue 22). */
export const PERSON_BRAIN = 'person';

/** Human titles for the client ids observed from the real clients, so "Codex" can be matched to its id. */
const KNOWN_TITLES: Record<string, string> = {
  'claude-code': 'Claude Code',
  'codex-mcp-client': 'Codex',
};

/**
 * What a person or an agent may write for `client` / `--client`, mapped to the brain id the client's own MCP
 * connection reports (issue 22): an alias never creates a brain of its own. Keys are lower case with spaces
 * and underscores as hyphens. Gemini CLI reports `gemini-cli-mcp-client`.
 */
const ALIASES: Record<string, string> = {
  claude: 'claude-code',
  'claude-code': 'claude-code',
  claudecode: 'claude-code',
  codex: 'codex-mcp-client',
  'codex-cli': 'codex-mcp-client',
  'codex-mcp-client': 'codex-mcp-client',
  gemini: 'gemini-cli-mcp-client',
  'gemini-cli': 'gemini-cli-mcp-client',
  'gemini-cli-mcp-client': 'gemini-cli-mcp-client',
  // The CLI names the person this way in the steps it prints (`butler handover resume --client person`).
  person: 'person',
};

/**
 * The brain an explicit `client` names: a known alias, else an id already in the registry (written by a
 * client's own connection or by install); null when it names neither (the caller asks, writing nothing).
 */
export function brainForClient(value: string, known: readonly BrainEntry[]): string | null {
  const alias =
    ALIASES[
      value
        .trim()
        .toLowerCase()
        .replace(/[\s_]+/g, '-')
    ];
  return alias ?? resolveBrain(normalizeBrain(value, ''), known);
}

export function titleForBrain(brainId: string, sentTitle?: string | null): string | null {
  return sentTitle?.trim() || KNOWN_TITLES[brainId] || null;
}

export interface BrainEntry {
  brain_id: string;
  title: string | null;
  /** null: installed here but has not started a work session yet. */
  last_seen: string | null;
  installed_at?: string;
}

interface RegistryFile {
  brains: Record<string, { last_seen: string | null; title?: string | null; installed_at?: string }>;
}

export function registryPath(projectRoot: string): string {
  return path.join(projectRoot, 'session_logs', 'brain_registry.json');
}

async function readRegistry(file: string): Promise<RegistryFile> {
  try {
    const raw = await readJsonIfExists<RegistryFile>(file);
    return raw && typeof raw.brains === 'object' && raw.brains ? raw : { brains: {} };
  } catch {
    // A corrupt registry only loses last_seen times; start again rather than block the session.
    return { brains: {} };
  }
}

export async function upsertBrain(projectRoot: string, brainId: string, title: string | null, now: Date): Promise<void> {
  const file = registryPath(projectRoot);
  await withFileLock(
    file,
    async () => {
      const reg = await readRegistry(file);
      const prev = reg.brains[brainId];
      reg.brains[brainId] = { ...prev, last_seen: now.toISOString(), title: title ?? prev?.title ?? null };
      await writeFileAtomic(file, `${JSON.stringify(reg, null, 2)}\n`, { within: projectRoot });
    },
    { within: projectRoot },
  );
}

/** The brain ids of the clients `butler install` configures, as their MCP clientInfo.name reports them. */
export const INSTALLED_BRAINS = { claude: 'claude-code', codex: 'codex-mcp-client' } as const;

/**
 * `butler install` registers the clients it installed for as known but not yet seen, so the first
 * transfer after install can address one. An entry that exists is left as it is (install is idempotent).
 */
export async function registerInstalledBrains(projectRoot: string, brainIds: readonly string[], now: Date): Promise<void> {
  const file = registryPath(projectRoot);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await withFileLock(
    file,
    async () => {
      const reg = await readRegistry(file);
      const missing = brainIds.filter((id) => !reg.brains[id]);
      if (!missing.length) return;
      for (const id of missing) reg.brains[id] = { last_seen: null, title: titleForBrain(id), installed_at: now.toISOString() };
      await writeFileAtomic(file, `${JSON.stringify(reg, null, 2)}\n`, { within: projectRoot });
    },
    { within: projectRoot },
  );
}

/** Most recently seen first; installed-but-unseen brains last. */
export async function listBrains(projectRoot: string): Promise<BrainEntry[]> {
  const reg = await readRegistry(registryPath(projectRoot));
  return Object.entries(reg.brains)
    .filter(([, v]) => v && typeof v === 'object')
    .map(([brain_id, v]) => ({
      brain_id,
      title: v.title ?? null,
      last_seen: typeof v.last_seen === 'string' ? v.last_seen : null,
      ...(typeof v.installed_at === 'string' ? { installed_at: v.installed_at } : {}),
    }))
    .sort((a, b) => (b.last_seen ?? '').localeCompare(a.last_seen ?? '') || a.brain_id.localeCompare(b.brain_id));
}

/**
 * The registered brain a target names: its id, or its id or title in any case ("Codex" ->
 * codex-mcp-client) when exactly one matches. null when none does (a typo such as `codx`).
 */
export function resolveBrain(target: string, known: readonly BrainEntry[]): string | null {
  if (known.some((b) => b.brain_id === target)) return target;
  const t = target
    .toLowerCase()
    .replace(/[_\s-]+/g, ' ')
    .trim();
  const hits = known.filter((b) =>
    [b.brain_id, b.title ?? ''].some(
      (n) =>
        n
          .toLowerCase()
          .replace(/[_\s-]+/g, ' ')
          .trim() === t,
    ),
  );
  return hits.length === 1 ? (hits[0] as BrainEntry).brain_id : null;
}
