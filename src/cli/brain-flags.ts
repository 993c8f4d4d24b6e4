import type { ToolDef } from '../mcp/tool.js';
import { historyBrains } from '../handover/index.js';
import { aliasKey, brainForClient, brainNames, listBrains, PERSON_BRAIN } from '../shared/brains.js';
import { CLIENTS } from '../shared/clients/index.js';
import type { Lang } from '../shared/config.js';
import { cliErrors } from './messages/errors.js';
import { UsageError } from './outcome.js';
import { nearest } from './suggest.js';

/**
 * `--client` that names no brain here is a usage error naming the nearest brain, as `handover list --client codx`
 * says it (the final newcomer walk-through, #25): nothing was done.
 */
export async function knownClient(root: string, client: string, lang: Lang): Promise<void> {
  const known = await listBrains(root).catch(() => []);
  if (brainForClient(client, known) === null)
    throw noBrain(
      '--client',
      client,
      known.map((b) => b.brain_id),
      lang,
    );
}

/**
 * The usage error for a brain flag naming no brain here: the nearest of `pool` (what the flag accepts) and its clients'
 * names, said as the brain id; the known list is that same pool (#25: `codx` suggested codex-mcp-client, unlisted).
 */
function noBrain(flag: string, value: string, ids: string[], lang: Lang, pool: string[] = ids): UsageError {
  // Nothing installed and nothing to name (a full uninstall): say so rather than "(known: )" (#25).
  if (!ids.length) return new UsageError(cliErrors(lang).noClient(flag, value));
  const names = brainNames(pool);
  const near = names.get(nearest(aliasKey(value), [...names.keys()]) ?? '') ?? null;
  return new UsageError(cliErrors(lang).noBrain(flag, value, near, [...pool].sort()));
}

/** The arguments that name a brain: a read-only verb's filters (`handover list --client|--source|--target`), accept's --source, transfer's --target. */
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
  // A writing verb's --client is knownClient's; its --source (accept) and --target (transfer) are checked here.
  const reads = tool.config.annotations.readOnlyHint;
  const keys = FILTERS.filter((k) => typeof args[k] === 'string' && (reads || k !== 'client'));
  if (!keys.length) return args;
  const registry = await listBrains(root).catch(() => []);
  // A transfer goes to a brain registered here (the tool refuses any other). A filter, or accept's --source, may name
  // any brain the history names (read once), and a filter any client's brain id or alias (src/shared/clients/),
  // installed or not (#25: after `uninstall --codex`, `--target codex` still finds the transfer to Codex).
  const history = reads || !keys.includes('target_brain') ? await historyBrains(root) : [];
  const ids = [...new Set([...registry.map((b) => b.brain_id), ...history, ...(reads ? [PERSON_BRAIN] : [])])];
  const accepted = new Set([...ids, ...(reads ? CLIENTS.map((c) => c.brain) : [])]);
  const known = [...registry, ...history.map((brain_id) => ({ brain_id, title: null, last_seen: null }))];
  const out = { ...args };
  for (const key of keys) {
    const value = args[key] as string;
    if (key === 'target_brain' && value === 'any') continue;
    const brain = brainForClient(value, known);
    // `person` resolves by name alone: a writing verb takes it only when it is one of the brains here.
    if (brain !== null && accepted.has(brain)) out[key] = brain;
    else throw noBrain(typed[key] ?? `--${key}`, value, ids, lang, [...accepted]);
  }
  return out;
}
