import type { Lang } from './config.js';

/**
 * Who reads a tool's words (docs/decisions.md D37): an agent over MCP (tool names such as `work_sync`,
 * "Ask the user") or a person at a terminal (the `butler …` command, "you"). The MCP adapters ask for
 * the agent's words, the model contract; the CLI asks for the person's.
 */
export type Audience = 'agent' | 'person';

/**
 * One catalog's words for a language and an audience. A catalog holds the agent's words (`en`, `ja`)
 * and, for the entries a person reads otherwise, the person's (the same keys in both languages).
 */
export function wordsFor<T extends object, P extends Partial<T>>(
  lang: Lang,
  to: Audience | undefined,
  agent: { en: T; ja: T },
  person: { en: P; ja: P },
): T {
  const base = lang === 'en' ? agent.en : agent.ja;
  return to === 'person' ? { ...base, ...person[lang] } : base;
}
