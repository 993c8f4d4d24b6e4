// Every corpus answer checked against real bash with a logging fake git (bash-oracle.ts): a row that
// says "runs git" must make git run, a row that says "data" must not. Rows bash cannot show here (a
// tool that is not installed, unparseable text the guard denies by rule) carry `why`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOW } from './corpus-allow.js';
import { DENY } from './corpus-deny.js';
import { FAMILIES_ALLOW, FAMILIES_DENY } from './corpus-families.js';
import { makeOracle, type Oracle } from './bash-oracle.js';

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

describe('the corpus agrees with bash', () => {
  it('runs git exactly where the corpus says so', async () => {
    const rows = [
      ...[...DENY, ...FAMILIES_DENY].map((r) => ({ name: r.name, cmd: r.cmd, git: true, why: r.why })),
      ...[...ALLOW, ...FAMILIES_ALLOW].map((r) => ({ name: r.name, cmd: r.cmd, git: false, why: undefined })),
    ];
    const results = await pool(rows, 8, async (r) => ({ r, ...(await oracle.runsGit(r.cmd)) }));
    const wrong = results
      .filter(({ r, ran }) => (ran && !r.git) || (!ran && r.git && !r.why))
      .map(
        ({ r, ran, exit }) => `${r.name}: corpus says ${r.git ? 'git runs' : 'data'}, bash ${ran ? 'ran git' : `did not (exit ${exit})`}`,
      );
    expect(wrong).toEqual([]);
  }, 400_000);
});
