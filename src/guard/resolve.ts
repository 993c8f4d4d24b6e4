// From parsed commands to the git invocations that would run: unwraps wrappers (`sudo`, `env`,
// `timeout`, `xargs`, `find -exec`, `npx`…) and parses the strings that shells and `eval` run.
import { butlerGuardChange } from './butler-cli.js';
import { gitCall, RISKY_ENV } from './git.js';
import { expandBraces, globCouldBeGit } from './names.js';
import { parseCommands } from './parser.js';
import { quickMentionsGit } from './quick.js';
import { namesGit, RUNNERS, VERSION } from './runners.js';
import { type Cmd, DYN, MAX_DEPTH, newContext, type ParseContext, ShellParseError, type Word } from './types.js';
import type { Step } from './wrapper-spec.js';
import { WRAPPERS } from './wrappers.js';
import { MORE } from './wrappers-more.js';

export interface GitUse {
  /** The git subcommand; '' for none (`git --version`); null when unknown before it runs (`git $x`). */
  sub: string | null;
  /** An option or environment variable that runs a program or changes config (see git.ts). */
  risky?: string | null;
  /** `-C` folders, in order. */
  dirs?: string[];
  /** The repository is named some other way (`--git-dir`, `GIT_DIR=`): its config is unknown. */
  elsewhere?: boolean;
  /** Not git but `butler guard allow|deny|mode`: only a person may run it (see butler-cli.ts). */
  person?: string;
  /** Not a git command line but something that runs git or may (`npm version`, a computed name): what, for the reason. */
  via?: string;
  /** The Butler tool to name for a `via` use. */
  tool?: string;
}

const COMPUTED = 'a command name only known at run time';
/** Pathname expansion: a glob character or an extglob group (`@(g|x)it`, with `shopt -s extglob`). */
const GLOB = /[*?[]|[+@!]\(/;
const UNKNOWN_SCRIPT = 'commands only known at run time';

/**
 * Every git invocation that `text` would run, in source order. Throws ShellParseError when the
 * text is not valid shell (or too long or too deeply nested to check).
 *
 * `git-NAME` executables (`git-upload-pack`, `/usr/lib/git-core/git-status`, `git-lfs`) count as
 * `git NAME`: git itself runs `git foo` as the `git-foo` program, so they act on the repository the
 * same way, and `guard.allow` takes NAME for them too.
 *
 * Fails closed: a command name with an expansion (`g${x}it`, `$(echo git)`, `"$@"`, `${!y}`) or a glob
 * that can match git (`/usr/bin/g?t`), and a script only known at run time (`bash -c "$x"`,
 * `… | base64 -d | sh`, `eval "$(…)"`), count as git with an unknown subcommand. Not seen (by design,
 * the guard is a guardrail for agents, not a sandbox): scripts in files (`bash x.sh`), programs that build
 * a name from numbers in their own language, and remote commands (`ssh host git`).
 */
export function findGitUses(text: string, ctx: ParseContext = newContext()): GitUse[] {
  // The first call is the top-level one: a script inside is parsed only after it set `top`.
  if (ctx.top === '') ctx.top = text;
  const uses: GitUse[] = [];
  for (const cmd of parseCommands(text, ctx)) {
    uses.push(...cmd.assigns.flatMap((a) => fromAssign(a.name, a.value.text, ctx)));
    if (cmd.compound || cmd.words.length === 0) continue;
    const argv = argvOf(cmd, ctx);
    noteDeclarations(argv, ctx);
    if (/^(export|declare|typeset|local|readonly|env)$/.test(argv[0] ?? ''))
      for (const a of argv.slice(1)) {
        const m = /^([^=\s-][^=]*)=(.*)/s.exec(a);
        if (m?.[1]) uses.push(...fromAssign(m[1], m[2] ?? '', ctx));
      }
    const found = fromArgv(argv, cmd, ctx);
    const envRisk = cmd.assigns.find((a) => RISKY_ENV.test(a.name))?.name ?? null;
    uses.push(
      ...(envRisk
        ? found.map((u) => ({ ...u, risky: u.risky ?? envRisk, elsewhere: u.elsewhere || /DIR|WORK_TREE/.test(envRisk) }))
        : found),
    );
  }
  return uses;
}

/** Word texts, with `$NAME` replaced by a value assigned in the same command text (`G=git; $G log`). */
function argvOf(cmd: Cmd, ctx: ParseContext): string[] {
  return cmd.words.flatMap((w) => {
    // Stryker disable next-line ConditionalExpression: no variable is named null, so get(null) is undefined too
    const v = w.varRef !== null ? ctx.vars.get(w.varRef) : undefined;
    return v === undefined ? [w.text] : v.split(/[ \t\n]/).filter(Boolean);
  });
}

/** `export G=git`, `declare -x G=git`, `cd DIR`: what later commands of the same text depend on. */
function noteDeclarations(argv: string[], ctx: ParseContext): void {
  const name = argv[0] ?? '';
  if (/^(export|declare|typeset|local|readonly)$/.test(name)) {
    for (const a of argv.slice(1)) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)/s.exec(a);
      if (m?.[1] && !a.includes(DYN)) ctx.vars.set(m[1], m[2] ?? '');
      else if (m?.[1]) ctx.vars.set(m[1], DYN);
    }
  }
  if (name === 'cd' || name === 'pushd' || name === 'popd') {
    const dir = argv.slice(1).find((a) => !/^-[LPe@]+$/.test(a) && a !== '--');
    ctx.cds.push(name === 'popd' || dir === undefined || dir === '-' || dir.includes(DYN) ? null : dir);
  }
}

function fromArgv(argv: string[], cmd: Cmd, ctx: ParseContext): GitUse[] {
  let i = 0;
  for (let hops = 0; hops < 32; hops++) {
    let name = argv[i];
    if (name === undefined) return [];
    // Brace expansion in command position: `{git,status}` runs `git status`, `{g..h}it` runs `git hit`.
    const words = expandBraces(name);
    if (words === null) return [{ sub: null, via: 'a brace expansion too large to check' }];
    argv = [...argv.slice(0, i), ...words, ...argv.slice(i + 1)];
    name = argv[i] ?? name;
    // An expansion in the last path part could be anything; before it (`"$HOME/bin/tool"`), it could
    // only split into other words, and only a text that names git is suspected of that.
    // Nor when the letters before it begin "git" (`g$(printf "it ")x/y` splits into `git x/y`, mutscan), nor
    // when the text substitutes a command's output anywhere: `$(printf g;printf "it ")x/y` and
    // `env$(printf " git ")x/y` split into a git call from text that never spells it. Fail closed: this also
    // denies `$(npm bin)/jest` (corpus-fail-closed.ts); a plain `$HOME/bin/tool` stays allowed.
    const lead = name.includes(DYN) ? name.slice(0, name.indexOf(DYN)).toLowerCase() : '';
    if (
      name.slice(name.lastIndexOf('/') + 1).includes(DYN) ||
      (name.includes(DYN) && (namesGit(ctx.top) || (lead !== '' && 'git'.startsWith(lead)) || /\$\(|`/.test(ctx.top)))
    )
      return [{ sub: null, via: COMPUTED }];
    if (GLOB.test(name)) return computedName(name, i, cmd) ? [{ sub: null, via: 'a glob that can match git' }] : [];
    const base = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
    if (base === 'git') {
      const call = gitCall(argv.slice(i + 1));
      // `env GIT_DIR=… git`, `sudo GIT_WORK_TREE=… git`: another repository, as with a plain assignment.
      const envRisk = argv
        .slice(0, i)
        .find((a) => RISKY_ENV.test(a.split('=')[0] ?? '') && a.includes('='))
        ?.split('=')[0];
      return [{ ...call, risky: call.risky ?? envRisk ?? null, elsewhere: call.elsewhere || /DIR|WORK_TREE/.test(envRisk ?? '') }];
    }
    if (/^git-[a-z0-9]/.test(base)) return [{ sub: base.slice(4) }];
    const person = butlerGuardChange(argv, i, base);
    if (person) return [{ sub: null, person }];
    const step = handlerFor(base)?.(argv, i) ?? null;
    if (step === null) return [];
    if ('at' in step) {
      i = step.at;
      if (step.extend) argv = [...argv, DYN];
      continue;
    }
    return fromStep(step, cmd, ctx);
  }
  throw new ShellParseError('too many nested wrapper commands');
}

function handlerFor(base: string): ((argv: string[], i: number) => Step) | undefined {
  if (Object.hasOwn(WRAPPERS, base)) return WRAPPERS[base];
  if (['npm', 'pnpm', 'yarn', 'bun'].includes(base)) return (argv, i) => VERSION(argv, i) ?? MORE[base]?.(argv, i) ?? null;
  if (Object.hasOwn(MORE, base)) return MORE[base];
  return Object.hasOwn(RUNNERS, base) ? RUNNERS[base] : undefined;
}

function fromStep(step: Exclude<Step, null | { at: number }>, cmd: Cmd, ctx: ParseContext): GitUse[] {
  if ('computed' in step) return [{ sub: null, via: UNKNOWN_SCRIPT }];
  if ('deny' in step)
    return step.onlyIf && !step.onlyIf.test(ctx.top) ? [] : [{ sub: null, via: step.deny, ...(step.tool ? { tool: step.tool } : {}) }];
  if ('scripts' in step) return step.scripts.flatMap((s) => (s.includes(DYN) ? [{ sub: null, via: UNKNOWN_SCRIPT }] : inner(s, ctx)));
  if ('argvs' in step) return step.argvs.flatMap((a) => fromArgv(a, cmd, ctx));
  if ('strings' in step) return step.strings.flatMap((s) => fromString(s, step.what, ctx));
  if ('code' in step) {
    const code = step.code ?? stdinScripts(cmd);
    if (code.some((c) => c.includes(DYN) && namesGit(ctx.top))) return [{ sub: null, via: `${step.lang} code only known at run time` }];
    return code.some((c) => namesGit(c)) ? [{ sub: null, via: `${step.lang} code that mentions git` }] : [];
  }
  return stdinScripts(cmd).flatMap((s) => (s.includes(DYN) ? [{ sub: null, via: UNKNOWN_SCRIPT }] : inner(s, ctx)));
}

/** A string a program may run: parsed as shell (after a `!`, `shell ` or `exec=` lead-in); else named git or not. */
function fromString(s: string, what: string, ctx: ParseContext): GitUse[] {
  if (!namesGit(s)) return [];
  const body = s.replace(/^(?:[:\s]*!|\s*(?:shell|sh|system|exec|run-shell|send-keys)\s+|[\w-]*=(?:exec=)?|\|)/, '');
  try {
    const uses = inner(body, ctx);
    if (uses.length > 0) return uses;
  } catch {
    // Not shell: judged by its words below.
  }
  return [{ sub: null, via: what }];
}

/** Variables whose value a program runs as a command (or as bash code: exported functions). */
const RUNS_VALUE =
  /^(LESSOPEN|LESSCLOSE|PROMPT_COMMAND|BASH_ENV|ENV|PS[0-4]|PAGER|MANPAGER|SYSTEMD_PAGER|EDITOR|VISUAL|SHELL|\w*_COMMAND|\w*PAGER|\w*EDITOR)$/;
function fromAssign(name: string, value: string, ctx: ParseContext): GitUse[] {
  if (/^BASH_FUNC_/.test(name))
    return value.includes(DYN) ? [{ sub: null, via: UNKNOWN_SCRIPT }] : inner(value.replace(/^\(\)\s*/, ''), ctx);
  // git's own variables only act where git runs: the command that runs it judges them (RISKY_ENV).
  if (/^GIT_/.test(name)) return [];
  return RUNS_VALUE.test(name) && namesGit(value) ? [{ sub: null, via: `${name}, which runs a command that mentions git` }] : [];
}

/** A command name with expansions or glob characters: could it be git? */
function computedName(name: string, i: number, cmd: Cmd): boolean {
  const visible = name.split(DYN).join('');
  const base = visible.slice(visible.lastIndexOf('/') + 1);
  if (/^git/i.test(base)) return true;
  if (GLOB.test(base) && globCouldBeGit(base)) return true;
  // `${G:-git}`, `${x/y/git}`: git written inside the expansion (not inside a `$(…)` it runs).
  // Stryker disable next-line StringLiteral: past the command's own words (a name from a variable's value) any text without git reads the same
  const raw = cmd.words[i]?.raw ?? '';
  // Stryker disable next-line Regex: each of these matches less, so more text is checked for git (only stricter)
  return quickMentionsGit(raw.replace(/\$\((?:[^()]|\([^()]*\))*\)|`[^`]*`/g, ''));
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

/** What a shell without `-c` reads: here-documents, here-strings, or `echo`/`printf`/`cat` piped in. */
function stdinScripts(cmd: Cmd): string[] {
  const out = [...cmd.heredocs, ...cmd.herestrings.map((w) => w.text)];
  // `< <(…)`, `<&3`: read from something only known at run time; `< file`: a script in a file (not seen).
  if (cmd.inputs.some((w: Word) => w.dynamic)) out.push(DYN);
  const from = cmd.pipedFrom;
  const name = from?.words[0]?.text;
  if (from && (name === 'echo' || name === 'printf')) {
    out.push(
      from.words
        .slice(1)
        .map((w) => w.text)
        // `printf -- x` prints x (for echo, `--` is printed: taking it out only adds a name to check).
        .filter(
          (t, k) =>
            !/^-[neE]+$/.test(t) &&
            // Stryker disable next-line ConditionalExpression: dropping a later `--` too removes a word that is never git; git and the wrappers that read the script skip it themselves
            !(k === 0 && t === '--'),
        )
        .join(' ')
        .replace(/\\n/g, '\n'),
    );
  } else if (from && name === 'cat' && from.words.length === 1) {
    // A lone `cat` passes on what it reads: its here-documents, or what is piped into it (`echo … | cat | sh`).
    out.push(...stdinScripts(from));
  } else if (from && (from.words.length > 0 || from.compound)) {
    // Anything else piped into a shell (a subshell or group included: `(echo git push) | sh`): its output is unknown.
    out.push(DYN);
  }
  return out;
}
