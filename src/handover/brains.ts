import path from 'node:path';
import { readJsonIfExists, writeFileAtomic } from '../shared/fs.js';
import { withFileLock } from '../shared/lock.js';

/** Brain ids are file-name and index safe: anything outside [A-Za-z0-9_-] becomes `_` (seed 001). */
export function normalizeBrain(value: string | null | undefined, fallback: string): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return fallback;
  return trimmed.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

/** Human titles for the client ids observed from the real clients, so "Codex" can be matched to its id. */
const KNOWN_TITLES: Record<string, string> = {
  'claude-code': 'Claude Code',
  'codex-mcp-client': 'Codex',
};

export function titleForBrain(brainId: string, sentTitle?: string | null): string | null {
  return sentTitle?.trim() || KNOWN_TITLES[brainId] || null;
}

export interface BrainEntry {
  brain_id: string;
  title: string | null;
  last_seen: string;
}

interface RegistryFile {
  brains: Record<string, { last_seen: string; title?: string | null }>;
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
      reg.brains[brainId] = { last_seen: now.toISOString(), title: title ?? prev?.title ?? null };
      await writeFileAtomic(file, `${JSON.stringify(reg, null, 2)}\n`, { within: projectRoot });
    },
    { within: projectRoot },
  );
}

/** Most recently seen first. */
export async function listBrains(projectRoot: string): Promise<BrainEntry[]> {
  const reg = await readRegistry(registryPath(projectRoot));
  return Object.entries(reg.brains)
    .map(([brain_id, v]) => ({ brain_id, title: v.title ?? null, last_seen: v.last_seen }))
    .sort((a, b) => b.last_seen.localeCompare(a.last_seen));
}
