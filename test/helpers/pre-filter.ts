// Runs the installed PreToolUse commands (issue #17) the way the clients do, `<shell> -c '<command>'`,
// over many hook inputs in one bash loop per variant (a spawn per input from Node would be slower).
// A variant picks what `sh` and `awk` are on PATH. With `recordNode`, `node` on PATH is a stand-in that
// prints `FORWARDED <its first argument>` and then the bytes it received, so a test sees exactly
// what the pre-filter handed to the Node hook; without it the real Node hook runs.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../../src/cli/main.js';
import { tempDir } from '../install/helpers.js';

const ROOT = path.join(__dirname, '..', '..');

export interface Variant {
  name: string;
  sh: string;
  awk: string;
}

const which = (name: string): string | null => {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
};

/**
 * dash and bash as sh with the system awk; busybox sh with busybox awk. Missing ones: in `missing`.
 * Other awks on PATH are tried too (gawk; original-awk, the one-true-awk of the BSDs and macOS).
 */
export function variants(): { present: Variant[]; missing: string[] } {
  const awk = which('awk');
  const busybox = which('busybox');
  const dash = which('dash');
  const all: [string, string | null, string | null][] = [
    ['dash + awk', dash, awk],
    ['bash + awk', which('bash'), awk],
    ['busybox sh + busybox awk', busybox && 'busybox:sh', busybox && 'busybox:awk'],
  ];
  const others = ['gawk', 'original-awk'].map((n): [string, string | null, string | null] => [`dash + ${n}`, dash, which(n)]);
  return {
    present: [...all, ...others].filter(([, sh, a]) => sh && a).map(([name, sh, a]) => ({ name, sh: sh!, awk: a! })),
    missing: all.filter(([, sh, a]) => !sh || !a).map(([name]) => name),
  };
}

/** A git repository under a folder named `github` (so cwd and paths mention git) with Butler installed for real. */
export async function installedProject(): Promise<{ root: string; sub: string; claude: string; codex: string; gemini: string }> {
  const root = path.join(tempDir('butler-prefilter-'), 'github', 'proj');
  const sub = path.join(root, 'src', 'deep');
  mkdirSync(sub, { recursive: true });
  execFileSync('git', ['init', '-q', root]);
  const code = await runCli(['install', '--claude', '--codex', '--gemini', '--project', root], {
    cwd: root,
    env: { BUTLER_BUNDLE_DIR: path.join(ROOT, 'hooks') },
    stdout: () => undefined,
    stderr: () => undefined,
    readStdin: async () => '',
  });
  if (code !== 0) throw new Error('butler install failed');
  const command = (rel: string, event = 'PreToolUse') =>
    JSON.parse(readFileSync(path.join(root, rel), 'utf8')).hooks[event][0].hooks[0].command as string;
  return {
    root,
    sub,
    claude: command('.claude/settings.json'),
    codex: command('.codex/hooks.json'),
    gemini: command('.gemini/settings.json', 'BeforeTool'),
  };
}

function binDir(v: Variant, recordNode: boolean): string {
  const dir = tempDir('butler-prefilter-bin-');
  const link = (name: string, target: string) => {
    if (target.startsWith('busybox:')) {
      // busybox picks its applet from the name it is called by.
      writeFileSync(path.join(dir, name), `#!/bin/sh\nexec busybox ${target.slice(8)} "$@"\n`);
      chmodSync(path.join(dir, name), 0o755);
    } else symlinkSync(target, path.join(dir, name));
  };
  link('sh', v.sh);
  link('awk', v.awk);
  if (recordNode) {
    // The pre-filter runs the hook through its checking loader: `node -e <loader> <hook> <sha256>`.
    writeFileSync(path.join(dir, 'node'), `#!/bin/sh\n[ "$1" = -e ] && shift 2\nprintf 'FORWARDED %s\\n' "$1"\nexec cat\n`);
    chmodSync(path.join(dir, 'node'), 0o755);
  }
  return dir;
}

/**
 * Runs `command` through `<variant sh> -c` once per input, in `cwd`, with CLAUDE_PROJECT_DIR set;
 * returns each run's stdout.
 */
export async function runInstalled(
  v: Variant,
  command: string,
  inputs: string[],
  opts: { cwd: string; projectDir: string; recordNode: boolean },
): Promise<string[]> {
  return (await runInstalledCodes(v, command, inputs, opts)).map((r) => r.stdout);
}

/** runInstalled, with each run's exit code (the clients read exit 2 as a block). */
export function runInstalledCodes(
  v: Variant,
  command: string,
  inputs: string[],
  opts: { cwd: string; projectDir: string; recordNode: boolean },
): Promise<{ stdout: string; code: number }[]> {
  const work = tempDir('butler-prefilter-run-');
  mkdirSync(path.join(work, 'in'));
  mkdirSync(path.join(work, 'out'));
  inputs.forEach((text, i) => writeFileSync(path.join(work, 'in', String(i)), text));
  const bin = binDir(v, opts.recordNode);
  const shell = v.sh.startsWith('busybox:') ? path.join(bin, 'sh') : v.sh;
  const driver = `i=0; while [ $i -lt ${inputs.length} ]; do "$SHELL_BIN" -c "$HOOK_CMD" < "$WORK/in/$i" > "$WORK/out/$i" 2>/dev/null; echo $? > "$WORK/out/$i.rc"; i=$((i+1)); done`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', driver], {
      cwd: opts.cwd,
      stdio: 'ignore',
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        SHELL_BIN: shell,
        HOOK_CMD: command,
        WORK: work,
        CLAUDE_PROJECT_DIR: opts.projectDir,
      },
    });
    child.on('error', reject);
    child.on('exit', () => {
      const outs = inputs.map((_t, i) => path.join(work, 'out', String(i)));
      if (!outs.every((f) => existsSync(f))) return reject(new Error(`${v.name}: not every input ran`));
      resolve(outs.map((f) => ({ stdout: readFileSync(f, 'utf8'), code: Number(readFileSync(`${f}.rc`, 'utf8')) })));
    });
  });
}

/** What the pre-filter did with one input: allowed it itself, or handed exactly these bytes to the Node hook. */
export function outcome(
  stdout: string,
): { kind: 'allowed' } | { kind: 'forwarded'; hook: string; bytes: string } | { kind: 'other'; stdout: string } {
  if (stdout === '') return { kind: 'allowed' };
  const m = /^FORWARDED ([^\n]*)\n/.exec(stdout);
  if (!m) return { kind: 'other', stdout };
  return { kind: 'forwarded', hook: m[1]!, bytes: stdout.slice(m[0].length) };
}

/** The pre-filter reads lines: input without a final newline reaches Node with one (JSON whitespace). */
export const asForwarded = (input: string): string => (input === '' || input.endsWith('\n') ? input : `${input}\n`);
