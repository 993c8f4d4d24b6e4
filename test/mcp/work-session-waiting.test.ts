// Field trial 5: work_session_start names the handover SessionStart named, as its required_action,
// so an agent that follows required_action reads the handover before anything else.
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStart } from '../../src/hooks/session-start.js';
import { fakeClock } from '../helpers/clock.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';

const EN = { BUTLER_LANG: 'en' };
let root: string;
let clock: ReturnType<typeof fakeClock>;

beforeEach(() => {
  root = makeRepo().root;
  clock = fakeClock();
});

const brain = (name: string) => connect({ clientName: name, deps: { now: clock.now, env: EN } });
/** Codex has been here once, so a transfer to it is to a known brain. */
async function seenCodex() {
  const c = await brain('codex-mcp-client');
  await start(c);
  await c.close();
}
const start = async (c: Awaited<ReturnType<typeof brain>>) => (await c.call('work_session_start', { project_root: root })).data;

describe('work_session_start with a handover waiting', () => {
  it('nothing waiting: work_observe first, as before', async () => {
    const c = await brain('claude-code');
    expect((await start(c)).required_action.tool).toBe('work_observe');
    await c.close();
  });

  it('a transfer to this brain: handover_accept with its id, the same one SessionStart names', async () => {
    await seenCodex();
    const claude = await brain('claude-code');
    await start(claude);
    const t = await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'Parser done.\nnext: tests' });
    expect(t.status).toBe('ok');
    const id = t.data.handover_id as string;
    const codex = await brain('codex-mcp-client');
    const d = await start(codex);
    expect(d.required_action).toMatchObject({ tool: 'handover_accept', args: { handover_id: id } });
    const hook = await sessionStart(JSON.stringify({ session_id: 's', cwd: root, source: 'startup' }), {
      brain: 'codex-mcp-client',
      env: EN,
    });
    expect(hook).toContain(`handover_accept(handover_id="${id}")`);
    // Once accepted, the next session of the same brain resumes it.
    expect((await codex.call('handover_accept', { handover_id: id })).status).toBe('ok');
    const again = await brain('codex-mcp-client');
    expect((await start(again)).required_action).toMatchObject({ tool: 'handover_resume', args: { handover_id: id } });
    await Promise.all([claude.close(), codex.close(), again.close()]);
  });

  it('several waiting: no pick; the candidates are listed for the user to choose', async () => {
    await seenCodex();
    const claude = await brain('claude-code');
    await start(claude);
    for (const n of [1, 2]) {
      await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', issue_id: n, notes: `Issue ${n}.` });
      clock.advance(60);
    }
    const codex = await brain('codex-mcp-client');
    const d = await start(codex);
    expect(d.required_action.tool).toBe('work_observe');
    expect(d.candidate_handovers).toHaveLength(2);
    // The same shape as handover_resume/accept give candidate_handovers.
    expect(d.candidate_handovers[0]).toMatchObject({
      handover_id: expect.any(String),
      source_brain: 'claude-code',
      issue_id: expect.any(Number),
    });
    expect(d.choose).toMatch(/Ask the user/);
    await Promise.all([claude.close(), codex.close()]);
  });
});
