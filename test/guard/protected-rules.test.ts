// What work_record may not record, with fixed expectations (issue #27, docs/decisions.md D34): a guard
// relaxation in any folder, any runtime file, and any change to Butler's part of a client file (its
// hooks, its server entry, the switches that turn hooks or the server off). Other edits pass.
import { describe, expect, it } from 'vitest';
import { protectedChanges } from '../../src/guard/protected.js';

type Files = Record<string, string | null>;
/** Sorts one change of `rel` from `before` to `after` (null: absent). */
async function sort(rel: string, before: string | null, after: string | null) {
  const side = (files: Files) => async (p: string) => files[p] ?? null;
  return protectedChanges([rel], side({ [rel]: before }), side({ [rel]: after }));
}
const relaxing = async (rel: string, b: string | null, a: string | null) => (await sort(rel, b, a)).relaxing.length === 1;
const runtime = async (rel: string, b: string | null, a: string | null) => (await sort(rel, b, a)).runtime.length === 1;

const HOOK = (command: string, matcher = 'Bash', event = 'PreToolUse') =>
  JSON.stringify({ hooks: { [event]: [{ matcher, hooks: [{ type: 'command', command }] }] } });
const OURS = 'sh .butler/bin/pre-tool-use.sh 3f2a';

describe('guard settings', () => {
  it('a weaker mode or a new allowed subcommand relaxes, in the project and in a nested folder', async () => {
    expect(await relaxing('.butler/config.yaml', null, 'guard:\n  mode: off\n')).toBe(true);
    expect(await relaxing('.butler/config.yaml', 'guard:\n  mode: block\n', 'guard:\n  mode: warn\n')).toBe(true);
    expect(await relaxing('app/.butler/config.yaml', 'guard:\n  allow: [fetch]\n', 'guard:\n  allow: [fetch, push]\n')).toBe(true);
    // Broken settings count as the default (block): fixing them into a relaxation is one.
    expect(await relaxing('.butler/config.yaml', 'guard: [', 'guard:\n  allow: [fetch]\n')).toBe(true);
  });

  it('tightening, an unchanged guard and a broken file are not relaxations', async () => {
    expect(await relaxing('.butler/config.yaml', 'guard:\n  mode: warn\n', 'guard:\n  mode: block\n')).toBe(false);
    expect(await relaxing('.butler/config.yaml', 'guard:\n  allow: [fetch, push]\n', 'guard:\n  allow: [fetch]\n')).toBe(false);
    expect(await relaxing('.butler/config.yaml', 'guard:\n  allow: [fetch]\nlang: en\n', 'guard:\n  allow: [fetch]\nlang: ja\n')).toBe(
      false,
    );
    expect(await relaxing('.butler/config.yaml', 'guard:\n  mode: off\n', 'guard: [')).toBe(false);
    expect(await relaxing('.butler/config.yaml', null, null)).toBe(false);
  });
});

describe("Butler's runtime", () => {
  it('every file below .butler/bin/, in any folder, whatever the change', async () => {
    expect(await runtime('.butler/bin/pre-tool-use.sh', 'a', 'b')).toBe(true);
    expect(await runtime('.butler/bin/pre-tool-use.cjs', 'a', null)).toBe(true);
    expect(await runtime('app/.butler/bin/butler.mjs', null, 'x')).toBe(true);
    expect(await sort('.butler/binx/y', 'a', 'b')).toEqual({ relaxing: [], runtime: [] });
    expect(await sort('README.md', 'a', 'b')).toEqual({ relaxing: [], runtime: [] });
  });
});

describe('client files', () => {
  const SETTINGS = '.claude/settings.json';

  it("a change to Butler's hook (command, matcher, event), or its removal, is protected", async () => {
    expect(await runtime(SETTINGS, HOOK(OURS), HOOK('true'))).toBe(true);
    expect(await runtime(SETTINGS, HOOK(OURS), HOOK(OURS, 'Edit'))).toBe(true);
    expect(await runtime(SETTINGS, HOOK(OURS), HOOK(OURS, 'Bash', 'PostToolUse'))).toBe(true);
    expect(await runtime(SETTINGS, HOOK(OURS), '{}')).toBe(true);
    expect(await runtime(SETTINGS, HOOK(OURS), null)).toBe(true);
    expect(await runtime(SETTINGS, HOOK(OURS), '{ not json')).toBe(true);
    expect(await runtime(SETTINGS, HOOK(OURS), '[1]')).toBe(true);
  });

  it('other hooks, other keys and formatting are not', async () => {
    expect(await runtime(SETTINGS, HOOK('./lint.sh'), HOOK('./format.sh'))).toBe(false);
    const withPerms = JSON.stringify({ ...JSON.parse(HOOK(OURS)), permissions: { allow: ['Bash(ls)'] } });
    expect(await runtime(SETTINGS, HOOK(OURS), withPerms)).toBe(false);
    expect(await runtime(SETTINGS, HOOK(OURS), JSON.stringify(JSON.parse(HOOK(OURS)), null, 2))).toBe(false);
    expect(await runtime(SETTINGS, null, null)).toBe(false);
  });

  it('the switches that turn hooks or the server off, and the server entry, in each client file', async () => {
    const cases: [string, string, string][] = [
      ['.claude/settings.local.json', '{}', '{"disableAllHooks":true}'],
      ['.claude/settings.json', '{}', '{"enabledMcpjsonServers":["butler"]}'],
      ['.claude/settings.json', '{}', '{"disabledMcpjsonServers":["butler"]}'],
      ['.mcp.json', '{"mcpServers":{"butler":{"command":"node"}}}', '{"mcpServers":{"butler":{"command":"evil"}}}'],
      ['.mcp.json', '{"mcpServers":{"butler":{"command":"node"}}}', '{"mcpServers":{}}'],
      ['.gemini/settings.json', '{}', '{"mcpServers":{"butler":{"command":"x"}}}'],
      ['.codex/config.toml', '[mcp_servers.butler]\ncommand = "node"\n', '[mcp_servers.butler]\ncommand = "evil"\n'],
      ['.codex/config.toml', '', '[features]\ncodex_hooks = false\n'],
      ['.codex/hooks.json', HOOK(OURS), JSON.stringify({ hooks: { ...JSON.parse(HOOK(OURS)).hooks, state: 'disabled' } })],
      ['app/.codex/hooks.json', HOOK(OURS), HOOK('true')],
    ];
    for (const [rel, b, a] of cases) expect(await runtime(rel, b, a), `${rel}: ${a}`).toBe(true);
    const harmless: [string, string, string][] = [
      ['.claude/settings.json', '{}', '{"enabledMcpjsonServers":["other"]}'],
      ['.mcp.json', '{"mcpServers":{"butler":{"command":"node"}}}', '{"mcpServers":{"butler":{"command":"node"},"other":{}}}'],
      ['.codex/config.toml', '[mcp_servers.butler]\ncommand = "node"\n', '[mcp_servers.butler]\ncommand = "node"\n[x]\ny = 1\n'],
      ['.codex/config.toml', '', '[features]\nother = true\n'],
    ];
    for (const [rel, b, a] of harmless) expect(await runtime(rel, b, a), `${rel}: ${a}`).toBe(false);
  });

  it('malformed hook tables are read without a throw, and absent, unreadable and not-an-object differ as they should', async () => {
    // Hook tables an attacker may write: each still sorts (no throw), and holds no Butler hook.
    for (const after of [
      '{"hooks":{"PreToolUse":5}}',
      '{"hooks":{"PreToolUse":[null, 5, {"hooks":5}, {"matcher":"Bash"}]}}',
      '{"hooks":{"PreToolUse":[{"hooks":[null, 5, "x", {"command":5}, {"command":["sh .butler/bin/x"]}]}]}}',
      '{"hooks":"x"}',
    ]) {
      expect(await runtime(SETTINGS, '{}', after), after).toBe(false);
    }
    // Absent is not unreadable; unreadable text and a JSON value that is not an object are both unreadable.
    expect(await runtime(SETTINGS, null, '{ not json')).toBe(true);
    expect(await runtime(SETTINGS, '{}', '[1]')).toBe(true);
    expect(await runtime(SETTINGS, '{ not json', '[1]')).toBe(false);
    expect(await runtime(SETTINGS, '{ not json', 'null')).toBe(false);
    // Codex's hooks switch turned from on to unset, and Butler's server removed from a nested .mcp.json.
    expect(await runtime('.codex/config.toml', '[features]\ncodex_hooks = true\n', '')).toBe(true);
    expect(await runtime('app/.mcp.json', '{"mcpServers":{"butler":{"command":"node"}}}', '{}')).toBe(true);
    expect(await runtime('app/x.mcp.json', '{"mcpServers":{"butler":{"command":"node"}}}', '{}')).toBe(false);
    expect(await runtime('app/x.claude/settings.json', HOOK(OURS), '{}')).toBe(false);
  });

  it('sorts several paths in order and reads only the protected ones', async () => {
    const read: string[] = [];
    const side = (files: Files) => async (p: string) => {
      read.push(p);
      return files[p] ?? null;
    };
    const paths = ['README.md', '.butler/bin/a', '.butler/config.yaml', '.mcp.json', 'x/.butler/config.yaml'];
    const before: Files = { '.mcp.json': '{}' };
    const after: Files = {
      '.butler/config.yaml': 'guard:\n  mode: off\n',
      '.mcp.json': '{}',
      'x/.butler/config.yaml': 'guard:\n  allow: [push]\n',
    };
    expect(await protectedChanges(paths, side(before), side(after))).toEqual({
      relaxing: ['.butler/config.yaml', 'x/.butler/config.yaml'],
      runtime: ['.butler/bin/a'],
    });
    expect(read).not.toContain('README.md');
  });
});
