// Each client's installed PreToolUse command (test/helpers/pre-filter.ts installedProject), run one input at
// a time as the client runs it: `sh -c '<command>'` with dash and with bash as `sh` (first on PATH), Claude
// Code from the project, Codex and Gemini CLI from a subfolder, the real Node hook behind it, and the
// answer read the way its client reads it. The tests of an altered guard runtime loop over these.
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../install/helpers.js';
import type { installedProject } from './pre-filter.js';

export type Client = 'claude' | 'codex' | 'gemini';

const which = (name: string): string | null => {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
};

/** dash and bash, the ones present: [name, path]. */
export const SHELLS = (['dash', 'bash'] as const).flatMap((n) => {
  const p = which(n);
  return p ? [[n, p] as const] : [];
});

/** The three clients' installed commands and the folder each runs them from. */
export const clientRuns = (p: Awaited<ReturnType<typeof installedProject>>) =>
  [
    ['claude', p.claude, p.root],
    ['codex', p.codex, p.sub],
    ['gemini', p.gemini, p.sub],
  ] as const;

/** A client's hook input for a shell command: Gemini CLI's BeforeTool payload (test/fixtures/hooks/captured/gemini/pre-tool-use.json), else PreToolUse's. */
export const hookInput = (command: string, cwd: string, client: Client = 'claude') =>
  client === 'gemini'
    ? JSON.stringify({
        session_id: 's',
        transcript_path: '/tmp/github/t.jsonl',
        cwd,
        hook_event_name: 'BeforeTool',
        timestamp: '2026-12-03T16:11:29.748Z',
        tool_name: 'run_shell_command',
        tool_input: { command },
      })
    : JSON.stringify({
        session_id: 's',
        transcript_path: '/tmp/github/t.jsonl',
        cwd,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command, description: 'run it' },
        tool_use_id: 'toolu_1',
      });

/**
 * Runs an installed command once with `shell` as `sh`. Every client blocks on exit 2 with a reason on
 * stderr; on exit 0, Claude Code and Codex block on `permissionDecision: "deny"`, Gemini CLI on a
 * top-level `decision: "deny"`; another exit code is an error the clients report and then run the
 * command. `ms` is the wall time; `timeoutMs` bounds the run (none by default).
 */
export function runAsClient(
  shell: string,
  command: string,
  stdin: string,
  o: { cwd: string; projectDir: string; client?: Client; timeoutMs?: number },
) {
  const bin = tempDir('butler-guard-bin-');
  symlinkSync(shell, path.join(bin, 'sh'));
  const t0 = Date.now();
  const r = spawnSync(shell, ['-c', command], {
    input: stdin,
    cwd: o.cwd,
    encoding: 'utf8',
    ...(o.timeoutMs ? { timeout: o.timeoutMs } : {}),
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, CLAUDE_PROJECT_DIR: o.projectDir },
  });
  const ms = Date.now() - t0;
  const denies = (out: string): boolean => {
    try {
      const j = JSON.parse(out) as { decision?: string; hookSpecificOutput?: { permissionDecision?: string } };
      return (o.client ?? 'claude') === 'gemini' ? j.decision === 'deny' : j.hookSpecificOutput?.permissionDecision === 'deny';
    } catch {
      return false;
    }
  };
  const blocked = r.status === 2 ? r.stderr.trim() !== '' : r.status === 0 && denies(r.stdout);
  return {
    status: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    ms,
    blocked,
    allowed: r.status === 0 && r.stdout === '',
    reason: r.stderr + r.stdout,
  };
}
