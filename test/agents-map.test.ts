// AGENTS.md and docs/decisions.md are read by every agent that changes this repository: what they name
// must exist and the numbers they quote must be the ones the code uses (issue #16, "the map stays true").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { brainTools, TOOL_INVENTORY, workerTools } from '../src/mcp/tools/index.js';
import { SESSION_START_LIMIT } from '../src/handover/start-prompt.js';

const MAP = readFileSync('AGENTS.md', 'utf8');
const DECISIONS = readFileSync('docs/decisions.md', 'utf8');

/** Named in AGENTS.md but not files of this repository: a user's repository, git refs, runtime files. */
const NOT_HERE = new Set([
  '.butler/bin/butler.mjs', // inside a user's repository after install
  '.butler/config.yaml',
  'refs/butler/handover', // a git ref
  'sessions.json', // written at run time under session_logs/
  'test/e2e/clients/node_modules', // installed on first run
  '@modelcontextprotocol/sdk', // a package
]);

/** Each bullet of a markdown file (a `- ` line and its indented continuation), or the paragraph. */
function bullets(text: string): string[] {
  return text.split(/\n(?=- |\S)/);
}
const ticks = (s: string) => [...s.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);
const isPath = (t: string) => /^[\w.@<>*-]*(?:\/[\w.@<>*-]*)*$/.test(t) && (t.includes('/') || /\.(?:ts|mjs|sh|md|json|yaml)$/.test(t));
const glob = (t: string) => t.replace(/<[a-z]+>/g, '*');

/** A path as written from the repository root, or a bare name below a folder the same bullet names. */
function found(token: string, bases: string[]): boolean {
  const dir = token.endsWith('/');
  const pattern = glob(dir ? token.slice(0, -1) : token);
  const opts = { onlyFiles: !dir, onlyDirectories: dir, ignore: ['**/node_modules/**'], dot: true };
  if (fg.sync(pattern, opts).length > 0) return true;
  return bases.some((b) => fg.sync(`${glob(b)}**/${pattern}`, opts).length > 0);
}

function unresolved(text: string): string[] {
  const missing: string[] = [];
  for (const b of bullets(text)) {
    const tokens = ticks(b).filter(isPath);
    const bases = tokens.filter((t) => t.endsWith('/') && !t.startsWith('.'));
    for (const t of tokens) if (!NOT_HERE.has(t) && !found(t, bases)) missing.push(t);
  }
  return missing;
}

describe('AGENTS.md stays true', () => {
  it('names nothing outside the repository (#25: a clone has no ../shared)', () => {
    const outside = [...MAP.matchAll(/`(\.\.\/[^`\n]*)`|\]\((\.\.\/[^)\n]*)\)/g)].map((m) => m[1] ?? m[2]);
    expect(outside).toEqual([]);
  });

  it('every path it names exists (bare names below the folder their bullet names)', () => {
    const checked = ticks(MAP).filter(isPath);
    expect(checked.length).toBeGreaterThan(80);
    expect(unresolved(MAP)).toEqual([]);
  });

  it('every npm script it names is in package.json', () => {
    const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts);
    const named = ticks(MAP)
      .flatMap((t) => [...t.matchAll(/^npm (?:run )?([\w:]+)/g)].map((m) => m[1] as string))
      .filter((s) => s !== 'ci');
    expect(named).toEqual(expect.arrayContaining(['build', 'test', 'test:unit', 'typecheck', 'bench', 'demo']));
    for (const s of named) expect(scripts, `npm ${s}`).toContain(s);
  });

  it('what the commands are said to do is how they are set up', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.engines.node).toBe('>=20');
    expect(pkg.scripts['test:unit']).toContain('--exclude "test/e2e/**"');
    expect(pkg.scripts.typecheck).toBe('tsc --noEmit');
    expect(JSON.parse(readFileSync('tsconfig.json', 'utf8')).compilerOptions.strict).toBe(true);
    const vitest = readFileSync('vitest.config.ts', 'utf8');
    for (const setup of ['test/global-setup.ts', 'test/e2e/clients/global-setup.ts']) expect(vitest).toContain(`'${setup}'`);
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/npm test[\s\S]*scripts\/test-summary\.mjs/);
    expect(readFileSync('scripts/test-summary.mjs', 'utf8')).toMatch(/passed, \$\{[^}]+\} failed/);
  });

  it('every code name it quotes is defined in src/ (or the architecture test)', () => {
    const names = ticks(MAP)
      .map((t) => /^([A-Za-z_][A-Za-z0-9_]*)(?:\(|$)/.exec(t)?.[1] ?? '')
      .filter((n) => /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|^[A-Z_]{4,}$/.test(n));
    expect(names).toEqual(
      expect.arrayContaining(['confinePath', 'withFileLock', 'ButlerError', 'ServerDeps', 'MAY_IMPORT', 'defineTool', 'createServer']),
    );
    const code = fg
      .sync(['src/**/*.ts', 'test/architecture.test.ts'])
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    for (const n of names) expect(new RegExp(`(?:function|class|interface|type|const) ${n}\\b`).test(code), n).toBe(true);
  });

  it('the numbers it quotes are the ones the code uses', () => {
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
    const skills = /the (\w+) SKILL\.md skills/.exec(MAP)?.[1] ?? '';
    expect(words.indexOf(skills)).toBe(fg.sync('skills/*/SKILL.md').length);
    const runtime = /passes ([\d,]+) bytes/.exec(MAP)?.[1]?.replace(/,/g, '');
    expect(readFileSync('scripts/build.mjs', 'utf8')).toContain(
      `RUNTIME_LIMIT = ${Number(runtime).toLocaleString('en').replace(/,/g, '_')};`,
    );
    expect(MAP).toContain(`the ${SESSION_START_LIMIT.toLocaleString('en')}-character SessionStart bound`);
    expect(MAP).toMatch(/one file per tool\s+under `tools\/<capability>\/`/);
  });

  it('the hooks/ bullet lists exactly the committed bundles', () => {
    const bullet = bullets(MAP).find((b) => b.startsWith('- `hooks/`')) ?? '';
    const listed = ticks(bullet).filter((t) => /^[\w-]+\.(?:mjs|cjs|sh)$/.test(t));
    expect(listed.sort()).toEqual(readdirSync('hooks').sort());
  });

  it('the "Add a hook" recipe matches the hooks: logic, entry point, bundle', () => {
    const build = readFileSync('scripts/build.mjs', 'utf8');
    const events = fg.sync('src/hooks/*.ts').map((f) => path.basename(f, '.ts'));
    expect(events.length).toBeGreaterThan(2);
    for (const e of events) {
      expect(existsSync(`src/hooks/bin/${e}.ts`), e).toBe(true);
      expect(build, e).toContain(`'src/hooks/bin/${e}.ts'`);
      expect(build, e).toContain(`'hooks/${e}.cjs'`);
    }
  });

  it('one file per tool: each tool its own file under src/mcp/tools/<capability>/, named after it', () => {
    const files = fg.sync('src/mcp/tools/*/*.ts').filter((f) => /defineTool\(/.test(readFileSync(f, 'utf8')));
    const byName = new Map<string, string>();
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(text.match(/defineTool\(/g), f).toHaveLength(1);
      const name = /name: '([a-z_]+)'/.exec(text)?.[1] ?? '';
      expect(name.replace('_backend_', '_').endsWith(path.basename(f, '.ts').replace(/-/g, '_')), `${f} defines ${name}`).toBe(true);
      byName.set(name, f);
    }
    expect([...byName.keys()].sort()).toEqual(TOOL_INVENTORY.map((e) => e.tool.name).sort());
    for (const t of workerTools) expect(byName.get(t.name), t.name).toMatch(/^src\/mcp\/tools\/worker\//);
    for (const t of brainTools) expect(byName.get(t.name), t.name).not.toMatch(/\/worker\//);
  });

  it('every "N tools" in the READMEs and the tools index is the brain-facing count', () => {
    const docs = ['README.md', 'src/mcp/tools/index.ts', ...fg.sync('test/e2e/*/README.md')];
    const counts = docs.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\b(\d+) (?:brain-facing )?tools\b/g)].map((m) => `${f}: ${m[1]}`),
    );
    expect(counts.length).toBeGreaterThan(2);
    for (const c of counts) expect(c).toMatch(new RegExp(`: ${brainTools.length}$`));
  });
});

describe('docs/decisions.md stays true', () => {
  const ids = [...DECISIONS.matchAll(/^## (D\d+) — /gm)].map((m) => m[1] as string);

  it('ids run D1..Dn without gaps, and every decision says where it is implemented', () => {
    expect(ids).toEqual(ids.map((_, i) => `D${i + 1}`));
    for (const d of DECISIONS.split(/^## (?=D\d)/m).slice(1)) expect(d, d.slice(0, 40)).toMatch(/Code: `/);
  });

  it('every "Code:" path exists', () => {
    const missing: string[] = [];
    for (const m of DECISIONS.matchAll(/Code: ([^\n]*(?:\n(?!\n|## )[^\n]*)*)/g)) {
      for (const t of ticks(m[1] ?? '').filter(isPath)) if (!found(t, [])) missing.push(t);
    }
    expect(missing).toEqual([]);
  });

  it('every name given beside a file is in that file', () => {
    const pairs = [...DECISIONS.matchAll(/`([\w./-]+\.ts)` \(([^)]*)\)/g)];
    expect(pairs.length).toBeGreaterThan(10);
    for (const [, file, names] of pairs) {
      const text = readFileSync(file as string, 'utf8');
      for (const n of ticks(names as string)) expect(new RegExp(`\\b${n}\\b`).test(text), `${file} ${n}`).toBe(true);
    }
  });

  it('every decision cited in the repository exists', () => {
    const cited = fg
      .sync(['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.mjs', '*.md'], { ignore: ['**/node_modules/**'] })
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/docs\/decisions\.md,? (D\d+)/g)].map((m) => `${f} ${m[1]}`));
    expect(cited.length).toBeGreaterThan(10);
    for (const c of cited) expect(ids, c).toContain(c.split(' ')[1]);
  });

  it('no comment cites documents outside the repository ("seed 00N")', () => {
    const hits = fg
      .sync(['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.mjs'], { ignore: ['**/node_modules/**'] })
      .filter((f) => /\bseeds? 0\d\d\b/i.test(readFileSync(f, 'utf8')));
    expect(hits).toEqual([]);
  });
});

it('test/ mirrors src/, apart from the folders AGENTS.md names for what has no src/ twin', () => {
  const own = ['helpers', 'fixtures', 'e2e', 'skills'];
  for (const o of own) expect(MAP).toContain(`test/${o}/`.replace('test/skills/', 'skills tests'));
  const strays = readdirSync('test', { withFileTypes: true }).filter(
    (e) => e.isDirectory() && !own.includes(e.name) && !existsSync(path.join('src', e.name)),
  );
  expect(strays.map((e) => e.name)).toEqual([]);
});
