// A file deleted before a snapshot is written is not one of its anchors (#25, the final newcomer walk-through):
// the agents' path, through a real MCP client (the CLI's is test/cli/walkthrough11-handover.test.ts).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { sectionBody } from '../../src/handover/sections.js';
import { fakeClock } from '../helpers/clock.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

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
