// The optional SessionEnd hook (`butler install --session-end`, README "Choices"): written for both
// clients, kept by a plain re-install, removed by --no-session-end and by uninstall, reported by status,
// and never touching the user's own SessionEnd hooks.
import { beforeEach, describe, expect, it } from 'vitest';
import { getStatus } from '../../src/install/status.js';
import { cli, fakeBundles, read, tempDir, tree, userFixture, write } from './helpers.js';

const bundles = fakeBundles();
const snapName = (rel: string) => `__snapshots__/session-end/${rel.replace(/^\./, 'dot').replace(/\//g, '__')}.snap`;
const run = (...args: string[]) => cli([...args, '--project', root], { cwd: '/', bundleDir: bundles });
const json = (rel: string) => JSON.parse(read(root, rel));
const USER_END = { hooks: [{ type: 'command', command: 'say bye' }] };

let root: string;
beforeEach(() => {
  root = tempDir();
  write(root, '.git/HEAD', 'ref: refs/heads/main\n');
  userFixture(root);
  // A user's own SessionEnd hook in each client's file: Butler's entry goes beside it.
  const local = json('.claude/settings.local.json');
  write(root, '.claude/settings.json', `${JSON.stringify({ hooks: { SessionEnd: [USER_END] } }, null, 2)}\n`);
  const codex = json('.codex/hooks.json');
  codex.hooks.SessionEnd = [USER_END];
  write(root, '.codex/hooks.json', `${JSON.stringify(codex, null, 2)}\n`);
  expect(local.hooks.SessionEnd).toBeUndefined();
});

describe('butler install --session-end', () => {
  it('is off by default: a plain install writes no SessionEnd hook and status says off', async () => {
    expect((await run('install')).code).toBe(0);
    expect(json('.claude/settings.json').hooks.SessionEnd).toEqual([USER_END]);
    expect(json('.codex/hooks.json').hooks.SessionEnd).toEqual([USER_END]);
    const s = await getStatus(root, { nodeVersion: 'v20.11.0', version: '0.1.0' });
    expect([s.clients.claude!.session_end, s.clients.codex!.session_end]).toEqual([false, false]);
    expect((await run('status')).stdout).toMatch(/PreCompact {2}off {2}SessionEnd/);
  });

  it('adds the pre-compact bundle as SessionEnd for each client (no matcher, 3 s), beside the user hook', async () => {
    const r = await run('install', '--session-end');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/PreCompact, SessionEnd\)/);
    for (const rel of ['.claude/settings.json', '.codex/hooks.json']) await expect(read(root, rel)).toMatchFileSnapshot(snapName(rel));
    const claude = json('.claude/settings.json').hooks.SessionEnd;
    expect(claude[0]).toEqual(USER_END);
    expect(claude[1]).toEqual({
      hooks: [
        {
          type: 'command',
          command: 'node "$CLAUDE_PROJECT_DIR"/.butler/bin/pre-compact.cjs --brain claude-code --trigger session-end',
          timeout: 3,
        },
      ],
    });
    const codex = json('.codex/hooks.json').hooks.SessionEnd;
    expect(codex[0]).toEqual(USER_END);
    expect(codex[1].hooks[0].command).toMatch(/exec node \.butler\/bin\/pre-compact\.cjs --brain codex-mcp-client --trigger session-end/);
    expect(codex[1].hooks[0].timeout).toBe(3);
    expect(codex[1].matcher).toBeUndefined();
    const s = await getStatus(root, { nodeVersion: 'v20.11.0', version: '0.1.0' });
    expect([s.clients.claude!.session_end, s.clients.codex!.session_end]).toEqual([true, true]);
    expect((await run('status')).stdout).toMatch(/PreCompact {2}ok {3}SessionEnd/);
  });

  it("a plain re-install (an upgrade) keeps it; --no-session-end removes only Butler's entry", async () => {
    await run('install', '--session-end');
    const on = tree(root);
    const again = await run('install');
    expect(again.stdout).toContain('nothing to do');
    expect(tree(root)).toEqual(on);
    expect((await run('install', '--no-session-end')).code).toBe(0);
    expect(json('.claude/settings.json').hooks.SessionEnd).toEqual([USER_END]);
    expect(json('.codex/hooks.json').hooks.SessionEnd).toEqual([USER_END]);
    expect(json('.claude/settings.json').hooks.PreCompact).toHaveLength(1);
  });

  it('moves with the Claude hooks to --personal and back', async () => {
    await run('install', '--claude', '--session-end');
    await run('install', '--claude', '--personal');
    expect(json('.claude/settings.local.json').hooks.SessionEnd[0].hooks[0].command).toContain('--trigger session-end');
    expect(json('.claude/settings.json').hooks.SessionEnd).toEqual([USER_END]);
    await run('install', '--claude');
    expect(json('.claude/settings.json').hooks.SessionEnd).toHaveLength(2);
    expect(json('.claude/settings.local.json').hooks.SessionEnd).toBeUndefined();
  });

  it('uninstall removes it with the other hooks and leaves the user hook', async () => {
    await run('install', '--session-end');
    expect((await run('uninstall')).code).toBe(0);
    expect(json('.claude/settings.json')).toEqual({ hooks: { SessionEnd: [USER_END] } });
    expect(json('.codex/hooks.json').hooks.SessionEnd).toEqual([USER_END]);
  });

  it('install --help names the flags; uninstall refuses them', async () => {
    expect((await cli(['install', '--help'], { cwd: '/' })).stdout).toContain('[--session-end|--no-session-end]');
    expect((await run('uninstall', '--session-end')).code).toBe(2);
  });
});
