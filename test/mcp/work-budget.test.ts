import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/mcp.js';

/** The nine work tools' share of the 16,000-byte model-facing budget. */
const WORK_BUDGET = 3_800;

describe('work tools context budget', () => {
  it(`the 9 work tools fit ${WORK_BUDGET} bytes of JSON (name, description, inputSchema)`, async () => {
    const { client, close } = await connect();
    const { tools } = await client.listTools();
    const work = tools.filter((t) => t.name.startsWith('work_'));
    expect(work.map((t) => t.name)).toEqual([
      'work_session_start',
      'work_start',
      'work_observe',
      'work_diff',
      'work_history',
      'work_record',
      'work_publish',
      'work_sync',
      'work_finish',
    ]);
    const bytes = work.reduce(
      (sum, t) => sum + Buffer.byteLength(JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
      0,
    );
    expect(bytes).toBeLessThanOrEqual(WORK_BUDGET);
    for (const t of work) expect(t.annotations?.readOnlyHint, t.name).toBeTypeOf('boolean');
    await close();
  });
});
