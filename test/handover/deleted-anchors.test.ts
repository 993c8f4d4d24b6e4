// A file deleted before a snapshot is written is not one of its anchors (#25, the final newcomer walk-through):
// the agents' path, through a real MCP client (the CLI's is test/cli/walkthrough11-handover.test.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { sectionBody } from '../../src/handover/sections.js';
import { fakeClock } from '../helpers/clock.js';
import { connect } from '../helpers/mcp.js';
import { git, isolatedGitEnv, makeRepo } from '../helpers/repo.js';
import { sessionStart } from '../../src/hooks/session-start.js';

it('handover_prepare leaves a deleted file out of CODEBASE_ANCHORS; resume reports no anchor missing', async () => {
  const { root } = makeRepo();
  writeFileSync(path.join(root, 'gone.md'), 'old\n');
  writeFileSync(path.join(root, 'kept.md'), 'old\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'two files');
  rmSync(path.join(root, 'gone.md'));
  writeFileSync(path.join(root, 'kept.md'), 'new\n');
  const c = await connect({ clientName: 'claude-code', deps: { now: fakeClock().now, env: { BUTLER_LANG: 'en' } } });
  try {
    expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
    const p = await c.call('handover_prepare', { notes: 'pausing' });
    expect(p.status).toBe('ok');
    const md = readFileSync(path.join(root, p.data.snapshot_file), 'utf8');
    expect(sectionBody(md, 'CODEBASE_ANCHORS')).toEqual(['- `kept.md`', '- `.gitignore`']);
    const r = await c.call('handover_resume', {});
    expect(r.data.drift.anchors_missing).toEqual([]);
  } finally {
    await c.close();
  }
});

it('an anchor the author names before it exists is kept; drift compares existence then and now', async () => {
  const { root } = makeRepo();
  writeFileSync(path.join(root, 'kept.md'), 'old\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'one file');
  const clock = fakeClock();
  const c = await connect({ clientName: 'claude-code', deps: { now: clock.now, env: { BUTLER_LANG: 'en' } } });
  try {
    expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
    const p = await c.call('handover_suspend', { notes: 'pausing\nanchor: docs/todo.md — still to write\nanchor: kept.md' });
    expect(p.status).toBe('ok');
    const md = readFileSync(path.join(root, p.data.snapshot_file), 'utf8');
    expect(sectionBody(md, 'CODEBASE_ANCHORS')).toEqual(['- `docs/todo.md` — still to write', '- `kept.md`', '- `.gitignore`']);
    // Absent then and absent now: no drift, at the start either.
    const start = () =>
      sessionStart(JSON.stringify({ session_id: 's', cwd: root, source: 'startup' }), {
        brain: 'claude-code',
        env: isolatedGitEnv({ BUTLER_LANG: 'en' }),
      });
    const first = await start();
    expect(first).toContain(p.data.handover_id);
    expect(first).not.toContain('anchor file(s)');
    const r = await c.call('handover_resume', {});
    expect([r.data.drift.anchors_missing, r.data.drift.anchors_changed, r.data.drift.line]).toEqual([[], [], '']);
    // Absent then, present now: a change.
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs/todo.md'), 'written\n');
    expect(await start()).toContain('1 anchor file(s) changed');
    const later = await c.call('handover_resume', {});
    expect([later.data.drift.anchors_missing, later.data.drift.anchors_changed]).toEqual([[], ['docs/todo.md']]);
  } finally {
    await c.close();
  }
});
