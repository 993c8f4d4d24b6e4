// The benches (scripts/bench/*.mjs) leave nothing in the temporary folder: every folder they use comes from
// `tempDir` in scripts/bench/_stats.mjs, removed however the bench exits (done, a missed goal, a throw,
// interrupted), and `loadTs` bundles into one of those folders.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const STATS = pathToFileURL(path.resolve('scripts/bench/_stats.mjs')).href;

/** Runs a bench-like script with its own TMPDIR; returns what is left in it. */
function leftAfter(body: string, signal?: NodeJS.Signals): string[] {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-tmp-'));
  const script = `import { tempDir, loadTs } from ${JSON.stringify(STATS)};
import { writeFileSync } from 'node:fs';
const a = tempDir('butler-bench-a-');
writeFileSync(a + '/f', 'x');
tempDir('butler-bench-b-');
const { ISSUE_ID_MAX } = await loadTs('src/shared/ids.ts');
if (typeof ISSUE_ID_MAX !== 'number') throw new Error('not loaded');
${body}`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.resolve('.'),
    env: { ...process.env, TMPDIR: tmp },
    encoding: 'utf8',
    ...(signal ? { timeout: 5_000, killSignal: signal } : {}),
  });
  if (!signal) expect(r.stderr).not.toMatch(/not loaded|Cannot find|SyntaxError/);
  return readdirSync(tmp);
}

describe('bench temporary folders', () => {
  it('are removed when a bench ends, misses a goal, throws or is interrupted', () => {
    expect(leftAfter('')).toEqual([]);
    expect(leftAfter('process.exitCode = 1;')).toEqual([]);
    expect(leftAfter("throw new Error('crash');")).toEqual([]);
    // Still running when the signal comes (a bench interrupted by the person who started it).
    expect(leftAfter("process.stdout.write('ready'); setInterval(() => {}, 1000);", 'SIGINT')).toEqual([]);
  });

  it('come only from tempDir: no bench file makes its own', () => {
    const dir = path.resolve('scripts/bench');
    const own = readdirSync(dir)
      .filter((f) => f.endsWith('.mjs') && f !== '_stats.mjs')
      .filter((f) => /mkdtemp|tmpdir\(/.test(readFileSync(path.join(dir, f), 'utf8')));
    expect(own).toEqual([]);
  });
});
