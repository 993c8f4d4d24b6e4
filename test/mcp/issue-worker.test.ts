import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerTools } from '../../src/mcp/tools/index.js';
import type { ToolContext } from '../../src/mcp/tool.js';
import { toErrorResult } from '../../src/shared/errors.js';
import { newSession } from '../../src/work/session.js';
import { hostGit } from '../helpers/git.js';
import { connect } from '../helpers/mcp.js';
import { approvedDir, writeConfig } from '../issues/helpers.js';
import { makeRepo } from '../helpers/repo.js';

const issueWorkerTools = workerTools.filter((t) => t.name.startsWith('issue_backend_'));

// Worker tools find the project the way every worker tool does (src/mcp/tools/worker/root.ts): a git work tree.
const tempProject = () => makeRepo().root;
import { GITEA_TOKEN, OWNER, REPO, giteaMock } from '../issues/mock/gitea.js';

/** Calls a worker tool the way server.ts does: zod-parse, run, and turn throws into envelopes. */
async function callWorker(name: string, args: Record<string, unknown>, env: Record<string, string> = {}, userConfigDir?: string) {
  const tool = issueWorkerTools.find((t) => t.name === name)!;
  const ctx: ToolContext = {
    session: newSession(),
    deps: { cwd: process.cwd(), env, userConfigDir, now: () => new Date(), git: hostGit },
    memo: new Map(),
  };
  const parsed = tool.config.inputSchema.safeParse(args);
  if (!parsed.success) return { status: 'error', error_code: 'invalid_argument' } as any;
  try {
    return (await tool.handler(parsed.data, ctx)) as any;
  } catch (err) {
    return toErrorResult(err) as any;
  }
}

describe('issue worker tools', () => {
  const { server, state } = giteaMock();
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it('are never on the brain surface', async () => {
    const { client, close } = await connect();
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const t of issueWorkerTools) expect(names).not.toContain(t.name);
    await close();
  });

  it('issue_backend_info reports the backend and whether the token is set, never its value', async () => {
    const root = tempProject();
    expect((await callWorker('issue_backend_info', { project_root: root })).data.backend).toBe('local');
    writeConfig(root, `issues:\n  backend: gitea\n  url: ${server.base}\n  owner: ${OWNER}\n  repo: ${REPO}\n`);
    const r = await callWorker('issue_backend_info', { project_root: root }, { GITEA_TOKEN });
    expect(r.data).toMatchObject({
      backend: 'gitea',
      owner: OWNER,
      repo: REPO,
      token_vars: ['GITEA_TOKEN', 'BUTLER_ISSUES_TOKEN'],
      token_set: true,
      url_approved: false,
    });
    const approved = await callWorker('issue_backend_info', { project_root: root }, { GITEA_TOKEN }, approvedDir(server.base));
    expect(approved.data.url_approved).toBe(true);
    expect(JSON.stringify(r)).not.toContain(GITEA_TOKEN);
  });

  it('issue_backend_create skips the structured-body rule; issue_backend_read returns comments; labels list', async () => {
    const root = tempProject();
    writeConfig(root, `issues:\n  backend: gitea\n  url: ${server.base}\n  owner: ${OWNER}\n  repo: ${REPO}\n`);
    state.labels = [{ id: 1, name: 'bug', color: 'ff0000' }];
    const env = { GITEA_TOKEN };
    const conf = approvedDir(server.base);
    const created = await callWorker(
      'issue_backend_create',
      { project_root: root, title: 'raw', body: 'free text', label_names: ['bug'] },
      env,
      conf,
    );
    expect(created.status).toBe('ok');
    state.comments.push({ id: 5, issue: created.data.issue.id, body: 'hey', login: 'bob', created_at: '2026-06-03T09:00:00Z' });
    const read = await callWorker('issue_backend_read', { project_root: root, issue_id: created.data.issue.id }, env, conf);
    expect(read.data.issue.comments.map((c: any) => c.body)).toEqual(['hey']);
    expect((await callWorker('issue_backend_labels', { project_root: root }, env, conf)).data.labels).toEqual(['bug']);
  });

  it('refuses a relative project_root', async () => {
    expect((await callWorker('issue_backend_labels', { project_root: 'rel/path' })).error_code).toBe('invalid_argument');
  });
});
