/**
 * A Node builtin loaded when first needed, as its CommonJS exports object. The hook bundles are
 * CommonJS (scripts/build.mjs) because their start-up is benchmarked: `await import('node:crypto')`
 * there still goes through Node's ESM loader, which builds a facade of the builtin that reads every
 * export (for node:fs that loads the stream modules). Builtins Node has loaded anyway (fs, path, url)
 * are plain static imports; this is for the ones that cost milliseconds to load (child_process, crypto).
 * process.getBuiltinModule is Node 20.16+; earlier Node 20 releases use the bundle's `require`.
 */
export function builtin<T>(id: `node:${string}`): T {
  return (typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule(id) : require(id)) as T;
}
