import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGuardConfig, parseGuardConfig } from '../../src/guard/config.js';
import { DEFAULT_GUARD } from '../../src/guard/decide.js';
import { ConfigSchema } from '../../src/shared/config.js';

/** What the real loader (yaml + zod) makes of a config text: the guard part, or null when invalid. */
function reference(text: string) {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch {
    return null;
  }
  const r = ConfigSchema.safeParse(raw ?? {});
  if (!r.success) return null;
  return r.data.guard ?? DEFAULT_GUARD;
}

const VALID: [string, string][] = [
  ['empty file', ''],
  ['no guard key', 'lang: en\n'],
  ['block mode only', 'guard:\n  mode: warn\n'],
  ['flow list', 'guard:\n  allow: [fetch, ls-files]\n'],
  ['block list, quoted item, off', 'guard:\n  allow:\n    - fetch\n    - "ls-files"\n  mode: off\n'],
  ['block list at the key indent', 'guard:\n  allow:\n  - fetch\n  - pull\n'],
  ['flow mapping', 'guard: { allow: [fetch], mode: warn }\n'],
  ['flow mapping, quoted items', `guard: {allow: ['pull', "push"]}\n`],
  ['comments', 'guard:   # the raw-git guard\n  mode: block # default\n  allow: [] # none\n'],
  ['among other sections', 'issues:\n  backend: local\nguard:\n  mode: warn\nredact:\n  patterns: []\n'],
  ['unknown key inside guard', 'guard:\n  allow: [fetch]\n  note: hello\n'],
  ['single-quoted mode', "guard:\n  mode: 'off'\n"],
  ['multi-line flow list', 'guard:\n  allow: [\n    fetch,\n    pull\n  ]\n'],
  ['4-space indent', 'guard:\n    allow:\n        - stash\n    mode: warn\n'],
  ['yes and no are strings in YAML 1.2', 'guard:\n  allow: [yes, no]\n'],
  ['CRLF line ends', 'guard:\r\n  mode: warn\r\n'],
];

const INVALID: [string, string][] = [
  ['unknown mode', 'guard:\n  mode: maybe\n'],
  ['number in allow', 'guard:\n  allow: [1]\n'],
  ['allow is a string', 'guard:\n  allow: fetch\n'],
  ['empty string in allow', 'guard:\n  allow: [""]\n'],
  ['guard is null', 'guard:\n'],
  ['guard is a scalar', 'guard: yes\n'],
  ['boolean mode', 'guard:\n  mode: true\n'],
  ['null allow', 'guard:\n  allow:\n  mode: warn\n'],
  ['duplicate guard key', 'guard:\n  mode: warn\nguard:\n  mode: off\n'],
];

describe('parseGuardConfig means what ConfigSchema means', () => {
  it.each(VALID)('valid: %s', (_name, text) => {
    const ref = reference(text);
    expect(ref).not.toBeNull();
    expect(parseGuardConfig(text)).toEqual(ref);
  });

  it.each(INVALID)('invalid: %s', (_name, text) => {
    expect(reference(text)).toBeNull();
    expect(parseGuardConfig(text)).toBeNull();
  });
});

describe('loadGuardConfig', () => {
  const dirs: string[] = [];
  const tree = async (files: Record<string, string>) => {
    const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-guard-'));
    dirs.push(root);
    for (const [rel, text] of Object.entries(files)) {
      await fsp.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
      await fsp.writeFile(path.join(root, rel), text);
    }
    return root;
  };
  afterAll(async () => {
    for (const d of dirs) await fsp.rm(d, { recursive: true, force: true });
  });

  it('finds .butler/config.yaml above the cwd', async () => {
    const root = await tree({ '.git/HEAD': '', '.butler/config.yaml': 'guard:\n  allow: [fetch]\n', 'a/b/x': '' });
    expect(await loadGuardConfig(path.join(root, 'a', 'b'))).toEqual({ allow: ['fetch'], mode: 'block' });
  });

  it('stops at the repository root', async () => {
    const outer = await tree({ '.butler/config.yaml': 'guard:\n  mode: off\n', 'repo/.git/HEAD': '', 'repo/sub/x': '' });
    expect(await loadGuardConfig(path.join(outer, 'repo', 'sub'))).toEqual(DEFAULT_GUARD);
  });

  it('keeps blocking when the config is invalid', async () => {
    const root = await tree({ '.git/HEAD': '', '.butler/config.yaml': 'guard:\n  mode: maybe\n' });
    expect(await loadGuardConfig(root)).toEqual(DEFAULT_GUARD);
  });

  it('uses the default for a cwd that does not exist', async () => {
    expect(await loadGuardConfig(path.join(os.tmpdir(), 'butler-no-such-dir', 'x'))).toEqual(DEFAULT_GUARD);
  });
});
