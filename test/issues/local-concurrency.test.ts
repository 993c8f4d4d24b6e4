import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalIssueBackend } from '../../src/issues/local/backend.js';
import { tempProject } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let bundle = '';

beforeAll(async () => {
  bundle = path.join(os.tmpdir(), `butler-issue-child-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(here, 'fixtures/create-many.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: bundle,
    logLevel: 'error',
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  });
});
afterAll(() => rmSync(bundle, { force: true }));

function child(root: string, count: number, startAt: number, author: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [bundle, root, String(count), String(startAt), author], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

describe('local issue ids under concurrency', () => {
  it('two OS processes creating 20 issues each at the same moment get 40 distinct ids', async () => {
    const root = tempProject();
    const startAt = Date.now() + 700;
    const [a, b] = await Promise.all([child(root, 20, startAt, 'claude-code'), child(root, 20, startAt, 'codex-mcp-client')]);
    const all = [...a, ...b];
    expect(new Set(all).size).toBe(40);
    expect([...all].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const files = readdirSync(path.join(root, '.butler/issues')).filter((f) => f.endsWith('.md'));
    expect(files).toHaveLength(40);
    expect(readdirSync(path.join(root, '.butler/issues')).filter((f) => f.endsWith('.lock'))).toEqual([]);
  }, 60_000);

  it('concurrent comments on one issue in one process all land with distinct ids', async () => {
    const root = tempProject();
    const a = new LocalIssueBackend({ projectRoot: root, author: 'a', lang: 'en' });
    const b = new LocalIssueBackend({ projectRoot: root, author: 'b', lang: 'en' });
    await a.create('shared', undefined, undefined);
    const made = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).comment(1, `c${i}`)));
    expect(new Set(made.map((c) => c.id)).size).toBe(10);
    expect((await a.read(1, 20)).comments).toHaveLength(10);
  });
});
