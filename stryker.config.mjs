// Stryker for `npm run mutate` (scripts/mutate.mjs, issue #27): one part at a time
// (BUTLER_MUTATE_PART: trust, guard, share; scripts/mutation-parts.mjs), each mutant against only the
// tests that cover it (perTest coverage). Concurrency 2: the machine that runs it is usually shared.
import { mutationPart } from './scripts/mutation-parts.mjs';

const name = process.env.BUTLER_MUTATE_PART ?? 'trust';
// A narrowed run (BUTLER_MUTATE_FILES/TESTS) names its own report so the part's full report stays.
const report = process.env.BUTLER_MUTATE_REPORT ?? name;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  // The TypeScript checker drops mutants that would not compile; BUTLER_MUTATE_CHECK=0 skips it (faster
  // on a busy machine: those mutants then run and are counted like any other).
  checkers: process.env.BUTLER_MUTATE_CHECK === '0' ? [] : ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  concurrency: Number(process.env.BUTLER_MUTATE_CONCURRENCY ?? 2),
  // A mutant that loops (a lock that never gives up) costs this much on top of the test time: keep it short.
  timeoutMS: 5_000,
  dryRunTimeoutMinutes: 30,
  mutate: mutationPart(name).mutate,
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${report}.json` },
  htmlReporter: { fileName: `reports/mutation/${report}.html` },
  tempDirName: `.stryker-tmp/${report}`,
  // Other parts' sandboxes (runs side by side) and reports are not part of the project.
  ignorePatterns: ['.stryker-tmp', 'reports'],
  cleanTempDir: 'always',
};
