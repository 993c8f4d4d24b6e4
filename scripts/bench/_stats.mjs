// Shared helpers for the bench files: medians, alternating measurement, and the temporary folders they use.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const temps = [];
const removeTemps = () => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
};
// On every way out a bench takes: done, a missed goal (exitCode), a throw, or interrupted.
process.on('exit', removeTemps);
for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => process.exit(130));

/** A folder under the system's temporary directory, removed when the bench exits whichever way. */
export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Times a whole process run in ms. */
export function timeSpawn(cmd, args, opts = {}) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], ...opts });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/** Runs each named function once per round, alternating, and returns the medians. */
export async function alternate(fns, rounds) {
  const times = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
  for (let i = 0; i < rounds; i++) {
    for (const [k, fn] of Object.entries(fns)) {
      const t = process.hrtime.bigint();
      await fn();
      times[k].push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}

export function report(label, value, baseline, goal) {
  const ratio = value / baseline;
  const verdict = ratio <= goal ? 'meets' : 'MISSES';
  console.log(
    `${label}: ${value.toFixed(2)} ms vs baseline ${baseline.toFixed(2)} ms = ${ratio.toFixed(2)}x (goal <= ${goal}x: ${verdict})`,
  );
  return ratio <= goal;
}

/** Bundles a TypeScript entry with esbuild into a temp file and imports it, for in-process benches. */
export async function loadTs(entry) {
  const { build } = await import('esbuild');
  const { pathToFileURL, fileURLToPath } = await import('node:url');
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const out = path.join(tempDir('butler-bench-ts-'), `${path.basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [path.resolve(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: out,
    logLevel: 'error',
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  });
  return import(pathToFileURL(out).href);
}
