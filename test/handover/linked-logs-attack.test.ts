// A collaborator pushes a symbolic link into session_logs/ (git stores links as they are): a snapshot file that
// points at a file outside the project, or the whole session_logs/ pointing at another project of the victim's
// beside this one (a predictable `../other/session_logs`). Butler read snapshots and the index through such links,
// so the other project's private handover was listed, read, accepted and named at SessionStart as this project's.
// DESIGN "Trust": nothing is read or written through a symlink out of the project. Through the installed runtime
// (`node .butler/bin/butler.mjs`) and Claude Code's installed SessionStart command.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secondClone } from '../helpers/git-scenarios.js';
import { forged } from '../helpers/hostile.js';
import { butler, tempRepos } from '../helpers/person-cli.js';
import { git } from '../helpers/repo.js';

const repos = tempRepos();
const RUNTIME = { bin: '.butler/bin/butler.mjs' };
const at = '2026-06-04T10:00:30Z';
const snap = forged({ brain: 'claude-code', target: 'claude-code', at, text: 'PRIVATE-OTHER-PROJECT' });
const row = {
  handover_id: snap.id,
  snapshot_file: `session_logs/handover/${snap.name}`,
  issue_id: null,
  issue_title: null,
  source_brain: 'claude-code',
  target_brain: 'claude-code',
  created_at: at,
  is_latest: true,
  summary: 'PRIVATE-SUMMARY of the other project',
  branch: null,
  head: null,
  session_log: null,
  session_line: null,
  session_entry: null,
  origin: 'own',
};
const INDEX = `{"version":1,"handovers":[\n${JSON.stringify(row)}\n]}\n`;

/** The victim's clone with Butler installed, its other project beside it, and the forger's clone of the remote. */
function setup() {
  const { root, remote } = repos.withRemote();
  expect(butler(root, ['install', '--claude']).code).toBe(0);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'install');
  git(root, 'push', '-q');
  const other = path.join(path.dirname(root), 'other');
  mkdirSync(path.join(other, 'session_logs', 'handover'), { recursive: true });
  writeFileSync(path.join(other, 'session_logs', 'handover', snap.name), snap.md);
  writeFileSync(path.join(other, 'session_logs', 'handover', 'index.json'), INDEX);
  const evil = secondClone(remote);
  repos.made(path.dirname(evil));
  return { root, other, evil };
}

function pushAndPull(evil: string, root: string): void {
  git(evil, 'add', '-f', 'session_logs');
  git(evil, 'commit', '-q', '-m', 'handover notes');
  git(evil, 'push', '-q', 'origin', 'HEAD');
  git(root, 'pull', '-q');
}

function sessionStart(root: string): string {
  const s = JSON.parse(readFileSync(path.join(root, '.claude/settings.json'), 'utf8'));
  const r = spawnSync('sh', ['-c', s.hooks.SessionStart[0].hooks[0].command], {
    cwd: root,
    input: JSON.stringify({ session_id: 'linked-0001', cwd: root, hook_event_name: 'SessionStart', source: 'startup' }),
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: root, BUTLER_LANG: 'en' },
    timeout: 20_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** Nothing of the other project reaches the person or the agent, and nothing there changes. */
function nothingRead(root: string, other: string): void {
  const before = readdirSync(path.join(other, 'session_logs', 'handover')).sort();
  const outs = [
    butler(root, ['handover', 'list'], RUNTIME),
    butler(root, ['handover', 'read', snap.id], RUNTIME),
    butler(root, ['handover', 'accept', '--handover-id', snap.id], RUNTIME),
  ];
  expect(outs.map((o) => o.code)).toEqual([0, 1, 1]);
  const said = outs.map((o) => o.out + o.err).join('\n') + sessionStart(root);
  expect(said).not.toContain('PRIVATE');
  for (const text of [outs[0]!.out, sessionStart(root)]) expect(text).not.toContain(snap.id);
  expect(readdirSync(path.join(other, 'session_logs', 'handover')).sort()).toEqual(before);
  expect(readFileSync(path.join(other, 'session_logs', 'handover', 'index.json'), 'utf8')).toBe(INDEX);
}

describe('symbolic links pushed into session_logs/', () => {
  it('a snapshot file that is a link to a file outside the project is not read', () => {
    const { root, other, evil } = setup();
    mkdirSync(path.join(evil, 'session_logs', 'handover'), { recursive: true });
    symlinkSync(path.join(other, 'session_logs', 'handover', snap.name), path.join(evil, 'session_logs', 'handover', snap.name));
    writeFileSync(path.join(evil, 'session_logs', 'handover', 'index.json'), INDEX);
    pushAndPull(evil, root);
    expect(git(root, 'ls-files', '-s', `session_logs/handover/${snap.name}`)).toMatch(/^120000 /);
    nothingRead(root, other);
  }, 30_000);

  it('session_logs/ as a link to another project’s session_logs/: neither its index nor its snapshots are read', () => {
    const { root, other, evil } = setup();
    symlinkSync('../other/session_logs', path.join(evil, 'session_logs'));
    pushAndPull(evil, root);
    expect(git(root, 'ls-files', '-s', 'session_logs')).toMatch(/^120000 /);
    nothingRead(root, other);
  }, 30_000);
});
