// A guard runtime made slow to read is not a guard switched off (docs/decisions.md D34). Claude Code and
// Codex do not block a tool call whose hook timed out (the guard's timeout is 5 s), so an agent that made
// `.butler/bin/pre-tool-use.sh` a sparse 3 GB file (`truncate -s 3G`, which the guard lets run) had git
// unguarded while the installed command read it whole. Each move below is made the way the agent can make
// it (Node's truncate: no truncate(1) on macOS), then `git push --force` and `ls` go through the installed
// PreToolUse command of every client, run as the client runs it (`sh -c`, dash and bash as sh), the real
// Node hook behind it: git must be blocked within 2 s, `ls` must run.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, symlinkSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledGuard } from '../../src/install/guard-launcher.js';
import { type Client, clientRuns, hookInput, runAsClient, SHELLS } from '../helpers/installed-guard.js';
import { installedProject } from '../helpers/pre-filter.js';

/** One run as the client runs it (the test's own limit is 10 s, past every client's). */
const run = (shell: string, command: string, stdin: string, cwd: string, projectDir: string, client: Client) =>
  runAsClient(shell, command, stdin, { cwd, projectDir, client, timeoutMs: 10_000 });

// Blocked as the client reads it (runAsClient). A sparse pre-filter reads as the genuine text followed by NUL
// bytes, which `$(…)` drops in dash and bash: the command then runs the genuine pre-filter, whose Node hook
// denies git the ordinary way.

const BIN = '.butler/bin';
const fifo = (file: string) => {
  rmSync(file, { force: true });
  expect(spawnSync('mkfifo', [file]).status).toBe(0);
};
const link = (file: string, target: string) => {
  rmSync(file, { force: true });
  symlinkSync(target, file);
};
const ATTACKS: [string, (root: string) => void][] = [
  ['pre-filter grown to a sparse 3 GB', (r) => truncateSync(path.join(r, BIN, 'pre-tool-use.sh'), 3 * 2 ** 30)],
  ['pre-filter a link to /dev/zero', (r) => link(path.join(r, BIN, 'pre-tool-use.sh'), '/dev/zero')],
  ['pre-filter a FIFO no one writes', (r) => fifo(path.join(r, BIN, 'pre-tool-use.sh'))],
  // Under Node's 2 GB readFileSync limit, so a whole read would be attempted (and hashed).
  ['Node hook grown to a sparse 1.5 GB', (r) => truncateSync(path.join(r, BIN, 'pre-tool-use.cjs'), 1.5 * 2 ** 30)],
  ['Node hook grown to a sparse 3 GB', (r) => truncateSync(path.join(r, BIN, 'pre-tool-use.cjs'), 3 * 2 ** 30)],
  ['Node hook a link to /dev/zero', (r) => link(path.join(r, BIN, 'pre-tool-use.cjs'), '/dev/zero')],
  ['Node hook a FIFO no one writes', (r) => fifo(path.join(r, BIN, 'pre-tool-use.cjs'))],
];

describe.skipIf(SHELLS.length === 0)('a guard runtime made slow to read still blocks git at once', () => {
  it.each(ATTACKS)(
    '%s',
    async (_name, attack) => {
      const p = await installedProject();
      attack(p.root);
      for (const [shellName, shell] of SHELLS) {
        for (const [client, command, cwd] of clientRuns(p)) {
          const what = `${shellName} ${client}`;
          const git = run(shell, command, hookInput('git push --force', cwd, client), cwd, p.root, client);
          expect(git.blocked, `${what}: git push --force ${git.status} ${git.stderr}`).toBe(true);
          expect(git.ms, `${what}: git push --force took ${git.ms} ms`).toBeLessThan(2000);
          const ls = run(shell, command, hookInput('ls', cwd, client), cwd, p.root, client);
          expect([ls.status, ls.stdout], `${what}: ls`).toEqual([0, '']);
          expect(ls.ms, `${what}: ls took ${ls.ms} ms`).toBeLessThan(2000);
        }
      }
    },
    120_000,
  );

  it('reads at most 64 KB of the pre-filter and 512 KB of the Node hook, and both stay under half of it', async () => {
    const p = await installedProject();
    for (const c of [p.claude, p.codex, p.gemini]) {
      // Gemini CLI's entry spells `$d` as `${d#}` (src/shared/clients/gemini.ts).
      expect(c).toMatch(/s=\$\(dd if="\$(d|\{d#\})\/\.butler\/bin\/pre-tool-use\.sh" bs=65536 count=1 2>\/dev\/null\) && /);
      expect(c).not.toMatch(/\$\(cat "/);
    }
    const guard = await bundledGuard(path.resolve('hooks'));
    expect(guard).not.toBeNull();
    // A pre-filter or Node hook that grows towards its bound fails here first, not in the field.
    expect(Buffer.byteLength(guard!.vendored)).toBeLessThan(32_768);
    expect(readFileSync(path.join(p.root, BIN, 'pre-tool-use.sh'), 'utf8')).toContain('t.size>524288');
    expect(statSync(path.join(p.root, BIN, 'pre-tool-use.cjs')).size).toBeLessThan(262_144);
  });
});
