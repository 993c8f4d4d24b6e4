import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/mcp.js';

const BRAIN_TOOLS = [
  'work_session_start', 'work_start', 'work_observe', 'work_diff', 'work_history', 'work_record', 'work_publish', 'work_finish',
  'issue_read', 'issue_create', 'issue_comment', 'issue_delete_comment', 'issue_update_title', 'issue_update_body', 'issue_reopen', 'issue_close',
  'handover_suspend', 'handover_resume', 'handover_transfer', 'handover_accept', 'handover_prepare', 'handover_read', 'handover_list', 'handover_list_brains',
];

describe('public surface', () => {
  it('lists only brain-facing tools, never git_* or gitea_*', async () => {
    const { client, close } = await connect();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of names) {
      expect(BRAIN_TOOLS).toContain(n);
      expect(n).not.toMatch(/^(git|gitea)_/);
    }
    await close();
  });

  it('pins every listed tool schema in its own snapshot file', async () => {
    const { client, close } = await connect();
    const { tools } = await client.listTools();
    for (const t of tools) {
      expect(typeof t.annotations?.readOnlyHint).toBe('boolean');
      await expect(JSON.stringify(t, null, 2) + '\n').toMatchFileSnapshot(`./__snapshots__/tools/${t.name}.json`);
    }
    await close();
  });
});
