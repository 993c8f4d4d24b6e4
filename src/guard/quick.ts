// The guard's fast path: tiny and import-free, because it runs for every shell command.

/**
 * Characters bash removes or joins across inside one word: quotes, backslashes, a backslash-newline,
 * braces and commas (brace expansion), glob and extglob characters. Letters, digits, blanks and the
 * operators that end a word are not among them.
 */
const JOIN = String.raw`(?:[^\sA-Za-z0-9;&|<>]|\\\n)*`;
const SPELLS_GIT = new RegExp(`g${JOIN}i${JOIN}t`, 'i');
const SPELLS_GUARD = new RegExp(`g${JOIN}u${JOIN}a${JOIN}r${JOIN}d`, 'i');
/** `butler issue approve-url` is a person's act like the guard verbs (src/guard/butler-cli.ts). */
const SPELLS_APPROVE = new RegExp(`a${JOIN}p${JOIN}p${JOIN}r${JOIN}o${JOIN}v${JOIN}e`, 'i');

/**
 * Words that run text or data as commands, or build program text in their own language (shells,
 * eval/source, xargs, find -exec, awk, editors and debuggers with scripting), and programs that run
 * git themselves (npm version, hub, scalar, gh…). Any of them sends the command to the parser.
 */
const RUNNER =
  /(?:^|[^A-Za-z0-9_./-])(?:sh|bash|dash|zsh|ksh|mksh|ash|yash|fish|csh|tcsh|rbash|busybox|eval|source|exec|xargs|parallel|awk|gawk|mawk|nawk|vim?|nvim|view|ex|emacs|gdb|lldb|expect|version|scalar|hub|gh|husky|lint-staged|pre-commit|lerna|tig|lazygit|cz|release-it|semantic-release|standard-version|changeset)(?=$|[^A-Za-z0-9_.-])|(?:^|[;&|({!]|\b(?:then|do|else|if|elif|while|until|time))\s*\.(?=\s)|-(?:exec|execdir|ok|okdir)(?=\s|$)/i;
/** Interpreters: only inline code (-c/-e/-p, `-`, a here-document or a pipe) can build a name from numbers. */
const INTERPRETER =
  /(?:^|[^A-Za-z0-9_./-])(?:perl|python[0-9.]*|ruby|node|nodejs|deno|bun|php|lua|luajit|tclsh|osascript|pwsh|Rscript|julia)(?=$|[^A-Za-z0-9_.-])/i;
const INLINE = /\s-[A-Za-z]*[ceEpr](?=[\s'"=]|$)|\s--(?:eval|print|command|run)\b|\s-(?=\s|$)|<<|\|/;
/** sed's `e` command or `s///e` flag runs the pattern space as a command. */
const SED = /(?:^|[^A-Za-z0-9_./-])sed(?=$|[^A-Za-z0-9_.-])/i;
const SED_E = /(?:^|[^A-Za-z0-9_-])e(?=$|[\s;'"}])|\/[gpimw0-9]*e(?=$|[\s;'"}])/i;

/**
 * The fast path: false means this text cannot run git (nor change the guard) and is allowed without
 * parsing. Sound by construction for what bash builds from the text itself:
 * - without `$` or a backtick, bash expands no parameter, command, arithmetic or `$'…'`/`$"…"` text,
 *   and without `<(`/`>(` no process output becomes a file name; so every command name is the
 *   text's own characters after quote removal, brace and glob expansion;
 * - quote removal and brace expansion only delete or join characters inside a word, so a name that
 *   becomes "git" or "guard" has those letters in order with only joining characters between (JOIN);
 *   brace expansion with a comma or `..` can also reorder pieces, so it always goes to the parser, and
 *   so does an extglob group (`@(g|x)it`, `!(x)it` with `shopt -s extglob`), which matches anything;
 * - a glob becomes the name of a file only when its last path part can match `git` or `git-NAME`
 *   (a literal character no git program has, such as the dot of `*.ts`, rules that out); a bracket
 *   expression (`[^h]`, `[]g]`, `[[:alpha:]]`, a class on its own too) counts as any one character;
 * - data only becomes a command through a program that runs it (RUNNER, inline interpreter code,
 *   sed's `e`), and escapes like `\x67` or `\147` decode to letters in printf, echo -e, vim, awk…
 * Values from outside the text (environment variables, files, program output) can only enter through
 * `$`, a backtick or such a program, so they reach the parser too. Case-insensitive: `GIT` runs git
 * on a case-insensitive file system.
 */
export function needsParse(text: string): boolean {
  return (
    /[$`]|[<>]\(|\\[0-7xu]|\{[^}]*(?:,|\.\.)|[?*+@!]\(/i.test(text) ||
    SPELLS_GIT.test(text) ||
    SPELLS_GUARD.test(text) ||
    SPELLS_APPROVE.test(text) ||
    RUNNER.test(text) ||
    (INTERPRETER.test(text) && INLINE.test(text)) ||
    (SED.test(text) && SED_E.test(text)) ||
    someGlobWordCouldBeGit(text)
  );
}

/**
 * Is there a word with `*`, `?` or `[…]` whose last path part could match `git` or `git-NAME`? The fast
 * path's cheap check of the whole text (extglob groups are sent on by needsParse's first pattern); the
 * parser then asks names.ts `globCouldBeGit` of each command word.
 */
function someGlobWordCouldBeGit(text: string): boolean {
  for (const m of text.matchAll(/[^\s;&|<>()]*[*?[][^\s;&|<>()]*/g)) {
    const w = m[0].replace(/['"\\]/g, '');
    const last = w
      .slice(w.lastIndexOf('/') + 1)
      .replace(/\[[:=.][^\]]*[:=.]\]/g, '?')
      .replace(/\[[!^]?\]?[^\]]*\]/g, '?')
      .toLowerCase();
    if (!/^[a-z0-9*?!^+@-]*$/.test(last)) continue;
    // Stryker disable next-line StringLiteral: unreachable, split() always returns at least one element
    const prefix = last.split(/[*?]/)[0] ?? '';
    if ('git-'.startsWith(prefix)) return true;
    // Stryker disable next-line all: unreachable from needsParse, a prefix that starts with git- spells git, which SPELLS_GIT already sent to the parser
    if (prefix.startsWith('git-')) return true;
  }
  return false;
}

/**
 * Could this text name git at all, in any spelling the fast path knows (quotes, escapes and joins inside
 * the name, `$'…'`)? Used inside the parser for text whose commands are only known at run time.
 */
export function quickMentionsGit(text: string): boolean {
  return SPELLS_GIT.test(text) || /\$'/.test(text);
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
