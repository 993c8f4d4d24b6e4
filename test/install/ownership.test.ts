// The user's files stay theirs: foreign `butler` servers, example markers, odd hook shapes, and what
// uninstall leaves behind.
import { beforeEach, describe, expect, it } from 'vitest';
import { cli, fakeBundles, read, tempDir, tree, write } from './helpers.js';

const bundles = fakeBundles();
let root: string;
beforeEach(() => {
  root = tempDir();
  write(root, '.git/HEAD', 'ref: refs/heads/main\n');
});
const run = (...args: string[]) => cli([...args, '--project', root], { cwd: '/', bundleDir: bundles });

describe('a user server named butler', () => {
  it('in .mcp.json: install refuses and names it, --force replaces it, uninstall never removes it', async () => {
    const mine = '{ "mcpServers": { "butler": { "command": "my-butler", "args": ["serve"] } } }\n';
    write(root, '.mcp.json', mine);
    const before = tree(root);
    const r = await run('install');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('.mcp.json already has an MCP server "butler" that Butler did not write');
    expect(r.stderr).toContain('--force');
    expect(tree(root)).toEqual(before);
    expect((await run('uninstall', '--claude')).code).toBe(0);
    expect(read(root, '.mcp.json')).toBe(mine);
    expect((await run('install', '--claude', '--force')).code).toBe(0);
    expect(JSON.parse(read(root, '.mcp.json')).mcpServers.butler.command).toBe('sh');
  });

  it('in .codex/config.toml: the same', async () => {
    const mine = '[mcp_servers.butler]\ncommand = "my-butler"\n';
    write(root, '.codex/config.toml', mine);
    const r = await run('install', '--codex');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('.codex/config.toml already has an MCP server [mcp_servers.butler] that Butler did not write');
    expect((await run('uninstall', '--codex')).code).toBe(0);
    expect(read(root, '.codex/config.toml')).toBe(mine);
    expect((await run('install', '--codex', '--force')).code).toBe(0);
    expect(read(root, '.codex/config.toml')).toContain('.butler/bin/butler.mjs mcp');
  });
});

describe('guidance markers', () => {
  it('markers shown in a fenced code block are documentation, not Butler block', async () => {
    const doc =
      '# Rules\n\nButler writes this:\n\n```md\n<!-- butler:start (written by `butler install`; `butler uninstall` removes it) -->\n...\n<!-- butler:end -->\n```\n';
    write(root, 'AGENTS.md', doc);
    await run('install', '--codex');
    const after = read(root, 'AGENTS.md');
    expect(after.startsWith(doc)).toBe(true);
    expect(after.slice(doc.length)).toMatch(/^\n<!-- butler:start[^]*work_session_start[^]*<!-- butler:end -->\n$/);
    await run('uninstall');
    expect(read(root, 'AGENTS.md')).toBe(doc);
  });
});

describe('hook values of an unexpected shape', () => {
  const cases: [string, string, string][] = [
    ['hooks is a list', '.claude/settings.json', '{ "hooks": [1, 2] }\n'],
    ['an event is an object', '.claude/settings.json', '{ "hooks": { "PreToolUse": { "matcher": "Bash" } } }\n'],
    ['a group is a number', '.codex/hooks.json', '{ "hooks": { "SessionStart": [3] } }\n'],
    ['approvals are a string', '.claude/settings.json', '{ "enabledMcpjsonServers": "butler" }\n'],
    ['mcpServers is a list', '.mcp.json', '{ "mcpServers": [] }\n'],
  ];
  it.each(cases)('%s: refused with the file and key named, nothing written', async (_name, file, text) => {
    write(root, file, text);
    const before = tree(root);
    const r = await run('install');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(file);
    expect(r.stderr).toMatch(/should be/);
    expect(tree(root)).toEqual(before);
  });
});

describe('uninstall', () => {
  it('says what it leaves behind and why', async () => {
    await run('install');
    write(root, 'session_logs/handover/x.md', '# snapshot\n');
    write(root, '.butler/issues/1.md', '# issue\n');
    const r = await run('uninstall');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /Left in place: session_logs\/ \(your handover snapshots\); \.butler\/issues\/ \(the local issue store\); \.butler\/config\.yaml \(your settings\); the Butler lines in \.gitignore/,
    );
    await run('install');
    const one = await run('uninstall', '--codex');
    expect(one.stdout).toContain('.butler/bin/ (Claude Code still uses it; uninstall it too to remove it)');
  });
});
