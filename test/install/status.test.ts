import { describe, expect, it } from 'vitest';
import { applyChanges, planInstall } from '../../src/install/index.js';
import { formatStatus, getStatus } from '../../src/install/status.js';
import { setButlerTable } from '../../src/install/toml.js';
import { setGuide } from '../../src/install/guide.js';
import { cli, fakeBundles, tempDir, write } from './helpers.js';

const bundles = fakeBundles();
const deps = { nodeVersion: 'v20.11.0', version: '0.1.0' };

describe('butler status', () => {
  it('reports a bare folder plainly: not installed (the Codex trust step stays in the data)', async () => {
    const root = tempDir();
    const s = await getStatus(root, deps);
    expect(s.git_repo).toBe(false);
    expect(s.runtime.vendored).toBeNull();
    expect(s.clients.claude!.session_start).toBe(false);
    expect(s.issue_backend).toBe('local');
    expect(s.clients.codex!.trust).toMatch(/trusted project/);
    expect(s.clients.codex!.trust).toMatch(/\/hooks/);
    expect(s.problems.join('\n')).toMatch(/Not a git repository/);
    // #25: outside a repository that comes first, and install (which would refuse) is not advised.
    const text = formatStatus(s);
    expect(text.split('\n')[1]).toBe(
      '  not a git repository: Butler installs into a git repository; run git init there, or pass --project',
    );
    expect(text).not.toContain('run butler install');
    expect(text).not.toContain('Codex trust:');
  });

  it('reports everything installed, per client, and the issue backend from .butler/config.yaml', async () => {
    const root = tempDir();
    write(root, '.git/HEAD', 'ref: refs/heads/main\n');
    write(root, '.butler/config.yaml', 'issues:\n  backend: gitea\n  url: https://git.example.com\n');
    await applyChanges(
      root,
      await planInstall({
        root,
        clients: ['claude', 'codex'],
        personal: false,
        force: false,
        lang: 'en' as const,
        langExplicit: false,
        bundleDir: bundles,
        version: '0.1.0',
      }),
    );
    const s = await getStatus(root, deps);
    expect(s).toMatchObject({
      node: { ok: true },
      runtime: { vendored: '0.1.0', up_to_date: true },
      git_repo: true,
      gitignore_session_logs: true,
      issue_backend: 'gitea',
      clients: {
        claude: {
          settings_file: '.claude/settings.json',
          session_start: true,
          pre_tool_use: true,
          mcp_server: true,
          mcp_approved: true,
          guidance: true,
        },
        codex: { session_start: true, pre_tool_use: true, mcp_server: true, mcp_approved: true, guidance: true },
        // Not asked for in this install: every entry missing, nothing reported as a problem.
        gemini: { session_start: false, pre_tool_use: false, mcp_server: false, mcp_approved: false },
      },
      problems: [],
    });
    const text = await cli(['status', '--project', root], { cwd: '/' });
    expect(text.stdout).toMatch(/Codex trust: .*\/hooks/);
    const json = JSON.parse((await cli(['status', '--json', '--project', root], { cwd: '/' })).stdout);
    expect(json.data.clients.codex.mcp_server).toBe(true);
  });

  it('names a broken file and an old Node as problems instead of failing', async () => {
    const root = tempDir();
    write(root, '.codex/hooks.json', '{ "hooks": ');
    const s = await getStatus(root, { nodeVersion: 'v18.19.0', version: '0.1.0' });
    expect(s.node.ok).toBe(false);
    expect(s.problems.join('\n')).toMatch(/\.codex\/hooks\.json is not valid JSON \(line 1, column \d+\)/);
    expect(s.problems.join('\n')).toMatch(/needs Node 20/);
  });
});

describe('text edits', () => {
  const table = '[mcp_servers.butler]\ncommand = "sh"';
  const expected = { command: 'sh' };

  it("replaces Butler's table in the middle of a file and leaves the comments after it", () => {
    const text = 'a = 1\n\n[mcp_servers.butler]\ncommand = "old"\n[mcp_servers.butler.env]\nX = "1"\n\n# about b\n[b]\nc = 2\n';
    expect(setButlerTable('f', text, table, expected)).toBe('a = 1\n\n[mcp_servers.butler]\ncommand = "sh"\n\n# about b\n[b]\nc = 2\n');
  });

  it('keeps CRLF files CRLF and round-trips install/uninstall byte for byte', () => {
    const text = '# mine\r\nx = 1\r\n';
    const installed = setButlerTable('f', text, table, expected)!;
    expect(installed).toBe('# mine\r\nx = 1\r\n\r\n[mcp_servers.butler]\r\ncommand = "sh"\r\n');
    expect(setButlerTable('f', installed, null, undefined)).toBe(text);
  });

  it('guidance block: appended once, refreshed in place, removed cleanly', () => {
    const once = setGuide('# Rules\n', true)!;
    expect(setGuide(once, true)).toBeNull();
    expect(setGuide(once, false)).toBe('# Rules\n');
    const stale = once.replace('## Butler', '## Butler (old)');
    expect(setGuide(stale, true)).toBe(once);
  });
});
