// Issue #25, newcomer walk-through: the first commit after install. A person records what install wrote
// with `butler work record` at their own terminal after a typed yes (src/cli/person.ts); without a terminal,
// under an agent client, or over MCP, Butler's own files are still refused (docs/decisions.md D34).
// The real bundle, real git with a bare remote, a pseudo-terminal from util-linux `script`.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { git, makeRepo } from '../helpers/repo.js';
import { BIN, pathWithoutButler } from '../helpers/person-cli.js';

const hasScript = spawnSync('sh', ['-c', 'command -v script'], { encoding: 'utf8' }).stdout.trim() !== '';
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function installed(): { root: string; remote: string } {
  const { root, remote } = makeRepo({ withRemote: true });
  made.push(path.dirname(root));
  const r = butler(root, ['install']);
  expect(r.code, r.err).toBe(0);
  return { root, remote: remote! };
}

const env = (root: string, extra: Record<string, string> = {}) => ({
  PATH: pathWithoutButler(),
  HOME: root,
  BUTLER_LANG: 'en',
  GIT_AUTHOR_NAME: 'T',
  GIT_AUTHOR_EMAIL: 't@e.x',
  GIT_COMMITTER_NAME: 'T',
  GIT_COMMITTER_EMAIL: 't@e.x',
  ...extra,
});

function butler(cwd: string, args: string[], extra: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: env(cwd, extra), input: 'y\n', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The command at a pseudo-terminal, `answer` typed once it asked; what the terminal showed. */
function atTerminal(cwd: string, args: string[], answer: string, extra: Record<string, string> = {}) {
  const cmd = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ');
  const t = spawnSync('sh', ['-c', `(sleep 2; printf '${answer}\\n'; sleep 3) | script -qec "${cmd}; echo rc=\\$?" /dev/null`], {
    cwd,
    encoding: 'utf8',
    env: env(cwd, extra),
    timeout: 60_000,
  });
  return t.stdout;
}

const count = (root: string) => git(root, 'rev-list', '--count', 'HEAD');

describe('the first commit after install', () => {
  it('install says how to commit, and observe leads to a record that a person can make', () => {
    const { root } = makeRepo({ withRemote: true });
    made.push(path.dirname(root));
    const note = butler(root, ['install']).out;
    expect(note).toContain(
      'node .butler/bin/butler.mjs work record -m "Install Butler" (it asks you to confirm Butler\'s own files), then node .butler/bin/butler.mjs work publish.',
    );
    expect(butler(root, ['work', 'observe']).out).toMatch(/^ {2}next: butler work record /m);
  });

  it('without a terminal the record is refused with a person’s hint, one clean line per file list, in en and ja', () => {
    const { root } = installed();
    for (const lang of ['en', 'ja']) {
      const r = butler(root, ['work', 'record', '-m', 'Install Butler'], { BUTLER_LANG: lang });
      // The person's answer is still to come: need input, exit 3 (README exit codes, #25).
      expect(r.code).toBe(3);
      expect(r.out).toContain('.butler/bin/butler.mjs');
      expect(r.out).not.toMatch(/undefined/);
      expect(r.out).not.toMatch(/^ {2}\+-/m);
      expect(r.out).toContain(lang === 'en' ? '`butler work record` in their own terminal' : '自分の端末で');
    }
    expect(count(root)).toBe('1');
  });

  it.skipIf(!hasScript)('at a terminal under an agent client it is refused; a no is refused; nothing is committed', () => {
    const { root } = installed();
    const agent = atTerminal(root, ['work', 'record', '-m', 'Install Butler'], 'y', { CLAUDECODE: '1' });
    expect(agent).toContain('rc=3');
    expect(agent).toContain('CLAUDECODE in the environment');
    const no = atTerminal(root, ['work', 'record', '-m', 'Install Butler'], 'n');
    expect(no).toContain("Record Butler's own files");
    expect(no).toContain('not confirmed');
    expect(no).toContain('rc=1');
    expect(count(root)).toBe('1');
    expect(git(root, 'status', '--porcelain')).toContain('.butler/');
  });

  it.skipIf(!hasScript)('a person’s yes at a terminal records everything install wrote, and publish sends it', () => {
    const { root, remote } = installed();
    const yes = atTerminal(root, ['work', 'record', '-m', 'Install Butler'], 'y');
    expect(yes).toContain("Record Butler's own files");
    expect(yes).toContain('rc=0');
    expect(count(root)).toBe('2');
    expect(git(root, 'status', '--porcelain')).toBe('');
    const files = git(root, 'show', '--name-only', '--format=', 'HEAD').split('\n');
    for (const f of [
      '.butler/bin/butler.mjs',
      '.butler/bin/pre-tool-use.cjs',
      '.claude/settings.json',
      '.codex/hooks.json',
      '.mcp.json',
      'AGENTS.md',
    ])
      expect(files).toContain(f);
    const pub = butler(root, ['work', 'publish']);
    expect(pub.code, pub.err).toBe(0);
    expect(git(remote, 'rev-parse', 'main')).toBe(git(root, 'rev-parse', 'HEAD'));
  });

  it('the agent’s work_record over stdio MCP still refuses Butler’s own files', async () => {
    const { root } = installed();
    const client = new Client({ name: 'claude-code', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: root, env: env(root), stderr: 'pipe' }),
    );
    try {
      await client.callTool({ name: 'work_session_start', arguments: { project_root: root } });
      const r = (await client.callTool({ name: 'work_record', arguments: { message: 'Install Butler', issue_ids: [] } }))
        .structuredContent as {
        status: string;
        error_code?: string;
        summary: string;
      };
      expect(r.status).toBe('error');
      expect(r.error_code).toBe('policy_blocked');
      expect(r.summary).toContain('.butler/bin/');
    } finally {
      await client.close();
    }
    expect(count(root)).toBe('1');
  });
});
