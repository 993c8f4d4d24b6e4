// `butler demo` end to end through the built bundle: a throwaway repo, the installer, the real MCP
// server over stdio, and two SDK clients (claude-code, then codex-mcp-client).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const BUNDLE = path.resolve(import.meta.dirname, '../../hooks/butler.mjs');

function demo(...args: string[]) {
  return spawnSync(process.execPath, [BUNDLE, 'demo', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, BUTLER_LANG: 'en' },
  });
}

describe('butler demo', () => {
  it('runs suspend -> resume -> transfer -> accept across two brains and reports where the snapshots are', () => {
    const r = demo('--json');
    expect(r.status, r.stderr || r.stdout).toBe(0);
    const d = JSON.parse(r.stdout).data;
    expect(d.steps.map((s: any) => `${s.who}:${s.tool}:${s.status}`)).toEqual([
      'Claude Code:work_session_start:ok',
      'Claude Code:handover_suspend:ok',
      'Claude Code:handover_resume:ok',
      'Claude Code:handover_transfer:ok',
      'Codex:work_session_start:ok',
      'Codex:handover_accept:ok',
    ]);
    const [, suspend, resume, transfer, , accept] = d.steps;
    expect(resume.handover_id).toBe(suspend.handover_id);
    expect(accept.handover_id).toBe(transfer.handover_id);
    expect(transfer.handover_id).toMatch(/claude-code/);
    expect(d.handoff_prompt).toContain('handover_accept');
    expect(d.snapshots).toHaveLength(2);
    for (const f of d.snapshots) expect(existsSync(path.join(d.snapshot_dir, f))).toBe(true);
    const transferFile = readFileSync(path.join(d.snapshot_dir, d.snapshots[1]), 'utf8');
    expect(transferFile).toContain('## HANDOFF_PROMPT');
    expect(transferFile).toContain('codex-mcp-client');
    // The installer ran for real: both clients are configured in the throwaway repo.
    expect(existsSync(path.join(d.repo, '.codex', 'hooks.json'))).toBe(true);
    expect(readFileSync(path.join(d.repo, '.gitignore'), 'utf8')).toContain('session_logs/');
    rmSync(path.dirname(d.repo), { recursive: true, force: true });
  });

  it('prints a few readable lines: the steps, the HANDOFF_PROMPT and the snapshot folder', () => {
    const r = demo();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Butler demo in a throwaway repo: .*butler-demo-/);
    expect(r.stdout).toMatch(/Codex\s+handover_accept\s+ok/);
    expect(r.stdout).toMatch(/HANDOFF_PROMPT \(transfer .*Claude Code -> Codex\):/);
    expect(r.stdout).toMatch(/Snapshots \(2, append-only, git-ignored\): .*session_logs\/handover/);
    expect(r.stdout.split('\n').length).toBeLessThan(30);
    const repo = /throwaway repo: (\S+)/.exec(r.stdout)?.[1];
    if (repo?.includes('butler-demo-')) rmSync(path.dirname(repo), { recursive: true, force: true });
  });
});
