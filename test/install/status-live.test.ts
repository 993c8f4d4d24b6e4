// `butler status` says whether the guard will run (issue #26 items 2 and 8; docs/decisions.md D34):
// the runtime's content against the hashes the commands carry, Codex's own trust records under
// CODEX_HOME (the format of openai/codex: trust_level per project, trusted_hash per hook), the mode.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { installedProject } from '../helpers/pre-filter.js';
import { git } from '../helpers/repo.js';
import { tempDir } from './helpers.js';

async function status(root: string, codexHome: string) {
  const out: string[] = [];
  const io = {
    cwd: root,
    env: { ...process.env, BUTLER_BUNDLE_DIR: path.resolve('hooks'), CODEX_HOME: codexHome },
    stdout: (t: string) => out.push(t),
    stderr: () => undefined,
    readStdin: async () => '',
  };
  await runCli(['status', '--json', '--project', root], io);
  return JSON.parse(out.join('')).data;
}

/** The hash Codex records for a trusted hook, written out as Codex computes it (sorted keys, compact JSON). */
const codexHash = (command: string) =>
  `sha256:${createHash('sha256')
    .update(
      `{"event_name":"pre_tool_use","hooks":[{"async":false,"command":${JSON.stringify(command)},"timeout":5,"type":"command"}],"matcher":"Bash"}`,
    )
    .digest('hex')}`;

describe('butler status: is the guard live', () => {
  it("reads Codex's trust records: project, then the hook's hash", async () => {
    const p = await installedProject();
    const home = tempDir('codex-home-');
    const toml = (body: string) => writeFileSync(path.join(home, 'config.toml'), body);
    const key = `${p.root}/.codex/hooks.json:pre_tool_use:0:0`;
    expect((await status(p.root, home)).guard_live.codex).toBe('does NOT run (project not trusted)');
    toml(`[projects."${p.root}"]\ntrust_level = "trusted"\n`);
    expect((await status(p.root, home)).guard_live.codex).toBe('does NOT run (hooks not trusted)');
    toml(`[projects."${p.root}"]\ntrust_level = "trusted"\n[hooks.state."${key}"]\ntrusted_hash = "sha256:0000"\n`);
    const other = await status(p.root, home);
    expect(other.guard_live.codex).toBe('does NOT run (hooks trusted for another command)');
    expect(other.problems.join('\n')).toContain('Codex runs none of');
    toml(`[projects."${p.root}"]\ntrust_level = "trusted"\n[hooks.state."${key}"]\ntrusted_hash = "${codexHash(p.codex)}"\n`);
    const s = await status(p.root, home);
    expect([s.guard_live.codex, s.guard_live.claude, s.guard_mode]).toEqual(['runs', 'runs', 'block']);
  });

  it('checks the runtime by content, not by its version stamp, and shows the mode', async () => {
    const p = await installedProject();
    const home = tempDir('codex-home-');
    writeFileSync(path.join(p.root, '.butler/bin/pre-tool-use.sh'), 'exit 0\n');
    const s = await status(p.root, home);
    expect(s.runtime.vendored).toBeTruthy(); // VERSION still says this version
    expect(s.problems.join('\n')).toMatch(/pre-tool-use\.sh is missing or not the file the PreToolUse command checks/);
    expect(s.guard_live.claude).toBe('blocks anything that could be git (runtime missing or altered)');
    writeFileSync(path.join(p.root, '.butler/bin/pre-tool-use.cjs'), 'process.exit(0)\n');
    expect((await status(p.root, home)).problems.join('\n')).toMatch(/pre-tool-use\.cjs|differs from this Butler/);
    mkdirSync(path.join(p.root, '.butler'), { recursive: true });
    writeFileSync(path.join(p.root, '.butler/config.yaml'), 'guard:\n  mode: off\n');
    expect((await status(p.root, home)).guard_mode).toBe('block'); // off only in the work tree
    git(p.root, 'add', '.butler/config.yaml');
    git(p.root, '-c', 'user.name=T', '-c', 'user.email=t@e', 'commit', '-q', '-m', 'off');
    expect((await status(p.root, home)).guard_mode).toBe('off');
  });
});
