// The guard runtime cannot be switched off by a file write (issue #26 items 2, 7, 8; docs/decisions.md
// D34). An attacker's moves on `.butler/bin/` — overwrite, delete, truncate, chmod, replace by a
// link — each tried through the real installed commands of every client (Claude Code's and Codex's
// PreToolUse, Gemini CLI's BeforeTool), run as the clients run them (`sh -c '<command>'`, Codex and
// Gemini CLI from a subfolder) with dash and with bash as `sh`, the real Node hook behind them, each
// answer read the way its client reads it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { type Client, clientRuns, hookInput, runAsClient, SHELLS } from '../helpers/installed-guard.js';
import { installedProject } from '../helpers/pre-filter.js';
import { tempDir } from './helpers.js';

const run = (shell: string, command: string, stdin: string, cwd: string, projectDir: string, client: Client = 'claude') =>
  runAsClient(shell, command, stdin, { cwd, projectDir, client });

const BIN = '.butler/bin';
type Attack = [string, (root: string) => void];
const ATTACKS: Attack[] = [
  ['pre-filter overwritten', (r) => writeFileSync(path.join(r, BIN, 'pre-tool-use.sh'), 'exit 0\n')],
  ['pre-filter deleted', (r) => rmSync(path.join(r, BIN, 'pre-tool-use.sh'))],
  ['pre-filter truncated', (r) => writeFileSync(path.join(r, BIN, 'pre-tool-use.sh'), '')],
  ['pre-filter chmod 000', (r) => chmodSync(path.join(r, BIN, 'pre-tool-use.sh'), 0o000)],
  [
    'pre-filter replaced by a link',
    (r) => {
      writeFileSync(path.join(r, 'evil.sh'), 'cat >/dev/null; exit 0\n');
      rmSync(path.join(r, BIN, 'pre-tool-use.sh'));
      symlinkSync(path.join(r, 'evil.sh'), path.join(r, BIN, 'pre-tool-use.sh'));
    },
  ],
  ['the whole runtime deleted', (r) => rmSync(path.join(r, BIN), { recursive: true })],
  ['Node hook overwritten', (r) => writeFileSync(path.join(r, BIN, 'pre-tool-use.cjs'), 'process.exit(0)\n')],
  ['Node hook deleted', (r) => rmSync(path.join(r, BIN, 'pre-tool-use.cjs'))],
  ['Node hook truncated', (r) => writeFileSync(path.join(r, BIN, 'pre-tool-use.cjs'), '')],
  [
    'Node hook replaced by a link',
    (r) => {
      writeFileSync(path.join(r, 'evil.cjs'), 'process.exit(0)\n');
      rmSync(path.join(r, BIN, 'pre-tool-use.cjs'));
      symlinkSync(path.join(r, 'evil.cjs'), path.join(r, BIN, 'pre-tool-use.cjs'));
    },
  ],
];

const GIT = ['git status', 'cd x && git push --force', "g''it push", 'node .butler/bin/butler.mjs guard mode off'];
const HARMLESS = ['echo hi', 'ls -la', 'npm test', 'mkdir -p build && cp a.txt build/'];

describe.skipIf(SHELLS.length === 0)('an altered guard runtime still blocks git and still lets harmless commands run', () => {
  it.each(ATTACKS)(
    '%s',
    async (_name, attack) => {
      const p = await installedProject();
      attack(p.root);
      for (const [shellName, shell] of SHELLS) {
        for (const [client, command, cwd] of clientRuns(p)) {
          for (const c of GIT) {
            const r = run(shell, command, hookInput(c, cwd, client), cwd, p.root, client);
            expect(r.blocked, `${shellName} ${client}: ${c}`).toBe(true);
            expect(r.reason).toMatch(/deny|missing or altered/);
          }
          for (const c of HARMLESS)
            expect(run(shell, command, hookInput(c, cwd, client), cwd, p.root, client).allowed, `${shellName} ${client}: ${c}`).toBe(true);
        }
      }
    },
    // Three clients, two shells, the real Node hook for every git row: minutes on a busy machine.
    180_000,
  );

  it('an intact runtime: the pre-filter answers harmless commands and the Node hook denies git, naming the Butler tool', async () => {
    const p = await installedProject();
    for (const [, shell] of SHELLS) {
      expect(run(shell, p.claude, hookInput('echo hi', p.root), p.root, p.root).allowed).toBe(true);
      const r = run(shell, p.claude, hookInput('git log --oneline', p.root), p.root, p.root);
      expect(r.blocked).toBe(true);
      expect(r.reason).toContain('work_history');
      expect(run(shell, p.gemini, hookInput('echo hi', p.sub, 'gemini'), p.sub, p.root, 'gemini').allowed).toBe(true);
      const g = run(shell, p.gemini, hookInput('git log --oneline', p.sub, 'gemini'), p.sub, p.root, 'gemini');
      expect(g.blocked).toBe(true);
      expect(g.reason).toContain('work_history');
    }
  });

  it('a personal Claude Code install started in a subfolder: harmless commands run, git is denied by the real guard (#26.7)', async () => {
    const root = path.join(tempDir('butler-runtime-'), 'proj');
    const sub = path.join(root, 'pkg');
    mkdirSync(sub, { recursive: true });
    spawnSync('git', ['init', '-q', root]);
    const io = {
      cwd: root,
      env: { BUTLER_BUNDLE_DIR: path.resolve('hooks') },
      stdout: () => undefined,
      stderr: () => undefined,
      readStdin: async () => '',
    };
    expect(await runCli(['install', '--claude', '--personal', '--project', root], io)).toBe(0);
    const command = JSON.parse(readFileSync(path.join(root, '.claude/settings.local.json'), 'utf8')).hooks.PreToolUse[0].hooks[0].command;
    for (const [, shell] of SHELLS) {
      // Claude Code sets $CLAUDE_PROJECT_DIR to the folder it was started in.
      expect(run(shell, command, hookInput('echo hi', sub), sub, sub).allowed).toBe(true);
      const r = run(shell, command, hookInput('git status', sub), sub, sub);
      expect(r.blocked).toBe(true);
      expect(r.reason).toContain('work_observe');
    }
  });

  it('the committed command lines hold no absolute machine path', async () => {
    const p = await installedProject();
    for (const c of [p.claude, p.codex, p.gemini]) {
      expect(c).not.toContain(p.root);
      expect(c).not.toContain('/tmp');
      expect(c).toMatch(/[0-9a-f]{64}\*\)/);
    }
  });
});
