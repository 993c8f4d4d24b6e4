import type { Lang } from '../shared/config.js';
import type { ToolResult } from '../shared/result.js';
import { listText, lookupText, prepareText, shareText } from '../handover/index.js';
import { personText } from './messages/person.js';

type Rec = Record<string, unknown>;

/**
 * A tool's envelope as the CLI says it to a person (walk-through 9): the tools speak to an agent ("Ask
 * the user which one", "You cannot allow it"), and their text stays theirs for the MCP connection. Each
 * case is known by its data and its exact catalog text, so a summary the tool extended keeps the rest.
 * `usage`: the envelope only says a flag value named nothing (`--client clade`): exit 2, as any bad
 * flag value (README, src/cli/outcome.ts).
 */
export function forPerson(r: ToolResult<object>, lang: Lang): { result: ToolResult<object>; usage: boolean } {
  r = picks(r, lang);
  const d = r.data as Rec;
  if (r.status !== 'need_input') return { result: r, usage: false };
  const agent = prepareText(lang);
  const person = personText(lang);
  const ids = Array.isArray(d.brains) ? (d.brains as Rec[]).map((b) => String(b.brain_id)) : [];
  const swap = (from: string, to: string) => (r.summary.startsWith(from) ? to + r.summary.slice(from.length) : null);
  if (typeof d.client === 'string') {
    const summary = swap(agent.unknownClient(d.client, ids), person.unknownClient(d.client, ids));
    if (summary) return { result: { ...r, summary }, usage: true };
  }
  const action = d.suggested_action as Rec | undefined;
  if (typeof d.target_brain === 'string' && action) {
    const summary = swap(agent.unknownTarget(d.target_brain, ids), person.unknownTarget(d.target_brain, ids));
    if (summary)
      return { result: { ...r, summary, data: { ...d, suggested_action: { ...action, reason: person.knownTarget } } }, usage: true };
  }
  if (typeof d.user_runs === 'string') {
    const summary = swap(shareText(lang).previewFirst(d.user_runs), person.previewFirst(d.user_runs));
    if (summary) return { result: { ...r, summary }, usage: false };
  }
  return { result: r, usage: false };
}

/** A step "the user picks" a snapshot for: at a terminal the person picks it (`handover resume HANDOVER_ID`). */
function picks(r: ToolResult<object>, lang: Lang): ToolResult<object> {
  const agent = [lookupText(lang).pickId, listText(lang).readPicked];
  const d = r.data as Rec;
  const data: Rec = { ...d };
  for (const k of ['required_action', 'suggested_action']) {
    const a = d[k] as Rec | undefined;
    if (a && agent.includes(String(a.reason))) data[k] = { ...a, reason: personText(lang).pickId };
  }
  return { ...r, data };
}
