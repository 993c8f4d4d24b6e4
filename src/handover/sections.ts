/** The nine section headings, spelled exactly (docs/decisions.md D1). A snapshot missing one is invalid. */
export const SECTIONS = [
  'METADATA',
  'CURRENT_STATE',
  'DISCOVERY',
  'DECISION',
  'NEXT_ACTION',
  'BLOCKED / PENDING',
  'RISKS',
  'CODEBASE_ANCHORS',
  'HANDOFF_PROMPT',
] as const;
export type SectionName = (typeof SECTIONS)[number];

export const MAX_SNAPSHOT_LINES = 300;

/** Splits a snapshot into its `## ` sections; text before the first heading is ignored. */
export function splitSections(markdown: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of markdown.split('\n')) {
    const m = /^## (.+?)\s*$/.exec(line);
    if (m?.[1]) {
      current = [];
      out.set(m[1], current);
    } else if (current) {
      current.push(line);
    }
  }
  return out;
}

/** Names of required sections that are absent (a typo such as HANDIFF_PROMPT counts as absent). */
export function missingSections(markdown: string): SectionName[] {
  const present = splitSections(markdown);
  return SECTIONS.filter((s) => !present.has(s));
}

/** The body of one section without blank edge lines and without the explanatory `>` line. */
export function sectionBody(markdown: string, name: SectionName): string[] {
  const lines = (splitSections(markdown).get(name) ?? []).filter((l) => !l.startsWith('> '));
  while (lines.length && !lines[0]?.trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1]?.trim()) lines.pop();
  return lines;
}
