// How a number the model spelled as text is read (`"1"`, `"#1"`): one rule for the tool arguments
// (shared/ids.ts) and for the calls read back from a transcript (handover/sessionlog). No zod here,
// so the hook bundles that read transcripts stay small.

/** The positive integer `v` spells (`1`, `"1"`, `"#1"`), else null. */
export function spelledNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? v : null;
  if (typeof v !== 'string' || !/^#?[1-9][0-9]{0,15}$/.test(v.trim())) return null;
  const n = Number(v.trim().replace('#', ''));
  return Number.isSafeInteger(n) ? n : null;
}
