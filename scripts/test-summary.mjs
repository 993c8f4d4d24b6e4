#!/usr/bin/env node
// Reads vitest's JSON report and prints one plain line, "N passed, N failed", so that a run that
// executed no test is visible. Exits 1 when nothing passed or something failed.
import fs from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch {
  console.log('0 passed, 0 failed (no test report was written)');
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failed = report.numFailedTests ?? 0;
const suitesFailed = report.numFailedTestSuites ?? 0;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
if (suitesFailed) console.log(`${suitesFailed} test file(s) failed to run`);
if (skipped) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(passed > 0 && failed === 0 && suitesFailed === 0 ? 0 : 1);
