// The npm package as a user gets it: `npm pack`, install the tarball into an empty folder (offline:
// everything is bundled, so there is nothing to download), and run its `butler` bin into a repo.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

const REPO = path.resolve(import.meta.dirname, '../..');

describe('npm pack', () => {
  it('packs a tarball without runtime dependencies whose bin installs Butler into a git repo', () => {
    const out = tempDir('butler-pack-');
    const npm = (args: string[], cwd: string) =>
      execFileSync('npm', args, {
        cwd,
        encoding: 'utf8',
        stdio: 'pipe',
        timeout: 120_000,
        env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
      });
    npm(['pack', '--pack-destination', out], REPO);
    const tgz = readdirSync(out).find((f) => f.endsWith('.tgz'));
    expect(tgz).toMatch(/^agent-butler-.*\.tgz$/);
    const app = tempDir('butler-pack-install-');
    writeFileSync(path.join(app, 'package.json'), '{ "name": "pack-check", "private": true }\n');
    npm(['install', '--offline', '--ignore-scripts', path.join(out, tgz!)], app);
    const pkg = JSON.parse(readFileSync(path.join(app, 'node_modules', 'agent-butler', 'package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    // Only agent-butler itself landed in node_modules.
    expect(readdirSync(path.join(app, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['agent-butler']);

    const repo = tempDir('butler-pack-repo-');
    execFileSync('git', ['init', '-q', repo]);
    const bin = path.join(app, 'node_modules', '.bin', 'butler');
    const r = spawnSync(bin, ['install', '--project', repo], { encoding: 'utf8', env: { ...process.env, LANG: 'C' } });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(path.join(repo, '.butler', 'bin', 'butler.mjs'), 'utf8')).toBe(
      readFileSync(path.join(REPO, 'hooks', 'butler-runtime.mjs'), 'utf8'),
    );
    expect(existsSync(path.join(repo, '.claude', 'settings.json'))).toBe(true);
    const v = spawnSync(process.execPath, [path.join(repo, '.butler', 'bin', 'butler.mjs'), '--version'], { cwd: repo, encoding: 'utf8' });
    expect(v.stdout.trim()).toBe(pkg.version);
  }, 180_000);
});
