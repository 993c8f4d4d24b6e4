// The hook bundles became CommonJS (.cjs; scripts/build.mjs says why). An install made with the older
// .mjs hooks is upgraded in place: old files removed, hook commands rewritten in their slots, status
// clean, a second install a no-op; status names the old files until then; uninstall removes both forms.
import { renameSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandsFor } from '../../src/install/client.js';
import { preFilterSum } from '../../src/install/guard-launcher.js';
import { startScriptSum } from '../../src/install/start-launcher.js';
import { claude, codex } from '../../src/shared/clients/index.js';

/** A client's commands; the guard's depends on the SHA-256 of the pre-filter it runs. */
const commandsOfClient = (c: typeof claude) => ({ ...commandsFor(c), preToolUse: (sum: string) => commandsFor(c, sum).preToolUse });
const claudeCommands = commandsOfClient(claude);
const codexCommands = commandsOfClient(codex);
import { applyChanges, planInstall, planUninstall, type InstallContext } from '../../src/install/index.js';
import { getStatus } from '../../src/install/status.js';
import { fakeBundles, read, tempDir, tree, write } from './helpers.js';

const bundles = fakeBundles();
const deps = { nodeVersion: 'v20.11.0', version: '0.1.0' };
const ctx = (root: string): InstallContext => ({
  root,
  clients: ['claude', 'codex'],
  personal: false,
  force: false,
  lang: 'en',
  langExplicit: false,
  bundleDir: bundles,
  version: '0.1.0',
});
const HOOKS = ['session-start', 'pre-tool-use', 'pre-compact'];

/** A project as the .mjs-era install left it: .mjs files, commands naming them (the user's hook kept). */
async function oldInstall(): Promise<string> {
  const root = tempDir();
  write(root, '.git/HEAD', 'ref: refs/heads/main\n');
  await applyChanges(root, await planInstall(ctx(root)));
  for (const h of HOOKS) renameSync(path.join(root, '.butler/bin', `${h}.cjs`), path.join(root, '.butler/bin', `${h}.mjs`));
  for (const rel of ['.claude/settings.json', '.codex/hooks.json']) {
    const o = JSON.parse(read(root, rel).replace(/\.cjs/g, '.mjs'));
    o.hooks.PreToolUse.push({ matcher: 'Bash', hooks: [{ type: 'command', command: './audit.sh' }] });
    write(root, rel, JSON.stringify(o, null, 2));
  }
  return root;
}

const commandsOf = (root: string, rel: string, event: string): string[] =>
  JSON.parse(read(root, rel)).hooks[event].flatMap((g: { hooks: { command: string }[] }) => g.hooks.map((h) => h.command));

describe('hooks installed as .mjs by an older Butler', () => {
  it('status says they are old; install upgrades them in place, idempotently', async () => {
    const root = await oldInstall();
    const old = await getStatus(root, deps);
    expect([old.clients.claude!.session_start, old.clients.codex!.pre_compact, old.runtime.up_to_date]).toEqual([false, false, false]);
    expect(old.problems.join('\n')).toMatch(/older Butler \(session-start\.mjs, pre-tool-use\.mjs, pre-compact\.mjs\): run butler install/);

    await applyChanges(root, await planInstall(ctx(root)));
    const bin = Object.keys(tree(root))
      .filter((k) => k.startsWith('.butler/bin/'))
      .sort();
    expect(bin).toEqual(
      ['VERSION', 'butler.mjs', 'pre-compact.cjs', 'pre-tool-use.cjs', 'pre-tool-use.sh', 'session-start.cjs', 'session-start.sh'].map(
        (n) => `.butler/bin/${n}`,
      ),
    );
    expect(commandsOf(root, '.claude/settings.json', 'PreToolUse')).toEqual([
      claudeCommands.preToolUse(preFilterSum(read(root, '.butler/bin/pre-tool-use.sh'))),
      './audit.sh',
    ]);
    // The checked shell answer in front of the Node hook (docs/decisions.md D40), its sum the vendored script's.
    const startSum = startScriptSum(read(root, '.butler/bin/session-start.sh'));
    expect(commandsOf(root, '.claude/settings.json', 'SessionStart')).toEqual([commandsFor(claude, '', startSum).sessionStart]);
    expect(commandsOf(root, '.codex/hooks.json', 'PreCompact')).toEqual([codexCommands.preCompact]);
    expect(JSON.stringify(tree(root))).not.toMatch(/(session-start|pre-tool-use|pre-compact)\.mjs/);
    const s = await getStatus(root, deps);
    expect([
      s.clients.claude!.session_start,
      s.clients.claude!.pre_tool_use_form,
      s.clients.codex!.session_start,
      s.clients.codex!.pre_compact,
      s.runtime.up_to_date,
    ]).toEqual([true, 'shell', true, true, true]);
    expect(s.problems).toEqual([]);

    const before = tree(root);
    expect(await planInstall(ctx(root))).toEqual([]);
    expect(tree(root)).toEqual(before);
  });

  it('uninstall removes the old files and the new ones alike', async () => {
    const root = await oldInstall();
    write(root, '.butler/bin/pre-tool-use.cjs', '// a half-done upgrade\n');
    await applyChanges(root, await planUninstall({ root, clients: ['claude', 'codex'] }));
    expect(Object.keys(tree(root)).filter((k) => k.startsWith('.butler/bin/'))).toEqual([]);
    expect(commandsOf(root, '.claude/settings.json', 'PreToolUse')).toEqual(['./audit.sh']);
  });
});
