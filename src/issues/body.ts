/**
 * The structured issue body (docs/decisions.md D31): current state, next step, blockers. Headings may be Japanese
 * or English, as Markdown headings, bold lines or `Label:` lines. A section counts only with content
 * under it, so "Blockers: none" passes and an empty "Blockers" heading does not.
 */
export type SectionKey = 'current_state' | 'next' | 'blockers';

interface Section {
  key: SectionKey;
  ja: string;
  en: string;
  match: RegExp;
}

const SECTIONS: Section[] = [
  { key: 'current_state', ja: '現在の状態', en: 'Current state', match: /^(現在の状態|現状|current\s+(state|status))$/i },
  { key: 'next', ja: '次にすること', en: 'Next', match: /^(次にすること|次のステップ|next(\s+steps?)?)$/i },
  { key: 'blockers', ja: 'ブロック要因', en: 'Blockers', match: /^(ブロック要因|blockers?)$/i },
];

/** A heading line, with any text that follows a `Label:` on the same line. */
function headingOf(line: string): { label: string; inline: string } | null {
  const t = line.trim();
  const md = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(t);
  if (md?.[1]) return { label: stripDecor(md[1]), inline: '' };
  const bold = /^\*\*(.+?)\*\*\s*[:：]?\s*(.*)$/.exec(t);
  if (bold?.[1]) return { label: stripDecor(bold[1]), inline: bold[2] ?? '' };
  const colon = /^([^:：]{1,40})[:：]\s*(.*)$/.exec(t);
  if (colon?.[1]) return { label: stripDecor(colon[1]), inline: colon[2] ?? '' };
  return null;
}

function stripDecor(label: string): string {
  return label
    .replace(/[*_`]/g, '')
    .replace(/[:：]\s*$/, '')
    .trim();
}

export interface BodyCheck {
  missing: SectionKey[];
  /** Names of the missing sections in the language the body is written in. */
  missingNames: string[];
  lang: 'ja' | 'en';
}

export function checkStructuredBody(body: string): BodyCheck {
  const content = new Map<SectionKey, string>();
  let current: SectionKey | null = null;
  for (const line of body.split(/\r?\n/)) {
    const h = headingOf(line);
    const section = h ? SECTIONS.find((s) => s.match.test(h.label)) : undefined;
    if (section && h) {
      current = section.key;
      content.set(current, (content.get(current) ?? '') + h.inline);
    } else if (h && /^#{1,6}\s/.test(line.trim())) {
      // Any other Markdown heading ends the section; a stray "Note: x" line inside it does not.
      current = null;
    } else if (current) {
      content.set(current, (content.get(current) ?? '') + line);
    }
  }
  const lang = /[\u3040-\u30ff\u4e00-\u9fff]/.test(body) ? 'ja' : 'en';
  const missing = SECTIONS.filter((s) => !content.get(s.key)?.trim()).map((s) => s.key);
  return { missing, missingNames: missing.map((k) => sectionName(k, lang)), lang };
}

export function sectionName(key: SectionKey, lang: 'ja' | 'en'): string {
  const s = SECTIONS.find((x) => x.key === key)!;
  return lang === 'ja' ? s.ja : s.en;
}

export function bodyTemplate(lang: 'ja' | 'en'): string {
  return SECTIONS.map((s) => `## ${lang === 'ja' ? s.ja : s.en}\n${lang === 'ja' ? '…' : '...'}`).join('\n\n');
}
