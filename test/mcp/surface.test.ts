import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/mcp.js';
import { BRAIN_TOOL_NAMES } from '../helpers/tool-names.js';

const BRAIN_TOOLS: readonly string[] = BRAIN_TOOL_NAMES;

describe('public surface', () => {
  it('lists only brain-facing tools, never git_* or gitea_*', async () => {
    const { client, close } = await connect();
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect([...names].sort()).toEqual([...BRAIN_TOOLS].sort());
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
