import { beforeEach, describe, expect, it } from 'vitest';
import { installLang } from '../../src/install/lang.js';
import { resolveLang } from '../../src/shared/config.js';
import { cli, fakeBundles, read, tempDir, write } from './helpers.js';

const bundles = fakeBundles();
let root: string;
beforeEach(() => {
  root = tempDir();
  write(root, '.git/HEAD', 'ref: refs/heads/main\n');
});

describe('the language install records', () => {
  it('--lang wins, then LC_ALL, LC_MESSAGES, LANG (first set decides), else English', () => {
    expect(installLang('ja', { LANG: 'en_US.UTF-8' })).toBe('ja');
    expect(installLang(null, { LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(installLang(null, { LC_MESSAGES: 'ja_JP', LANG: 'en_US' })).toBe('ja');
    expect(installLang(null, { LC_ALL: 'C', LANG: 'ja_JP.UTF-8' })).toBe('en');
    expect(installLang(null, { LC_ALL: '', LC_MESSAGES: '', LANG: 'ja' })).toBe('ja');
    expect(installLang(null, { LANG: 'fr_FR.UTF-8' })).toBe('en');
    expect(installLang(null, {})).toBe('en');
  });

  it('install writes lang from the locale, keeps an existing one, and --lang replaces only that line', async () => {
    expect(
      (await cli(['install', '--codex', '--project', root], { cwd: '/', bundleDir: bundles, env: { LANG: 'ja_JP.UTF-8' } })).code,
    ).toBe(0);
    expect(read(root, '.butler/config.yaml')).toBe('lang: ja\n');
    await cli(['install', '--codex', '--project', root], { cwd: '/', bundleDir: bundles, env: { LANG: 'en_US.UTF-8' } });
    expect(read(root, '.butler/config.yaml')).toBe('lang: ja\n');
    write(root, '.butler/config.yaml', '# team settings\nlang: ja\nissues:\n  backend: local\n');
    const r = await cli(['install', '--codex', '--lang', 'en', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(r.stdout).toContain('.butler/config.yaml');
    expect(read(root, '.butler/config.yaml')).toBe('# team settings\nlang: en\nissues:\n  backend: local\n');
  });

  it('adds lang to a config without one and refuses a bad --lang or a broken config', async () => {
    write(root, '.butler/config.yaml', 'issues:\n  backend: local\n');
    await cli(['install', '--codex', '--project', root], { cwd: '/', bundleDir: bundles, env: {} });
    expect(read(root, '.butler/config.yaml')).toBe('lang: en\nissues:\n  backend: local\n');
    const bad = await cli(['install', '--lang', 'fr', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--lang must be ja or en');
    write(root, '.butler/config.yaml', 'lang: [\n');
    const broken = await cli(['install', '--codex', '--project', root], { cwd: '/', bundleDir: bundles });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('.butler/config.yaml:1:8');
  });
});

describe('the language at run time', () => {
  it('BUTLER_LANG, then the config, then English', () => {
    expect(resolveLang({ lang: 'ja' }, { BUTLER_LANG: 'en' })).toBe('en');
    expect(resolveLang({ lang: 'ja' }, {})).toBe('ja');
    expect(resolveLang({}, { BUTLER_LANG: 'JA' })).toBe('ja');
    expect(resolveLang({}, { BUTLER_LANG: 'de' })).toBe('en');
    expect(resolveLang({}, {})).toBe('en');
  });
});
