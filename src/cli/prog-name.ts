import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { renderText } from './messages/render.js';

// Newcomer walk-through 5: installed from a clone or a skill, no `butler` is on PATH, yet every hint
// said `butler work publish`. The hints name the command the person just ran instead.

/** The verbs a `butler …` hint can name (both CLIs'), and `--help`. */
const VERBS = '(?:work|issue|handover|guard|status|install|uninstall|demo|help|mcp|hook)\\b|--help\\b';
/** A hint: `butler <verb>` after a space, a quote or a bracket; the lead may be Japanese punctuation too. */
const HINT = new RegExp(`(^|[\\s\`'"(:。、（「：])butler (?=${VERBS}|<command>)`, 'g');
const QUOTED = new RegExp(`\`butler (?=${VERBS})`, 'g');

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The labels the renderer puts before a hint or a step (src/cli/messages/render.ts), en and ja, taken from there. */
const RENDER_LABELS = (['en', 'ja'] as const).flatMap((lang) => {
  const l = renderText(lang);
  return [l.hint, l.next, l.ask_user_first, l.next_session, l.for_target, l.for_source];
});

/**
 * A line that is Butler's own words around a hint: a label the renderer adds (above; and "note", "usage",
 * "problem"), a pending action's `→` step (render.ts), a JSON hint key, or an error or usage line the CLI
 * starts with its name. What a command writes to stderr is all Butler's (startCli rewrites it whole).
 */
const HINT_LINE = new RegExp(
  `^\\s*(?:→ |"(?:hint|next|user_runs|usage)":|(?:${[...RENDER_LABELS, 'note', 'usage', 'problem', '使い方'].map(escaped).join('|')})[:：]|(?:usage: )?butler\\b)`,
);

/**
 * How the person ran this CLI: `node <script>` for a copy run by path while no `butler` is on PATH
 * (relative to the folder they are in when the script is below it), else `butler`.
 */
export function invokedAs(script: string | undefined, cwd: string, onPath: boolean): string {
  if (!script || onPath) return 'butler';
  const abs = path.resolve(cwd, script);
  // The copies a person runs by path: the vendored runtime every install commits, and the butler skill's
  // (`npx skills add`). An installed package's hooks/butler.mjs (under node_modules) is its `butler` bin.
  const copy = abs.split(path.sep).join('/');
  const rel = path.relative(cwd, abs);
  const below = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  // A clone's hooks/butler.mjs, run from inside the clone or by path from the project it installed into
  // (README, "From a clone"; newcomer walk-throughs 6 and 7: `butler …` was not found there).
  const clone = copy.endsWith('/hooks/butler.mjs') && !copy.includes('/node_modules/');
  if (!clone && !copy.endsWith('/.butler/bin/butler.mjs') && !copy.endsWith('/skills/butler/scripts/butler.mjs')) return 'butler';
  const shown = below ? rel : abs;
  // Hints also go out inside JSON strings: a name that would need escaping there is not used.
  if (/["\\\n]/.test(shown)) return 'butler';
  return `node ${/[\s'"$`\\]/.test(shown) ? `'${shown.replace(/'/g, `'\\''`)}'` : shown}`;
}

/**
 * The text with each `butler <verb>` hint written as `prog <verb>`. `whole`: output with no words of the
 * person's (status, install, guard, help). Otherwise only hint lines, and a backticked `butler …` elsewhere:
 * a commit message, an issue title or a snapshot's notes that say "butler status" are shown as written
 * (newcomer walk-through 8: they were rewritten on display).
 */
export function asInvoked(text: string, prog: string, whole = true): string {
  if (prog === 'butler') return text;
  // A line the CLI starts with its own name (`butler: unknown command frob`) names the command typed, as `butler work: …` does.
  const all = (t: string) => t.replace(HINT, (_, lead: string) => `${lead}${prog} `).replace(/^butler(?=: )/gm, prog);
  if (whole) return all(text);
  return text
    .split('\n')
    .map((line) => (HINT_LINE.test(line) ? all(line) : line.replace(QUOTED, `\`${prog} `)))
    .join('\n');
}

/** Whether a command's output holds none of the person's own words, so every `butler …` in it is a hint. */
export function wholeOutput(args: readonly string[]): boolean {
  // The first word that is neither a flag nor the value of one given before the verb.
  const verb = args.find((a, i) => !a.startsWith('-') && !/^--(?:lang|project|client)$/.test(args[i - 1] ?? ''));
  return (
    verb === undefined ||
    ['status', 'install', 'uninstall', 'guard', 'demo', 'help'].includes(verb) ||
    args.includes('--help') ||
    args.includes('-h')
  );
}

/** Whether a person can type `butler` here: an executable of that name in a PATH folder. */
export function butlerOnPath(env: Record<string, string | undefined>): boolean {
  return (env.PATH ?? '').split(path.delimiter).some((d) => {
    if (!d) return false;
    try {
      accessSync(path.join(d, 'butler'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
