import type { ToolDef } from '../mcp/tool.js';
import { prepareText, snapshotBrains } from '../handover/index.js';
import { brainForClient, listBrains, PERSON_BRAIN } from '../shared/brains.js';
import { CLIENTS } from '../shared/clients/index.js';
import type { Lang } from '../shared/config.js';
import { cliErrors } from './messages/errors.js';
import { UsageError } from './outcome.js';
import { nearest } from './suggest.js';

/** `--client` that names no brain here is a usage error, in handover suspend's words (nothing was done). */
export async function knownClient(root: string, client: string, lang: Lang): Promise<void> {
  const known = await listBrains(root).catch(() => []);
  if (brainForClient(client, known) === null)
    throw new UsageError(
      prepareText(lang, 'person').unknownClient(
        client,
        known.map((b) => b.brain_id),
      ),
    );
}

/** The arguments of a read-only verb that filter by a brain (`handover list --client|--source|--target`). */
const FILTERS = ['client', 'source_brain', 'target_brain'] as const;

/**
 * A read-only verb's brain filters, each written as the brain it names (`--source codex` is codex-mcp-client's
 * snapshots). A filter that names no brain here (known, or the author of a snapshot) is a usage error naming the
 * nearest one (newcomer walk-through 10: `handover list --client codx` listed nothing, exit 0). Agents' calls are
 * not read here: the tool filters by the id it is given.
 */
export async function brainFilters(
  tool: ToolDef,
  args: Record<string, unknown>,
  typed: Record<string, string>,
  root: string,
  lang: Lang,
): Promise<Record<string, unknown>> {
  if (!tool.config.annotations.readOnlyHint || !FILTERS.some((k) => typeof args[k] === 'string')) return args;
  const registry = await listBrains(root).catch(() => []);
  const authors = (await snapshotBrains(root)).map((b) => b.split(' ')[0]!);
  const ids = [...new Set([...registry.map((b) => b.brain_id), ...authors, PERSON_BRAIN])];
  const known = [...registry, ...authors.map((brain_id) => ({ brain_id, title: null, last_seen: null }))];
  const out = { ...args };
  for (const key of FILTERS) {
    const value = args[key];
    if (typeof value !== 'string') continue;
    if (key === 'target_brain' && value === 'any') continue;
    const brain = brainForClient(value, known);
    if (brain !== null) {
      out[key] = brain;
      continue;
    }
    // The nearest of the brain ids and each client's names, said as the brain id.
    const names = new Map<string, string>(ids.map((id) => [id, id]));
    for (const c of CLIENTS) if (ids.includes(c.brain)) for (const a of [c.key, ...c.aliases]) names.set(a, c.brain);
    const near = names.get(nearest(value, [...names.keys()]) ?? '') ?? null;
    throw new UsageError(cliErrors(lang).noBrain(typed[key] ?? `--${key}`, value, near, ids));
  }
  return out;
}
