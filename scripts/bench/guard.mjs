#!/usr/bin/env node
// PreToolUse guard: spawning `node hooks/pre-tool-use.cjs` with a client's stdin, against `node -e 0`,
// measured alternately in one run. Goals: a command without git (`npm test`) <= 1.15x; a git
// pipeline (parsed, config looked up, denied) <= 1.6x. For comparison (no goal), the same git
// pipeline decided by a script that loads sh-syntax (mvdan/sh in WebAssembly) instead.
// `node scripts/bench/guard.mjs [rounds]` (default 40).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternate, report, timeSpawn, tempDir } from './_stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bundle = path.join(root, 'hooks', 'pre-tool-use.cjs');
if (!existsSync(bundle)) {
  console.log('hooks/pre-tool-use.cjs is missing: run npm run build');
  process.exit(1);
}
const rounds = Number(process.argv[2] ?? 40);
const repo = tempDir('butler-bench-guard-');
mkdirSync(path.join(repo, '.git'));

const stdin = (command) =>
  JSON.stringify({
    session_id: 's',
    transcript_path: null,
    cwd: repo,
    hook_event_name: 'PreToolUse',
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 't',
  });
const plain = stdin('npm test');
const pipeline = stdin('cd x && git log --oneline | head');

// Sanity: the measured runs decide what they should.
const check = (input, wantDeny) => {
  const out = spawnSync(process.execPath, [bundle], { input, cwd: repo, encoding: 'utf8' }).stdout;
  if (out.includes('"deny"') !== wantDeny) throw new Error(`unexpected hook output: ${out}`);
};
check(plain, false);
check(pipeline, true);

const fns = {
  baseline: () => timeSpawn(process.execPath, ['-e', '0']),
  npmTest: () => timeSpawn(process.execPath, [bundle], { input: plain, cwd: repo }),
  gitPipeline: () => timeSpawn(process.execPath, [bundle], { input: pipeline, cwd: repo }),
};

// The alternative parser, if the devDependency is installed: load it, parse the same command.
const shSyntax = path.join(root, 'node_modules', 'sh-syntax', 'lib', 'index.js');
let shScript = null;
if (existsSync(shSyntax)) {
  shScript = path.join(repo, 'sh-syntax-hook.mjs');
  writeFileSync(
    shScript,
    `import { parse } from ${JSON.stringify(shSyntax)};\n` +
      `let t = '';\nfor await (const c of process.stdin) t += c;\n` +
      `const ast = await parse(JSON.parse(t).tool_input.command);\nif (!ast) process.exit(1);\n`,
  );
  fns.shSyntaxPipeline = () => timeSpawn(process.execPath, [shScript], { input: pipeline, cwd: repo });
}

const m = await alternate(fns, rounds);
console.log(`${rounds} rounds, medians`);
const ok1 = report('PreToolUse, npm test (fast path)', m.npmTest, m.baseline, 1.15);
const ok2 = report('PreToolUse, git pipeline (parse + deny)', m.gitPipeline, m.baseline, 1.6);
if (m.shSyntaxPipeline) {
  console.log(
    `for comparison, sh-syntax deciding the git pipeline: ${m.shSyntaxPipeline.toFixed(2)} ms = ${(m.shSyntaxPipeline / m.baseline).toFixed(2)}x (no goal)`,
  );
}
rmSync(repo, { recursive: true, force: true });
process.exit(ok1 && ok2 ? 0 : 1);
