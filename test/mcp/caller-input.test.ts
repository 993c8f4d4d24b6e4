// AGENTS.md: every caller path goes through `confinePath`, every id through src/shared/ids.ts, and the
// two arguments that name a place of their own are named there. This holds the rule for every tool,
// so a new argument that carries a path or an id fails here until it is given a guard.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brainTools, workerTools } from '../../src/mcp/tools/index.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

/** Every tool argument that carries a path or an id, and what checks it. */
const GUARDED: Record<string, string> = {
  path: 'confinePath (src/shared/paths.ts)',
  paths: 'confinePath (src/shared/paths.ts)',
  project_root: 'the git top-level of that folder (src/work/repo.ts): it chooses the project',
  session_log_path: 'the project or a client transcript folder, after realpath (src/handover/sessionlog/paths.ts)',
  issue_id: 'IssueId (src/mcp/schema.ts, bound ISSUE_ID_MAX in src/shared/ids.ts)',
  issue_ids: 'IssueId',
  comment_id: 'CommentId (bound COMMENT_ID_MAX in src/shared/ids.ts)',
  handover_id: 'HANDOVER_ID_PATTERN (src/shared/ids.ts)',
  record_id: 'RECORD_ID (src/shared/ids.ts)',
  set_upstream_remote: 'SAFE_REF (src/shared/ids.ts)',
  client: 'normalizeBrain (src/shared/brains.ts)',
  source_brain: 'normalizeBrain (src/shared/brains.ts)',
  target_brain: 'normalizeBrain (src/shared/brains.ts)',
};
const CARRIES = /path|root|_ids?$|remote|ref$|brain|client/;

/** Values each guard must refuse, per argument. */
const HOSTILE: Record<string, unknown[]> = {
  path: ['../outside', '/etc'],
  paths: [['../outside'], ['a.txt', '/etc/passwd']],
  record_id: ['-p', 'HEAD~1', '../x'],
  set_upstream_remote: ['--upload-pack=x', '../x', 'a..b'],
  handover_id: ['../x', '-rf'],
};

const shape = (t: (typeof brainTools)[number]) => Object.keys(t.config.inputSchema.shape);

describe('caller paths and ids', () => {
  it('every tool argument that carries a path or an id has a named guard', () => {
    const seen = new Set([...brainTools, ...workerTools].flatMap(shape).filter((k) => CARRIES.test(k)));
    expect([...seen].sort()).toEqual(Object.keys(GUARDED).sort());
  });

  it('every tool refuses a path out of the project and an id outside its pattern', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    git(root, 'checkout', '-q', '-b', 'feature');
    writeFileSync(path.join(root, 'a.txt'), 'a change a commit could take\n');
    const brain = await connect();
    await brain.call('work_session_start', { project_root: root });
    const worker = await connect({ worker: true });
    let calls = 0;
    for (const [tools, c, base] of [
      [brainTools, brain, {}],
      [workerTools, worker, { project_root: root }],
    ] as const) {
      for (const t of tools) {
        for (const key of shape(t).filter((k) => k in HOSTILE)) {
          for (const value of HOSTILE[key] ?? []) {
            const r = await c.call(t.name, { ...base, message: 'm', [key]: value });
            expect(r.error_code, `${t.name} ${key}=${JSON.stringify(value)}: ${r.summary}`).toBe('invalid_argument');
            calls++;
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(15);
    expect(git(root, 'log', '--format=%s')).toBe('initial');
    expect(git(root, 'ls-remote', '--heads', remote ?? '')).not.toContain('feature');
    await brain.close();
    await worker.close();
  });
});
