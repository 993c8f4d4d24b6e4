// `npx skills add <checkout> -a claude-code -a codex -y` for real. The skills CLI needs Node >= 22.20,
// so both come from the npm registry, at the versions pinned in test/skills/cli, into a cache folder outside the project.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../install/helpers.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(REPO, '.e2e-cache', 'skills-cli');
const NODE22 = path.join(CACHE, 'node_modules', 'node', 'bin', 'node');
const SKILLS_CLI = path.join(CACHE, 'node_modules', 'skills', 'bin', 'cli.mjs');
const NAMES = ['butler', 'handover-accept', 'handover-resume', 'handover-suspend', 'handover-transfer'];

const PINNED = path.join(REPO, 'test', 'skills', 'cli');

/** Node 22 and the skills CLI at the versions pinned in test/skills/cli (package.json and its lock), with npm ci. */
function ensureCli(): void {
  const lock = readFileSync(path.join(PINNED, 'package-lock.json'), 'utf8');
  const cachedLock = path.join(CACHE, 'package-lock.json');
  if (existsSync(NODE22) && existsSync(SKILLS_CLI) && existsSync(cachedLock) && readFileSync(cachedLock, 'utf8') === lock) return;
  mkdirSync(CACHE, { recursive: true });
  cpSync(path.join(PINNED, 'package.json'), path.join(CACHE, 'package.json'));
  writeFileSync(cachedLock, lock);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: CACHE, stdio: 'pipe', timeout: 240_000 });
}

describe('skills CLI installs all five skills for both clients', () => {
  beforeAll(ensureCli, 300_000);

  it('lands them in .agents/skills/<name> and .claude/skills/<name>', () => {
    expect(execFileSync(NODE22, ['--version'], { encoding: 'utf8' })).toBe('v22.23.3\n');
    // A copy of the checkout, as a user would point the CLI at their clone.
    const checkout = path.join(tempDir('butler-checkout-'), 'agent-butler');
    cpSync(path.join(REPO, 'skills'), path.join(checkout, 'skills'), { recursive: true });
    cpSync(path.join(REPO, 'package.json'), path.join(checkout, 'package.json'));
    const project = tempDir('butler-skills-target-');
    const home = tempDir('butler-skills-home-');
    const r = spawnSync(NODE22, [SKILLS_CLI, 'add', checkout, '-a', 'claude-code', '-a', 'codex', '-y'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 120_000,
      env: { PATH: `${path.dirname(NODE22)}:${process.env.PATH ?? ''}`, HOME: home, DISABLE_TELEMETRY: '1', DO_NOT_TRACK: '1', CI: '1' },
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    for (const name of NAMES) {
      const agents = path.join(project, '.agents', 'skills', name, 'SKILL.md');
      const claude = path.join(project, '.claude', 'skills', name);
      expect(readFileSync(agents, 'utf8'), name).toBe(readFileSync(path.join(REPO, 'skills', name, 'SKILL.md'), 'utf8'));
      expect(lstatSync(claude).isSymbolicLink() || existsSync(path.join(claude, 'SKILL.md')), name).toBe(true);
      expect(readFileSync(path.join(claude, 'SKILL.md'), 'utf8')).toContain(`name: ${name}`);
    }
  }, 180_000);

  it('ships the installer: node .agents/skills/butler/scripts/butler.mjs install sets the repo up, no package needed', () => {
    const checkout = path.join(tempDir('butler-checkout-'), 'agent-butler');
    cpSync(path.join(REPO, 'skills'), path.join(checkout, 'skills'), { recursive: true });
    cpSync(path.join(REPO, 'package.json'), path.join(checkout, 'package.json'));
    const project = tempDir('butler-skills-install-');
    execFileSync('git', ['init', '-q', project]);
    const env = {
      PATH: `${path.dirname(NODE22)}:${process.env.PATH ?? ''}`,
      HOME: tempDir('butler-skills-home-'),
      DISABLE_TELEMETRY: '1',
      DO_NOT_TRACK: '1',
      CI: '1',
    };
    const add = spawnSync(NODE22, [SKILLS_CLI, 'add', checkout, '-a', 'claude-code', '-a', 'codex', '-y'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 120_000,
      env,
    });
    expect(add.status, `${add.stdout}\n${add.stderr}`).toBe(0);
    const installer = path.join(project, '.agents', 'skills', 'butler', 'scripts', 'butler.mjs');
    // The user's own Node (the project's, not the CLI's Node 22) runs the copied installer.
    const r = spawnSync(process.execPath, [installer, 'install'], {
      cwd: project,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', LANG: 'ja_JP.UTF-8' },
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(readFileSync(path.join(project, '.butler', 'bin', 'butler.mjs'), 'utf8')).toBe(
      readFileSync(path.join(REPO, 'hooks', 'butler-runtime.mjs'), 'utf8'),
    );
    expect(readFileSync(path.join(project, '.butler', 'config.yaml'), 'utf8')).toBe('lang: ja\n');
    expect(JSON.parse(readFileSync(path.join(project, '.claude', 'settings.json'), 'utf8')).hooks.SessionStart).toHaveLength(1);
    expect(readFileSync(path.join(project, '.codex', 'config.toml'), 'utf8')).toContain('[mcp_servers.butler]');
    const status = spawnSync(process.execPath, [installer, 'status', '--json'], { cwd: project, encoding: 'utf8' });
    expect(JSON.parse(status.stdout).data.runtime.up_to_date).toBe(true);
  }, 180_000);
});
