// Issue #15: a shared transfer on a GitHub or Gitea issue posts its HANDOFF_PROMPT there, once,
// marked; against the stand-in servers, with real git and a bare remote.
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../helpers/clock.js';
import { allowSharing, write } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';
import { approvedDir } from '../issues/helpers.js';
import { GITEA_TOKEN, OWNER, REPO, giteaMock } from '../issues/mock/gitea.js';
import { GH_OWNER, GH_REPO, GITHUB_TOKEN, githubMock } from '../issues/mock/github.js';
import { iso } from '../issues/mock/server.js';

const gh = githubMock();
const gt = giteaMock();
beforeAll(async () => {
  await Promise.all([gh.server.start(), gt.server.start()]);
});
afterAll(() => Promise.all([gh.server.stop(), gt.server.stop()]));

const TRACKERS = [
  {
    name: 'GitHub',
    config: () => `issues:\n  backend: github\n  url: ${gh.server.base}\n  owner: ${GH_OWNER}\n  repo: ${GH_REPO}\n  timeout_ms: 5000\n`,
    env: { GITHUB_TOKEN },
    base: () => gh.server.base,
    seed: () => {
      gh.state.issues.clear();
      gh.state.comments.length = 0;
      gh.state.issues.set(1, {
        title: 'Parser',
        body: 'Rewrite it',
        state: 'open',
        state_reason: null,
        labels: [],
        created_at: iso(1),
        updated_at: iso(1),
      });
    },
    comments: () => gh.state.comments.map((c) => c.body),
  },
  {
    name: 'Gitea',
    config: () => `issues:\n  backend: gitea\n  url: ${gt.server.base}/\n  owner: ${OWNER}\n  repo: ${REPO}\n  timeout_ms: 5000\n`,
    env: { GITEA_TOKEN },
    base: () => gt.server.base,
    seed: () => {
      gt.state.issues.clear();
      gt.state.comments.length = 0;
      gt.state.issues.set(1, {
        number: 1,
        title: 'Parser',
        body: 'Rewrite it',
        state: 'open',
        labels: [],
        created_at: iso(1),
        updated_at: iso(1),
        closed_at: null,
      });
    },
    comments: () => gt.state.comments.map((c) => c.body),
  },
];

describe.each(TRACKERS)('a shared transfer on a $name issue', (tracker) => {
  let root: string;
  let remote: string;
  let clock: ReturnType<typeof fakeClock>;
  beforeEach(async () => {
    ({ root, remote } = makeRepo({ withRemote: true }) as { root: string; remote: string });
    write(root, '.butler/config.yaml', tracker.config());
    tracker.seed();
    clock = fakeClock();
    await allowSharing(root);
  });

  const claude = async () => {
    const c = await connect({
      clientName: 'claude-code',
      deps: { now: clock.now, env: { BUTLER_LANG: 'en', ...tracker.env }, userConfigDir: approvedDir(tracker.base()) },
    });
    expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
    return c;
  };

  it('posts the HANDOFF_PROMPT once, marked; a private transfer or a suspend posts nothing', async () => {
    const c = await claude();
    const priv = await c.call('handover_transfer', { target_brain: 'any', issue_id: 1, notes: 'Private.' });
    expect(priv.data.issue_comment).toBeUndefined();
    clock.advance(60);
    await c.call('handover_suspend', { issue_id: 1, notes: 'Mine.', share: true });
    expect(tracker.comments()).toEqual([]);
    clock.advance(60);
    const t = await c.call('handover_transfer', {
      target_brain: 'any',
      issue_id: 1,
      notes: `Lexer done.\nnext: parse expressions\nkey ${GITHUB_TOKEN}`,
      share: true,
    });
    expect(t.data).toMatchObject({ shared: true, issue_comment: 'posted' });
    const comments = tracker.comments();
    expect(comments).toHaveLength(1);
    expect(comments[0]).toContain(`<!-- butler:handover ${t.data.handover_id} -->`);
    expect(comments[0]).toContain('claude-code → any');
    expect(comments[0]).toContain('parse expressions');
    expect(comments[0]).not.toContain(GITHUB_TOKEN);
    await c.close();
  });

  it('a transfer shared only later by work_publish is posted then, once', async () => {
    git(root, 'remote', 'set-url', 'origin', path.join(path.dirname(remote), 'gone.git'));
    const c = await claude();
    const t = await c.call('handover_transfer', { target_brain: 'any', issue_id: 1, notes: 'Offline handoff.', share: true });
    expect(t.data.shared).toBe(false);
    expect(tracker.comments()).toEqual([]);
    git(root, 'remote', 'set-url', 'origin', remote);
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'config');
    expect((await c.call('work_publish')).data.handovers_shared).toEqual([t.data.handover_id]);
    expect(tracker.comments()).toHaveLength(1);
    expect(tracker.comments()[0]).toContain(`<!-- butler:handover ${t.data.handover_id} -->`);
    await c.call('work_publish');
    expect(tracker.comments()).toHaveLength(1);
    await c.close();
  });
});
