import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ParsedNotes } from './notes.js';
import { isGeneratedStep, OMITTED } from './generated-step.js';
import { sectionBody } from './sections.js';

/** Open items one snapshot hands to the next in the same scope. Pending keeps its `[label]`. */
export interface OpenItems {
  /** Decisions stay true until a note resolves them: the next brain must not re-decide them. */
  decisions: string[];
  pending: string[];
  risks: string[];
  anchors: { path: string; role: string | null }[];
  /** The author's next steps: taken by a snapshot whose notes name none (newcomer walk-through 8). */
  next: string[];
}

/** At most this many anchors come forward; the new session's own files follow them. */
const MAX_CARRIED_ANCHORS = 10;

// Lines Butler derives afresh from the work state, the issue tracker or the session log each time:
// carrying them would repeat stale counts, so only what a brain wrote (or carried) comes forward.
const GENERATED = [
  /^(?:none|なし)$/,
  OMITTED,
  /^\[[^\]]+\] (?:Could not read issue #\d+|issue #\d+ を読めませんでした)/,
  /^\d+ unrecorded change\(s\):|^\d+ unpublished record\(s\):|^未記録の変更が \d+ 件|^未公開の記録が \d+ 件/,
  /^(?:Failed|失敗): |^… \d+ more failures? omitted$|^… 他 \d+ 件の失敗を省略$/,
];

const items = (md: string, section: 'DECISION' | 'BLOCKED / PENDING' | 'RISKS' | 'CODEBASE_ANCHORS') =>
  sectionBody(md, section)
    .filter((l) => l.startsWith('- '))
    .map((l) => l.slice(2).trim())
    .filter((l) => l && !GENERATED.some((g) => g.test(l)));

/** The open items of a snapshot that a brain wrote or carried; anchors only if the file still exists. */
export function openItemsOf(markdown: string, root: string): OpenItems {
  const anchors: OpenItems['anchors'] = [];
  for (const l of items(markdown, 'CODEBASE_ANCHORS')) {
    const m = /^`([^`]+)`(?: — (.+))?$/.exec(l);
    const p = m?.[1];
    if (!p || !m?.[2] || path.isAbsolute(p) || p.split(/[\\/]/).includes('..') || !existsSync(path.join(root, p))) continue;
    if (anchors.length < MAX_CARRIED_ANCHORS) anchors.push({ path: p, role: m[2] });
  }
  // Numbered steps; the ones Butler writes each time are made afresh from the work state, not carried.
  const next = sectionBody(markdown, 'NEXT_ACTION')
    .map((l) => /^\d+\. (.+)$/.exec(l)?.[1]?.trim() ?? '')
    .filter((l) => l && !isGeneratedStep(l));
  return {
    next,
    decisions: items(markdown, 'DECISION'),
    pending: items(markdown, 'BLOCKED / PENDING'),
    risks: items(markdown, 'RISKS'),
    anchors,
  };
}

/** An item's content, for comparing: case, spacing, markdown emphasis and a closing full stop ignored. */
const norm = (s: string) =>
  s
    .replace(/[`*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.。!！]+$/, '')
    .toLowerCase();

/** A rendered pending item without the one status label Butler put in front of it (`[blocked] …`). */
const unlabelled = (s: string) => s.replace(/^\[[^\]]+\]\s*/, '');

/** A filter that keeps each item once, by content (field trial: a chain of snapshots repeated items). */
export const once =
  <T>(text: (item: T) => string, seen = new Set<string>()) =>
  (item: T): boolean =>
    !seen.has(norm(text(item))) && !!seen.add(norm(text(item)));

/** A carried decision a note replaced (`by` the new one) or withdrew (`by` null). */
export interface Replaced {
  old: string;
  by: string | null;
}

/** A `replaces:` / `withdrawn:` line that named no single carried decision: reported, nothing dropped. */
export interface NotReplaced {
  text: string;
  /** How many carried decisions it matched: 0, or several (never guessed between). */
  matched: number;
}

/** `not_resolved`: `resolved:` lines that closed nothing carried (field trial G: a paraphrase matched nothing, unsaid). */
export type Carried = OpenItems & { resolved: string[]; replaced: Replaced[]; not_replaced: NotReplaced[]; not_resolved: string[] };

/** A fresh, empty Carried (its lists are filled in place). */
const nothingCarried = (): Carried => ({
  decisions: [],
  pending: [],
  risks: [],
  anchors: [],
  next: [],
  resolved: [],
  replaced: [],
  not_replaced: [],
  not_resolved: [],
});

export const NOTHING_CARRIED: Carried = nothingCarried();

/**
 * The carried decisions that `replaces:` / `withdrawn:` lines name (issue 22: a decision the user changed
 * was carried beside its replacement). A line names a decision by its whole text, else by a part of it
 * (3 characters at least) found in exactly one: a user's decision is never dropped on a guess.
 */
function replacements(decisions: string[], notes: ParsedNotes): { drop: Set<number>; replaced: Replaced[]; not_replaced: NotReplaced[] } {
  const drop = new Set<number>();
  const replaced: Replaced[] = [];
  const not_replaced: NotReplaced[] = [];
  for (const r of notes.replaced) {
    const key = norm(r.old);
    const whole = decisions.flatMap((d, i) => (norm(d) === key ? [i] : []));
    const part = key.length >= 3 ? decisions.flatMap((d, i) => (norm(d).includes(key) ? [i] : [])) : [];
    const hits = whole.length ? whole : part;
    const at = hits[0];
    if (hits.length !== 1 || at === undefined) not_replaced.push({ text: r.old, matched: hits.length });
    else if (!drop.has(at)) {
      drop.add(at);
      replaced.push({ old: decisions[at] as string, by: r.by });
    }
  }
  return { drop, replaced, not_replaced };
}

/**
 * `resolved: <text>` (解決: …) closes every carried item whose text contains <text> (case and
 * spacing ignored; anchors by path); `replaces:` / `withdrawn:` drop one carried decision (replacements).
 * Returns what still carries and what was resolved or replaced, so the new snapshot can say so. Items
 * the notes repeat are not doubled.
 */
export function carryForward(prev: OpenItems | null, notes: ParsedNotes): Carried {
  const out = nothingCarried();
  if (!prev) {
    out.not_replaced = notes.replaced.map((r) => ({ text: r.old, matched: 0 }));
    out.not_resolved = [...notes.resolved];
    return out;
  }
  const { drop, replaced, not_replaced } = replacements(prev.decisions, notes);
  Object.assign(out, { replaced, not_replaced });
  const keys = notes.resolved.map((r) => norm(unlabelled(r))).filter((k) => k.length >= 3);
  const used = new Set<string>();
  const isResolved = (text: string) => {
    const hit = keys.filter((k) => norm(text).includes(k));
    for (const k of hit) used.add(k);
    return hit.length > 0;
  };
  // What the notes say again now, and what came already, is not carried a second time.
  const fresh = new Set([...notes.decision, ...notes.pending.map((p) => p.text), ...notes.risks].map(norm));
  for (const [from, to, content] of [
    [prev.decisions.filter((_, i) => !drop.has(i)), out.decisions, (i: string) => i],
    [prev.pending, out.pending, unlabelled],
    [prev.risks, out.risks, (i: string) => i],
  ] as const) {
    const fits = once(content, new Set(fresh));
    for (const item of from) {
      if (isResolved(content(item))) out.resolved.push(item);
      else if (fits(item)) to.push(item);
    }
  }
  const noted = new Set(notes.anchors.map((a) => a.path));
  for (const a of prev.anchors) {
    if (isResolved(a.path)) out.resolved.push(`\`${a.path}\``);
    else if (!noted.has(a.path)) out.anchors.push(a);
  }
  out.not_resolved = notes.resolved.filter((r) => !used.has(norm(unlabelled(r))));
  // Steps come forward only to notes that name none, and not the ones a resolved: line closed.
  if (!notes.next.length) out.next = prev.next.filter((n) => !isResolved(n));
  return out;
}
