// The plumbing under sharing (src/handover/share-git.ts), rule by rule with real git and a bare remote:
// the exact fetch and push (ref names, refspec, no tags, no hooks), the bounds of every call and of the
// retries, what counts as a file of the shared tree and which blobs are read (issue #27).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FETCHED_REF,
  fetchedCommit,
  fetchShared,
  gitIdentity,
  readBlobs,
  readSharedBlob,
  SHARE_REF,
  ShareFailure,
  shareRemote,
  sharedTree,
} from '../../src/handover/share-git.js';
import { pushShared } from '../../src/handover/share-push.js';
import type { GitRunner } from '../../src/shared/git.js';
import { secondClone } from '../helpers/git-scenarios.js';
import { hostGit } from '../helpers/git.js';
import { git, makeRepo } from '../helpers/repo.js';

type Call = { args: readonly string[]; timeoutMs?: number; env?: Record<string, string>; input?: string };
const opts = (root: string, g: GitRunner = hostGit, timeoutMs = 20_000) => ({ git: g, root, timeoutMs });
const recording =
  (calls: Call[], inner: GitRunner = hostGit): GitRunner =>
  (cwd, args, o) => {
    calls.push({ args, timeoutMs: o?.timeoutMs, env: o?.env as Record<string, string> | undefined, input: o?.input });
    return inner(cwd, args, o);
  };
const failure = async (p: Promise<unknown>): Promise<ShareFailure> => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ShareFailure);
  return e as ShareFailure;
};
const blob = (root: string, text: string) =>
  execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: root, input: text, encoding: 'utf8' }).trim();

describe('the names', () => {
  it('share on refs/butler/handover, keep the last fetched at refs/butler/remote-handover', () => {
    expect([SHARE_REF, FETCHED_REF]).toEqual(['refs/butler/handover', 'refs/butler/remote-handover']);
    const f = new ShareFailure('no_upstream');
    expect([f.reason, f.detail, f.message]).toEqual(['no_upstream', '', 'no_upstream']);
  });
});

describe('shareRemote', () => {
  it('the branch upstream’s remote, else the only remote, else no_upstream', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const calls: Call[] = [];
    expect(await shareRemote(opts(root, recording(calls)))).toBe('origin');
    expect(calls.map((c) => c.args)).toEqual([
      ['symbolic-ref', '-q', 'HEAD'],
      ['for-each-ref', '--format=%(upstream:remotename)', '--', 'refs/heads/main'],
    ]);
    git(root, 'remote', 'add', 'second', remote!);
    git(root, 'fetch', '-q', 'second');
    git(root, 'branch', '-q', '--set-upstream-to=second/main');
    expect(await shareRemote(opts(root))).toBe('second');
    git(root, 'branch', '-q', '--unset-upstream');
    expect((await failure(shareRemote(opts(root)))).reason).toBe('no_upstream');
    git(root, 'remote', 'remove', 'second');
    expect(await shareRemote(opts(root))).toBe('origin');
    git(root, 'checkout', '-q', '--detach');
    expect(await shareRemote(opts(root))).toBe('origin');
    git(root, 'remote', 'remove', 'origin');
    expect((await failure(shareRemote(opts(root)))).reason).toBe('no_upstream');
  });

  it('a name that would read as an option is never used', async () => {
    const fake =
      (upstream: string, remotes: string): GitRunner =>
      async (_cwd, args) => ({
        stdout: args[0] === 'symbolic-ref' ? 'refs/heads/main\n' : args[0] === 'for-each-ref' ? upstream : remotes,
        stderr: '',
        exitCode: 0,
      });
    expect(await shareRemote(opts('/x', fake('--upload-pack=evil\n', 'origin\n')))).toBe('origin');
    expect(await shareRemote(opts('/x', fake('', '  origin  \n\n')))).toBe('origin');
    expect((await failure(shareRemote(opts('/x', fake('', '--exec=evil\n'))))).reason).toBe('no_upstream');
    expect((await failure(shareRemote(opts('/x', fake('-x\n', '-y\n'))))).reason).toBe('no_upstream');
  });
});

describe('fetchShared and fetchedCommit', () => {
  it('fetches only the shared ref into the local copy, no tags, no FETCH_HEAD, each call bounded', async () => {
    const { root: a, remote } = makeRepo({ withRemote: true });
    const b = secondClone(remote!);
    await pushShared(opts(b), [{ path: 'snapshots/x.md', text: 'x\n' }], 'x');
    git(b, 'tag', 'v1');
    git(b, 'push', '-q', 'origin', 'v1');
    expect(await fetchedCommit(opts(a))).toBeNull();
    const calls: Call[] = [];
    const tip = await fetchShared(opts(a, recording(calls), 7_000));
    expect(tip).toBe(git(remote!, 'rev-parse', SHARE_REF));
    expect(await fetchedCommit(opts(a))).toBe(tip);
    expect(git(a, 'rev-parse', FETCHED_REF)).toBe(tip);
    const fetch = calls.find((c) => c.args[0] === 'fetch')!;
    expect(fetch.args).toEqual([
      'fetch',
      '--quiet',
      '--no-tags',
      '--no-write-fetch-head',
      '--end-of-options',
      'origin',
      '+refs/butler/handover:refs/butler/remote-handover',
    ]);
    expect(fetch.timeoutMs).toBe(7_000);
    // Local calls have their own bound, whatever the network's.
    expect(calls.filter((c) => c.args[0] !== 'fetch').map((c) => c.timeoutMs)).toEqual(
      calls.filter((c) => c.args[0] !== 'fetch').map(() => 30_000),
    );
    expect(git(a, 'tag')).toBe('');
    expect(existsSync(path.join(a, '.git', 'FETCH_HEAD'))).toBe(false);
  });

  it('a forced rewrite of the remote ref is mirrored as it is', async () => {
    const { root: a, remote } = makeRepo({ withRemote: true });
    const b = secondClone(remote!);
    await pushShared(opts(b), [{ path: 'snapshots/x.md', text: 'x\n' }], 'x');
    await fetchShared(opts(a));
    const other = git(b, 'commit-tree', git(b, 'mktree'), '-m', 'rewritten');
    git(b, 'push', '-q', '--force', 'origin', `${other}:${SHARE_REF}`);
    expect(await fetchShared(opts(a))).toBe(other);
  });

  it('a fetch that fails: no ref yet is null; unreachable, refused login and a timeout are unreachable; the rest git_error', async () => {
    const { root } = makeRepo({ withRemote: true });
    const fetchSays =
      (stderr: string, extra: { timedOut?: boolean } = {}): GitRunner =>
      async (cwd, args, o) =>
        args[0] === 'fetch' ? { stdout: '', stderr, exitCode: 128, ...extra } : hostGit(cwd, args, o);
    expect(await fetchShared(opts(root, fetchSays("fatal: Couldn't find remote ref refs/butler/handover")))).toBeNull();
    const cases: [string, { timedOut?: boolean }, string][] = [
      ['fatal: unable to access https://x/: Could not resolve host: x', {}, 'unreachable'],
      ['fatal: Authentication failed for https://x/', {}, 'unreachable'],
      ['ssh: connect to host x port 22: Operation timed out', {}, 'unreachable'],
      ['', { timedOut: true }, 'unreachable'],
      ['fatal: bad object', {}, 'git_error'],
    ];
    for (const [stderr, extra, reason] of cases) {
      const f = await failure(fetchShared(opts(root, fetchSays(stderr, extra))));
      expect([f.reason, f.detail]).toEqual([reason, stderr]);
    }
    const long = await failure(fetchShared(opts(root, fetchSays('x'.repeat(1500)))));
    expect(long.detail).toBe('x'.repeat(1000));
  });

  it('git that cannot start: unreachable for a network call, git_error for a local one', async () => {
    const { root } = makeRepo({ withRemote: true });
    const throwsOn =
      (verb: string, err: unknown): GitRunner =>
      async (cwd, args, o) => {
        if (args[0] === verb) throw err;
        return hostGit(cwd, args, o);
      };
    const net = await failure(fetchShared(opts(root, throwsOn('fetch', new Error('spawn git EAGAIN')))));
    expect([net.reason, net.detail]).toEqual(['unreachable', 'spawn git EAGAIN']);
    const local = await failure(fetchShared(opts(root, throwsOn('symbolic-ref', 'y'.repeat(1200)))));
    expect([local.reason, local.detail]).toEqual(['git_error', 'y'.repeat(1000)]);
    const failing: GitRunner = async (cwd, args, o) =>
      args[0] === 'rev-parse' ? { stdout: '', stderr: 'not a repo', exitCode: 128 } : hostGit(cwd, args, o);
    const f = await failure(fetchShared(opts(root, failing)));
    expect([f.reason, f.detail]).toEqual(['git_error', 'git rev-parse: exit 128: not a repo']);
  });

  it('what git said is bounded to 1000 characters; a runner throwing nothing still gives a ShareFailure', async () => {
    const { root } = makeRepo({ withRemote: true });
    const noisy: GitRunner = async (cwd, args, o) =>
      args[0] === 'rev-parse' ? { stdout: '', stderr: 'n'.repeat(2000), exitCode: 1 } : hostGit(cwd, args, o);
    expect((await failure(fetchShared(opts(root, noisy)))).detail).toBe(`git rev-parse: exit 1: ${'n'.repeat(977)}`);
    const bare: GitRunner = async (cwd, args, o) => {
      if (args[0] === 'fetch') throw undefined;
      return hostGit(cwd, args, o);
    };
    expect(await failure(fetchShared(opts(root, bare)))).toMatchObject({ reason: 'unreachable', detail: 'undefined' });
  });

  it('a time bound that has run out starts no call', async () => {
    const { root } = makeRepo({ withRemote: true });
    const calls: Call[] = [];
    const f = await failure(pushShared({ ...opts(root, recording(calls)), deadline: Date.now() - 1 }, [{ path: 'a', text: 'a' }], 'm'));
    expect([f.reason, f.detail]).toEqual(['unreachable', 'the time bound for sharing ran out']);
    expect(calls.some((c) => c.args[0] === 'fetch' || c.args[0] === 'push')).toBe(false);
    const zero = await failure(fetchShared({ ...opts(root), timeoutMs: 0 }));
    expect(zero.detail).toBe('the time bound for sharing ran out');
  });

  it('a tip that is no commit reads as none', async () => {
    const { root } = makeRepo();
    git(root, 'update-ref', FETCHED_REF, git(root, 'rev-parse', 'HEAD^{tree}'));
    expect(await fetchedCommit(opts(root))).toBeNull();
  });
});

describe('sharedTree', () => {
  it('only regular files, by full path, names with a newline whole; links, executables and submodules are not files', async () => {
    const { root } = makeRepo();
    const a = blob(root, 'a\n');
    const sub = execFileSync('git', ['mktree'], { cwd: root, input: `100644 blob ${a}\tx.md\n`, encoding: 'utf8' }).trim();
    const head = git(root, 'rev-parse', 'HEAD');
    const tree = execFileSync('git', ['mktree', '-z'], {
      cwd: root,
      input:
        [
          `100644 blob ${a}\tplain.md`,
          `100644 blob ${a}\tline\nbreak.md`,
          `100755 blob ${a}\trun.sh`,
          `120000 blob ${a}\tlink`,
          `160000 commit ${head}\tmodule`,
          `040000 tree ${sub}\tsnapshots`,
        ].join('\0') + '\0',
      encoding: 'utf8',
    }).trim();
    const commit = git(root, 'commit-tree', tree, '-m', 't');
    expect([...(await sharedTree(opts(root), commit))].sort()).toEqual([
      ['line\nbreak.md', a],
      ['plain.md', a],
      ['snapshots/x.md', a],
    ]);
    expect((await failure(sharedTree(opts(root), 'f'.repeat(40)))).reason).toBe('git_error');
  });
});

describe('readBlobs', () => {
  it('reads each blob within its own bound and the total, in order; nothing else', async () => {
    const { root } = makeRepo();
    const [b10, b20, b5, b30] = ['x'.repeat(10), 'y'.repeat(20), 'z'.repeat(5), 'w'.repeat(30)].map((t) => blob(root, t));
    const tree = git(root, 'rev-parse', 'HEAD^{tree}');
    const missing = 'e'.repeat(40);
    const calls: Call[] = [];
    const got = await readBlobs(opts(root, recording(calls)), [b10!, tree, missing, b20!, b30!, b5!], 25, 15);
    expect([...got]).toEqual([
      [b10, 'x'.repeat(10)],
      [b5, 'z'.repeat(5)],
    ]);
    expect(calls.map((c) => c.args)).toEqual([
      ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'],
      ['cat-file', 'blob', b10],
      ['cat-file', 'blob', b5],
    ]);
    expect(calls[0]!.input).toBe(`${[b10, tree, missing, b20, b30, b5].join('\n')}\n`);
    // Exactly at the bound is within it; no total bound by default.
    expect([...(await readBlobs(opts(root), [b20!, b30!], 20))].map(([id]) => id)).toEqual([b20]);
    expect([...(await readBlobs(opts(root), [b10!, b20!], 20, 30))].map(([id]) => id)).toEqual([b10, b20]);
    const none: Call[] = [];
    expect((await readBlobs(opts(root, recording(none)), [], 10)).size).toBe(0);
    expect(none).toEqual([]);
  });
});

describe('readSharedBlob', () => {
  it('a blob id only, within 64 KB by default, each call bounded; null otherwise', async () => {
    const { root } = makeRepo();
    const calls: Call[] = [];
    const g = recording(calls);
    const at = blob(root, 'a'.repeat(64 * 1024));
    const over = blob(root, 'a'.repeat(64 * 1024 + 1));
    expect((await readSharedBlob({ git: g, root }, at))?.length).toBe(64 * 1024);
    expect(calls).toEqual([
      { args: ['cat-file', '-s', at], timeoutMs: 10_000, env: undefined, input: undefined },
      { args: ['cat-file', 'blob', at], timeoutMs: 10_000, env: undefined, input: undefined },
    ]);
    expect(await readSharedBlob({ git: hostGit, root }, over)).toBeNull();
    const small = blob(root, 'hello');
    expect(await readSharedBlob({ git: hostGit, root }, small, 5)).toBe('hello');
    expect(await readSharedBlob({ git: hostGit, root }, small, 4)).toBeNull();
    expect(await readSharedBlob({ git: hostGit, root }, 'e'.repeat(40))).toBeNull();
    calls.length = 0;
    for (const bad of ['HEAD', `${small}:x`, `-${small.slice(1)}`, small.slice(0, 39), `${small} `])
      expect(await readSharedBlob({ git: g, root }, bad)).toBeNull();
    expect(calls).toEqual([]);
    const throwing: GitRunner = async () => {
      throw new Error('no git');
    };
    expect(await readSharedBlob({ git: throwing, root }, small)).toBeNull();
    const throwsOnRead: GitRunner = async (cwd, args, o) => {
      if (args[1] === 'blob') throw new Error('gone');
      return hostGit(cwd, args, o);
    };
    expect(await readSharedBlob({ git: throwsOnRead, root }, small)).toBeNull();
    const sizeOnly: GitRunner = async (cwd, args, o) =>
      args[1] === 'blob' ? { stdout: 'x', stderr: '', exitCode: 1 } : hostGit(cwd, args, o);
    expect(await readSharedBlob({ git: sizeOnly, root }, small)).toBeNull();
  });
});

describe('gitIdentity', () => {
  it('user.name and user.email, one line, at most 200 characters; null when unset or git fails', async () => {
    const { root } = makeRepo();
    const calls: Call[] = [];
    git(root, 'config', 'user.name', `  Ann \t  Lee  ${'n'.repeat(300)}`);
    const who = await gitIdentity({ git: recording(calls), root });
    expect(who).toEqual({ name: `Ann Lee ${'n'.repeat(192)}`, email: 'test@example.com' });
    expect(calls.map((c) => [c.args, c.timeoutMs])).toEqual([
      [['config', '--get', 'user.name'], 5_000],
      [['config', '--get', 'user.email'], 5_000],
    ]);
    git(root, 'config', '--unset', 'user.name');
    git(root, 'config', 'user.email', '   ');
    expect(await gitIdentity({ git: hostGit, root })).toEqual({ name: null, email: null });
    const throwing: GitRunner = async () => {
      throw new Error('no git');
    };
    expect(await gitIdentity({ git: throwing, root })).toEqual({ name: null, email: null });
    const failing: GitRunner = async () => ({ stdout: 'Eve', stderr: '', exitCode: 1 });
    expect(await gitIdentity({ git: failing, root })).toEqual({ name: null, email: null });
  });
});

describe('pushShared', () => {
  it('pushes exactly the commit to the shared ref, with no hook, under the person’s identity; the local copy follows', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    git(root, 'config', 'user.name', 'Ann');
    git(root, 'config', 'user.email', 'ann@example.com');
    const hook = path.join(root, '.git', 'hooks', 'pre-push');
    writeFileSync(hook, '#!/bin/sh\nexit 1\n');
    chmodSync(hook, 0o755);
    const calls: Call[] = [];
    expect(await pushShared(opts(root, recording(calls), 9_000), [{ path: 'snapshots/a.md', text: 'A\n' }], 'share a')).toBe(1);
    const tip = git(remote!, 'rev-parse', SHARE_REF);
    const push = calls.find((c) => c.args[0] === 'push')!;
    expect(push.args).toEqual(['push', '--porcelain', '--no-verify', '--end-of-options', 'origin', `${tip}:refs/butler/handover`]);
    expect(push.timeoutMs).toBe(9_000);
    expect(git(root, 'rev-parse', FETCHED_REF)).toBe(tip);
    expect(git(remote!, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%s|%P', SHARE_REF)).toBe(
      'Ann <ann@example.com>|Ann <ann@example.com>|share a|',
    );
    expect(git(remote!, 'ls-tree', '-r', SHARE_REF)).toBe(`100644 blob ${blob(root, 'A\n')}\tsnapshots/a.md`);
    const hashed = calls.find((c) => c.args[0] === 'hash-object')!;
    expect([hashed.args, hashed.input]).toEqual([['hash-object', '-w', '--stdin'], 'A\n']);
    // No branch, tag or other ref of the clone went along.
    expect(git(remote!, 'for-each-ref', '--format=%(refname)')).toBe('refs/butler/handover\nrefs/heads/main');
  });

  it('without an identity the commit is Butler’s; the temporary index is gone afterwards', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    git(root, 'config', '--unset', 'user.name');
    git(root, 'config', '--unset', 'user.email');
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'share-tmp-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      await pushShared(opts(root), [{ path: 'snapshots/a.md', text: 'A\n' }], 'm');
    } finally {
      process.env.TMPDIR = saved;
    }
    expect(readdirSync(tmp)).toEqual([]);
    expect(git(remote!, 'log', '-1', '--format=%an <%ae>|%cn <%ce>', SHARE_REF)).toBe(
      'Butler <butler@localhost>|Butler <butler@localhost>',
    );
  });

  it('an acceptance receipt is not added where the remote holds another one for that snapshot', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    await pushShared(opts(root), [{ path: 'receipts/s1/accepted-codex-aa.json', text: '{}\n' }], 'first');
    const added = await pushShared(
      opts(root),
      [
        { path: 'receipts/s1/accepted-claude-bb.json', text: '{"b":1}\n' },
        { path: 'receipts/s1/retired-ann-local.json', text: '{"r":1}\n' },
        { path: 'receipts/s2/accepted-claude-bb.json', text: '{"c":1}\n' },
        { path: 'snapshots/receipts/s1/accepted-x.md', text: 'x\n' },
      ],
      'second',
    );
    expect(added).toBe(3);
    expect(git(remote!, 'ls-tree', '-r', '--name-only', SHARE_REF).split('\n')).toEqual([
      'receipts/s1/accepted-codex-aa.json',
      'receipts/s1/retired-ann-local.json',
      'receipts/s2/accepted-claude-bb.json',
      'snapshots/receipts/s1/accepted-x.md',
    ]);
    expect(await pushShared(opts(root), [{ path: 'receipts/s1/accepted-other-cc.json', text: '{}\n' }], 'third')).toBe(0);
  });

  it('a rejected push is retried four times in all, then rejected with the last words', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    let n = 0;
    const rejecting: GitRunner = async (cwd, args, o) =>
      args[0] === 'push' ? { stdout: `! refs [rejected] (attempt ${++n})`, stderr: '', exitCode: 1 } : hostGit(cwd, args, o);
    const f = await failure(pushShared(opts(root, rejecting), [{ path: 'a', text: 'a' }], 'm'));
    expect([f.reason, f.detail, n]).toEqual(['rejected', '! refs [rejected] (attempt 4)', 4]);
    expect(git(remote!, 'for-each-ref', SHARE_REF)).toBe('');
  });

  it('the words of a refused or rejected push are bounded to 1000 characters', async () => {
    const { root } = makeRepo({ withRemote: true });
    const says =
      (stderr: string): GitRunner =>
      async (cwd, args, o) =>
        args[0] === 'push' ? { stdout: '', stderr, exitCode: 1 } : hostGit(cwd, args, o);
    const refused = await failure(
      pushShared(opts(root, says(`fatal: hook declined ${'r'.repeat(2000)}`)), [{ path: 'a', text: 'a' }], 'm'),
    );
    expect([refused.reason, refused.detail.length]).toEqual(['git_error', 1000]);
    const rejected = await failure(pushShared(opts(root, says(`[rejected] ${'j'.repeat(2000)}`)), [{ path: 'a', text: 'a' }], 'm'));
    expect([rejected.reason, rejected.detail.length]).toEqual(['rejected', 1000]);
  });

  it.each([
    ['error: failed to push some refs\nhint: Updates were rejected because the tip is behind (non-fast-forward)'],
    ['hint: fetch first'],
    ['! [remote rejected] (stale info)'],
    ['error: cannot lock ref refs/butler/handover'],
    ['remote: error: failed to update ref'],
  ])('%s is a race: retried', async (stderr) => {
    const { root } = makeRepo({ withRemote: true });
    let n = 0;
    const racing: GitRunner = async (cwd, args, o) =>
      args[0] === 'push' && n++ === 0 ? { stdout: '', stderr, exitCode: 1 } : hostGit(cwd, args, o);
    expect(await pushShared(opts(root, racing), [{ path: 'a', text: 'a' }], 'm')).toBe(1);
    expect(n).toBe(2);
  });

  it.each([
    ['fatal: Could not read from remote repository.', {}, 'unreachable'],
    ['remote: Permission denied to mallory.', {}, 'unreachable'],
    ['', { timedOut: true }, 'unreachable'],
    ['remote: error: GH006: Protected branch hook declined', {}, 'git_error'],
  ])('%s is not retried', async (stderr, extra, reason) => {
    const { root } = makeRepo({ withRemote: true });
    let n = 0;
    const refusing: GitRunner = async (cwd, args, o) =>
      args[0] === 'push' ? (n++, { stdout: 'out', stderr, exitCode: 1, ...extra }) : hostGit(cwd, args, o);
    const f = await failure(pushShared(opts(root, refusing), [{ path: 'a', text: 'a' }], 'm'));
    expect([f.reason, f.detail, n]).toEqual([reason, `${stderr}\nout`.trim(), 1]);
  });

  it('all attempts together stay within twice the bound of one call', async () => {
    const { root } = makeRepo({ withRemote: true });
    const bounds: number[] = [];
    // Each push is rejected after 700 ms: by the fourth fetch, twice the 1 s bound has run out.
    const slow: GitRunner = async (cwd, args, o) => {
      if (args[0] === 'fetch') bounds.push(o?.timeoutMs ?? Infinity);
      if (args[0] !== 'push') return hostGit(cwd, args, o);
      await new Promise((r) => setTimeout(r, 700));
      return { stdout: '', stderr: 'non-fast-forward', exitCode: 1 };
    };
    const f = await failure(pushShared(opts(root, slow, 1_000), [{ path: 'a', text: 'a' }], 'm'));
    expect([f.reason, f.detail]).toEqual(['unreachable', 'the time bound for sharing ran out']);
    expect(bounds.length).toBeLessThanOrEqual(3);
    expect(bounds[0]).toBe(1_000);
    expect(bounds.at(-1)).toBeLessThan(1_000);
  });

  it('one clone’s shares take turns under the lock in the common git dir, also from a linked worktree', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const tree = path.join(path.dirname(root), 'tree');
    git(root, 'worktree', 'add', '-q', '-b', 'other', tree);
    git(tree, 'branch', '-q', '--set-upstream-to=origin/main');
    const seen: boolean[] = [];
    const watching: GitRunner = async (cwd, args, o) => {
      if (args[0] === 'push') seen.push(existsSync(path.join(root, '.git', 'butler-share.lock')));
      return hostGit(cwd, args, o);
    };
    const [x, y] = await Promise.all([
      pushShared(opts(root, watching), [{ path: 'snapshots/x.md', text: 'x\n' }], 'x'),
      pushShared(opts(tree, watching), [{ path: 'snapshots/y.md', text: 'y\n' }], 'y'),
    ]);
    expect([x, y, seen]).toEqual([1, 1, [true, true]]);
    expect(git(remote!, 'rev-list', '--count', SHARE_REF)).toBe('2');
    expect(existsSync(path.join(root, '.git', 'butler-share.lock'))).toBe(false);
  });
});
