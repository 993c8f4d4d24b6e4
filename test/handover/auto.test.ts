import { describe, expect, it } from 'vitest';
import { markSuperseded, newerAuto, selectCandidates } from '../../src/handover/candidates.js';
import { writeAutoSnapshot } from '../../src/handover/auto.js';
import { AUTO_KEEP } from '../../src/handover/prune.js';
import { HandoverStore, type IndexEntry } from '../../src/handover/store.js';
import { newerAutoLine } from '../../src/handover/start-prompt.js';
import { spawnGitWith } from '../../src/shared/git-spawn.js';
import { fakeClock } from '../helpers/clock.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo, isolatedGitEnv } from '../helpers/repo.js';
import { appendClaudeRequest, placeTranscript, tempHome } from '../hooks/auto-helpers.js';

/** Index rows, oldest first in the call, returned newest first as the store keeps them. */
function rows(...specs: Partial<IndexEntry>[]): IndexEntry[] {
  const out = specs.map((s, i) => ({
    handover_id: `e${i}`,
    snapshot_file: '',
    issue_id: 1,
    issue_title: null,
    source_brain: 'a',
    target_brain: 'a',
    created_at: `2026-06-04T10:00:${String(i).padStart(2, '0')}Z`,
    is_latest: false,
    summary: '',
    branch: null,
    head: null,
    session_log: null,
    session_line: null,
    session_entry: null,
    origin: 'own' as const,
    ...s,
  }));
  return markSuperseded(out.reverse());
}
const pick = (r: IndexEntry[], me = 'a') => selectCandidates(r, { issueId: null, me, mode: 'resume' }).candidates.map((e) => e.handover_id);

describe('auto never displaces deliberate', () => {
  it('the newest deliberate snapshot wins over newer auto ones, in its scope and in others', () => {
    expect(pick(rows({}, { mode: 'auto' }, { mode: 'auto' }))).toEqual(['e0']);
    expect(pick(rows({}, { mode: 'auto', issue_id: null }))).toEqual(['e0']);
    expect(pick(rows({}, {}, { mode: 'auto' }))).toEqual(['e1']);
  });

  it('an auto snapshot is the candidate only when its brain has no deliberate one', () => {
    expect(pick(rows({ mode: 'auto' }, { mode: 'auto' }))).toEqual(['e1']);
    // Another brain's deliberate transfer does not hide this brain's own checkpoint.
    const r = rows({ mode: 'auto' }, { source_brain: 'b', target_brain: 'any' });
    expect(pick(r)).toEqual(['e0']);
    // A retired deliberate snapshot no longer counts.
    expect(pick(rows({ receipts: [{ kind: 'retired', by: 'x', at: '2026-06-04T11:00:00Z' }] }, { mode: 'auto' }))).toEqual(['e1']);
  });

  it('newer automatic checkpoints are one line with the files touched since', () => {
    const r = rows({}, { mode: 'auto', trigger: 'precompact', touched: 2 }, { mode: 'auto', trigger: 'recovered', touched: 3 });
    const chosen = r.find((e) => e.handover_id === 'e0')!;
    const autos = newerAuto(r, chosen);
    expect(autos.map((e) => e.handover_id)).toEqual(['e2', 'e1']);
    expect(newerAutoLine(autos, 'en')).toBe('Newer automatic checkpoint e2 (recovered, 2026-06-04T10:00:02Z): 5 files touched since.');
    expect(newerAutoLine([], 'en')).toBe('');
  });
});

describe('auto snapshot pruning', () => {
  it(`keeps the newest ${AUTO_KEEP} auto snapshots per scope and never prunes a deliberate one`, async () => {
    const { root } = makeRepo();
    const home = tempHome();
    const env = isolatedGitEnv({ HOME: home, BUTLER_LANG: 'en' });
    const clock = fakeClock();
    const c = await connect({ clientName: 'claude-code', deps: { env, now: clock.now } });
    await c.call('work_session_start', { project_root: root });
    const deliberate = await c.call('handover_suspend', { notes: 'the deliberate one' });
    await c.close();
    const t = placeTranscript(home, root, 'claude', 's-1');
    const written: string[] = [];
    for (let i = 0; i < AUTO_KEEP + 3; i++) {
      clock.advance(60);
      appendClaudeRequest(t, `request ${i}`, i);
      const e = await writeAutoSnapshot({
        root,
        brain: 'claude-code',
        transcriptPath: t,
        trigger: 'precompact',
        env,
        git: spawnGitWith(env),
        now: clock.now,
      });
      written.push(e!.handover_id);
    }
    const store = new HandoverStore(root);
    const entries = await store.entries();
    const autos = entries.filter((e) => e.mode === 'auto').map((e) => e.handover_id);
    expect(autos).toEqual(written.slice(3).reverse());
    expect(entries.map((e) => e.handover_id)).toContain(deliberate.data.handover_id);
    // The pruned files are gone, and a rebuilt index does not bring them back.
    const { readdirSync, rmSync } = await import('node:fs');
    const files = readdirSync(store.dir).filter((f) => f.endsWith('.md') && !f.includes('latest'));
    expect(files).toHaveLength(AUTO_KEEP + 1);
    rmSync(store.indexFile);
    expect((await new HandoverStore(root).entries()).length).toBe(AUTO_KEEP + 1);
  });
});
