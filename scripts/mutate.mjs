#!/usr/bin/env node
// `npm run mutate [part…]`: Stryker over the guard, the trust code and the share import (issue #27),
// one part after another (scripts/mutation-parts.mjs; default: all), then the mutation score per
// folder from the JSON reports in reports/mutation/. Detected = killed or timed out; compile errors
// (the TypeScript checker) count for neither side. Exit 1 when a part fails to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MUTATION_PARTS } from './mutation-parts.mjs';

const asked = process.argv.slice(2);
const parts = asked.length ? asked : Object.keys(MUTATION_PARTS);
let status = 0;
// Tests that spawn hooks/ need the bundles of the current (unmutated) source; Stryker copies them as they are.
if (!process.env.BUTLER_MUTATE_REPORT_ONLY && spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'ignore' }).status !== 0) {
  console.error('npm run build failed');
  process.exit(1);
}
for (const part of parts) {
  if (!MUTATION_PARTS[part]) {
    console.error(`unknown part ${part}: ${Object.keys(MUTATION_PARTS).join(', ')}`);
    process.exit(2);
  }
  if (process.env.BUTLER_MUTATE_REPORT_ONLY) continue;
  const r = spawnSync('npx', ['stryker', 'run'], { stdio: 'inherit', env: { ...process.env, BUTLER_MUTATE_PART: part } });
  if (r.status !== 0) status = 1;
}

const folders = new Map();
const survivors = [];
for (const part of parts) {
  const file = path.join('reports', 'mutation', `${part}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const [name, f] of Object.entries(report.files)) {
    const folder = path.dirname(name);
    const c = folders.get(folder) ?? { detected: 0, undetected: 0, invalid: 0 };
    for (const m of f.mutants) {
      if (m.status === 'Killed' || m.status === 'Timeout') c.detected++;
      else if (m.status === 'Survived' || m.status === 'NoCoverage') {
        c.undetected++;
        survivors.push(`${name}:${m.location.start.line} ${m.mutatorName} (${m.status})`);
      } else c.invalid++;
    }
    folders.set(folder, c);
  }
}
const pct = (c) => (c.detected + c.undetected ? ((100 * c.detected) / (c.detected + c.undetected)).toFixed(1) : '-');
const total = { detected: 0, undetected: 0, invalid: 0 };
console.log('\nmutation score per folder (detected / (detected + survived + no coverage))');
for (const [folder, c] of [...folders].sort()) {
  console.log(
    `  ${folder.padEnd(20)} ${pct(c).padStart(5)}%  ${c.detected} detected, ${c.undetected} survived, ${c.invalid} ignored (static) or invalid`,
  );
  for (const k of Object.keys(total)) total[k] += c[k];
}
console.log(`  ${'all'.padEnd(20)} ${pct(total).padStart(5)}%  ${total.detected} detected, ${total.undetected} survived`);
if (process.env.BUTLER_MUTATE_SURVIVORS) console.log(survivors.join('\n'));
process.exit(status);
