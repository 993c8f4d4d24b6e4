#!/usr/bin/env node
// `npm run bench`: runs every scripts/bench/*.mjs in turn. Each one measures its target and a
// baseline alternately in the same run and prints medians and the ratio against the goal.
// Speed targets live here, never in timed unit tests. A file exits 1 when it misses a goal. `npm run bench -- guard` runs matching files.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const filter = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && !f.startsWith('_') && (!filter || f.includes(filter)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n## ${f}`);
  const r = spawnSync(process.execPath, [path.join(dir, f)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
console.log(`\n${files.length - failed} bench file(s) met every goal, ${failed} missed a goal or crashed (see MISSES above)`);
process.exit(failed ? 1 : 0);
