// Issue #27: the POSIX sh + awk pre-filter (src/hooks/bin/pre-tool-use.sh) cannot be mutated by Stryker,
// so this file mutates it by hand. Each mutant below is one line changed in a copy of the script; the
// inputs are raw git in disguise, each of which the real Node hook denies. A mutant is killed when at
// least one input that the original script denies gets through it (no output = allow). The oracle is
// fixed in this file: every input must be denied.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../install/helpers.js';

const HOOKS = path.join(__dirname, '..', '..', 'hooks');
const SCRIPT = readFileSync(path.join(HOOKS, 'pre-tool-use.sh'), 'utf8');

const which = (name: string): string => execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();

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
  guardChange: hookInput('butler guard mode off'),
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
};

/** [name, exact text in the script, its replacement]. */
const MUTANTS: [string, string, string][] = [
  [
    'no awk: allow instead of running Node',
    'command -v awk >/dev/null 2>&1 || exec node "$BUTLER_HOOK"',
    'command -v awk >/dev/null 2>&1 || exit 0',
  ],
  ['every input allowed', '  if (allowed()) exit 0\n', '  exit 0\n'],
  ['case kept', '  c = tolower(c)\n', '\n'],
  ['\\u0067 not decoded', 'gsub(/\\\\u00[46]7/, "g", c); ', ''],
  ["$' strings not refused", '  if (index(c, "$" Q) > 0) return 1\n', '\n'],
  ['single quotes kept', '; gsub(Q, "", c)\n', '\n'],
  ['double quotes kept', '  gsub(/\\002/, "", c)', '  gsub(/\\005/, "", c)'],
  ['guard not looked for', ' || index(c, "guard") > 0', ''],
  ['an argv array allowed', '  else return 0\n  return !mentions(c)', '  else return 1\n  return !mentions(c)'],
  ['an escaped tool name trusted', ' || index(TN, "\\\\") > 0) return 0', ') return 0'],
  ['an escaped event name trusted', 'return HE_T != "s" || index(HE, "\\\\") == 0', 'return 1'],
  ['text after the object ignored', '  ws(); if (p <= L) return 0\n', '\n'],
  ['raw control characters accepted', '  if (SV ~ CTL) return 0\n', '\n'],
  ['shell not a shell tool', '|shell|', '|'],
  ['shell_command not a shell tool', '|shell_command|', '|'],
  ['local_shell not a shell tool', '|local_shell|', '|'],
  ['exec_command not a shell tool', '|exec_command|', '|'],
  ['unified_exec not a shell tool', '|unified_exec)', ')'],
  ['Bash not a shell tool', '^(Bash|', '^('],
];

/** A folder holding `script` as pre-tool-use.sh beside the real Node hook, and a bin folder for PATH. */
function install(script: string, withAwk: boolean): { script: string; path: string } {
  const dir = tempDir('butler-prefilter-mutant-');
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  for (const name of ['sh', 'node', 'git', ...(withAwk ? ['awk'] : [])]) symlinkSync(which(name), path.join(bin, name));
  symlinkSync(path.join(HOOKS, 'pre-tool-use.cjs'), path.join(dir, 'pre-tool-use.cjs'));
  writeFileSync(path.join(dir, 'pre-tool-use.sh'), script);
  return { script: path.join(dir, 'pre-tool-use.sh'), path: bin };
}

function run(at: { script: string; path: string }, input: string): 'deny' | 'allow' | string {
  const r = spawnSync(path.join(at.path, 'sh'), [at.script], {
    input,
    encoding: 'utf8',
    env: { ...process.env, PATH: at.path },
    timeout: 10_000,
  });
  if (r.stdout === '') return 'allow';
  return /"permissionDecision":"deny"/.test(r.stdout) ? 'deny' : r.stdout;
}

describe('the pre-filter script', () => {
  // Many Node starts: generous timeouts for a busy machine.
  it('denies every disguised git input, with awk and without it (then Node decides)', { timeout: 240_000 }, () => {
    for (const withAwk of [true, false]) {
      const at = install(SCRIPT, withAwk);
      const outcomes = Object.fromEntries(Object.entries(DISGUISED).map(([name, input]) => [name, run(at, input)]));
      expect(outcomes, withAwk ? 'with awk' : 'without awk').toEqual(Object.fromEntries(Object.keys(DISGUISED).map((n) => [n, 'deny'])));
      // And it lets a harmless command through (no output).
      expect(run(at, hookInput('ls -la'))).toBe('allow');
    }
  });

  it.each(MUTANTS)('a hand-made mutant is killed: %s', { timeout: 120_000 }, (_name, from, to) => {
    expect(SCRIPT.split(from).length, `the mutated text occurs exactly once: ${from}`).toBe(2);
    const mutant = SCRIPT.replace(from, to);
    const at = install(mutant, !to.includes('exit 0') || !from.startsWith('command -v awk'));
    const through = Object.entries(DISGUISED).find(([, input]) => run(at, input) === 'allow');
    expect(through, 'some disguised git input gets through the mutant').toBeDefined();
  });
});
