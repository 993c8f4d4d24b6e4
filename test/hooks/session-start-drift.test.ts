// Drift in the SessionStart hook with one git call when HEAD has not moved (issue 14): changed anchors
// come from the same `git status` as the uncommitted count; a moved HEAD still diffs against the snapshot.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionStart } from '../../src/hooks/session-start.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

async function suspendWithAnchors(root: string) {
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'a.ts'), '// a\n');
  writeFileSync(path.join(root, 'src', 'b.ts'), '// b\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'a and b');
  const c = await connect({ clientName: 'claude-code' });
  await c.call('work_session_start', { project_root: root });
  await c.call('handover_suspend', { notes: 'drift\nanchor: src/a.ts\nanchor: src/b.ts\nanchor: src' });
  await c.close();
}
const start = (root: string) =>
  sessionStart(JSON.stringify({ session_id: 's', cwd: root, source: 'startup' }), { brain: 'claude-code', env: { BUTLER_LANG: 'en' } });

describe('SessionStart drift', () => {
  it('HEAD unchanged: a modified anchor (and the folder holding it) count as changed, an untouched one does not', async () => {
    const { root } = makeRepo();
    await suspendWithAnchors(root);
    expect(await start(root)).not.toContain('anchor file(s) changed');
    writeFileSync(path.join(root, 'src', 'a.ts'), '// a, changed\n');
    writeFileSync(path.join(root, 'src', 'new.ts'), '// untracked\n');
    const out = await start(root);
    expect(out).toContain('2 anchor file(s) changed');
    expect(out).toContain('2 uncommitted change(s)');
  });

  it('HEAD moved: anchors changed in the commits since count too', async () => {
    const { root } = makeRepo();
    await suspendWithAnchors(root);
    writeFileSync(path.join(root, 'src', 'b.ts'), '// b, committed\n');
    git(root, 'commit', '-q', '-am', 'b changed');
    const out = await start(root);
    expect(out).toMatch(/HEAD moved 1 commit\(s\)/);
    expect(out).toContain('1 anchor file(s) changed'); // git diff names the file, once
  });
});
