// From parsed commands to the git invocations that would run: unwraps wrappers (`sudo`, `env`,
// `timeout`, `xargs`, `find -exec`…) and parses the strings that shells and `eval` run.
import { gitSubcommand } from './git.js';
import { parseCommands } from './parser.js';
import { type Cmd, DYN, MAX_DEPTH, newContext, type ParseContext, ShellParseError } from './types.js';
import { WRAPPERS } from './wrappers.js';

export interface GitUse {
  /** The git subcommand; '' for none (`git --version`); null when unknown before it runs (`git $x`). */
  sub: string | null;
}

/**
 * Every git invocation that `text` would run, in source order. Throws ShellParseError when the
 * text is not valid shell (or too long or too deeply nested to check).
 *
 * `git-NAME` executables (`git-upload-pack`, `/usr/lib/git-core/git-status`, `git-lfs`) count as
 * `git NAME`: git itself runs `git foo` as the `git-foo` program, so they act on the repository the
 * same way, and `guard.allow` takes NAME for them too.
 *
 * Not seen (by design, the guard is a guardrail for agents, not a sandbox): command names built at
 * run time (`$(echo git)`, `${x}t`), scripts in files (`bash x.sh`), aliases, and remote commands
 * (`ssh host git pull`).
 */
export function findGitUses(text: string, ctx: ParseContext = newContext()): GitUse[] {
  const uses: GitUse[] = [];
  for (const cmd of parseCommands(text, ctx)) {
    if (cmd.compound || cmd.words.length === 0) continue;
    uses.push(...fromArgv(argvOf(cmd, ctx), cmd, ctx));
  }
  return uses;
}

/** Word texts, with `$NAME` replaced by a value assigned in the same command text (`G=git; $G log`). */
function argvOf(cmd: Cmd, ctx: ParseContext): string[] {
  return cmd.words.flatMap((w) => {
    const v = w.varRef !== null ? ctx.vars.get(w.varRef) : undefined;
    return v === undefined ? [w.text] : v.split(/[ \t\n]+/).filter(Boolean);
  });
}

function fromArgv(argv: string[], cmd: Cmd, ctx: ParseContext): GitUse[] {
  let i = 0;
  for (let hops = 0; hops < 32; hops++) {
    let name = argv[i];
    if (name === undefined || name.includes(DYN)) return [];
    const brace = /^\{([^{}]*,[^{}]*)\}$/.exec(name);
    if (brace?.[1] !== undefined) {
      // Brace expansion in command position: `{git,status}` runs `git status`.
      argv = [...argv.slice(0, i), ...brace[1].split(','), ...argv.slice(i + 1)];
      name = argv[i] ?? '';
    }
    const base = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
    if (base === 'git') return [{ sub: gitSubcommand(argv.slice(i + 1)) }];
    if (/^git-[a-z0-9]/.test(base)) return [{ sub: base.slice(4) }];
    const handler = Object.hasOwn(WRAPPERS, base) ? WRAPPERS[base] : undefined;
    if (!handler) return [];
    const step = handler(argv, i);
    if (step === null) return [];
    if ('at' in step) {
      i = step.at;
      continue;
    }
    if ('scripts' in step) return step.scripts.flatMap((s) => inner(s, ctx));
    if ('argvs' in step) return step.argvs.flatMap((a) => fromArgv(a, cmd, ctx));
    return stdinScripts(cmd).flatMap((s) => inner(s, ctx));
  }
  throw new ShellParseError('too many nested wrapper commands');
}

/** A script run by a command (`bash -c`, `eval`): one level deeper, so nesting stays bounded. */
function inner(text: string, ctx: ParseContext): GitUse[] {
  if (ctx.depth >= MAX_DEPTH) throw new ShellParseError('commands nested too deeply');
  ctx.depth++;
  try {
    return findGitUses(text, ctx);
  } finally {
    ctx.depth--;
  }
}

/** What a shell without `-c` reads: here-documents, here-strings, or `echo …`/`printf …` piped in. */
function stdinScripts(cmd: Cmd): string[] {
  const out = [...cmd.heredocs, ...cmd.herestrings.map((w) => w.text)];
  const from = cmd.pipedFrom;
  const name = from?.words[0]?.text;
  if (from && (name === 'echo' || name === 'printf')) {
    out.push(from.words.slice(1).map((w) => w.text).filter((t) => !/^-[neE]+$/.test(t)).join(' ').replace(/\\n/g, '\n'));
  }
  return out;
}
