// The SessionStart hook's per-brain extract of the index (src/handover/start-index.ts): the same
// choice as the whole index, and never used once the index changed under it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markSuperseded, newerAuto, selectCandidates } from '../../src/handover/candidates.js';
import { startEntriesNow, startRows } from '../../src/handover/start-index.js';
import type { IndexEntry } from '../../src/handover/store.js';
import { sessionStart } from '../../src/hooks/session-start.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo, isolatedGitEnv } from '../helpers/repo.js';

const BRAINS = ['a', 'b', 'c'];
function random(seed: number, n: number): IndexEntry[] {
  let s = seed;
  const r = (k: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % k;
  };
  const out: IndexEntry[] = [];
  for (let i = 0; i < n; i++) {
    const source = BRAINS[r(3)] as string;
    const receipts =
      r(5) === 0 ? [{ kind: r(3) === 0 ? ('retired' as const) : ('accepted' as const), by: BRAINS[r(3)] as string, at: 'x' }] : undefined;
    out.push({
      handover_id: `h${i}`,
      snapshot_file: '',
      issue_id: r(3) === 0 ? null : r(3) + 1,
      issue_title: null,
      source_brain: source,
      target_brain: r(4) === 0 ? 'any' : (BRAINS[r(3)] as string),
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      is_latest: false,
      summary: '',
      branch: null,
      head: null,
      session_log: null,
      session_line: null,
      session_entry: null,
      mode: r(3) === 0 ? 'auto' : 'core',
      ...(receipts ? { receipts } : {}),
    });
  }
  return markSuperseded(out.reverse());
}

describe('the per-brain extract', () => {
  it('gives every brain the same candidates, taken, closed and newer automatic checkpoints as the whole index', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const all = random(seed, 4 + (seed % 40));
      for (const me of [...BRAINS, 'zed']) {
        const part = startRows(all, me);
        for (const clone of [null, 'c1']) {
          const closedIssues = new Set(seed % 2 ? [2] : []);
          const q = { issueId: null, me, mode: 'resume' as const, clone, closedIssues };
          const full = selectCandidates(all, q);
          const some = selectCandidates(part, q);
          const ids = (r: typeof full) =>
            [r.tier, r.candidates, r.taken, r.closed].map((x) => (Array.isArray(x) ? x.map((e) => e.handover_id) : x));
          expect(ids(some), `seed ${seed} me ${me}`).toEqual(ids(full));
          for (const c of full.candidates)
            expect(newerAuto(part, c).map((e) => e.handover_id)).toEqual(newerAuto(all, c).map((e) => e.handover_id));
        }
      }
    }
  });

  it('is written with the index, used by the hook, and ignored once the index changed by hand', async () => {
    const { root } = makeRepo();
    const env = isolatedGitEnv({ BUTLER_LANG: 'en' });
    for (const name of ['codex-mcp-client', 'claude-code']) {
      const c = await connect({ clientName: name, deps: { env } });
      await c.call('work_session_start', { project_root: root });
      if (name === 'claude-code')
        expect((await c.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'Over.' })).status).toBe('ok');
      await c.close();
    }
    const indexFile = path.join(root, 'session_logs', 'handover', 'index.json');
    const part = startEntriesNow(indexFile, 'codex-mcp-client');
    expect(part?.map((e) => e.source_brain)).toEqual(['claude-code']);
    const hook = () => sessionStart(JSON.stringify({ session_id: 's', cwd: root, source: 'startup' }), { brain: 'codex-mcp-client', env });
    expect(await hook()).toContain('handover_accept');
    // A hand edit readdresses the snapshot: the extract no longer matches, and the hook reads the index.
    writeFileSync(indexFile, readFileSync(indexFile, 'utf8').replace('"target_brain":"codex-mcp-client"', '"target_brain":"gemini"'));
    expect(startEntriesNow(indexFile, 'codex-mcp-client')).toBeNull();
    expect(await hook()).not.toContain('handover_accept');
  });
});
