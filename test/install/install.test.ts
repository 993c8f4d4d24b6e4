import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyChanges, planInstall, planUninstall } from '../../src/install/index.js';
import { cli, fakeBundles, read, tempDir, tree, userFixture, write } from './helpers.js';

const bundles = fakeBundles();
const snapName = (rel: string) => `__snapshots__/fixture/${rel.replace(/^\./, 'dot').replace(/\//g, '__')}.snap`;

let root: string;
beforeEach(() => {
  root = tempDir();
  write(root, '.git/HEAD', 'ref: refs/heads/main\n');
});

const ctx = (over: Partial<{ claude: boolean; codex: boolean; personal: boolean; force: boolean }> = {}) => ({
  root,
  clients: ['claude', 'codex'],
  personal: false,
  force: false,
  lang: 'en' as const,
  langExplicit: false,
  bundleDir: bundles,
  version: '0.1.0',
  ...over,
});

describe('butler install into a project with its own configuration', () => {
  it('writes the pinned files, keeping every user key, hook, server and comment', async () => {
    userFixture(root);
    const before = tree(root);
    const r = await cli(['install', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(r.code, r.stderr).toBe(0);
    const after = tree(root);
    const written = Object.keys(after).filter((k) => after[k] !== before[k]);
    for (const rel of written) await expect(after[rel]).toMatchFileSnapshot(snapName(rel));
    expect(written.sort()).toEqual(
      [
        '.butler/bin/VERSION',
        '.butler/bin/butler.mjs',
        '.butler/bin/pre-compact.cjs',
        '.butler/bin/pre-tool-use.cjs',
        '.butler/bin/pre-tool-use.sh',
        '.butler/bin/session-start.cjs',
        '.butler/bin/session-start.sh',
        '.butler/config.yaml',
        '.claude/settings.json',
        '.codex/config.toml',
        '.codex/hooks.json',
        '.gitignore',
        '.mcp.json',
        'AGENTS.md',
      ].sort(),
    );
    // CLAUDE.md is an import of AGENTS.md: it is left alone and AGENTS.md carries the guidance.
    expect(after['CLAUDE.md']).toBe('@AGENTS.md\n');
    // The hooks go to the committed settings file; the personal one stays the user's.
    expect(after['.claude/settings.local.json']).toBe(before['.claude/settings.local.json']);
    const settings = JSON.parse(after['.claude/settings.json']!);
    expect(Object.keys(settings.hooks)).toEqual(['SessionStart', 'PreToolUse', 'PreCompact', 'PostCompact']);
    expect(settings.enabledMcpjsonServers).toEqual(['butler']);
    expect(Object.keys(JSON.parse(after['.mcp.json']!).mcpServers)).toEqual(['github', 'butler']);
    expect(after['.codex/config.toml']!.startsWith(before['.codex/config.toml']!)).toBe(true);
    expect(after['AGENTS.md']!.startsWith(before['AGENTS.md']!)).toBe(true);
    const toml = parseToml(after['.codex/config.toml']!) as any;
    expect(toml.mcp_servers.butler.default_tools_approval_mode).toBe('approve');
    expect(toml.profiles.fast.model).toBe('gpt-5-mini');
  });

  it('changes nothing on a second run (byte-identical files)', async () => {
    userFixture(root);
    await cli(['install', '--project', root], { cwd: '/', bundleDir: bundles });
    const once = tree(root);
    expect(await planInstall(ctx())).toEqual([]);
    const r = await cli(['install', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(r.stdout).toContain('nothing to do');
    expect(tree(root)).toEqual(once);
  });

  it('writes no absolute path of the installing machine', async () => {
    userFixture(root);
    await cli(['install'], { cwd: path.join(root), bundleDir: bundles });
    for (const [rel, text] of Object.entries(tree(root))) {
      expect(text, rel).not.toContain(root);
      expect(text, rel).not.toContain(bundles);
    }
  });

  it('--dry-run prints the plan and writes nothing', async () => {
    userFixture(root);
    const before = tree(root);
    const r = await cli(['install', '--dry-run', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/would change/);
    expect(r.stdout).toContain('.codex/config.toml');
    expect(tree(root)).toEqual(before);
    const j = await cli(['install', '--dry-run', '--json', '--project', root], { cwd: '/', bundleDir: bundles });
    const plan = JSON.parse(j.stdout).data;
    expect(plan.dry_run).toBe(true);
    expect(plan.changes.find((c: any) => c.path === '.mcp.json').action).toBe('update');
    expect(tree(root)).toEqual(before);
  });

  it('refuses broken JSON with file, line and column, and writes nothing at all', async () => {
    userFixture(root);
    write(root, '.mcp.json', '{\n  "mcpServers": {\n    "github": {},\n  }\n}\n');
    const before = tree(root);
    const r = await cli(['install', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\.mcp\.json is not valid JSON \(line 4, column 3\)/);
    expect(tree(root)).toEqual(before);
  });

  it('refuses broken TOML with file, line and column, and writes nothing at all', async () => {
    userFixture(root);
    write(root, '.codex/config.toml', 'model = "gpt-5"\n[mcp_servers.docs\ncommand = "x"\n');
    const before = tree(root);
    const r = await cli(['install', '--json', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.summary).toMatch(/\.codex\/config\.toml is not valid TOML \(line 2, column \d+\)/);
    expect(out.data).toMatchObject({ file: '.codex/config.toml', line: 2 });
    expect(tree(root)).toEqual(before);
  });

  it('refuses a butler server it cannot rewrite safely (inline table)', async () => {
    write(root, '.codex/config.toml', 'mcp_servers = { butler = { command = "old" } }\n');
    await expect(planInstall(ctx())).rejects.toThrow(/already has an MCP server \[mcp_servers.butler\] that Butler did not write/);
    await expect(planInstall(ctx({ force: true }))).rejects.toThrow(/inline or with dotted keys/);
  });
});

describe('upgrades and uninstall', () => {
  it('a newer Butler replaces its own older entries in place and keeps the user hook beside them', async () => {
    write(root, '.butler/bin/VERSION', 'agent-butler 0.0.9\n');
    write(
      root,
      '.claude/settings.local.json',
      JSON.stringify(
        {
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [
                  { type: 'command', command: './mine.sh' },
                  { type: 'command', command: 'node "$CLAUDE_PROJECT_DIR"/.butler/bin/pre-tool-use.mjs --old', timeout: 3 },
                ],
              },
            ],
            SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'node .butler/bin/session-start.mjs' }] }],
          },
        },
        null,
        2,
      ),
    );
    const r = await cli(['install', '--claude', '--personal', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(r.stdout).toContain('version 0.0.9 -> 0.1.0');
    const s = JSON.parse(read(root, '.claude/settings.local.json'));
    expect(s.hooks.PreToolUse).toHaveLength(2);
    expect(s.hooks.PreToolUse[0].hooks).toEqual([{ type: 'command', command: './mine.sh' }]);
    expect(s.hooks.PreToolUse[1].hooks[0].timeout).toBe(5);
    expect(s.hooks.SessionStart).toHaveLength(1);
    expect(s.hooks.SessionStart[0].matcher).toBe('startup|resume|clear|compact');
    expect(read(root, '.butler/bin/VERSION')).toBe('agent-butler 0.1.0\n');
  });

  it('uninstall removes only Butler entries and restores the user files', async () => {
    userFixture(root);
    const before = tree(root);
    await applyChanges(root, await planInstall(ctx()));
    const r = await cli(['uninstall', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(r.code, r.stderr).toBe(0);
    const after = tree(root);
    // Byte-for-byte, JSON included: edits keep the user's formatting (src/install/json-edit.ts).
    for (const rel of ['.codex/config.toml', 'AGENTS.md', 'CLAUDE.md', '.claude/settings.local.json', '.mcp.json', '.codex/hooks.json']) {
      expect(after[rel], rel).toBe(before[rel]);
    }
    expect(after['.claude/settings.json']).toBeUndefined();
    expect(r.stdout).toMatch(/Left in place: .*\.butler\/config\.yaml.*\.gitignore/);
    expect(Object.keys(after).filter((k) => k.startsWith('.butler/'))).toEqual(['.butler/config.yaml']);
    // Snapshots stay private after uninstall too.
    expect(after['.gitignore']).toContain('session_logs/');
  });

  it('install then uninstall on an empty repo leaves only the .gitignore entry and the config', async () => {
    await applyChanges(root, await planInstall(ctx()));
    await applyChanges(root, await planUninstall({ root, clients: ['claude', 'codex'] }));
    expect(Object.keys(tree(root))).toEqual(['.butler/config.yaml', '.gitignore']);
  });

  it('--personal moves the Claude hooks into .claude/settings.local.json, and a plain install moves them back', async () => {
    userFixture(root);
    const before = tree(root);
    await cli(['install', '--claude', '--personal', '--project', root], { cwd: '/', bundleDir: bundles });
    const local = JSON.parse(read(root, '.claude/settings.local.json'));
    expect(local.hooks.SessionStart).toHaveLength(1);
    expect(local.hooks.PreToolUse).toHaveLength(2);
    expect(local.enabledMcpjsonServers).toEqual(['github', 'butler']);
    expect(existsSync(path.join(root, '.claude/settings.json'))).toBe(false);
    // --shared is the old name of the default and still accepted.
    expect((await cli(['install', '--claude', '--shared', '--project', root], { cwd: '/', bundleDir: bundles })).code).toBe(0);
    expect(JSON.parse(read(root, '.claude/settings.json')).hooks.SessionStart).toHaveLength(1);
    const back = read(root, '.claude/settings.local.json');
    expect(JSON.parse(back).hooks.SessionStart).toBeUndefined();
    expect(JSON.parse(back).permissions).toEqual({ allow: ['Bash(npm test)'] });
    expect(before['.claude/settings.local.json']).toBeDefined();
  });

  it('writes CLAUDE.md guidance when CLAUDE.md is its own file, never through a symlink', async () => {
    write(root, 'CLAUDE.md', '# Claude notes\n\nBe brief.\n');
    await cli(['install', '--claude', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(read(root, 'CLAUDE.md')).toMatch(/^# Claude notes\n\nBe brief.\n\n<!-- butler:start/);
    const other = tempDir();
    execFileSync('git', ['init', '-q', other]);
    write(other, 'AGENTS.md', '# rules\n');
    symlinkSync('AGENTS.md', path.join(other, 'CLAUDE.md'));
    await cli(['install', '--claude', '--project', other], { cwd: '/', bundleDir: bundles });
    expect(lstatSync(path.join(other, 'CLAUDE.md')).isSymbolicLink()).toBe(true);
    expect(read(other, 'AGENTS.md')).toContain('butler:start');
  });
});

describe('project root', () => {
  it('install from a subfolder writes into the git root', async () => {
    write(root, 'src/lib/x.ts', 'export {};\n');
    const r = await cli(['install', '--codex'], { cwd: path.join(root, 'src', 'lib'), bundleDir: bundles });
    expect(r.code, r.stderr).toBe(0);
    expect(read(root, '.codex/config.toml')).toContain('[mcp_servers.butler]');
    expect(r.stdout).toContain(`butler install: ${root} (codex)`);
    expect(r.stdout).toMatch(/note: Codex loads project .codex\/ hooks and config only in a trusted project.*\/hooks/);
  });

  it('refuses a folder that does not exist or is not in a git repository, and writes nothing', async () => {
    const missing = path.join(tempDir(), 'nope');
    // A wrong --project is the command line's mistake: exit 2, as every usage error (#25).
    expect((await cli(['install', '--project', missing], { cwd: '/', bundleDir: bundles })).code).toBe(2);
    expect(existsSync(missing)).toBe(false);
    const plain = tempDir();
    const r = await cli(['install', '--project', plain], { cwd: '/', bundleDir: bundles });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not in a git repository/);
    expect(readdirSync(plain)).toEqual([]);
  });

  it('git-ignores the personal Claude settings file whenever Claude Code is installed (its own approvals go there, #25), not for Codex alone', async () => {
    await cli(['install', '--claude', '--personal', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(read(root, '.gitignore')).toMatch(/^\.claude\/settings\.local\.json$/m);
    const shared = tempDir();
    execFileSync('git', ['init', '-q', shared]);
    await cli(['install', '--claude', '--project', shared], { cwd: '/', bundleDir: bundles });
    expect(read(shared, '.gitignore')).toMatch(/^\.claude\/settings\.local\.json$/m);
    const codex = tempDir();
    execFileSync('git', ['init', '-q', codex]);
    await cli(['install', '--codex', '--project', codex], { cwd: '/', bundleDir: bundles });
    expect(read(codex, '.gitignore')).not.toContain('settings.local.json');
  });
});
