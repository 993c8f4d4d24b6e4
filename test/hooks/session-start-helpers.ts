// Helpers of the SessionStart-from-the-shell tests (docs/decisions.md D40, D43): real git repos, a real
// `butler install`, the installed command run by `sh -c`. Who answered is seen in the git dir: the shell
// queues the session (butler/start-queue), Node drains the queue.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

export const CLI = path.resolve('hooks/butler.mjs');
const dirs: string[] = [];
/** For afterAll: the projects made here are removed. */
export const removeProjects = () => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));

/** A real repository with Butler installed for the three clients (`flags`: more install flags), committed. */
export function project(...flags: string[]): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'butler-ss-'));
  dirs.push(root);
  const git = (...a: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...a], { cwd: root, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('commit', '-q', '--allow-empty', '-m', 'init');
  execFileSync(process.execPath, [CLI, 'install', '--claude', '--codex', '--gemini', ...flags, '--project', root], {
    stdio: 'pipe',
    cwd: root,
  });
  git('add', '-A');
  git('commit', '-q', '-m', 'butler');
  return root;
}
export const commit = (root: string, msg: string) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', msg], { cwd: root });
export const suspend = (root: string, ...args: string[]) =>
  execFileSync(process.execPath, [CLI, 'handover', 'suspend', '--project', root, ...args], { stdio: 'pipe', cwd: root });

export const FILES = { claude: '.claude/settings.json', codex: '.codex/hooks.json', gemini: '.gemini/settings.json' } as const;
export const BRAINS = { claude: 'claude-code', codex: 'codex-mcp-client', gemini: 'gemini-cli-mcp-client' } as const;
export type Client = keyof typeof FILES;
export const command = (root: string, c: Client): string =>
  JSON.parse(readFileSync(path.join(root, FILES[c]), 'utf8')).hooks.SessionStart[0].hooks[0].command as string;
export const gitDir = (root: string) => path.join(root, '.git', 'butler');
export const queued = (root: string) =>
  existsSync(path.join(gitDir(root), 'start-queue')) ? readFileSync(path.join(gitDir(root), 'start-queue'), 'utf8') : '';

/** The installed command for `c`, as the client runs it; the input as the client sends it. */
export function start(
  root: string,
  c: Client,
  input: Record<string, unknown>,
  env: Record<string, string> = {},
): { out: string; shell: boolean } {
  const before = queued(root).split('\n').length;
  const r = spawnSync('sh', ['-c', command(root, c)], {
    cwd: root,
    input: JSON.stringify({ cwd: root, hook_event_name: 'SessionStart', source: 'startup', transcript_path: null, ...input }),
    env: { ...process.env, CLAUDE_PROJECT_DIR: root, BUTLER_LANG: '', ...env },
    encoding: 'utf8',
  });
  expect(r.status).toBe(0);
  return { out: r.stdout, shell: queued(root).split('\n').length > before };
}
/** Node, on the same state: the memo is removed, so the installed command runs the Node hook (which writes it again). */
export function nodeAnswer(root: string, c: Client, input: Record<string, unknown>, env: Record<string, string> = {}): string {
  const memo = path.join(gitDir(root), `start-${BRAINS[c]}.${input.source === 'compact' ? 'compact' : 'start'}`);
  rmSync(memo);
  const r = start(root, c, input, env);
  expect(r.shell).toBe(false);
  return r.out;
}

/** Primes (Node writes the memo), answers from the shell, then Node on the same state: all three equal. */
export function same(root: string, c: Client, input: Record<string, unknown>, env: Record<string, string> = {}): string {
  const first = start(root, c, input, env);
  expect(first.shell).toBe(false);
  const second = start(root, c, input, env);
  expect(second.shell).toBe(true);
  expect(second.out).toBe(first.out);
  expect(nodeAnswer(root, c, input, env)).toBe(second.out);
  return second.out;
}
