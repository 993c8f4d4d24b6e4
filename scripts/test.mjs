#!/usr/bin/env node
// `npm test`: the whole suite (unit, in-process MCP, bundle e2e and real-client e2e). When
// BUTLER_TEST_REPORT is set, vitest also writes its JSON report there for .ci/run to count.
import { spawnSync } from 'node:child_process';

const args = ['vitest', 'run', ...process.argv.slice(2)];
const report = process.env.BUTLER_TEST_REPORT;
if (report) args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
const r = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(r.status ?? 1);
