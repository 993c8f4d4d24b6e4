import path from 'node:path';
import { readJsonIfExists, writeFileAtomic } from './fs.js';
import { withFileLock } from './lock.js';
import { CLIENTS, clientByBrain } from './clients/index.js';
import { installedClients } from './clients/installed.js';

/** Brain ids are file-name and index safe: anything outside [A-Za-z0-9_-] becomes `_` (docs/decisions.md D13). */
export function normalizeBrain(value: string | null | undefined, fallback: string): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return fallback;
  return trimmed.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

/** The brain of a person at the CLI, who has no MCP connection to name them (issue 22). */
export const PERSON_BRAIN = 'person';

/** How a name is compared with a record's brain id and aliases: lower case, spaces and underscores as hyphens. */
export const aliasKey = (v: string): string =>
  v
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

/**
 * The brain an explicit `client` names (issue 22): a record's brain id or alias (src/shared/clients/:
 * `claude`, `Codex`, `gemini-cli` …) or the person, else an id already in the registry (written by a
 * client's own connection); null when it names neither (the caller asks, writing nothing). An alias
 * never creates a brain of its own.
 */
export function brainForClient(value: string, known: readonly BrainEntry[]): string | null {
  const key = aliasKey(value);
  if (key === PERSON_BRAIN) return PERSON_BRAIN;
  const hit = CLIENTS.find((c) => [c.brain, ...c.aliases].some((a) => aliasKey(a) === key));
  return hit?.brain ?? resolveBrain(normalizeBrain(value, ''), known);
}

/**
 * Every name of these brains, by the key brainForClient compares (aliasKey), to its brain id: each id, and each
 * client's key and aliases (src/shared/clients/). The table a "did you mean" picks from.
 */
export function brainNames(ids: readonly string[]): Map<string, string> {
  const names = new Map(ids.map((id) => [aliasKey(id), id]));
  for (const c of CLIENTS) if (ids.includes(c.brain)) for (const a of [c.key, ...c.aliases]) names.set(aliasKey(a), c.brain);
  return names;
}

/** The title a client sends, else its record's (src/shared/clients/), so "Codex" can be matched to its id. */
export function titleForBrain(brainId: string, sentTitle?: string | null): string | null {
  return sentTitle?.trim() || clientByBrain(brainId)?.title || null;
}

export interface BrainEntry {
  brain_id: string;
  title: string | null;
  /** null: installed here but has not started a work session yet. */
  last_seen: string | null;
  installed_at?: string;
  /** Known from the project's committed install files (not seen in this clone yet). */
  installed?: boolean;
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

/**
 * The brains known here: those seen in this clone (the local registry, with when), and the clients
 * installed in the project, read from the committed install files (docs/decisions.md D35), so a fresh
 * clone can address a client that never ran in it. Most recently seen first; installed-but-unseen last.
 */
export async function listBrains(projectRoot: string): Promise<BrainEntry[]> {
  const reg = await readRegistry(registryPath(projectRoot));
  const seen: BrainEntry[] = Object.entries(reg.brains)
    .filter(([, v]) => v && typeof v === 'object')
    .map(([brain_id, v]) => ({
      brain_id,
      title: v.title ?? null,
      last_seen: typeof v.last_seen === 'string' ? v.last_seen : null,
      ...(typeof v.installed_at === 'string' ? { installed_at: v.installed_at } : {}),
    }));
  const installed = installedClients(projectRoot)
    .filter((c) => !reg.brains[c.brain])
    .map((c) => ({ brain_id: c.brain, title: c.title, last_seen: null, installed: true }));
  return [...seen, ...installed].sort(
    (a, b) => (b.last_seen ?? '').localeCompare(a.last_seen ?? '') || a.brain_id.localeCompare(b.brain_id),
  );
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
    [b.brain_id, b.title ?? '', ...(clientByBrain(b.brain_id)?.aliases ?? [])].some(
      (n) =>
        n
          .toLowerCase()
          .replace(/[_\s-]+/g, ' ')
          .trim() === t,
    ),
  );
  return hits.length === 1 ? (hits[0] as BrainEntry).brain_id : null;
}
