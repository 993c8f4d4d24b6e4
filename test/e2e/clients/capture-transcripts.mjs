#!/usr/bin/env node
// Launcher for capture.ts (Node 20 cannot run TypeScript itself): bundles it with the project's
// esbuild into test/e2e/clients/.tmp/ and runs it. Usage:
//   node test/e2e/clients/capture-transcripts.mjs [claude] [codex]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '.tmp', 'capture.mjs');
await build({
  entryPoints: [path.join(here, 'capture.ts')],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // keep import.meta.url pointing at the source folder's layout: capture.ts resolves paths from it
  define: { 'import.meta.url': JSON.stringify(new URL('clients.ts', `file://${here}/`).href) },
});
const r = spawnSync(process.execPath, [out, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
