import type { PendingLabel } from './i18n.js';

/**
 * `notes` are free text. A line that starts with a tag (`decision:`, `next:`, `blocked:` …, or the
 * Japanese 決定: / 次: / ブロック: …) goes to that section; everything else is CURRENT_STATE.
 * This keeps Phase 1 deterministic: Butler files what it was told and invents nothing.
 */
export interface ParsedNotes {
  free: string[];
  discovery: string[];
  decision: string[];
  next: string[];
  pending: { label: PendingLabel; text: string }[];
  risks: string[];
  anchors: { path: string; role: string | null }[];
  /** `resolved:` lines close open items carried from the previous snapshot (carry.ts). */
  resolved: string[];
  /**
   * A carried decision the user changed (`replaces: <old>`, after the `decision:` that replaces it) or
   * took back (`withdrawn: <old>`): carry.ts drops the one carried decision it names, or reports it.
   */
  replaced: { old: string; by: string | null }[];
}

const TAGS: Record<
  string,
  keyof Omit<ParsedNotes, 'free' | 'pending' | 'anchors' | 'replaced'> | PendingLabel | 'anchor' | 'replaces' | 'withdrawn'
> = {
  replaces: 'replaces',
  supersedes: 'replaces',
  置換: 'replaces',
  置き換え: 'replaces',
  withdrawn: 'withdrawn',
  撤回: 'withdrawn',
  resolved: 'resolved',
  solved: 'resolved',
  解決: 'resolved',
  解決済み: 'resolved',
  discovery: 'discovery',
  found: 'discovery',
  発見: 'discovery',
  decision: 'decision',
  decided: 'decision',
  決定: 'decision',
  next: 'next',
  todo: 'next',
  次: 'next',
  blocked: 'blocked',
  blocker: 'blocked',
  ブロック: 'blocked',
  // `pending:` is what the user has yet to answer (issue 22), not an undecided design point.
  pending: 'waiting',
  waiting: 'waiting',
  undecided: 'undecided',
  question: 'undecided',
  未確定: 'undecided',
  provisional: 'provisional',
  暫定: 'provisional',
  adopted: 'adopted',
  recommended: 'adopted',
  推奨採用: 'adopted',
  risk: 'risks',
  caution: 'risks',
  リスク: 'risks',
  注意: 'risks',
  anchor: 'anchor',
  file: 'anchor',
  アンカー: 'anchor',
};

/**
 * One-line notes (what people and agents type: "truncate half done; next: tests") split before each
 * `; tag:`, so a tag after a semicolon is read as if it started a line (field trial 7).
 */
const TAG_AFTER_SEMICOLON = new RegExp(`[;；]\\s*(?=(?:${Object.keys(TAGS).join('|')})\\s*[:：])`, 'i');

const TAG_LINE = /^\s*(?:[-*]\s+|\d+[.)]\s+)?([A-Za-z]+|[\u3040-\u30ff\u4e00-\u9fff]+)\s*[:：]\s*(.+)$/;

export function parseNotes(notes: string | undefined): ParsedNotes {
  const out: ParsedNotes = {
    free: [],
    discovery: [],
    decision: [],
    next: [],
    pending: [],
    risks: [],
    anchors: [],
    resolved: [],
    replaced: [],
  };
  for (const raw of (notes ?? '').split(/\r?\n/).flatMap((l) => l.split(TAG_AFTER_SEMICOLON))) {
    const line = raw.trimEnd();
    if (!line.trim()) continue;
    const m = TAG_LINE.exec(line);
    const tag = m?.[1] ? TAGS[m[1].toLowerCase()] : undefined;
    const text = m?.[2]?.trim() ?? '';
    if (!tag || !text) {
      out.free.push(line.trim());
    } else if (tag === 'replaces' || tag === 'withdrawn') {
      // `replaces:` belongs to the decision just before it (`decision: new; replaces: old`).
      out.replaced.push({ old: text, by: tag === 'replaces' ? (out.decision.at(-1) ?? null) : null });
    } else if (tag === 'anchor') {
      const [p, ...role] = text.split(/\s+[-—–:]\s+/);
      out.anchors.push({ path: (p ?? text).replace(/^`|`$/g, ''), role: role.join(' - ') || null });
    } else if (tag === 'adopted' || tag === 'provisional' || tag === 'undecided' || tag === 'blocked' || tag === 'waiting') {
      out.pending.push({ label: tag, text });
    } else {
      out[tag].push(text);
    }
  }
  return out;
}
