// The person-only verbs need a person (issue #26 item 5, #23 item 7; docs/decisions.md D34): a
// pseudo-terminal from `script` with a piped "y", run from an agent client's process tree, changes
// nothing; nor does a renamed copy of the CLI, nor the clients' environment markers. Real CLI bundle,
// real `script`, a real process tree whose ancestor is a program named like an agent client.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_ENV, agentAncestor, agentIn } from '../../src/cli/person.js';
import { butlerGuardChange } from '../../src/guard/butler-cli.js';
import { isUrlApproved } from '../../src/issues/trust.js';
import { git, makeRepo } from '../helpers/repo.js';

const CLI = path.resolve('hooks/butler.mjs');
const has = (n: string) => spawnSync('sh', ['-c', `command -v ${n}`]).status === 0;
const bash = has('bash') ? execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim() : null;
const ready = has('script') && bash !== null && process.platform === 'linux';
const cleanEnv = () => {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const k of AGENT_ENV) delete env[k];
  return env;
};

/** Runs `node <cli> <args>` under `script` (a pseudo-terminal) with "y" piped in, from `parent`. */
function underScript(parent: string, cli: string, args: string, env = cleanEnv()) {
  const inner = `printf 'y\\n' | script -qec "${process.execPath} ${cli} ${args}" /dev/null`;
  return spawnSync(parent, ['-c', inner], { encoding: 'utf8', env, timeout: 30_000 });
}

function fakeAgent(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-agent-')));
  symlinkSync(bash!, path.join(dir, 'claude'));
  return path.join(dir, 'claude');
}

const guardFile = (root: string) => spawnSync('git', ['show', 'HEAD:.butler/config.yaml'], { cwd: root, encoding: 'utf8' }).stdout;

describe('agent clients are recognised by what runs, not by a name', () => {
  it.each([
    [['claude', '--resume'], 'claude'],
    [['/usr/local/bin/codex', 'exec'], 'codex'],
    [['node', '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'], 'cli.js'],
    [['node', '/home/u/.npm/_npx/1/node_modules/@google/gemini-cli/dist/index.js'], 'index.js'],
    [['bash', '-c', 'claude is a word here'], null],
    [['node', 'hooks/butler.mjs', 'guard'], null],
  ])('%j -> %s', (argv, want) => expect(agentIn(argv)).toBe(want));
});

it('the PreToolUse guard lists approve-url with the person-only verbs (once its fast path lets the command reach the parser)', () => {
  expect(butlerGuardChange(['butler', 'issue', 'approve-url', 'https://x'], 0, 'butler')).toBe('butler issue approve-url');
  expect(butlerGuardChange(['node', '/tmp/butler.mjs', 'issue', 'approve-url'], 0, 'node')).toBe('butler issue approve-url');
  expect(butlerGuardChange(['butler', 'issue', 'read', '1'], 0, 'butler')).toBeNull();
});

describe.skipIf(!ready)('butler guard and approve-url under an agent client', () => {
  it('script -qec with a piped "y" from an agent client changes nothing; a renamed copy of the CLI neither', async () => {
    const { root } = makeRepo();
    const agent = fakeAgent();
    const r = underScript(agent, CLI, `guard mode off --project ${root}`);
    expect(r.stdout + r.stderr).toMatch(/agent client: claude/);
    expect(guardFile(root)).toBe('');
    const copy = path.join(path.dirname(agent), 'tool.mjs');
    copyFileSync(CLI, copy);
    const r2 = underScript(agent, copy, `guard allow push --project ${root}`);
    expect(r2.stdout + r2.stderr).toMatch(/agent client/);
    expect(guardFile(root)).toBe('');
    expect(git(root, 'log', '--format=%s')).toBe('initial');
  });

  it("the clients' environment markers refuse too (CLAUDECODE, CODEX_SANDBOX…)", async () => {
    const { root } = makeRepo();
    for (const marker of ['CLAUDECODE', 'CODEX_SANDBOX_NETWORK_DISABLED', 'GEMINI_CLI']) {
      const r = underScript(bash!, CLI, `guard mode off --project ${root}`, { ...cleanEnv(), [marker]: '1' });
      expect(r.stdout + r.stderr).toContain(marker);
    }
    expect(guardFile(root)).toBe('');
  });

  it('approve-url from an agent client approves nothing', async () => {
    const { root } = makeRepo();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'butler-user-'));
    const env = { ...cleanEnv(), BUTLER_CONFIG_HOME: dir };
    const r = underScript(fakeAgent(), CLI, `issue approve-url https://tracker.example.com --project ${root}`, env);
    expect(r.stdout + r.stderr).toMatch(/agent client/);
    expect(await isUrlApproved(dir, 'https://tracker.example.com')).toBe(false);
    expect(existsSync(path.join(dir, 'approved-urls.json'))).toBe(false);
  });

  // The control: the same run without an agent above is a person at a terminal (only meaningful when
  // the test itself does not run under an agent client).
  it.skipIf(agentAncestor(cleanEnv(), process.pid) !== null)('without an agent above, the same terminal run changes the guard', () => {
    const { root } = makeRepo();
    const env = { ...cleanEnv(), GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@e' };
    underScript(bash!, CLI, `guard mode warn --project ${root}`, env);
    expect(guardFile(root)).toContain('mode: warn');
  });
});
