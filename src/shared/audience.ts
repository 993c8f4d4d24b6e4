import type { Lang } from './config.js';

/**
 * Who reads a tool's words (docs/decisions.md D37): an agent over MCP (tool names such as `work_sync`,
 * "Ask the user") or a person at a terminal (the `butler …` command, "you"). The MCP adapters ask for
 * the agent's words, the model contract; the CLI asks for the person's.
 */
export type Audience = 'agent' | 'person';

/**
 * What a catalog gives `to`: the agent's words, or for a person the agent's with the person's over them.
 * The person's catalog may also hold words only a person reads (none of them in the agent's): those are
 * in the type only when the reader is known to be a person.
 */
export type Words<T, P, A extends Audience | undefined> = A extends 'person' ? Omit<T, keyof P> & P : T;

/**
 * One catalog's words for a language and an audience. A catalog holds the agent's words (`en`, `ja`)
 * and, for the entries a person reads otherwise or only a person reads, the person's (the same keys in
 * both languages).
 */
export function wordsFor<T extends object, P extends Partial<T>, A extends Audience | undefined>(
  lang: Lang,
  to: A | undefined,
  agent: { en: T; ja: T },
  person: { en: P; ja: P },
): Words<T, P, A> {
  const base = lang === 'en' ? agent.en : agent.ja;
  return (to === 'person' ? { ...base, ...person[lang] } : base) as Words<T, P, A>;
}
