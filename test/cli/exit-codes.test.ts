// Issue #12, "The CLI a person uses": the real bundle spawned as a process, real git, real files.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitFile, secondClone, write } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo, isolatedGitEnv } from '../helpers/repo.js';
import { BIN, pathWithoutButler } from '../helpers/person-cli.js';
import { STRUCTURED_EN, seedIssue } from '../issues/helpers.js';

function butler(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      ...isolatedGitEnv(),
      PATH: pathWithoutButler(),
      HOME: cwd,
      BUTLER_LANG: 'en',
      GIT_AUTHOR_NAME: 'T',
      GIT_AUTHOR_EMAIL: 't@e.x',
      GIT_COMMITTER_NAME: 'T',
      GIT_COMMITTER_EMAIL: 't@e.x',
      ...env,
    },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr, json: () => JSON.parse(r.stdout) };
}

function brokenConfig(root: string, yaml: string): void {
  mkdirSync(path.join(root, '.butler'), { recursive: true });
  writeFileSync(path.join(root, '.butler/config.yaml'), yaml);
}

describe('butler exit codes: 2 usage, 1 error, 3 need_input (spawned)', () => {
  it('usage mistakes exit 2 everywhere: missing id, bad flag value, missing --target-brain', () => {
    const { root } = makeRepo({ withRemote: true });
    expect(butler(root, ['issue', 'close']).code).toBe(2);
    expect(butler(root, ['issue', 'read', 'x1']).code).toBe(2);
    expect(butler(root, ['work', 'observe', '--issue', 'abc']).code).toBe(2);
    expect(butler(root, ['work', 'history', '-n', 'many']).code).toBe(2);
    const transfer = butler(root, ['handover', 'transfer', '--client', 'claude-code']);
    expect(transfer.code).toBe(2);
    expect(transfer.err).toContain('--target-brain');
    expect(butler(root, ['handover', 'read', '--handover-id', '../etc']).code).toBe(2);
    expect(butler(root, ['nope']).code).toBe(2);
  });

  it('errors exit 1, need_input exits 3', () => {
    const { root } = makeRepo({ withRemote: true });
    expect(butler(root, ['issue', 'read', '7']).code).toBe(1);
    expect(butler(root, ['work', 'record', '-m', 'nothing']).code).toBe(1);
    const thin = butler(root, ['issue', 'create', '--title', 'T']);
    expect(thin.code).toBe(3);
    expect(thin.out).toContain('Body lacks: Current state, Next, Blockers');
  });

  it('butler status exits non-zero when Butler is missing, 0 once installed', () => {
    const { root } = makeRepo();
    expect(butler(root, ['status']).code).toBe(1);
    // With --json the envelope says the same as the exit code (newcomer walk-through 5).
    const missing = butler(root, ['status', '--json']);
    expect(missing.code).toBe(1);
    expect(missing.json()).toMatchObject({ status: 'error', error_code: 'not_found', summary: 'Butler is not installed here' });
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'install');
    const ok = butler(root, ['status', '--json']);
    expect(ok.json().data.problems).toEqual([]);
    expect(ok.json()).toMatchObject({ status: 'ok', summary: '0 problem(s)' });
    expect(ok.code).toBe(0);
    brokenConfig(root, 'guard:\n  mode: blok\n');
    const bad = butler(root, ['status']);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/problem: \.butler\/config\.yaml:2:9: `guard\.mode` must be one of block, warn, off \(got "blok"\)/);
  });
});

describe('a broken .butler/config.yaml behaves the same everywhere', () => {
  it('work commands run on the defaults and say where the file is broken; issue commands name it; suspend is never blocked', () => {
    const { root } = makeRepo({ withRemote: true });
    brokenConfig(root, 'lang: en\nguard: [unclosed\n');
    const observe = butler(root, ['work', 'observe', '--json']);
    expect(observe.code).toBe(0);
    expect(observe.json().summary).toMatch(/ran on defaults: \.butler\/config\.yaml:\d+:\d+: /);
    const issue = butler(root, ['issue', 'read', '1', '--json']);
    expect(issue.code).toBe(1);
    expect(issue.json().summary).toMatch(/^\.butler\/config\.yaml:\d+:\d+: /);
    const suspend = butler(root, ['handover', 'suspend', '--client', 'claude-code', '--notes', 'n', '--json']);
    expect(suspend.code).toBe(0);
    expect(suspend.json().summary).toMatch(/ran on defaults: \.butler\/config\.yaml:\d+:\d+/);
  });

  it('MCP tools too: work_observe and handover_suspend run and say so; issue tools name file:line:column', async () => {
    const { root } = makeRepo({ withRemote: true });
    brokenConfig(root, 'guard:\n  mode: blok\n');
    const c = await connect({ deps: { env: { BUTLER_LANG: 'en' } } });
    await c.call('work_session_start', { project_root: root });
    const o = await c.call('work_observe');
    expect(o.status).toBe('ok');
    expect(o.summary).toContain('ran on defaults: .butler/config.yaml:2:9');
    expect(o.data.config_problem).toContain('guard.mode');
    const h = await c.call('handover_suspend', { notes: 'n' });
    expect(h.status).toBe('ok');
    expect(h.summary).toContain('.butler/config.yaml:2:9');
    const i = await c.call('issue_read', { issue_id: 1 });
    expect(i).toMatchObject({ status: 'error', data: { config_file: '.butler/config.yaml', line: 2, column: 9 } });
    await c.close();
  });
});

describe('the CLI keeps the default issue per clone, observes ahead/behind, names brains', () => {
  it('work start --issue N keeps N for later commands of this clone; an unknown issue is not_found; start alone clears', () => {
    const { root, remote } = makeRepo({ withRemote: true });
    seedIssue(root, 5);
    git(root, 'push', '-q');
    const unknown = butler(root, ['work', 'start', '--issue', '6', '--json']);
    expect(unknown.code).toBe(1);
    expect(unknown.json().error_code).toBe('not_found');
    expect(butler(root, ['work', 'start', '--issue', '5']).code).toBe(0);
    expect(butler(root, ['work', 'observe', '--json']).json().data).toMatchObject({
      default_issue: 5,
      work_state: 'clean_with_active_issue',
    });
    write(root, 'a.txt', 'a\n');
    expect(butler(root, ['work', 'record', '-m', 'Add a', '--json']).json().data.issue_ids).toEqual([5]);
    // Another clone keeps its own.
    const other = secondClone(remote!);
    expect(butler(other, ['work', 'observe', '--json']).json().data.default_issue).toBeNull();
    expect(butler(root, ['work', 'start']).code).toBe(0);
    expect(butler(root, ['work', 'observe', '--json']).json().data.default_issue).toBeNull();
    expect(git(root, 'status', '--porcelain', '--', '.', ':!session_logs')).toBe('');
  });

  it('work observe prints the ahead/behind numbers', () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const other = secondClone(remote!);
    commitFile(other, 'o.txt', 'o\n');
    git(other, 'push', '-q');
    commitFile(root, 'm.txt', 'm\n');
    git(root, 'fetch', '-q');
    const out = butler(root, ['work', 'observe']).out;
    expect(out).toMatch(/upstream: origin\/main\s+ahead 1, behind 1/);
  });

  it('handover resume without --client names the brains with snapshots and how to pass one', async () => {
    const { root } = makeRepo();
    expect(butler(root, ['handover', 'suspend', '--client', 'codex-mcp-client', '--notes', 'n']).code).toBe(0);
    const r = butler(root, ['handover', 'resume']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('codex-mcp-client (1)');
    expect(r.err).toContain('  Read one with: butler handover resume --client codex-mcp-client\n');
    expect(butler(root, ['handover', 'resume', '--client', 'codex-mcp-client']).code).toBe(0);
    expect(butler(root, ['handover', 'resume'], { BUTLER_BRAIN: 'codex-mcp-client' }).code).toBe(0);
  });

  it('issue commands from a subfolder use the repository top level and record the change', () => {
    const { root } = makeRepo();
    mkdirSync(path.join(root, 'sub'));
    const r = butler(path.join(root, 'sub'), ['issue', 'create', '--title', 'T', '--body', STRUCTURED_EN, '--json']);
    expect(r.code).toBe(0);
    expect(r.json().data.record_id).toBeTruthy();
    expect(git(root, 'log', '-1', '--format=%s')).toBe('issue #1: created');
    expect(git(root, 'ls-files', 'sub')).toBe('');
  });
});
