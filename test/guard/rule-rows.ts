// The two checks every table of guard rule rows gets (wrappers-rules, wrappers-more-rules): the uses the
// resolver finds, written in the row, and real bash agreeing with the row on whether git runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGitUses } from '../../src/guard/resolve.js';
import { newContext } from '../../src/guard/types.js';
import { makeOracle, type Oracle } from './bash-oracle.js';

/** A command, the git uses expected, and why bash here cannot show it (then the bash check skips it). */
export type RuleRow = [cmd: string, uses: unknown[], why?: string];

export function checkRows(label: string, rows: RuleRow[]): void {
  describe(`${label}: where the wrapped command is`, () => {
    it.each(rows)('%j', (cmd, uses) => {
      expect(findGitUses(cmd, newContext())).toEqual(uses);
    });
  });

  describe(`${label}: the rows agree with bash`, () => {
    let oracle: Oracle;
    beforeAll(async () => {
      oracle = await makeOracle();
    });
    afterAll(() => oracle.close());

    it('runs git exactly where a row has a use, except the rows bash cannot show here', async () => {
      const wrong: string[] = [];
      for (const [cmd, uses, why] of rows) {
        if (why) continue;
        const { ran } = await oracle.runsGit(cmd);
        if (ran !== uses.length > 0) wrong.push(`${cmd}: ${ran ? 'bash ran git' : 'bash did not run git'}`);
      }
      expect(wrong).toEqual([]);
    }, 120_000);
  });
}
