import type { Lang } from '../shared/config.js';
import { strings } from './i18n.js';

/** A tool call with its reason, as snapshot.ts's describeAction writes it: `work_publish() — <reason>`. */
const CALL = /^([a-z_]+\((?:\{.*\})?\))(?: — (.+))?$/;

/** The count line cap() writes when a list was cut (snapshot.ts), in either language. */
export const OMITTED = /^… \d+ more omitted$|^…ほか \d+ 件を省略$/;

/** A generated step taken apart: "When the user agrees:" in front or not, the call, its reason if any. */
export interface GeneratedCall {
  asked: boolean;
  call: string;
  reason: string | null;
}

/**
 * Whether a NEXT_ACTION step is one snapshot.ts wrote itself in `lang` (a tool call with its reason, the
 * same after "When the user agrees:", the default step, the omitted-count line), and the call taken apart
 * when it is one; null for a line its author wrote. "When the user agrees:" before an author's own words is
 * the author's: only a generated call after it makes the line generated.
 */
export function generatedStep(step: string, lang: Lang): GeneratedCall | 'fixed' | null {
  const t = strings(lang);
  if (step === t.defaultNext || OMITTED.test(step)) return 'fixed';
  const prefix = t.askBefore('');
  const asked = step.startsWith(prefix) && step.length > prefix.length;
  const m = CALL.exec(asked ? step.slice(prefix.length) : step);
  return m ? { asked, call: m[1]!, reason: m[2] ?? null } : null;
}

/** A step snapshot.ts generated in either language: made afresh from the work state, never carried. */
export const isGeneratedStep = (step: string): boolean => (['en', 'ja'] as const).some((lang) => generatedStep(step, lang) !== null);
