// The committed bundles as shipped: the vendored runtime's size budget, the skill's copy of the CLI,
// and the runtime sending installer commands to the full CLI. test/global-setup.ts builds them first.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
const HOOKS = path.join(REPO, 'hooks');
const SKILL_SCRIPTS = path.join(REPO, 'skills', 'butler', 'scripts');

describe('bundles', () => {
  it('the vendored runtime (.butler/bin/butler.mjs in every user repository) is at most 600,000 bytes', () => {
    expect(statSync(path.join(HOOKS, 'butler-runtime.mjs')).size).toBeLessThanOrEqual(600_000);
  });

  it('the butler skill carries the same bundles as hooks/ (what `npx skills add` copies)', () => {
    const names = readdirSync(HOOKS).sort();
    expect(readdirSync(SKILL_SCRIPTS).sort()).toEqual(names);
    expect(names).toEqual(
      expect.arrayContaining(['butler.mjs', 'butler-runtime.mjs', 'session-start.cjs', 'pre-tool-use.cjs', 'pre-compact.cjs']),
    );
    for (const n of names) expect(readFileSync(path.join(SKILL_SCRIPTS, n)).equals(readFileSync(path.join(HOOKS, n))), n).toBe(true);
  });

  it('the runtime runs the working commands and points installer commands at the full CLI', () => {
    const runtime = path.join(HOOKS, 'butler-runtime.mjs');
    const version = spawnSync(process.execPath, [runtime, '--version'], { encoding: 'utf8' });
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).version);
    for (const cmd of ['install', 'status']) {
      const r = spawnSync(process.execPath, [runtime, cmd], { encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`node .agents/skills/butler/scripts/butler.mjs ${cmd}`);
    }
    const help = spawnSync(process.execPath, [runtime, 'work', '--help'], { encoding: 'utf8' });
    expect(help.status, help.stderr).toBe(0);
  });
});
