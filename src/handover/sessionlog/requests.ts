import type { Fact } from './types.js';

/** What one snapshot keeps of the user's own words (issue 22): thousands of characters, not hundreds. */
export const REQUESTS_BUDGET = 8000;
/** A single request longer than this is cut in DISCOVERY; its full text goes to the appendix. */
export const REQUEST_MAX = 4000;
/** Bounds of the appendix: lines (one per request) and characters, so a pasted log cannot bloat a snapshot. */
const APPENDIX_LINES = 20;
const APPENDIX_CHARS = 100_000;
/** DISCOVERY shows at most this many requests; the rest are in the appendix. */
const REQUEST_LINES = 30;

/** The heading of the appendix a snapshot carries after its nine sections when a request was cut or left out. */
export const APPENDIX_HEADING = 'USER REQUESTS (full)';

export interface RequestText {
  label: string;
  cut: (more: number) => string;
  earlier: (n: number) => string;
  appendixLeft: (n: number) => string;
}

export interface RenderedRequests {
  /** DISCOVERY bullets, oldest first. */
  lines: string[];
  /** Appendix bullets: the full text of every request cut or left out above (empty: nothing was). */
  appendix: string[];
  /** The newest request, whole (what SessionStart shows for a recovered session). */
  newest: Fact | null;
}

/**
 * The user's requests since the mark, verbatim (whitespace collapsed to one line), oldest first, within
 * REQUESTS_BUDGET characters: the newest are kept when the budget runs out, a request over REQUEST_MAX is cut
 * with the cut marked, and everything cut or left out is in the appendix in full.
 */
export function renderRequests(requests: readonly Fact[], t: RequestText, earlier = 0): RenderedRequests {
  const shownText = (f: Fact) =>
    f.text.length > REQUEST_MAX ? `${f.text.slice(0, REQUEST_MAX)}… ${t.cut(f.text.length - REQUEST_MAX)}` : f.text;
  const kept: Fact[] = [];
  let used = 0;
  for (let i = requests.length - 1; i >= 0; i--) {
    const f = requests[i]!;
    const size = Math.min(f.text.length, REQUEST_MAX);
    if (kept.length && (used + size > REQUESTS_BUDGET || kept.length >= REQUEST_LINES)) break;
    kept.unshift(f);
    used += size;
  }
  const left = requests.length - kept.length;
  const lines = [
    ...(left + earlier ? [`- ${t.earlier(left + earlier)}`] : []),
    ...kept.map((f) => `- ${t.label}: ${shownText(f)} (${f.cite})`),
  ];
  const full = [...requests.slice(0, left), ...kept.filter((f) => f.text.length > REQUEST_MAX)];
  const appendix: string[] = [];
  let chars = 0;
  let older = earlier;
  // The newest first when the appendix itself runs out: they matter most to the next session.
  for (let i = full.length - 1; i >= 0; i--) {
    const f = full[i]!;
    const line = `- ${t.label} (${f.cite}): ${f.text}`;
    if (appendix.length >= APPENDIX_LINES || chars + line.length > APPENDIX_CHARS) {
      appendix.unshift(`- ${t.appendixLeft(i + 1 + older)}`);
      older = 0;
      break;
    }
    appendix.unshift(line);
    chars += line.length;
  }
  if (older) appendix.unshift(`- ${t.appendixLeft(older)}`);
  return { lines, appendix, newest: requests[requests.length - 1] ?? null };
}
