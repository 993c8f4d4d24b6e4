#!/usr/bin/env node
// Runs the shared contract check when it is present (developer machines); CI clones may not have it.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const check = path.resolve('..', 'shared', 'tools', 'contract-check.mjs');
if (!fs.existsSync(check)) {
  console.log('contract check not present here; skipped (test/mcp/surface.test.ts pins the same names)');
  process.exit(0);
}
const r = spawnSync(process.execPath, [check], { stdio: 'inherit' });
process.exit(r.status ?? 1);
