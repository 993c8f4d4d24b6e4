import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/mcp.js';

const ISSUE_TOOLS = [
  'issue_read',
  'issue_create',
  'issue_comment',
  'issue_delete_comment',
  'issue_update_title',
  'issue_update_body',
  'issue_reopen',
  'issue_close',
];
const BUDGET = 3_800;

describe('issue tools context budget', () => {
  it(`lists all 8 issue tools within ${BUDGET} bytes of name+description+inputSchema`, async () => {
    const { client, close } = await connect();
    const { tools } = await client.listTools();
    const mine = tools.filter((t) => ISSUE_TOOLS.includes(t.name));
    expect(mine.map((t) => t.name).sort()).toEqual([...ISSUE_TOOLS].sort());
    const sizes = mine.map((t) =>
      Buffer.byteLength(JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
    );
    const total = sizes.reduce((a, b) => a + b, 0);
    console.log(`issue tools: ${total} bytes`, Object.fromEntries(mine.map((t, i) => [t.name, sizes[i]])));
    expect(total).toBeLessThanOrEqual(BUDGET);
    await close();
  });

  it('marks delete_comment and close destructive and only issue_read read-only', async () => {
    const { client, close } = await connect();
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('issue_delete_comment')?.annotations?.destructiveHint).toBe(true);
    expect(byName.get('issue_close')?.annotations?.destructiveHint).toBe(true);
    for (const n of ISSUE_TOOLS) expect(byName.get(n)?.annotations?.readOnlyHint).toBe(n === 'issue_read');
    await close();
  });
});
