#!/usr/bin/env node
// Reads vitest's JSON reports (one per run of the CI script) and prints one plain line, "N passed,
// N failed", their sum, so that a run that executed no test is visible. Exits 1 when nothing passed,
// something failed or a report is missing.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let suitesFailed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    console.log(`${passed} passed, ${failed + 1} failed (no test report was written: ${file})`);
    process.exit(1);
  }
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  suitesFailed += report.numFailedTestSuites ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
if (suitesFailed) console.log(`${suitesFailed} test file(s) failed to run`);
if (skipped) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(passed > 0 && failed === 0 && suitesFailed === 0 ? 0 : 1);
