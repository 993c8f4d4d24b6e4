import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';

describe('MCP server basics', () => {
  it('names itself butler and gives instructions that start with work_session_start', async () => {
    const { client, close } = await connect();
    expect(client.getServerVersion()?.name).toBe('butler');
    expect(client.getInstructions()).toContain('work_session_start(project_root)');
    await close();
  });

  it('returns the envelope with invalid_argument for bad input instead of a protocol error', async () => {
    const { call, close } = await connect();
    const r = await call('work_session_start', { project_root: 42 });
    expect(r.status).toBe('error');
    expect(r.error_code).toBe('invalid_argument');
    expect(r.hint).toContain('project_root');
    await close();
  });

  it('work_session_start takes the brain id from clientInfo.name and refuses relative paths', async () => {
    const { root } = makeRepo();
    const { call, close } = await connect({ clientName: 'codex-mcp-client' });
    expect((await call('work_session_start', { project_root: 'repo' })).error_code).toBe('invalid_argument');
    const r = await call('work_session_start', { project_root: root });
    expect(r.status).toBe('ok');
    expect(r.data.brain_id).toBe('codex-mcp-client');
    expect(r.data.client_title).toBe('Codex');
    await close();
  });

  it('asks for work_session_start before work_start', async () => {
    const { call, close } = await connect();
    const r = await call('work_start', { issue_id: 3 });
    expect(r.status).toBe('need_input');
    expect(r.data.required_action.tool).toBe('work_session_start');
    await close();
  });

  it('reads an issue number sent as text ("1", "#1") as the number; other text stays invalid_argument', async () => {
    const { root } = makeRepo();
    const { call, close } = await connect({ deps: { env: { BUTLER_LANG: 'en' } } });
    expect((await call('work_session_start', { project_root: root })).status).toBe('ok');
    const created = await call('issue_create', { title: 'T', body: '## Current state\nnew\n## Next\nwork\n## Blockers\nnone' });
    expect(created.status).toBe('ok');
    for (const id of ['1', '#1', ' 1 ']) expect((await call('issue_read', { issue_id: id })).data.issue?.id, id).toBe(1);
    for (const id of ['one', '1.5', '-1', '0', ''])
      expect((await call('issue_read', { issue_id: id })).error_code, id).toBe('invalid_argument');
    await close();
  });
});
