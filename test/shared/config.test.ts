// One reader for .butler/config.yaml: what it accepts means what YAML means (the yaml package is the
// reference here), and what it refuses is named with file, line and column.
import { execFileSync } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigProblem, loadConfig, parseConfig, readConfig } from '../../src/shared/config.js';
import { parseYamlSubset } from '../../src/shared/config-yaml.js';

const SAME_AS_YAML = [
  '',
  'lang: en\n',
  '---\nlang: ja\n',
  'guard:\n  allow: [fetch, ls-files]\n',
  'guard:\n  allow:\n    - fetch\n    - "ls-files"\n  mode: off\n',
  'guard:\n  allow:\n  - fetch\n  - pull\n',
  'guard: { allow: [fetch], mode: warn }\n',
  `guard: {allow: ['pull', "push"]}\n`,
  'guard:   # the raw-git guard\n  mode: block # default\n  allow: [] # none\n',
  'issues:\n  backend: gitea\n  url: https://git.example.com\n  owner: me\n  repo: r\n  timeout_ms: 5000\n',
  'guard:\n  allow: [\n    fetch,\n    pull\n  ]\n',
  'guard:\n    allow:\n        - stash\n    mode: warn\n',
  'guard:\n  allow: [yes, no]\n',
  'guard:\r\n  mode: warn\r\n',
  'redact:\n  patterns: ["sk-[a-z]+", \'x#y\']\n',
  "lang: 'en' # quoted\n",
];

describe('the YAML subset means what YAML means', () => {
  it.each(SAME_AS_YAML)('%j', (text) => {
    expect(parseYamlSubset(text).value).toEqual(parse(text) ?? null);
  });
});

describe('errors name the file, line and column', () => {
  it.each([
    ['unknown mode', 'guard:\n  mode: blok\n', 2, 9, /`guard.mode` must be one of block, warn, off \(got "blok"\)/],
    ['unknown key', 'lang: en\ngaurd:\n  mode: off\n', 2, 1, /unknown key `gaurd`/],
    ['number in allow', 'guard:\n  allow: [fetch, 1]\n', 2, 18, /`guard.allow.1` must be a non-empty string/],
    ['bad language', 'lang: fr\n', 1, 7, /`lang` must be one of ja, en/],
    ['bad indentation', 'guard:\n  mode: off\n    allow: []\n', 3, 5, /unexpected indentation/],
    ['unterminated flow', 'guard: {allow: [fetch\n', 1, 22, /expected/],
    ['duplicate key', 'lang: en\nlang: ja\n', 2, 1, /duplicate key `lang`/],
    ['anchor', 'lang: &a en\n', 1, 7, /anchors/],
    ['guard is null', 'guard:\n', 1, 1, /`guard` must be a mapping/],
    ['timeout out of range', 'issues:\n  timeout_ms: 5\n', 2, 15, /from 100 to 120000/],
  ])('%s', (_n, text, line, col, msg) => {
    let err: unknown;
    try {
      parseConfig(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigProblem);
    const p = err as ConfigProblem;
    expect(p.message).toMatch(msg);
    expect(p.pos).toEqual({ line, col });
    expect(p.message.startsWith(`.butler/config.yaml:${line}:${col}: `)).toBe(true);
  });
});

describe('reading the file never hangs', () => {
  it.each(['fifo', 'dir'])('a %s is a problem, reported at once', async (kind) => {
    const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-cfg-'));
    await fsp.mkdir(path.join(root, '.butler'));
    const file = path.join(root, '.butler', 'config.yaml');
    if (kind === 'fifo') execFileSync('mkfifo', [file]);
    else await fsp.mkdir(file);
    const r = await readConfig(root);
    expect(r.config).toEqual({});
    expect(r.problem?.message).toBe('.butler/config.yaml: is not a regular file');
    await expect(loadConfig(root)).rejects.toMatchObject({ code: 'invalid_argument' });
    await fsp.rm(root, { recursive: true, force: true });
  });

  it('a missing file is the defaults', async () => {
    expect(await loadConfig(path.join(os.tmpdir(), 'butler-none-here'))).toEqual({});
  });
});
