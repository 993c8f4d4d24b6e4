/**
 * A moment as a person reads it: `2026-12-05 05:41 UTC`, the one form of every timestamp the CLI prints for a
 * person (#25 walk-through 16: `更新: 2026-12-05T05:41:23.872Z`). `--json` keeps the ISO text as data. What is
 * not an ISO date and time is shown as given.
 */
export function personTime(v: unknown): string {
  const s = String(v);
  const t = /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(s) ? Date.parse(s) : Number.NaN;
  if (Number.isNaN(t)) return s;
  const iso = new Date(t).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
