// A whole agent session through the MCP tools, in the order the instructions give.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

describe('an agent session end to end (in process)', () => {
  it('start, suspend, edit, record, publish, finish: records work after Butler has written its own files', async () => {
    const { root } = makeRepo({ withRemote: true });
    const c = await connect({ clientName: 'claude-code', deps: { env: { BUTLER_LANG: 'en' } } });
    expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
    expect((await c.call('handover_suspend', { notes: 'before editing' })).status).toBe('ok');
    writeFileSync(path.join(root, 'feature.txt'), 'feature\n');
    const observed = await c.call('work_observe');
    expect(observed.data.work_state).toBe('dirty');
    expect(observed.data.dirty_files).not.toContain('session_logs/');
    const rec = await c.call('work_record', { message: 'Add the feature' });
    expect(rec.status, rec.summary).toBe('ok');
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual(['.gitignore', 'feature.txt']);
    expect((await c.call('work_publish')).status).toBe('ok');
    const finish = await c.call('work_finish');
    expect(finish.data.pending_actions).toEqual([]);
    const resumed = await c.call('handover_resume');
    expect(resumed.data.drift.head_moved).toBe(true);
    expect(resumed.data.drift.recent_commits[0].message).toBe('Add the feature');
    await c.close();
  });
});
