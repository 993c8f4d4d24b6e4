import type { Lang } from '../shared/config.js';
import { HANDOVER_ID_PATTERN } from '../shared/ids.js';
import { parseMetadata } from './metadata.js';
import { sectionBody, splitSections } from './sections.js';
import type { SessionFacts } from './snapshot.js';
import { requestWords } from './sessionlog/render.js';
import { APPENDIX_HEADING, renderRequests } from './sessionlog/requests.js';
import type { Fact } from './sessionlog/types.js';

// The user's requests come forward from the parent snapshot, as its decisions do (carry.ts). Field trial,
// Dec 5: a session cut off after the user's long message was recovered, resumed and transferred; the
// transfer held only the resuming session's "continue", and the user's words reached the next agent only
// because that agent had copied them into its notes. The parent is always a snapshot written here
// (assemble.ts): another person's snapshot never passes its "requests" on as this user's words.

/** Where a request was said: `L12 2026-12-05T05:00:00Z`, or, carried, the snapshot that first held it before that. */
// The one handover id pattern (shared/ids.ts), without its anchors.
const ID = HANDOVER_ID_PATTERN.source.slice(1, -1);
const CITE = String.raw`(?:${ID}, )?L\d+(?: [0-9T:Z+-]+)?`;
const LABEL = '(?:Request|依頼)';
const SHOWN = new RegExp(`^- ${LABEL}: (.*) \\((${CITE})\\)$`);
const FULL = new RegExp(`^- ${LABEL} \\((${CITE})\\): (.*)$`);
const EARLIER = /^- (?:(\d+) earlier requests?: |それ以前の依頼 (\d+) 件: )/;
/** The first line of the request block of a snapshot that read a session log. */
const LOG_LINE = /^- (?:Session log \(|セッションログ \()/;
const CUT_MARK = / ?… \[(?:cut: \d+ more characters|切り詰め: 残り \d+ 文字)[^\]]*\]$/;
const CARRIED_CITE = new RegExp(`^${ID}, `);

/**
 * The requests a snapshot holds, oldest first, each whole (a cut one from the appendix), and how many it
 * no longer has the text of. Read from the request block Butler wrote: after the last session-log line of
 * DISCOVERY when METADATA names a log, else after the line naming its own parent. Lines a note wrote come
 * before that block and are never read as the user's.
 */
export function requestsOf(markdown: string): { facts: Fact[]; lost: number } {
  const meta = parseMetadata(markdown);
  const from = meta?.parent;
  const isStart = meta?.session_log
    ? (l: string) => LOG_LINE.test(l)
    : from
      ? (l: string) => l === `- ${requestWords('en').carriedFrom(from)}` || l === `- ${requestWords('ja').carriedFrom(from)}`
      : () => false;
  const discovery = sectionBody(markdown, 'DISCOVERY');
  let start = discovery.length - 1;
  while (start >= 0 && !isStart(discovery[start] as string)) start--;
  if (start < 0) return { facts: [], lost: 0 };
  const full = new Map<string, string>();
  const inAppendix: Fact[] = [];
  for (const l of splitSections(markdown).get(APPENDIX_HEADING) ?? []) {
    const m = FULL.exec(l);
    if (m?.[1] && m[2] !== undefined) {
      full.set(m[1], m[2]);
      inAppendix.push({ cite: m[1], text: m[2] });
    }
  }
  const shown: Fact[] = [];
  let earlier = 0;
  for (const l of discovery.slice(start + 1)) {
    const e = EARLIER.exec(l);
    if (e) {
      earlier = Number(e[1] ?? e[2]);
      continue;
    }
    const m = SHOWN.exec(l);
    if (!m?.[2] || m[1] === undefined) break;
    shown.push({ cite: m[2], text: full.get(m[2]) ?? m[1].replace(CUT_MARK, '') });
  }
  const shownCites = new Set(shown.map((f) => f.cite));
  const older = inAppendix.filter((f) => !shownCites.has(f.cite));
  return { facts: [...older, ...shown], lost: Math.max(0, earlier - older.length) };
}

/**
 * The session facts with the parent's requests before the session's own, rendered together within the same
 * bounds (requests.ts: the newest kept, the rest counted and in the appendix). A carried request cites the
 * parent snapshot; one it had carried keeps the snapshot that first held it. `sameLog`: the parent read the
 * same log, so a request both read (a log read again from its start) is kept once.
 */
export function withCarriedRequests(
  session: SessionFacts | null,
  parent: { id: string; markdown: string; sameLog: boolean } | null,
  lang: Lang,
): SessionFacts | null {
  if (!parent) return session;
  const { facts, lost } = requestsOf(parent.markdown);
  const own = session?.requests;
  const seen = new Set(parent.sameLog ? (own?.facts ?? []).map((f) => `${f.cite}\n${f.text}`) : []);
  const carried = facts
    .filter((f) => !seen.has(`${f.cite}\n${f.text}`))
    .map((f) => (CARRIED_CITE.test(f.cite) ? f : { ...f, cite: `${parent.id}, ${f.cite}` }));
  if (!carried.length && !lost) return session;
  const t = requestWords(lang);
  const req = renderRequests([...carried, ...(own?.facts ?? [])], t, lost + (own?.earlier ?? 0));
  if (!session) return { discovery: [`- ${t.carriedFrom(parent.id)}`, ...req.lines], risks: [], anchors: [], appendix: req.appendix };
  const discovery = [...session.discovery];
  if (own && own.at >= 0) discovery.splice(own.at, own.count, ...req.lines);
  else discovery.push(`- ${t.carriedFrom(parent.id)}`, ...req.lines);
  return { ...session, discovery, appendix: req.appendix };
}
