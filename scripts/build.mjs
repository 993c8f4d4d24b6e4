#!/usr/bin/env node
// Builds the self-contained bundles in hooks/ and copies them into the butler skill's scripts/ (so
// `npx skills add` alone ships the installer). Both are committed: a clone runs them with plain `node`
// and no node_modules. CI rebuilds and fails when they differ from the commit.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  // The ja catalogs as UTF-8 (3 bytes a character) instead of \uXXXX escapes (6 bytes).
  charset: 'utf8',
  logLevel: 'warning',
  absWorkingDir: root,
  // jsonc-parser's "main" is a UMD build whose require() calls esbuild cannot follow; its ESM build is whole.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
  // Some dependencies are CommonJS and call require(); give the ESM bundles one.
  banner: {
    js: "#!/usr/bin/env node\nimport{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
  },
};

/**
 * The MCP SDK's Server imports Ajv (~130 KB with its formats) only to validate elicitation answers,
 * which Butler's server never requests (src/mcp/server.ts passes its own validator). The vendored
 * runtime gets a stand-in module instead, so a size budget is not spent on an unused code path.
 */
const noAjv = {
  name: 'no-ajv',
  setup(b) {
    b.onResolve({ filter: /validation\/ajv-provider\.js$/ }, (args) => ({ path: args.path, namespace: 'no-ajv' }));
    b.onLoad({ filter: /.*/, namespace: 'no-ajv' }, () => ({
      contents: "export class AjvJsonSchemaValidator{getValidator(){throw new Error('JSON Schema validation is not bundled')}}",
      loader: 'js',
    }));
  },
};

const hook = { format: 'cjs', banner: { js: '#!/usr/bin/env node' } };

/**
 * In a CommonJS bundle esbuild turns each module's `import path from 'node:path'` into
 * `__toESM(require('node:path'))`, which copies every export of the builtin onto a new object, a getter
 * per key, once per importing module (18 in session-start.cjs): ~1.4 M instructions at each start of that
 * timed hook (cachegrind). Here `node:path` and `node:os` resolve to one module each that hands out the
 * builtin itself, required as is. The other hooks too: PreToolUse on a git pipeline -0.33 M, PreCompact
 * -2.1 M. The ESM bundles (butler.mjs, the runtime) import builtins as they are: no copies.
 * A default export only: src/ imports these two builtins by default (`import path from 'node:path'`), and
 * a list of named exports read from the Node that builds would make the bundles differ between Node 20
 * and 22 (CI may build with either). A named import fails the build here ("No matching export").
 */
const builtinOnce = {
  name: 'builtin-once',
  setup(b) {
    b.onResolve({ filter: /^node:(?:path|os)$/ }, (args) =>
      args.kind === 'require-call' ? { path: args.path, external: true } : { path: args.path, namespace: 'builtin-once' },
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin-once' }, (args) => ({
      contents: `export default require(${JSON.stringify(args.path)});\n`,
      loader: 'js',
    }));
  },
};

const bundles = [
  // The full CLI: the npm bin and the skill's installer.
  { in: 'src/cli/bin.ts', out: 'hooks/butler.mjs' },
  // Vendored into user repositories as .butler/bin/butler.mjs (committed there): no install or demo.
  { in: 'src/cli/runtime-bin.ts', out: 'hooks/butler-runtime.mjs', plugins: [noAjv] },
  // ASCII (the ja catalog as \uXXXX escapes): this timed hook is loaded at every start, and loading it
  // so measured 0.5 M fewer instructions of ~44 M over `node -e 0` (cachegrind), for 1.5 KB more on disk.
  { in: 'src/hooks/bin/session-start.ts', out: 'hooks/session-start.cjs', ...hook, charset: 'ascii', plugins: [builtinOnce] },
  { in: 'src/hooks/bin/pre-tool-use.ts', out: 'hooks/pre-tool-use.cjs', ...hook, plugins: [builtinOnce] },
  { in: 'src/hooks/bin/pre-compact.ts', out: 'hooks/pre-compact.cjs', ...hook, plugins: [builtinOnce] },
];

/** The vendored runtime must stay small: it is committed in every user repository, on every upgrade. */
export const RUNTIME_LIMIT = 600_000; // issue #13: the runtime is committed in every user repository

/**
 * The product contract (../shared/DESIGN.md, "Layout") names hooks/session-start.mjs and
 * hooks/pre-tool-use.mjs as the hook entry points other tools run. They stay, as two-line ES modules
 * that load the CommonJS bundle beside them; installs run the .cjs directly (no ESM loader per event).
 */
const entries = ['session-start', 'pre-tool-use'];
const entryText = (name) =>
  `#!/usr/bin/env node\n// The contract's entry point; the hook is ./${name}.cjs, which installs run directly.\n` +
  `import { createRequire } from 'node:module';\ncreateRequire(import.meta.url)('./${name}.cjs');\n`;

// Bundles that are no longer built (the hooks were .mjs before they became CommonJS) must not ship.
for (const name of readdirSync(path.join(root, 'hooks'))) {
  const entry = entries.some((e) => name === `${e}.mjs`);
  if (/\.[cm]js$/.test(name) && !entry && !bundles.some((b) => b.out === `hooks/${name}`)) rmSync(path.join(root, 'hooks', name));
}
await Promise.all(
  bundles.map((b) =>
    build({
      ...common,
      entryPoints: [b.in],
      outfile: b.out,
      plugins: b.plugins ?? [],
      format: b.format ?? common.format,
      banner: b.banner ?? common.banner,
      charset: b.charset ?? common.charset,
    }),
  ),
);
for (const e of entries) writeFileSync(path.join(root, 'hooks', `${e}.mjs`), entryText(e));
// The PreToolUse shell pre-filter is shipped as written: install vendors it beside pre-tool-use.cjs.
copyFileSync(path.join(root, 'src', 'hooks', 'bin', 'pre-tool-use.sh'), path.join(root, 'hooks', 'pre-tool-use.sh'));
// So is the SessionStart shell answer (docs/decisions.md D40): install vendors it beside session-start.cjs.
copyFileSync(path.join(root, 'src', 'hooks', 'bin', 'session-start.sh'), path.join(root, 'hooks', 'session-start.sh'));

const skillScripts = path.join(root, 'skills', 'butler', 'scripts');
rmSync(skillScripts, { recursive: true, force: true });
mkdirSync(skillScripts, { recursive: true });
for (const name of readdirSync(path.join(root, 'hooks'))) copyFileSync(path.join(root, 'hooks', name), path.join(skillScripts, name));

for (const b of bundles) console.log(`built ${b.out.padEnd(26)} ${statSync(path.join(root, b.out)).size.toLocaleString('en')} bytes`);
console.log(`copied hooks/* to skills/butler/scripts/`);
const runtime = statSync(path.join(root, 'hooks', 'butler-runtime.mjs')).size;
if (runtime > RUNTIME_LIMIT) {
  console.error(`hooks/butler-runtime.mjs is ${runtime} bytes, over the ${RUNTIME_LIMIT} limit for the vendored runtime`);
  process.exit(1);
}
