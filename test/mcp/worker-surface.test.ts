import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/mcp.js';

describe('worker surface (butler mcp --worker)', () => {
  it('lists the git and issue-backend worker tools and none of the brain tools', async () => {
    const { client, close } = await connect({ worker: true });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['git_status', 'git_diff', 'git_log', 'git_commit', 'git_push', 'issue_backend_info', 'issue_backend_read']),
    );
    expect(names.some((n) => n.startsWith('handover_') || n.startsWith('work_'))).toBe(false);
    expect(client.getServerVersion()?.name).toBe('butler-worker');
    await close();
  });
});
