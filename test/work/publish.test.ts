import { describe, expect, it } from 'vitest';
import { ButlerError } from '../../src/shared/errors.js';
import { hostGit } from '../helpers/git.js';
import { publishWork, RECORD_FIRST_HINT } from '../../src/work/publish.js';
import { recordWork } from '../../src/work/record.js';
import { commitFile, concurrentPush, detachHead, lockIndex, unauthorizedRemote, write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const publish = (root: string) => publishWork({ projectRoot: root, defaultIssue: null, git: hostGit, lang: 'en' });

async function rejects(p: Promise<unknown>): Promise<ButlerError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ButlerError);
  return err as ButlerError;
}

describe('work_publish', () => {
  it('work_publish in a dirty state returns policy_blocked and pushes nothing', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    commitFile(root, 'a.txt', 'a\n');
    write(root, 'b.txt', 'b\n');
    const err = await rejects(publish(root));
    expect(err.code).toBe('policy_blocked');
    expect(err.hint).toBe(RECORD_FIRST_HINT);
    expect(git(remote!, 'rev-parse', 'main')).not.toBe(git(root, 'rev-parse', 'HEAD'));
  });

  it('work_publish with no upstream returns upstream_not_configured', async () => {
    const { root } = makeRepo({ withRemote: true });
    git(root, 'checkout', '-q', '-b', 'feature');
    commitFile(root, 'a.txt', 'a\n');
    const err = await rejects(publish(root));
    expect(err.code).toBe('upstream_not_configured');
    expect(err.message).toContain('feature');
  });

  it('already shared: ok "Already published" without pushing', async () => {
    const { root } = makeRepo({ withRemote: true });
    const r = await publish(root);
    expect(r.status).toBe('ok');
    expect(r.summary).toBe('Already published');
    expect(r.data.published).toBe(0);
  });

  it('pushes recorded work to the upstream and observe is clean afterwards', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    write(root, 'a.txt', 'a\n');
    await recordWork({ projectRoot: root, message: 'Add a', defaultIssue: null, git: hostGit, lang: 'en' });
    const r = await publish(root);
    expect(r.status).toBe('ok');
    expect(r.data).toMatchObject({ published: 1, upstream: 'origin/main' });
    expect(git(remote!, 'rev-parse', 'main')).toBe(git(root, 'rev-parse', 'HEAD'));
    expect(git(root, 'rev-list', '--count', '@{u}..HEAD')).toBe('0');
  });

  it('a push rejected after a concurrent push from a second clone is a conflict, raw git only in the diagnostic', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    concurrentPush(remote!);
    commitFile(root, 'mine.txt', 'mine\n');
    const err = await rejects(publish(root));
    expect(err.code).toBe('conflict');
    expect(err.message).not.toMatch(/rejected|exit|fatal|error:/i);
    expect(err.diagnostic).toMatch(/rejected/);
    expect(err.hint).toContain('work_publish');
  });

  it('an authentication failure is auth_failed', async () => {
    const { root } = makeRepo({ withRemote: true });
    const server = await unauthorizedRemote();
    try {
      git(root, 'remote', 'set-url', 'origin', server.url);
      commitFile(root, 'a.txt', 'a\n');
      const err = await rejects(publish(root));
      expect(err.code).toBe('auth_failed');
      expect(err.message).not.toContain('127.0.0.1');
    } finally {
      await server.close();
    }
  });

  it('refuses on a detached HEAD and with index.lock present', async () => {
    const a = makeRepo({ withRemote: true });
    detachHead(a.root);
    expect((await rejects(publish(a.root))).code).toBe('policy_blocked');
    const b = makeRepo({ withRemote: true });
    commitFile(b.root, 'a.txt', 'a\n');
    lockIndex(b.root);
    const err = await rejects(publish(b.root));
    expect(err.message).toContain('index.lock');
  });
});
