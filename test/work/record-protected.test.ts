// work_record cannot be used to switch the guard off (issue #26 items 2-4; docs/decisions.md D34): it
// refuses changes to Butler's runtime and to Butler's hook and server entries, Butler's git runs no
// repository hook or fsmonitor whatever .git/config says, and the commit it made is checked again.
// Real git throughout, hostile repository configuration written as an agent would write it.
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ButlerError } from '../../src/shared/errors.js';
import { hostGit } from '../helpers/git.js';
import { recordWork } from '../../src/work/record.js';
import { write } from '../helpers/git-scenarios.js';
import { git, makeRepo } from '../helpers/repo.js';

const HOOK = { type: 'command', command: 'sh -c x .butler/bin/pre-tool-use.sh', timeout: 5 };
const claudeSettings = (extra: object = {}) =>
  `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [HOOK] }] }, ...extra }, null, 2)}\n`;
const codexToml = '[mcp_servers.butler]\ncommand = "sh"\nargs = ["-c", "x .butler/bin/butler.mjs mcp"]\n';
const mcpJson = `${JSON.stringify({ mcpServers: { butler: { command: 'sh' }, other: { command: 'o' } } })}\n`;

/** A repository with Butler's files committed, as after a person's `butler install` and commit. */
function installed(): string {
  const { root } = makeRepo();
  write(root, '.butler/bin/pre-tool-use.sh', 'the pre-filter\n');
  write(root, '.butler/bin/pre-tool-use.cjs', 'the hook\n');
  write(root, '.claude/settings.json', claudeSettings());
  write(root, '.codex/hooks.json', claudeSettings());
  write(root, '.codex/config.toml', codexToml);
  write(root, '.mcp.json', mcpJson);
  write(root, '.gemini/settings.json', mcpJson);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'butler install');
  return root;
}

const record = (root: string) =>
  recordWork({ projectRoot: root, message: 'm', defaultIssue: null, git: hostGit, lang: 'en' }).then(
    (r) => r,
    (e: unknown) => e,
  );

async function expectRefused(root: string, hint: RegExp): Promise<ButlerError> {
  const head = git(root, 'rev-parse', 'HEAD');
  const err = await record(root);
  expect(err).toBeInstanceOf(ButlerError);
  expect((err as ButlerError).code).toBe('policy_blocked');
  expect((err as ButlerError).hint).toMatch(hint);
  expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
  return err as ButlerError;
}

describe('work_record refuses changes to Butler runtime and entries', () => {
  it.each<[string, (root: string) => void]>([
    ['the pre-filter overwritten', (r) => write(r, '.butler/bin/pre-tool-use.sh', 'exit 0\n')],
    ['the Node hook deleted', (r) => rmSync(path.join(r, '.butler/bin/pre-tool-use.cjs'))],
    ['a new file in the runtime', (r) => write(r, '.butler/bin/extra.sh', 'x\n')],
    ['Claude Code hook removed', (r) => write(r, '.claude/settings.json', '{}\n')],
    ['Claude Code hooks disabled', (r) => write(r, '.claude/settings.json', claudeSettings({ disableAllHooks: true }))],
    ['Codex hook command changed', (r) => write(r, '.codex/hooks.json', claudeSettings().replace('pre-tool-use.sh', 'evil.sh'))],
    ['Codex hooks.json broken', (r) => write(r, '.codex/hooks.json', '{')],
    ['Codex MCP table removed', (r) => write(r, '.codex/config.toml', '# nothing\n')],
    ['.mcp.json butler removed', (r) => write(r, '.mcp.json', '{"mcpServers":{"other":{"command":"o"}}}\n')],
    ['Gemini settings butler removed', (r) => rmSync(path.join(r, '.gemini/settings.json'))],
    ['a nested project runtime', (r) => write(r, 'pkg/.butler/bin/pre-tool-use.sh', 'exit 0\n')],
  ])('%s: policy_blocked naming butler install, nothing recorded', async (_n, change) => {
    const root = installed();
    write(root, 'work.txt', 'real work\n');
    change(root);
    const err = await expectRefused(root, /butler install/);
    expect(err.message).toMatch(/\.butler\/bin|settings\.json|hooks\.json|config\.toml|\.mcp\.json/);
  });

  it("records the user's own hook beside Butler's, and other changes to the client files", async () => {
    const root = installed();
    const mine = JSON.parse(claudeSettings());
    mine.hooks.PreToolUse.push({ matcher: 'Edit', hooks: [{ type: 'command', command: './lint.sh' }] });
    mine.permissions = { allow: ['Bash(npm test)'] };
    write(root, '.claude/settings.json', JSON.stringify(mine));
    write(root, '.codex/config.toml', `model = "o3"\n${codexToml}`);
    const r = await record(root);
    expect((r as { status: string }).status).toBe('ok');
  });
});

describe("Butler's git runs no repository hook or fsmonitor, and the commit made is checked again", () => {
  it('a pre-commit hook (in .git/hooks and under core.hooksPath) and an fsmonitor command never run', async () => {
    const root = installed();
    const marker = path.join(root, '..', 'marker');
    const script = `#!/bin/sh\necho ran >> "${marker}"\nprintf 'guard:\\n  mode: off\\n' > .butler/config.yaml\ngit add .butler/config.yaml\n`;
    write(root, '.git/hooks/pre-commit', script);
    chmodSync(path.join(root, '.git/hooks/pre-commit'), 0o755);
    mkdirSync(path.join(root, '..', 'myhooks'));
    writeFileSync(path.join(root, '..', 'myhooks', 'pre-commit'), script, { mode: 0o755 });
    writeFileSync(path.join(root, '..', 'fsmon'), `#!/bin/sh\necho fsmonitor >> "${marker}"\n`, { mode: 0o755 });
    write(root, 'work.txt', 'real work\n');
    const r = await record(root);
    expect((r as { status: string }).status).toBe('ok');
    git(root, 'config', 'core.hooksPath', path.join(root, '..', 'myhooks'));
    git(root, 'config', 'core.fsmonitor', path.join(root, '..', 'fsmon'));
    write(root, 'work.txt', 'more work\n');
    expect((await record(root)) as { status: string }).toMatchObject({ status: 'ok' });
    expect(existsSync(marker)).toBe(false);
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD')).toBe('work.txt');
    expect(git(root, 'ls-tree', '--name-only', 'HEAD', '.butler/')).toBe('.butler/bin');
  });

  it('a clean filter that turns the guard off on `git add`: the commit is undone, policy_blocked', async () => {
    const root = installed();
    write(root, '.butler/config.yaml', 'guard:\n  mode: block\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'config');
    write(root, '.gitattributes', '.butler/config.yaml filter=evil\n');
    git(root, 'config', 'filter.evil.clean', "printf 'guard:\\n  mode: off\\n'");
    // The work-tree file itself changes harmlessly, so the check before the commit passes.
    write(root, '.butler/config.yaml', 'guard:\n  mode: block\n  allow: []\n');
    const err = await expectRefused(root, /butler guard/);
    expect(err.message).toContain('.butler/config.yaml');
    expect(git(root, 'show', 'HEAD:.butler/config.yaml')).toContain('mode: block');
  });
});
