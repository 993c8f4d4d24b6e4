import type { Lang } from '../shared/config.js';
import { stateText } from '../work/index.js';
import { generatedStep } from './generated-step.js';
import { strings } from './i18n.js';
import { type SectionName, sectionBody } from './sections.js';

type Words = (...args: never[]) => string;
/** One kind of line the product writes into a snapshot: its agent's words and its person's, same arguments. */
interface Pair {
  agent: Words;
  person: Words;
  /** Arguments that are fixed, not read from the line (recordReason's `null`: no default issue). */
  fixed?: unknown[];
}

/**
 * A catalog entry as a pattern: called with markers for its arguments, the markers become capture groups.
 * Only lines the catalog could have produced match, so a line an agent or a person wrote is never touched.
 */
function patternOf(p: Pair, arity: number): RegExp {
  const marks = Array.from({ length: arity }, (_, i) => `\u0000${i}\u0000`);
  const text = (p.agent as (...a: unknown[]) => string)(...(p.fixed ?? marks));
  // Named by the argument's position: a sentence may say them in another order ("${ref} has ${b} record(s)").
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\u0000(\d)\u0000/g, '(?<a$1>.+?)');
  return new RegExp(`^${escaped}$`);
}

function rewrite(line: string, pairs: Pair[]): string | null {
  for (const p of pairs) {
    const arity = p.fixed ? 0 : p.agent.length;
    const m = patternOf(p, arity).exec(line);
    if (!m) continue;
    // Counts come back as the digits the line had: the catalogs only print them.
    const args = p.fixed ?? Array.from({ length: arity }, (_, i) => m.groups![`a${i}`]!).map((a) => (/^\d+$/.test(a) ? Number(a) : a));
    return (p.person as (...a: unknown[]) => string)(...args);
  }
  return null;
}

/** The step reasons work_observe writes (src/work/messages/state.ts) that speak to an agent. */
const reasons = (lang: Lang): Pair[] => {
  const agent = stateText(lang);
  const person = stateText(lang, 'person');
  return [
    { agent: agent.recordReason, person: person.recordReason },
    { agent: agent.recordReason, person: person.recordReason, fixed: [null] },
    { agent: agent.syncReason, person: person.syncReason },
  ];
};

/** A generated NEXT_ACTION step (`work_record() — <reason>`, "When the user agrees: …") in a person's words, or null. */
function personStep(step: string, lang: Lang): string | null {
  const g = generatedStep(step, lang);
  // The default step and the count line read the same to a person; an author's line is never touched.
  if (g === null || g === 'fixed') return null;
  const reason = g.reason === null ? null : rewrite(g.reason, reasons(lang));
  if (reason === null && !g.asked) return null;
  const said = reason === null ? (g.reason === null ? g.call : `${g.call} — ${g.reason}`) : `${g.call} — ${reason}`;
  return g.asked ? strings(lang).person.askBefore(said) : said;
}

const personRisk = (risk: string, lang: Lang): string | null =>
  rewrite(risk, [
    { agent: strings(lang).dirtyRisk, person: strings(lang).person.dirtyRisk },
    { agent: strings(lang).unpublishedRisk, person: strings(lang).person.unpublishedRisk },
  ]);

/**
 * A section of a stored snapshot as a person reads it (`butler handover read`): the lines Butler generated
 * from its catalogs (a NEXT_ACTION step's reason, "when the user agrees", the RISKS counts) in a person's
 * words, every other line exactly as its author wrote it. The file itself is not changed: agents read it.
 */
export function sectionForPerson(markdown: string, name: SectionName): string[] {
  const lines = sectionBody(markdown, name);
  if (name !== 'NEXT_ACTION' && name !== 'RISKS') return lines;
  return lines.map((line) => {
    const m = name === 'NEXT_ACTION' ? /^(\d+\. )(.+)$/.exec(line) : /^(- )(.+)$/.exec(line);
    if (!m) return line;
    // Either language: the snapshot's own, which the CLI's may not be.
    for (const lang of ['en', 'ja'] as const) {
      const said = name === 'NEXT_ACTION' ? personStep(m[2]!, lang) : personRisk(m[2]!, lang);
      if (said !== null) return `${m[1]}${said}`;
    }
    return line;
  });
}
