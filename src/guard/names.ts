// What bash makes of a command word before it looks the name up: brace expansion (done here, bounded)
// and pathname expansion (a glob or an extglob pattern, judged by whether it could match git).

/** A `{…}` that expands: its position and the texts it becomes, or 'too many'. */
interface Brace {
  start: number;
  end: number;
  alts: string[] | 'too many';
}

/**
 * Bash's brace expansion of one word (`{g,}it` → `git it`, `{g..h}it` → `git hit`, nested lists),
 * or null when it would make more than `max` words. Quoting is not known here, so a quoted `{a,b}` is
 * expanded too: the guard then sees more names than bash runs, never fewer.
 */
export function expandBraces(word: string, max = 256): string[] | null {
  const out: string[] = [];
  const go = (w: string): boolean => {
    const b = firstBrace(w);
    if (b === null) {
      out.push(w);
      return out.length <= max;
    }
    if (b.alts === 'too many') return false;
    return b.alts.every((alt) => go(w.slice(0, b.start) + alt + w.slice(b.end + 1)));
  };
  return go(word) ? out : null;
}

function firstBrace(w: string): Brace | null {
  for (let start = w.indexOf('{'); start >= 0; start = w.indexOf('{', start + 1)) {
    // `${…}` is a parameter expansion, not a brace expansion.
    if (w[start - 1] === '$') continue;
    let depth = 0;
    const commas: number[] = [];
    // Stryker disable next-line EqualityOperator: one past the end reads no character, which matches none of the tests
    for (let i = start; i < w.length; i++) {
      if (w[i] === '{') depth++;
      else if (w[i] === ',' && depth === 1) commas.push(i);
      else if (w[i] === '}' && --depth === 0) {
        const body = w.slice(start + 1, i);
        if (commas.length > 0) {
          const cuts = [start, ...commas, i];
          return { start, end: i, alts: cuts.slice(1).map((c, k) => w.slice((cuts[k] ?? start) + 1, c)) };
        }
        const alts = sequence(body);
        if (alts !== null) return { start, end: i, alts };
        break;
      }
    }
  }
  return null;
}

/** `{a..e}`, `{1..10..2}`: the items of a sequence expression; null when the body is not one. */
function sequence(body: string): string[] | 'too many' | null {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (!m?.[1] || !m[2]) return null;
  const numeric = /\d/.test(m[1]);
  if (numeric !== /\d/.test(m[2])) return null;
  const from = numeric ? Number(m[1]) : m[1].charCodeAt(0);
  const to = numeric ? Number(m[2]) : m[2].charCodeAt(0);
  const step = Math.abs(Number(m[3] ?? 1)) || 1;
  if (Math.abs(to - from) / step > 1024) return 'too many';
  const items: string[] = [];
  for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step)
    items.push(numeric ? String(v) : String.fromCharCode(v));
  return items;
}

type Unit = 'star' | ((c: string) => boolean);

/**
 * Could a glob (the last path part of a command word, expansions left out) match `git` or a
 * `git-NAME` program? `*`, `?` and bracket expressions (`[!h]`, `[^h]`, `[a-h]`, `[]g]`) are matched
 * as bash does, without regard to case (`GIT` runs git on a case-insensitive file system); a character
 * class (`[[:alpha:]]`) and an extglob group (`@(g|x)`, `!(x)`, `+(g)`, on with `shopt -s extglob`)
 * match anything, as does a stray parenthesis or `|`: the answer may be yes where bash's is no, never
 * the other way round.
 */
export function globCouldBeGit(glob: string): boolean {
  const u = units(glob);
  const afterDash = reach(u, 'git-');
  // Stryker disable next-line MethodExpression: the units before a position reached by `git-` match g, i, t, - or are stars, so they pass the name test too
  return reach(u, 'git').has(u.length) || [...afterDash].some((i) => u.slice(i).every((x) => x === 'star' || NAME.some(x)));
}

/** Characters of a git program's name after `git-`. */
const NAME = [...'abcdefghijklmnopqrstuvwxyz0123456789-'];

/** The unit positions a glob can be at after matching `text` from its start. */
function reach(u: Unit[], text: string): Set<number> {
  let at = skipStars(u, new Set([0]));
  for (const c of text) {
    const next = new Set<number>();
    for (const i of at) {
      const x = u[i];
      if (x === 'star') next.add(i);
      else if (x?.(c)) next.add(i + 1);
    }
    at = skipStars(u, next);
  }
  return at;
}

function skipStars(u: Unit[], at: Set<number>): Set<number> {
  for (const i of at) if (u[i] === 'star') at.add(i + 1);
  return at;
}

function units(glob: string): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    if (/[?*+@!]/.test(c) && glob[i + 1] === '(') {
      i = closeParen(glob, i + 1);
      out.push('star');
    } else if (c === '*' || c === '(' || c === ')' || c === '|') out.push('star');
    else if (c === '?') out.push(() => true);
    // Stryker disable next-line EqualityOperator: bracketEnd is -1 or past the `[`, never i
    else if (c === '[' && bracketEnd(glob, i) > i) {
      const end = bracketEnd(glob, i);
      out.push(bracket(glob.slice(i + 1, end)));
      i = end;
    } else out.push((x) => x.toLowerCase() === c.toLowerCase());
  }
  return out;
}

/** The index of the `)` that closes the `(` at `open` (the end of the text when none does). */
function closeParen(s: string, open: number): number {
  let depth = 0;
  // Stryker disable next-line EqualityOperator: one past the end reads no parenthesis
  for (let i = open; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) return i;
  }
  return s.length;
}

/** The `]` that closes the bracket expression at `open`, or -1 (then the `[` is a plain character). */
function bracketEnd(s: string, open: number): number {
  let i = open + 1;
  if (s[i] === '!' || s[i] === '^') i++;
  if (s[i] === ']') i++;
  for (; i < s.length; i++) {
    if (s[i] === '[' && /[:=.]/.test(s[i + 1] ?? '')) {
      const close = s.indexOf(`${s[i + 1]}]`, i + 2);
      if (close > 0) i = close + 1;
    } else if (s[i] === ']') return i;
  }
  return -1;
}

function bracket(body: string): (c: string) => boolean {
  const negated = body[0] === '!' || body[0] === '^';
  // Stryker disable next-line MethodExpression: keeping `!`/`^` in the set only changes the answer for that character, never one of git's
  const set = negated ? body.slice(1) : body;
  // A character class, an equivalence class or a collating symbol: taken to match anything.
  if (/\[[:=.]/.test(set)) return () => true;
  const has = (c: string): boolean => {
    // Stryker disable next-line EqualityOperator: one past the end reads an empty character, equal to no name character
    for (let k = 0; k < set.length; k++) {
      // Stryker disable next-line StringLiteral: k is below the length
      const lo = set[k] ?? '';
      const hi = set[k + 2];
      if (set[k + 1] === '-' && hi !== undefined) {
        if (c >= lo && c <= hi) return true;
        k += 2;
      } else if (c === lo) return true;
    }
    return false;
  };
  return (c) => (has(c.toLowerCase()) || has(c.toUpperCase())) !== negated;
}
