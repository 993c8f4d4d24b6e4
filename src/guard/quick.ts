// The guard's fast path: tiny and import-free, because it runs for every shell command.

/**
 * Could this text run git at all? False means: allow without parsing. It also sees `g'i't`, `g\it`,
 * `gi\<newline>t` (quotes, escapes and line continuations inside the name) and `$'…'` strings,
 * whose escapes could spell git. Case-insensitive, because `GIT` runs git on case-insensitive file
 * systems (macOS).
 */
export function quickMentionsGit(text: string): boolean {
  return /g[\\'"\n]*i[\\'"\n]*t|\$'/i.test(text);
}

/**
 * Could this text change the guard itself (`butler guard allow|deny|mode`)? That is a person's act,
 * so the hook checks such commands too; the same tolerance for quotes and escapes as for git.
 */
export function quickMentionsGuard(text: string): boolean {
  return /g[\\'"\n]*u[\\'"\n]*a[\\'"\n]*r[\\'"\n]*d/i.test(text);
}

/**
 * Does the text name git as a word (not `.gitignore`, `~/git/x` or `digit`)? Used only when the
 * command cannot be parsed: then a git word means deny, and anything else means allow.
 */
export function mentionsGitWord(text: string): boolean {
  return /(?<![\w.-])git(?![\w./])/i.test(text.replace(/\\\n|['"\\]/g, ''));
}

/**
 * Does the text name Butler's CLI and the word guard (`butler guard mode off`, `node .butler/bin/butler.mjs guard …`)?
 * Used only when the command cannot be parsed: then the guard cannot tell whether it changes the
 * guard, and a guard change is a person's act, so it is refused like unparseable git.
 */
export function mentionsGuardWord(text: string): boolean {
  const plain = text.replace(/\\\n|['"\\]/g, '');
  return /butler/i.test(plain) && /(?<![\w.-])guard(?![\w./])/i.test(plain);
}
