import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { openIssueBackend } from '../../src/issues/index.js';
import { approvalKey, approveUrl, isUrlApproved, TOKEN_VARS } from '../../src/issues/trust.js';
import { userConfigDir } from '../../src/shared/user-config.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';
import { allFileText, tempProject, tempRepo, writeConfig } from './helpers.js';

const SECRET = 'sk-ant-api03-HOSTILE-CATCH-0123456789abcdef';
const GITEA = 'gitea-token-0123456789abcdef0123';

/** A real HTTP server that answers like Gitea and records every request it ever receives. */
const seen: { method: string; url: string; auth?: string; body: string }[] = [];
const catcher = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body });
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        number: 1,
        title: 'T',
        body: 'B',
        state: 'open',
        comments: 0,
        labels: [],
        created_at: 'x',
        updated_at: 'x',
        html_url: 'h',
      }),
    );
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => catcher.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(catcher.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => catcher.close(() => r())));
beforeEach(() => {
  seen.length = 0;
});

const userDir = () => realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-userconf-')));
const hostile = (root: string, extra = '') =>
  writeConfig(root, `issues:\n  backend: gitea\n  url: ${base}\n  owner: o\n  repo: r\n${extra}`);
const ENV = { ANTHROPIC_API_KEY: SECRET, GITEA_TOKEN: GITEA, BUTLER_LANG: 'en' };

describe('a committed config cannot send a secret anywhere', () => {
  it('token_env naming any other variable is refused before any request', async () => {
    // Fixed lists, not the source's own (issue #27): the README names exactly these four variables.
    const allowed = ['GITHUB_TOKEN', 'GH_TOKEN', 'GITEA_TOKEN', 'BUTLER_ISSUES_TOKEN'];
    expect([...TOKEN_VARS].sort()).toEqual([...allowed].sort());
    const refused = ['ANTHROPIC_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'OPENAI_API_KEY', 'NPM_TOKEN', 'GITLAB_TOKEN', 'HOME', 'PATH'];
    for (const name of [...refused, 'gitea_token', 'BUTLER_ISSUES_TOKEN_2']) {
      const root = tempProject();
      hostile(root, `  token_env: ${name}\n`);
      await expect(openIssueBackend({ projectRoot: root, env: ENV, author: 'x', userConfigDir: userDir() })).rejects.toMatchObject({
        code: 'invalid_argument',
      });
    }
    for (const name of allowed) {
      const root = tempProject();
      hostile(root, `  token_env: ${name}\n`);
      // Allowed name, but the URL is still not approved.
      await expect(openIssueBackend({ projectRoot: root, env: ENV, author: 'x', userConfigDir: userDir() })).rejects.toMatchObject({
        code: 'policy_blocked',
      });
    }
    expect(seen).toEqual([]);
  });

  it('plain http to a host other than this machine is refused; loopback and https are accepted', async () => {
    for (const url of ['http://example.com', 'http://10.0.0.1:3000', 'http://127.0.0.1.evil.example', 'http://localhost.evil.example/']) {
      const root = tempProject();
      writeConfig(root, `issues:\n  backend: gitea\n  url: ${url}\n  owner: o\n  repo: r\n`);
      const err = await openIssueBackend({ projectRoot: root, env: ENV, author: 'x', userConfigDir: userDir() }).catch((e) => e);
      expect(err).toMatchObject({ code: 'invalid_argument', message: expect.stringContaining('https') });
    }
    for (const url of ['https://gitea.example.com', 'http://localhost:3000', 'http://127.0.0.2:9', 'http://[::1]:8080']) {
      const dir = userDir();
      await approveUrl(dir, url, new Date(), 'GITEA_TOKEN');
      const root = tempProject();
      writeConfig(root, `issues:\n  backend: gitea\n  url: ${url}\n  owner: o\n  repo: r\n`);
      expect((await openIssueBackend({ projectRoot: root, env: ENV, author: 'x', userConfigDir: dir })).kind).toBe('gitea');
    }
  });

  it('an unapproved URL gets no request at all, through every tool that reads an issue', async () => {
    const { root } = makeRepo();
    hostile(root, '  token_env: GITEA_TOKEN\n');
    const c = await connect({ clientName: 'claude-code', deps: { env: ENV, userConfigDir: userDir() } });
    expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
    const read = await c.call('issue_read', { issue_id: 1 });
    expect(read).toMatchObject({ status: 'error', error_code: 'policy_blocked' });
    expect(read.hint).toBe(
      `Only a person approves where a token goes: ask the user to run butler issue approve-url ${base} in their own terminal if they trust it.`,
    );
    expect((await c.call('issue_comment', { issue_id: 1, body: 'x' })).error_code).toBe('policy_blocked');
    expect((await c.call('work_start', { issue_id: 1 })).status).toBe('ok');
    const t = await c.call('handover_transfer', { issue_id: 1, target_brain: 'any' });
    expect(t.status).toBe('ok'); // the handover still lands, without the issue text
    await c.close();
    expect(seen).toEqual([]);
    expect(allFileText(root)).not.toContain(SECRET);
    expect(allFileText(root)).not.toContain(GITEA);
  });

  it('GitHub without a url, or with its own API address, needs no approval; gitea at that address does', async () => {
    for (const yaml of ['', '  url: https://api.github.com/\n']) {
      const root = tempProject();
      writeConfig(root, `issues:\n  backend: github\n  owner: o\n  repo: r\n${yaml}`);
      expect((await openIssueBackend({ projectRoot: root, env: ENV, author: 'x' })).kind).toBe('github');
    }
    const root = tempProject();
    writeConfig(root, 'issues:\n  backend: gitea\n  url: https://api.github.com\n  owner: o\n  repo: r\n');
    await expect(openIssueBackend({ projectRoot: root, env: ENV, author: 'x' })).rejects.toMatchObject({ code: 'policy_blocked' });
  });

  it('without a user config folder nothing is approved', async () => {
    const root = tempProject();
    hostile(root);
    await expect(openIssueBackend({ projectRoot: root, env: ENV, author: 'x' })).rejects.toMatchObject({ code: 'policy_blocked' });
    expect(await isUrlApproved(undefined, base)).toBe(false);
  });

  it('once the person approved that exact URL the token goes there, and only there', async () => {
    const dir = userDir();
    const root = tempProject();
    hostile(root);
    expect(await approveUrl(dir, `${base}/`, new Date(), 'GITEA_TOKEN')).toBe(base);
    const b = await openIssueBackend({ projectRoot: root, env: ENV, author: 'x', userConfigDir: dir });
    await b.read(1);
    expect(seen.map((s) => s.auth)).toEqual([`token ${GITEA}`]);
    // Another port, path or scheme is another URL.
    for (const other of [base.replace(/:\d+$/, ':1'), `${base}/sub`, base.replace('127.0.0.1', 'localhost')]) {
      expect(await isUrlApproved(dir, other)).toBe(false);
    }
    // The approval is for GITEA_TOKEN alone: with only another variable set, that token does not go there (#23.7).
    await expect(
      openIssueBackend({ projectRoot: root, env: { BUTLER_ISSUES_TOKEN: 'other-secret' }, author: 'x', userConfigDir: dir }),
    ).rejects.toMatchObject({ code: 'policy_blocked' });
    expect(existsSync(path.join(root, '.butler', 'approved-urls.json'))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(dir, 'approved-urls.json'), 'utf8')).urls).toHaveLength(1);
  });

  it('approval keys drop trailing slashes and queries, and refuse credentials and other schemes', () => {
    expect(approvalKey('https://Gitea.Example.com/')).toBe('https://gitea.example.com');
    expect(approvalKey('https://g.example/api/v1/?x=1')).toBe('https://g.example/api/v1');
    expect(approvalKey('https://u:p@g.example')).toBeNull();
    expect(approvalKey('file:///etc/passwd')).toBeNull();
    expect(approvalKey('not a url')).toBeNull();
  });
});

describe('the user config folder is resolved from the environment given', () => {
  it('BUTLER_CONFIG_HOME > XDG_CONFIG_HOME/butler > HOME/.config/butler; relative values are ignored', () => {
    expect(userConfigDir({ BUTLER_CONFIG_HOME: '/b', XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/b');
    expect(userConfigDir({ XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe(path.join('/x', 'butler'));
    expect(userConfigDir({ HOME: '/h' })).toBe(path.join('/h', '.config', 'butler'));
    expect(userConfigDir({ BUTLER_CONFIG_HOME: 'rel', XDG_CONFIG_HOME: 'rel2' }, '/home/u')).toBe(
      path.join('/home/u', '.config', 'butler'),
    );
    expect(userConfigDir({})).toBeUndefined();
  });
});

describe('butler issue / butler status and the approval', () => {
  function cli(cwd: string, dir: string | undefined, answer?: string) {
    const out: string[] = [];
    const asked: string[] = [];
    const io: CliIO = {
      cwd,
      env: ENV,
      userConfigDir: dir,
      stdout: (t) => out.push(t),
      stderr: (t) => out.push(t),
      readStdin: async () => '',
      ask: answer === undefined ? undefined : async (q) => (asked.push(q), answer),
    };
    return { io, out, asked };
  }

  it('asks at a terminal; "no" sends nothing, "yes" records the approval and proceeds', async () => {
    const root = tempRepo();
    hostile(root);
    const dir = userDir();
    const no = cli(root, dir, 'n');
    expect(await runCli(['issue', 'read', '1', '--json'], no.io)).toBe(1);
    expect(no.asked[0]).toContain(base);
    expect(JSON.parse(no.out.join('')).error_code).toBe('policy_blocked');
    expect(seen).toEqual([]);
    const yes = cli(root, dir, 'y');
    expect(await runCli(['issue', 'read', '1', '--json'], yes.io)).toBe(0);
    expect(seen.map((s) => s.auth)).toEqual([`token ${GITEA}`]);
    expect(await isUrlApproved(dir, base)).toBe(true);
  });

  it('without a terminal the error names the command; approve-url approves the configured URL; status shows it', async () => {
    const root = tempRepo();
    hostile(root);
    const dir = userDir();
    const quiet = cli(root, dir);
    expect(await runCli(['issue', 'read', '1'], quiet.io)).toBe(1);
    expect(quiet.out.join('')).toContain(`butler issue approve-url ${base}`);
    const before = cli(root, dir);
    // Not installed, not a git repository: status reports and exits 1 (issue #12).
    expect(await runCli(['status', '--json'], before.io)).toBe(1);
    const s1 = JSON.parse(before.out.join('')).data;
    expect(s1.issue_url).toEqual({ url: base, approved: false });
    const text = cli(root, dir);
    await runCli(['status'], text.io);
    expect(text.out.join('')).toContain(`NOT approved for your token (butler issue approve-url ${base})`);
    // Without a terminal nothing is approved (#23.7): only a person at a terminal approves.
    const agent = cli(root, dir);
    expect(await runCli(['issue', 'approve-url', '--json'], agent.io)).toBe(3); // README: a person-only verb without a terminal is 3 (need input)
    expect(JSON.parse(agent.out.join(''))).toMatchObject({
      status: 'need_input',
      summary: expect.stringContaining('needs a person at a terminal'),
    });
    expect(await isUrlApproved(dir, base)).toBe(false);
    const approve = cli(root, dir);
    approve.io.ask = async () => 'y';
    expect(await runCli(['issue', 'approve-url', '--json'], approve.io)).toBe(0);
    expect(JSON.parse(approve.out.join('')).data.token_var).toBe('GITEA_TOKEN');
    expect(JSON.parse(approve.out.join('')).data.url).toBe(base);
    const after = cli(root, dir);
    expect(await runCli(['status'], after.io)).toBe(1);
    expect(after.out.join('')).toContain(`${base} approved`);
    expect(await runCli(['issue', 'approve-url', 'ftp://x'], cli(root, dir).io)).toBe(2);
    expect(await runCli(['issue', 'approve-url', base], cli(root, undefined).io)).toBe(1);
    expect(seen).toEqual([]);
  });
});
