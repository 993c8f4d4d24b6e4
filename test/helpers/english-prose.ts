// The oracle of "a line of English prose" for the Japanese output tests (test/cli/lang-ja.test.ts,
// test/cli/help-people.test.ts): it knows nothing of Butler's catalogs.

/** Names that are not prose in any language: products, and the words of the snapshot contract. */
const PROPER = new Set(['Claude', 'Code', 'Codex', 'Gemini', 'CLI', 'Butler', 'Node', 'MCP', 'GitHub', 'Gitea', 'JSON', 'YAML', 'Safari']);

/**
 * The English words in a row in `line`, longest run, after what is not prose is masked: code spans,
 * `butler …` and `git …` commands, flags, paths, ids, numbers, CamelCase event names and UPPERCASE
 * placeholders or section names.
 */
export function englishRun(line: string): string {
  const masked = line
    .replace(/`[^`]*`/g, ' | ')
    // A command: its name, command and verb, then flags, placeholders, paths and values (a plain word ends it).
    .replace(/\b(?:npx agent-)?butler(?: [a-z][a-z-]*:?){0,2}(?: (?:-\S+|\S*[^a-z\s]\S*))*/g, ' | ')
    .replace(/\bgit(?: [a-z][\w-]*)?(?: -\S+)*/g, ' | ');
  let run: string[] = [];
  let best: string[] = [];
  for (const token of masked.split(/\s+/)) {
    const word = /^[("'[]?([A-Za-z][a-z']*)[)"'\],.;:!?]*$/.exec(token)?.[1];
    if (word && !PROPER.has(word) && !/^[A-Z]{2,}$/.test(word)) {
      run.push(word);
      if (run.length > best.length) best = [...run];
    } else run = [];
    // A sentence mark ends the run as a non-word does: "ok." then "Run" are not one phrase.
    if (/[.;:!?)]$/.test(token)) run = [];
  }
  return best.join(' ');
}
