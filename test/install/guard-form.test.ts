// The PreToolUse command form (issue #17): the shell pre-filter by default, the plain Node command
// where sh and awk are missing (guardForm 'node': native Windows), status naming the form, and an
// install over the old form upgrading it in place, idempotently.
import { describe, expect, it } from 'vitest';
import { commandsFor } from '../../src/install/client.js';
import { preFilterSum } from '../../src/install/guard-launcher.js';
import { claude, codex } from '../../src/shared/clients/index.js';

/** A client's commands; the guard's depends on the SHA-256 of the pre-filter it runs. */
const commandsOfClient = (c: typeof claude) => ({ ...commandsFor(c), preToolUse: (sum: string) => commandsFor(c, sum).preToolUse });
const claudeCommands = commandsOfClient(claude);
const codexCommands = commandsOfClient(codex);
import { applyChanges, planInstall, type InstallContext } from '../../src/install/index.js';
import { formatStatus, getStatus } from '../../src/install/status.js';
import { fakeBundles, read, tempDir, tree, write } from './helpers.js';

const bundles = fakeBundles();
const deps = { nodeVersion: 'v20.11.0', version: '0.1.0' };
const ctx = (root: string, extra: Partial<InstallContext> = {}): InstallContext => ({
  root,
  clients: ['claude', 'codex'],
  personal: false,
  force: false,
  lang: 'en',
  langExplicit: false,
  bundleDir: bundles,
  version: '0.1.0',
  ...extra,
});
const commands = (root: string) => {
  const claude = JSON.parse(read(root, '.claude/settings.json')).hooks.PreToolUse;
  const codex = JSON.parse(read(root, '.codex/hooks.json')).hooks.PreToolUse;
  return [...claude, ...codex].flatMap((g: { hooks: { command: string }[] }) => g.hooks.map((h) => h.command));
};

describe('PreToolUse command form', () => {
  it('installs the shell pre-filter and vendors pre-tool-use.sh; status says so', async () => {
    const root = tempDir();
    write(root, '.git/HEAD', 'ref: refs/heads/main\n');
    await applyChanges(root, await planInstall(ctx(root)));
    // The command carries the SHA-256 of the pre-filter it runs (src/install/guard-launcher.ts).
    const sum = preFilterSum(read(root, '.butler/bin/pre-tool-use.sh'));
    expect(commands(root)).toEqual([claudeCommands.preToolUse(sum), codexCommands.preToolUse(sum)]);
    expect(claudeCommands.preToolUse(sum)).toContain(`in ${sum}*) BUTLER_BIN=$d/.butler/bin; eval "$s";;`);
    expect(codexCommands.preToolUse(sum)).toMatch(/^sh -c 'd=\$PWD; /);
    expect(read(root, '.butler/bin/pre-tool-use.sh')).toBe('// fake pre-tool-use.sh\n');
    const s = await getStatus(root, deps);
    expect([
      s.clients.claude!.pre_tool_use_form,
      s.clients.codex!.pre_tool_use_form,
      s.clients.claude!.pre_tool_use,
      s.clients.codex!.pre_tool_use,
    ]).toEqual(['shell', 'shell', true, true]);
    // The PreCompact hook (automatic snapshots) is reported for both clients too.
    expect([s.clients.claude!.pre_compact, s.clients.codex!.pre_compact]).toEqual([true, true]);
    expect(formatStatus(s)).toMatch(/Claude Code: .*PreToolUse \(sh pre-filter\)[\s\S]*Codex: .*PreToolUse \(sh pre-filter\)/);
  });

  it("guardForm 'node' (no sh or awk) writes the plain Node command, and status says so", async () => {
    const root = tempDir();
    await applyChanges(root, await planInstall(ctx(root, { guardForm: 'node' })));
    expect(commands(root)).toEqual([claudeCommands.preToolUseNode, codexCommands.preToolUseNode]);
    expect(claudeCommands.preToolUseNode).toBe('node "$CLAUDE_PROJECT_DIR"/.butler/bin/pre-tool-use.cjs');
    const s = await getStatus(root, deps);
    expect([s.clients.claude!.pre_tool_use_form, s.clients.codex!.pre_tool_use_form, s.clients.claude!.pre_tool_use]).toEqual([
      'node',
      'node',
      true,
    ]);
    expect(formatStatus(s)).toMatch(/PreToolUse \(node only\)/);
  });

  it('upgrades the old Node command in place (same slot, user hooks kept) and is idempotent', async () => {
    const root = tempDir();
    await applyChanges(root, await planInstall(ctx(root, { guardForm: 'node' })));
    // The user's own PreToolUse handlers before and after Butler's group stay where they are.
    const settings = JSON.parse(read(root, '.claude/settings.json'));
    settings.hooks.PreToolUse.unshift({ matcher: 'Edit', hooks: [{ type: 'command', command: './lint.sh' }] });
    settings.hooks.PreToolUse.push({ matcher: 'Bash', hooks: [{ type: 'command', command: './audit.sh' }] });
    write(root, '.claude/settings.json', JSON.stringify(settings, null, 2));
    await applyChanges(root, await planInstall(ctx(root)));
    const after = JSON.parse(read(root, '.claude/settings.json')).hooks.PreToolUse;
    expect(after.map((g: { hooks: { command: string }[] }) => g.hooks[0]!.command)).toEqual([
      './lint.sh',
      claudeCommands.preToolUse(preFilterSum(read(root, '.butler/bin/pre-tool-use.sh'))),
      './audit.sh',
    ]);
    expect(JSON.parse(read(root, '.codex/hooks.json')).hooks.PreToolUse).toHaveLength(1);
    expect((await getStatus(root, deps)).clients.codex!.pre_tool_use_form).toBe('shell');
    const before = tree(root);
    expect(await planInstall(ctx(root))).toEqual([]);
    expect(tree(root)).toEqual(before);
  });
});
