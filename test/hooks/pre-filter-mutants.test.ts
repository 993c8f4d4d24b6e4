// Issue #27: the POSIX sh + awk pre-filter (src/hooks/bin/pre-tool-use.sh) cannot be mutated by Stryker,
// so this file mutates it by hand. Each mutant below is one line changed in a copy of the script; the
// inputs are raw git in disguise, each of which the real Node hook denies. A mutant is killed when at
// least one input that the original script denies gets through it (no output = allow). The oracle is
// fixed in this file: every input must be denied, and a harmless command allowed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../install/helpers.js';

const HOOKS = path.join(__dirname, '..', '..', 'hooks');
const SCRIPT = readFileSync(path.join(HOOKS, 'pre-tool-use.sh'), 'utf8');
const PLACEHOLDER = '@BUTLER_CJS_SHA256@';
/** The script as `butler install` writes it: the SHA-256 of the Node hook's bytes in place of the placeholder. */
const NODE_HOOK = readFileSync(path.join(HOOKS, 'pre-tool-use.cjs'));
const SUMMED = SCRIPT.replace(PLACEHOLDER, createHash('sha256').update(NODE_HOOK).digest('hex'));
/** A Node hook replaced by an attacker: it allows everything. */
const ALTERED_HOOK = 'process.exit(0);\n';

const which = (name: string): string => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();

const hookInput = (command: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: '/tmp', ...extra });

/** Raw JSON texts (some not valid JSON on purpose); every one must be denied. */
const DISGUISED: Record<string, string> = {
  plain: hookInput('git push --force'),
  upper: hookInput('GIT push'),
  unicodeEscape: '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"\\u0067it push"}}',
  singleQuotes: hookInput("g'i't push"),
  doubleQuotes: hookInput('g"i"t push'),
  ansiC: hookInput("$'\\x67it' push"),
  // Only the `$` tells: no joining characters between the g and the rest of the name.
  variable: hookInput('x=g; ${x}it push'),
  guardChange: hookInput('butler guard mode off'),
  approveUrl: hookInput('butler issue approve-url 3'),
  argv: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: ['git', 'push'] } }),
  cmdKey: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'exec_command', tool_input: { cmd: ['git', 'push'] } }),
  escapedToolName: '{"hook_event_name":"PreToolUse","tool_name":"B\\u0061sh","tool_input":{"command":"git push"}}',
  escapedEvent: '{"hook_event_name":"Pre\\u0054oolUse","tool_name":"Bash","tool_input":{"command":"git push"}}',
  trailing: '{"tool_name":"Read","tool_input":{}}{"tool_name":"Bash","tool_input":{"command":"git push"}}',
  // Not JSON (a raw control character): the hook cannot read it, and it mentions git, so it fails closed.
  rawControl: '{"tool_name":"Bash","tool_input":{"command":"ls","description":"push with git\u0001"}}',
  shell: hookInput('git push', { tool_name: 'shell' }),
  shellCommand: hookInput('git push', { tool_name: 'shell_command' }),
  localShell: hookInput('git push', { tool_name: 'local_shell' }),
  execCommand: hookInput('git push', { tool_name: 'exec_command' }),
  unifiedExec: hookInput('git push', { tool_name: 'unified_exec' }),
  // Gemini CLI's BeforeTool: it blocks on a top-level `decision: "deny"` or on exit 2, not on Claude Code's JSON.
  gemini: hookInput('git push', { hook_event_name: 'BeforeTool', tool_name: 'run_shell_command' }),
};
/** Held: inputs sent without a final newline while stdin stays open for 2 s (past the 1 s watchdog). */
const HELD = new Set(['stalled']);
DISGUISED.stalled = hookInput('git push');

interface Mutant {
  name: string;
  from: string;
  to: string;
  /** Run without awk in PATH. */
  noAwk?: boolean;
  /** Installed with the real hook's SHA-256 beside an altered hook (the hand-off's hash check). */
  altered?: boolean;
}

const mutant = (name: string, from: string, to: string, opts: Partial<Mutant> = {}): Mutant => ({ name, from, to, ...opts });

const MUTANTS: Mutant[] = [
  mutant(
    'no awk: allow instead of running Node',
    'command -v awk >/dev/null 2>&1 || { eval "$BUTLER_RUN"; exit 0; }',
    'command -v awk >/dev/null 2>&1 || exit 0',
    { noAwk: true },
  ),
  mutant('every input allowed', '  if (allowed()) exit 0\n', '  exit 0\n'),
  mutant('case kept', '  c = tolower(c); gsub(', '  gsub('),
  mutant('\\u0067 not decoded', '      if (c ~ h) gsub(h,', '      if (0) gsub(h,'),
  mutant('$ not sent to Node', 'if (c ~ /[$`]|', 'if (c ~ /[`]|'),
  mutant('single quotes kept', 'J = "[^" WS "a-z0-9;&|<>]*"', 'J = "[^" WS "a-z0-9;&|<>" Q "]*"'),
  mutant('double quotes kept', 'J = "[^" WS "a-z0-9;&|<>]*"', 'J = "[^" WS "a-z0-9;&|<>\\"]*"'),
  mutant('guard not looked for', ' || c ~ GUARD', ''),
  mutant('approve not looked for', ' || c ~ APPROVE', ''),
  mutant('an argv array allowed', '  else return 0\n  # A long command', '  else return 1\n  # A long command'),
  mutant('an escaped tool name trusted', 'if (TN_T != "s" || index(TN, "\\\\") > 0) return 0', 'if (TN_T != "s") return 0'),
  mutant('an escaped event name trusted', 'return HE_T != "s" || index(HE, "\\\\") == 0', 'return 1'),
  mutant('text after the object ignored', '  ws(); if (p <= L) return 0\n', '\n'),
  mutant('raw control characters accepted', '  if (SV ~ CTL) return 0\n', '\n'),
  mutant('shell not a shell tool', '|shell|', '|'),
  mutant('shell_command not a shell tool', '|shell_command|', '|'),
  mutant('local_shell not a shell tool', '|local_shell|', '|'),
  mutant('exec_command not a shell tool', '|exec_command|', '|'),
  mutant('unified_exec not a shell tool', '|unified_exec|', '|'),
  mutant('Bash not a shell tool', '^(Bash|', '^('),
  mutant(
    'the watchdog allows instead of denying',
    'trap \'kill "$BUTLER_AWK" 2>/dev/null; printf',
    'trap \'kill "$BUTLER_AWK" 2>/dev/null; exit 0; printf',
  ),
  mutant('the hash check skipped', '!==process.argv[2])process.exit(3)', '===null)process.exit(3)', { altered: true }),
  mutant('any sum taken for the placeholder', 'case $BUTLER_SUM in @*) exec node', 'case $BUTLER_SUM in *) exec node', { altered: true }),
  mutant(
    'an altered hook allowed instead of denied',
    'cat >/dev/null; printf "%s" "$BUTLER_DENY"; printf',
    'cat >/dev/null; exit 0; printf',
    {
      altered: true,
    },
  ),
  mutant(
    'an altered hook denied with exit 0',
    'kill -USR2 "$BUTLER_MAIN" 2>/dev/null; exit 2\'',
    'kill -USR2 "$BUTLER_MAIN" 2>/dev/null; exit 0\'',
    {
      altered: true,
      noAwk: true,
    },
  ),
  mutant('an altered hook denied without telling the shell', '[ -z "$BUTLER_MAIN" ] || kill -USR2 "$BUTLER_MAIN" 2>/dev/null;', '', {
    altered: true,
  }),
];

/**
 * A folder holding `script` as pre-tool-use.sh beside a Node hook (the real one, or `hook`), and a bin
 * folder for PATH with only what the script uses: sh and node; awk (optional: without it, Node decides);
 * sleep for the stdin watchdog (without it the watchdog fires at once and every input is denied); cat
 * to drain the input of an altered hook; git for the Node hook (Node hashes the hook itself). kill and
 * printf are shell builtins.
 */
function install(script: string, withAwk: boolean, hook?: string): { script: string; path: string } {
  const dir = tempDir('butler-prefilter-mutant-');
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  for (const name of ['sh', 'node', 'git', 'sleep', 'cat', ...(withAwk ? ['awk'] : [])]) symlinkSync(which(name), path.join(bin, name));
  if (hook === undefined) symlinkSync(path.join(HOOKS, 'pre-tool-use.cjs'), path.join(dir, 'pre-tool-use.cjs'));
  else writeFileSync(path.join(dir, 'pre-tool-use.cjs'), hook);
  writeFileSync(path.join(dir, 'pre-tool-use.sh'), script);
  return { script: path.join(dir, 'pre-tool-use.sh'), path: bin };
}

function run(at: { script: string; path: string }, input: string, held = false): 'deny' | 'allow' | string {
  const sh = path.join(at.path, 'sh');
  const r = held
    ? spawnSync(sh, ['-c', '{ printf "%s" "$1"; sleep 2; } | sh "$2"', 'sh', input, at.script], {
        encoding: 'utf8',
        env: { ...process.env, PATH: at.path },
        timeout: 10_000,
      })
    : spawnSync(sh, [at.script], { input, encoding: 'utf8', env: { ...process.env, PATH: at.path }, timeout: 10_000 });
  // Every client blocks on exit 2 with a reason on stderr; on exit 0, each on its own JSON.
  if (r.status === 2 && r.stderr.trim() !== '') return 'deny';
  if (r.status === 0 && r.stdout === '') return 'allow';
  const gemini = input.includes('"BeforeTool"');
  if (r.status === 0 && (gemini ? /^\{"decision":"deny"/ : /"permissionDecision":"deny"/).test(r.stdout)) return 'deny';
  return r.status === 0 ? 'allow' : `exit ${r.status}: ${r.stdout}${r.stderr}`;
}

const outcomes = (at: { script: string; path: string }) =>
  Object.fromEntries(Object.entries(DISGUISED).map(([name, input]) => [name, run(at, input, HELD.has(name))]));
const allDenied = Object.fromEntries(Object.keys(DISGUISED).map((n) => [n, 'deny']));

describe('the pre-filter script', () => {
  // Many Node starts: generous timeouts for a busy machine.
  it('denies every disguised git input, with awk and without it (then Node decides), placeholder or summed', { timeout: 300_000 }, () => {
    for (const [script, withAwk, label] of [
      [SCRIPT, true, 'placeholder, with awk'],
      [SCRIPT, false, 'placeholder, without awk'],
      [SUMMED, true, 'summed, with awk'],
    ] as const) {
      const at = install(script, withAwk);
      expect(outcomes(at), label).toEqual(allDenied);
      // And it lets a harmless command through (no output).
      expect(run(at, hookInput('ls -la')), label).toBe('allow');
    }
  });

  it('denies every disguised git input when the hook beside it is not the one its sum names', { timeout: 120_000 }, () => {
    for (const withAwk of [true, false]) {
      const at = install(SUMMED, withAwk, ALTERED_HOOK);
      expect(outcomes(at), withAwk ? 'with awk' : 'without awk').toEqual(allDenied);
    }
  });

  it.each(MUTANTS.map((m) => [m.name, m] as const))('a hand-made mutant is killed: %s', { timeout: 120_000 }, (_name, m) => {
    expect(SCRIPT.split(m.from).length, `the mutated text occurs exactly once: ${m.from}`).toBe(2);
    const at = m.altered ? install(SUMMED.replace(m.from, m.to), !m.noAwk, ALTERED_HOOK) : install(SCRIPT.replace(m.from, m.to), !m.noAwk);
    const through = Object.entries(DISGUISED).find(([name, input]) => run(at, input, HELD.has(name)) === 'allow');
    expect(through, 'some disguised git input gets through the mutant').toBeDefined();
  });
});
