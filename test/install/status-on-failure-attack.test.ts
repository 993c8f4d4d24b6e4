// An install made before Claude Code's guard entry carried `onFailure: "block"` (docs/decisions.md D34)
// has the same guard command without the key: Claude Code then lets a command run when the guard hangs
// or fails (test/e2e/clients/guard-hang.test.ts). `butler status` compared the command text only and said
// healthy; it must name the entry as needing `butler install`. Through the real CLI bundle, on a real
// install whose settings file is edited as an older install left it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { butler, tempRepos } from '../helpers/person-cli.js';

const repos = tempRepos();
const SETTINGS = '.claude/settings.json';

type Handler = { command: string; onFailure?: string };
type Settings = { hooks: Record<string, { hooks: Handler[] }[]> };

/** The settings file as an install before D34 wrote it: the guard handler without `onFailure`. */
function dropOnFailure(root: string): void {
  const file = path.join(root, SETTINGS);
  const s = JSON.parse(readFileSync(file, 'utf8')) as Settings;
  const guard = s.hooks.PreToolUse!.flatMap((g) => g.hooks);
  expect(guard.map((h) => h.onFailure)).toEqual(['block']);
  for (const h of guard) delete h.onFailure;
  writeFileSync(file, `${JSON.stringify(s, null, 2)}\n`);
}

describe('butler status on a guard entry without onFailure "block"', () => {
  it('a fresh install is healthy; the entry without the key is a problem named with its repair, in en and ja', () => {
    const root = repos.repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    const healthy = butler(root, ['status', '--json']);
    expect(healthy.json().data.problems).toEqual([]);
    expect(healthy.json().data.clients.claude.pre_tool_use_on_failure).toBe(true);

    dropOnFailure(root);
    const en = butler(root, ['status']);
    expect(en.out).toContain(
      'problem: Claude Code lacks onFailure "block" on the PreToolUse hook (a hung or failed guard lets the command run): run butler install --claude to repair.',
    );
    const json = butler(root, ['status', '--json']).json().data;
    expect(json.clients.claude.pre_tool_use_on_failure).toBe(false);
    expect(json.problems).toHaveLength(1);
    const ja = butler(root, ['status', '--lang', 'ja']);
    expect(ja.out).toContain('PreToolUse hook の onFailure "block"（ガードが止まるか失敗するとコマンドがそのまま実行されます）');
    expect(ja.out).toContain('butler install --claude で修復してください。');

    // The repair the problem names puts the key back, and status is healthy again.
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    expect(readFileSync(path.join(root, SETTINGS), 'utf8')).toContain('"onFailure": "block"');
    expect(butler(root, ['status', '--json']).json().data.problems).toEqual([]);
  }, 30_000);
});
