// Drift in the SessionStart hook is light (issue 14, docs/decisions.md D21): branch and HEAD from the
// `.git` files, git only when HEAD moved, missing anchors; changed anchors and uncommitted changes are
// handover_resume's, the next call the prompt names, and must still be reported there.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionStart } from '../../src/hooks/session-start.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo, isolatedGitEnv } from '../helpers/repo.js';

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
  sessionStart(JSON.stringify({ session_id: 's', cwd: root, source: 'startup' }), {
    brain: 'claude-code',
    env: isolatedGitEnv({ BUTLER_LANG: 'en' }),
  });
async function resume(root: string) {
  const c = await connect({ clientName: 'claude-code' });
  await c.call('work_session_start', { project_root: root });
  const r = await c.call('handover_resume', {});
  await c.close();
  return r;
}

describe('SessionStart drift', () => {
  it('HEAD unchanged: the start says nothing of edits; handover_resume counts changed anchors and uncommitted files', async () => {
    const { root } = makeRepo();
    await suspendWithAnchors(root);
    writeFileSync(path.join(root, 'src', 'a.ts'), '// a, changed\n');
    writeFileSync(path.join(root, 'src', 'new.ts'), '// untracked\n');
    const out = await start(root);
    expect(out).toContain('drift');
    expect(out).not.toContain('Drift since snapshot');
    const r = await resume(root);
    expect(r.summary).toContain('2 anchor file(s) changed');
    expect(r.summary).toContain('2 uncommitted change(s)');
    expect(r.data.drift.anchors_changed).toEqual(['src/a.ts', 'src']);
  });

  it('HEAD moved, branch changed, an anchor deleted: all in the start line, read from packed refs too', async () => {
    const { root } = makeRepo();
    await suspendWithAnchors(root);
    git(root, 'checkout', '-q', '-b', 'feature');
    rmSync(path.join(root, 'src', 'b.ts'));
    git(root, 'commit', '-q', '-am', 'b removed');
    git(root, 'pack-refs', '--all');
    const out = await start(root);
    expect(out).toMatch(/branch main -> feature/);
    expect(out).toMatch(/HEAD moved 1 commit\(s\)/);
    expect(out).toContain('1 anchor file(s) missing');
    expect(out).not.toContain('anchor file(s) changed');
    const r = await resume(root);
    expect(r.summary).toMatch(/HEAD moved 1 commit\(s\)/);
    expect(r.summary).toContain('1 anchor file(s) changed'); // git diff names the folder, once
  });
});
