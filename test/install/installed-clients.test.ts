// Installed clients are read from the committed install files (docs/decisions.md D35), so a fresh
// clone of a repository where `butler install` ran knows every installed client before any ran in it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installedClients } from '../../src/shared/clients/installed.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';
import { BIN } from '../helpers/person-cli.js';

// The package bin (test/helpers/person-cli.ts): its hints say `butler …`, as status's lines below expect.
const BUTLER = BIN;
const butler = (root: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [BUTLER, ...args, '--project', root], { encoding: 'utf8' });
  expect(r.status, r.stderr + r.stdout).toBe(0);
  return r.stdout;
};

function freshClone(remote: string): string {
  const clone = path.join(path.dirname(remote), 'clone');
  execFileSync('git', ['clone', '-q', remote, clone]);
  git(clone, 'config', 'user.name', 'Test');
  git(clone, 'config', 'user.email', 'test@example.com');
  return clone;
}

describe('installed clients on every clone', () => {
  it('a fresh clone: Codex transfers to Claude Code, known only from the committed files', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    butler(root, 'install', '--claude', '--codex');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install butler');
    git(root, 'push', '-q');
    const clone = freshClone(remote!);
    expect(existsSync(path.join(clone, 'session_logs'))).toBe(false); // no registry came with the clone
    expect(installedClients(clone).map((c) => c.brain)).toEqual(['claude-code', 'codex-mcp-client']);

    const codex = await connect({ clientName: 'codex-mcp-client', deps: { cwd: clone } });
    try {
      expect((await codex.call('work_session_start', { project_root: clone })).status).toBe('ok');
      const brains = await codex.call('handover_list_brains');
      expect(JSON.stringify(brains.data)).toContain('claude-code');
      // "claude" is an alias in Claude Code's record.
      const t = await codex.call('handover_transfer', { target_brain: 'claude', notes: 'next: review the parser' });
      expect(t.status, t.summary).toBe('ok');
      expect(JSON.stringify(t.data)).toContain('claude-code');
    } finally {
      await codex.close();
    }
  });

  it('only clients whose hooks file holds Butler start hook count; a broken file counts as not installed', () => {
    const { root } = makeRepo();
    butler(root, 'install', '--gemini');
    expect(installedClients(root).map((c) => c.key)).toEqual(['gemini']);
    writeFileSync(path.join(root, '.gemini', 'settings.json'), '{ "hooks": ');
    expect(installedClients(root)).toEqual([]);
    // A look-alike command that does not run Butler's runtime for the brain is not an install.
    writeFileSync(
      path.join(root, '.gemini', 'settings.json'),
      JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo --brain gemini-cli-mcp-client' }] }] } }),
    );
    expect(installedClients(root)).toEqual([]);
  });

  it('a plain install adds a client whose folder exists; uninstall of one keeps the runtime for the others', () => {
    const { root } = makeRepo();
    execFileSync('mkdir', ['-p', path.join(root, '.gemini')]);
    const out = butler(root, 'install');
    expect(out).toContain('(claude, codex, gemini)');
    expect(installedClients(root).map((c) => c.key)).toEqual(['claude', 'codex', 'gemini']);
    butler(root, 'uninstall', '--gemini');
    expect(installedClients(root).map((c) => c.key)).toEqual(['claude', 'codex']);
    expect(existsSync(path.join(root, '.butler', 'bin', 'butler.mjs'))).toBe(true);
    expect(existsSync(path.join(root, 'GEMINI.md'))).toBe(false);
    butler(root, 'uninstall');
    expect(installedClients(root)).toEqual([]);
    expect(existsSync(path.join(root, '.butler', 'bin'))).toBe(false);
  });
});

describe('butler status per client', () => {
  it('a client left out is one "not installed (by choice)" line, not a row of MISS', () => {
    const { root } = makeRepo();
    butler(root, 'install', '--claude', '--codex');
    const r = spawnSync(process.execPath, [BUTLER, 'status', '--project', root], { encoding: 'utf8' });
    expect(r.stdout).toMatch(/^ {2}Gemini CLI: +not installed \(by choice; butler install --gemini adds it\)$/m);
    expect(r.stdout).toMatch(/^ {2}Codex: +ok {3}SessionStart {2}ok {3}PreToolUse/m);
    butler(root, 'install', '--gemini');
    const after = spawnSync(process.execPath, [BUTLER, 'status', '--project', root], { encoding: 'utf8' });
    expect(after.stdout).toMatch(
      /^ {2}Gemini CLI: +ok {3}SessionStart {2}ok {3}BeforeTool \(sh pre-filter\) {2}ok {3}PreCompress {2}off {2}SessionEnd {2}ok {3}settings\.json butler {2}ok {3}trusted {2}ok {3}GEMINI\.md/m,
    );
    expect(after.stdout).toMatch(/Gemini CLI trust: .*trusted folder/);
  });
});
