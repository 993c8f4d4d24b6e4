// Makes a test run independent of the machine (issue #27): one temporary root per run, holding an
// empty global and system git config; test/setup-env.ts points every worker (and so every git and
// client it spawns) at them and at that root as TMPDIR. The teardown removes the root and fails the run
// when a `butler-*` entry appeared in the real temporary folder anyway (something ignored TMPDIR).
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export interface TestEnv {
  tmpRoot: string;
  gitConfigGlobal: string;
  gitConfigSystem: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    butlerTestEnv: TestEnv;
  }
}

const leftovers = (dir: string): Set<string> => new Set(readdirSync(dir).filter((n) => n.startsWith('butler-')));

export default function setup(project: TestProject): () => void {
  const realTmp = os.tmpdir();
  const before = leftovers(realTmp);
  const tmpRoot = mkdtempSync(path.join(realTmp, 'butlertest-run-'));
  // Like the temporary folder itself: tests that drop to an unprivileged user must reach their files.
  chmodSync(tmpRoot, 0o1777);
  const env: TestEnv = {
    tmpRoot,
    gitConfigGlobal: path.join(tmpRoot, 'gitconfig-global'),
    gitConfigSystem: path.join(tmpRoot, 'gitconfig-system'),
  };
  writeFileSync(env.gitConfigGlobal, '');
  writeFileSync(env.gitConfigSystem, '');
  // The package as `npm install` lays it out, for the CLI tests' BIN (test/helpers/person-cli.ts): run from
  // there it is the package's `butler` bin, and its hints say `butler …` (src/cli/prog-name.ts).
  mkdirSync(path.join(tmpRoot, 'node_modules'));
  symlinkSync(path.resolve(import.meta.dirname, '..'), path.join(tmpRoot, 'node_modules', 'agent-butler'));
  project.provide('butlerTestEnv', env);
  return () => {
    rmSync(tmpRoot, { recursive: true, force: true, maxRetries: 3 });
    const added = [...leftovers(realTmp)].filter((n) => !before.has(n));
    if (added.length === 0) return;
    const msg = `tests left ${added.length} butler-* entries in ${realTmp} (outside the per-run TMPDIR): ${added.slice(0, 10).join(', ')}`;
    // Other test runs on the same machine (without this setup) write there too: only CI fails on it.
    if (process.env.CI) throw new Error(msg);
    console.warn(msg);
  };
}

/** The environment every test process runs with: no git config but the repository's own. */
export function isolatedEnv(base: NodeJS.ProcessEnv, env: TestEnv): NodeJS.ProcessEnv {
  return {
    ...base,
    TMPDIR: env.tmpRoot,
    GIT_CONFIG_GLOBAL: env.gitConfigGlobal,
    GIT_CONFIG_SYSTEM: env.gitConfigSystem,
    GIT_CONFIG_NOSYSTEM: '1',
  };
}
