#!/usr/bin/env node
// Builds the three self-contained bundles in hooks/. They are committed: a clone runs them with plain
// `node` and no node_modules. CI rebuilds and fails when they differ from the commit.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: root,
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: {
    js: "#!/usr/bin/env node\nimport{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
  },
};

const bundles = [
  { in: 'src/cli/bin.ts', out: 'hooks/butler.mjs' },
  { in: 'src/hooks/bin/session-start.ts', out: 'hooks/session-start.mjs' },
  { in: 'src/hooks/bin/pre-tool-use.ts', out: 'hooks/pre-tool-use.mjs' },
];

await Promise.all(bundles.map((b) => build({ ...common, entryPoints: [b.in], outfile: b.out })));
console.log(`built ${bundles.map((b) => b.out).join(', ')}`);
