// From parsed commands to the git invocations that would run: unwraps wrappers (`sudo`, `env`,
// `timeout`, `xargs`, `find -exec`, `npx`…) and parses the strings that shells and `eval` run.
import { butlerGuardChange } from './butler-cli.js';
import { gitCall, RISKY_ENV } from './git.js';
import { parseCommands } from './parser.js';
import { quickMentionsGit } from './quick.js';
import { type Cmd, DYN, MAX_DEPTH, newContext, type ParseContext, ShellParseError } from './types.js';
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
}

/**
 * Every git invocation that `text` would run, in source order. Throws ShellParseError when the
 * text is not valid shell (or too long or too deeply nested to check).
 *
 * `git-NAME` executables (`git-upload-pack`, `/usr/lib/git-core/git-status`, `git-lfs`) count as
 * `git NAME`: git itself runs `git foo` as the `git-foo` program, so they act on the repository the
 * same way, and `guard.allow` takes NAME for them too.
 *
 * Command names built from expansions whose visible text spells git (`g${x}it`, `${G:-git}`,
 * `git${IFS}log`) or globs that match it (`/usr/bin/gi[t]`) count as git with an unknown
 * subcommand. Not seen (by design, the guard is a guardrail for agents, not a sandbox): names built
 * only at run time (`$(echo git)`), scripts in files (`bash x.sh`), and remote commands (`ssh host git`).
 */
export function findGitUses(text: string, ctx: ParseContext = newContext()): GitUse[] {
  const uses: GitUse[] = [];
  for (const cmd of parseCommands(text, ctx)) {
    if (cmd.compound || cmd.words.length === 0) continue;
    const argv = argvOf(cmd, ctx);
    noteDeclarations(argv, ctx);
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
    const v = w.varRef !== null ? ctx.vars.get(w.varRef) : undefined;
    return v === undefined ? [w.text] : v.split(/[ \t\n]+/).filter(Boolean);
  });
}

/** `export G=git`, `declare -x G=git`, `cd DIR`: what later commands of the same text depend on. */
function noteDeclarations(argv: string[], ctx: ParseContext): void {
  const name = argv[0] ?? '';
  if (/^(export|declare|typeset|local|readonly)$/.test(name)) {
    for (const a of argv.slice(1)) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a);
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
    const brace = /^([^{}]*)\{([^{}]*,[^{}]*)\}([^{}]*)$/.exec(name);
    if (brace?.[2] !== undefined) {
      // Brace expansion in command position: `{git,status}` runs `git status`, `git{,}` runs `git git`.
      const words = brace[2].split(',').map((alt) => `${brace[1]}${alt}${brace[3]}`);
      argv = [...argv.slice(0, i), ...words, ...argv.slice(i + 1)];
      name = argv[i] ?? '';
    }
    if (name.includes(DYN) || /[*?[]/.test(name)) return computedName(name, i, cmd) ? [{ sub: null }] : [];
    const base = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
    if (base === 'git') {
      const call = gitCall(argv.slice(i + 1));
      const envRisk = argv.slice(0, i).find((a) => RISKY_ENV.test(a.split('=')[0] ?? '') && a.includes('='));
      return [{ ...call, risky: call.risky ?? envRisk?.split('=')[0] ?? null }];
    }
    if (/^git-[a-z0-9]/.test(base)) return [{ sub: base.slice(4) }];
    const person = butlerGuardChange(argv, i, base);
    if (person) return [{ sub: null, person }];
    const handler = Object.hasOwn(WRAPPERS, base) ? WRAPPERS[base] : Object.hasOwn(MORE, base) ? MORE[base] : undefined;
    if (!handler) return [];
    const step = handler(argv, i);
    if (step === null) return [];
    if ('at' in step) {
      i = step.at;
      continue;
    }
    if ('computed' in step) return mentionsGitAnywhere(cmd) ? [{ sub: null }] : [];
    if ('scripts' in step)
      return step.scripts.flatMap((s) => (s.includes(DYN) ? (mentionsGitAnywhere(cmd) ? [{ sub: null }] : []) : inner(s, ctx)));
    if ('argvs' in step) return step.argvs.flatMap((a) => fromArgv(a, cmd, ctx));
    return stdinScripts(cmd).flatMap((s) => (s.includes(DYN) ? (mentionsGitAnywhere(cmd) ? [{ sub: null }] : []) : inner(s, ctx)));
  }
  throw new ShellParseError('too many nested wrapper commands');
}

/** A command name with expansions or glob characters: could it be git? */
function computedName(name: string, i: number, cmd: Cmd): boolean {
  const visible = name.split(DYN).join('');
  const base = visible.slice(visible.lastIndexOf('/') + 1);
  if (/^git/i.test(base)) return true;
  if (/[*?[]/.test(base)) {
    const re = new RegExp(
      `^${base
        .replace(/[.+^${}()|\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')
        .replace(/\[!/g, '[^')}$`,
      'i',
    );
    if (re.test('git')) return true;
  }
  // `${G:-git}`, `${x/y/git}`: git written inside the expansion (not inside a `$(…)` it runs).
  const raw = cmd.words[i]?.raw ?? '';
  return quickMentionsGit(raw.replace(/\$\((?:[^()]|\([^()]*\))*\)|`[^`]*`/g, ''));
}

/** For a script whose text is only known at run time: does the command's text mention git at all? */
function mentionsGitAnywhere(cmd: Cmd): boolean {
  const chain: Cmd[] = [];
  for (let c: Cmd | null = cmd; c && chain.length < 64; c = c.pipedFrom) chain.push(c);
  const parts = chain.flatMap((c) => [...c.words.map((w) => w.raw), ...c.herestrings.map((w) => w.raw), ...c.heredocs]);
  return quickMentionsGit(parts.join(' '));
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

/** What a shell without `-c` reads: here-documents, here-strings, or `echo`/`printf`/`cat <<…` piped in. */
function stdinScripts(cmd: Cmd): string[] {
  const out = [...cmd.heredocs, ...cmd.herestrings.map((w) => w.text)];
  const from = cmd.pipedFrom;
  const name = from?.words[0]?.text;
  if (from && (name === 'echo' || name === 'printf')) {
    out.push(
      from.words
        .slice(1)
        .map((w) => w.text)
        .filter((t) => !/^-[neE]+$/.test(t))
        .join(' ')
        .replace(/\\n/g, '\n'),
    );
  } else if (from && name === 'cat' && from.words.length === 1) {
    out.push(...from.heredocs, ...from.herestrings.map((w) => w.text));
  } else if (from && from.words.length > 0) {
    // Anything else piped into a shell: its output is unknown, so it counts when the pipeline names git.
    out.push(DYN);
  }
  return out;
}
