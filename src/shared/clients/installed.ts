import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENTS } from './index.js';
import type { ClientRecord } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * What means "installed" for a client (docs/decisions.md D35): its hooks file (committed, or the personal
 * one) holds a handler for its SessionStart event that runs Butler's runtime for its brain. Read from the
 * files every clone has, so a fresh clone knows the clients as well as the one where install ran.
 */
export function hasStartHook(c: ClientRecord, settings: unknown): boolean {
  if (!isObject(settings) || !isObject(settings.hooks)) return false;
  const groups = settings.hooks[c.hooks.events.sessionStart.event];
  if (!Array.isArray(groups)) return false;
  return groups.some(
    (g) =>
      isObject(g) &&
      Array.isArray(g.hooks) &&
      g.hooks.some(
        (h) =>
          isObject(h) &&
          typeof h.command === 'string' &&
          h.command.includes('.butler/bin/session-start.') &&
          h.command.includes(`--brain ${c.brain}`),
      ),
  );
}

/** The clients installed in the project at `root`, in table order. */
export function installedClients(root: string): ClientRecord[] {
  return CLIENTS.filter((c) =>
    [c.hooks.file, c.hooks.personalFile]
      .filter((f): f is string => !!f)
      .some((rel) => hasStartHook(c, readJson(path.join(root, ...rel.split('/'))))),
  );
}
