import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStart } from '../../src/hooks/session-start.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo, isolatedGitEnv } from '../helpers/repo.js';
import { allFileText, approvedDir, writeConfig } from './helpers.js';

// Built at run time so no secret-shaped literal sits in the repository.
const rep = (c: string, n: number) => c.repeat(n);
const GHP = `ghp_${rep('k7L9', 9)}`;
const GLPAT = `glpat-${rep('mN4_', 5)}`;
const STRIPE = `sk_live_${rep('9aQ2', 5)}`;
const HF = `hf_${rep('Zx81', 8)}`;
const SECRETS = [GHP, GLPAT, STRIPE, HF, 'hunter2pw'];
const BODY = `## Current state\nKey ${GLPAT} and ${STRIPE}\n\n## Next\ncurl -u ci:hunter2pw https://x.test\n\n## Blockers\n${HF}`;

const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

describe('local issues are committed: no secret reaches .butler/issues', () => {
  it('title, body, comment, new title, new body and a delete reason are all masked on write', async () => {
    const { root } = makeRepo();
    const c = await connect({ deps: { env: { BUTLER_LANG: 'en' } } });
    await c.call('work_session_start', { project_root: root });
    const created = await c.call('issue_create', { title: `Rotate ${GHP}`, body: BODY });
    expect(created.status).toBe('ok');
    expect(created.data.issue.title).toBe('Rotate [REDACTED:github-token]');
    expect((await c.call('issue_comment', { issue_id: 1, body: `new key ${HF}` })).status).toBe('ok');
    expect((await c.call('issue_comment', { issue_id: 1, body: 'to delete' })).status).toBe('ok');
    expect((await c.call('issue_delete_comment', { issue_id: 1, comment_id: 2, reason: `leaked ${STRIPE}` })).status).toBe('ok');
    expect((await c.call('issue_update_title', { issue_id: 1, title: `Again ${GLPAT}` })).status).toBe('ok');
    expect((await c.call('issue_update_body', { issue_id: 1, body: BODY })).status).toBe('ok');
    const text = allFileText(`${root}/.butler/issues`);
    expect(leaks(text)).toEqual([]);
    expect(text).toContain('[REDACTED:huggingface-token]');
    await c.close();
  });
});

describe('text sent to a remote tracker is masked', () => {
  const bodies: string[] = [];
  const srv = http.createServer((req, res) => {
    let b = '';
    req.on('data', (d) => (b += d));
    req.on('end', () => {
      bodies.push(b);
      res.setHeader('content-type', 'application/json');
      const issue = {
        number: 5,
        title: `Secret ${GHP}`,
        body: `body ${GLPAT}`,
        state: 'open',
        comments: 0,
        labels: [],
        created_at: 'x',
        updated_at: 'x',
        html_url: 'h',
      };
      res.end(
        JSON.stringify(
          req.url?.includes('/comments') ? { id: 1, body: '', user: null, created_at: 'x', html_url: 'h', issue_url: '' } : issue,
        ),
      );
    });
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => srv.close(() => r())));

  it('create, comment, title and body payloads carry no secret; a handover of that issue masks its title everywhere', async () => {
    const { root } = makeRepo();
    writeConfig(root, `lang: en\nissues:\n  backend: gitea\n  url: ${base}\n  owner: o\n  repo: r\n`);
    const c = await connect({
      clientName: 'claude-code',
      deps: { env: { GITEA_TOKEN: 'tok-1234567890' }, userConfigDir: approvedDir(base) },
    });
    await c.call('work_session_start', { project_root: root });
    expect((await c.call('issue_create', { title: `About ${GHP}`, body: BODY })).status).toBe('ok');
    expect((await c.call('issue_comment', { issue_id: 5, body: `see ${STRIPE}` })).status).toBe('ok');
    expect((await c.call('issue_update_title', { issue_id: 5, title: `t ${HF}` })).status).toBe('ok');
    expect((await c.call('issue_update_body', { issue_id: 5, body: BODY })).status).toBe('ok');
    const sent = bodies.join('\n');
    expect(sent).toContain('[REDACTED:');
    expect(leaks(sent)).toEqual([]);

    // The tracker's title holds a token: snapshot heading, METADATA, index, HANDOFF_PROMPT, SessionStart.
    const t = await c.call('handover_suspend', { issue_id: 5 });
    expect(t.status).toBe('ok');
    expect(leaks(JSON.stringify(t))).toEqual([]);
    expect(leaks(allFileText(`${root}/session_logs`))).toEqual([]);
    expect(allFileText(`${root}/session_logs`)).toContain('Secret [REDACTED:github-token]');
    const hook = await sessionStart(JSON.stringify({ cwd: root, session_id: 's1', source: 'startup' }), {
      brain: 'claude-code',
      env: isolatedGitEnv(),
    });
    expect(hook).toContain(t.data.handover_id);
    expect(leaks(hook)).toEqual([]);
    const read = await c.call('handover_read', { handover_id: t.data.handover_id });
    expect(leaks(JSON.stringify(read))).toEqual([]);
    await c.close();
  });
});
