// Every corpus answer checked against real bash with a logging fake git (bash-oracle.ts): a row that
// says "runs git" must make git run, a row that says "data" must not. Rows bash cannot show here (a
// tool that is not installed, unparseable text the guard denies by rule) carry `why`; rows the guard
// denies by rule alone are in corpus-fail-closed.ts, whose reasons test/hooks/guard-installed.test.ts checks.
// Rows that need zsh or busybox are skipped, by name, where that shell is missing; on CI (.ci/run
// installs them) a missing one fails instead.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW } from './corpus-allow.js';
import { DENY } from './corpus-deny.js';
import { FAMILIES_ALLOW, FAMILIES_DENY } from './corpus-families.js';
import { GENERATED } from './corpus-generated.js';
import { HARMLESS } from './corpus-harmless.js';
import { makeOracle, type Oracle } from './bash-oracle.js';

const has = (name: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const MISSING = ['zsh', 'busybox'].filter((s) => !has(s));
const needsMissing = (cmd: string) => MISSING.some((s) => new RegExp(`(^|[\\s;&|(])${s}\\b`).test(cmd));

let oracle: Oracle;
beforeAll(async () => {
  oracle = await makeOracle();
});
afterAll(() => oracle.close());

async function pool<T, R>(items: T[], n: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await f(items[i] as T);
      }
    }),
  );
  return out;
}

/**
 * Everyday tools that run a read-only git query themselves (pytest's rootdir lookup here): allowed,
 * because the guard is about the agent's own git; checked by what the fake git logged.
 */
const READS_GIT: { tool: RegExp; calls: RegExp }[] = [{ tool: /\bpytest\b/, calls: /^git rev-parse --git-dir$/ }];
const readsGitItself = (cmd: string, calls: string[]) =>
  READS_GIT.some((x) => x.tool.test(cmd) && calls.length > 0 && calls.every((c) => x.calls.test(c)));

type Check = { name: string; cmd: string; git: boolean; why?: string | undefined };
async function disagreements(rows: Check[]): Promise<string[]> {
  const results = await pool(rows, 6, async (r) => ({ r, ...(await oracle.runsGit(r.cmd)) }));
  return results
    .filter(({ r, ran, calls }) => (ran && !r.git && !readsGitItself(r.cmd, calls)) || (!ran && r.git && !r.why))
    .map(({ r, ran, exit }) => `${r.name}: corpus says ${r.git ? 'git runs' : 'data'}, bash ${ran ? 'ran git' : `did not (exit ${exit})`}`);
}

describe('the corpus agrees with bash', () => {
  for (const s of MISSING) {
    if (process.env.CI || process.env.BUTLER_REQUIRE_SHELLS)
      it(`${s} is installed (CI installs it)`, () => expect.fail(`${s} is missing on CI`));
    else it.skip(`${s} is not installed here: its corpus rows are not run against bash`, () => undefined);
  }

  it('runs git exactly where the hand-written corpus says so', async () => {
    const rows: Check[] = [
      ...[...DENY, ...FAMILIES_DENY].map((r) => ({ name: r.name, cmd: r.cmd, git: true, why: r.why })),
      ...[...ALLOW, ...FAMILIES_ALLOW].map((r) => ({ name: r.name, cmd: r.cmd, git: false })),
    ].filter((r) => !needsMissing(r.cmd));
    expect(await disagreements(rows)).toEqual([]);
  }, 600_000);

  it('every generated row (640) runs git, none without a checked reason', async () => {
    expect(GENERATED.length).toBeGreaterThanOrEqual(600);
    expect(await disagreements(GENERATED.map((r) => ({ name: r.name, cmd: r.cmd, git: true })))).toEqual([]);
  }, 600_000);

  it('no everyday command (500+) runs git', async () => {
    expect(HARMLESS.length).toBeGreaterThanOrEqual(500);
    expect(await disagreements(HARMLESS.map((cmd) => ({ name: cmd, cmd, git: false })))).toEqual([]);
  }, 600_000);
});
