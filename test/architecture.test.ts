// Keeps the import boundaries and the map in AGENTS.md honest.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}
/**
 * Every module a file imports, as TypeScript's own pre-parser finds them: `import` / `export … from` over
 * any number of lines, `import type`, dynamic `import()` and `require()` (readImportFiles + detectJavaScriptImports).
 */
const imports = (file: string) => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
const CAPABILITIES = ['handover', 'work', 'issues', 'guard', 'hooks', 'install', 'shared'];

/**
 * Which folder of src/ may import which: the layers, bottom up. shared/ imports no capability; the
 * hooks sit on the capabilities they run; mcp/ and cli/ are the facades on top. No folder-level cycle.
 */
const MAY_IMPORT: Record<string, string[]> = {
  shared: [],
  guard: ['shared'],
  issues: ['shared'],
  work: ['shared', 'guard'],
  handover: ['shared', 'guard', 'work', 'issues'],
  hooks: ['shared', 'guard', 'handover'],
  install: ['shared', 'issues'],
  mcp: ['shared', 'guard', 'work', 'issues', 'handover'],
  cli: ['shared', 'guard', 'work', 'issues', 'handover', 'hooks', 'install', 'mcp'],
};

/** The capabilities with a front door, `src/<capability>/index.ts` (docs/decisions.md D38). shared/ is a library of small modules, imported one by one; hooks/, mcp/ and cli/ are adapters. */
const DOORS = ['guard', 'issues', 'work', 'handover', 'install'];

describe('architecture', () => {
  it('reads imports the way TypeScript does: multi-line, type-only, dynamic and require', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'butler-arch-'));
    const f = path.join(dir, 'x.ts');
    writeFileSync(
      f,
      "import {\n  a,\n  b,\n} from './multi.js';\nimport type { T } from './types.js';\nexport { c } from './re.js';\n" +
        "const d = await import('./dyn.js');\nconst e = require('./req.cjs');\n// import { z } from './comment.js';\n",
    );
    expect(imports(f).sort()).toEqual(['./dyn.js', './multi.js', './re.js', './req.cjs', './types.js']);
  });

  it('folders import only the layers below them (MAY_IMPORT)', () => {
    const wrong: string[] = [];
    for (const f of files('src')) {
      const from = f.split(path.sep)[1] ?? '';
      for (const i of imports(f)) {
        if (!i.startsWith('.')) continue;
        const target = path.normalize(path.join(path.dirname(f), i)).split(path.sep);
        if (target[0] !== 'src') continue;
        const to = target[1] ?? '';
        if (to !== from && !(MAY_IMPORT[from] ?? []).includes(to)) wrong.push(`${f} imports ${i}`);
      }
    }
    expect(Object.keys(MAY_IMPORT).sort()).toEqual(readdirSync('src').sort());
    expect(wrong).toEqual([]);
  });

  it('a capability is imported from outside only through its front door, src/<capability>/index.ts (D38)', () => {
    const past = new Set<string>();
    for (const f of files('src')) {
      const from = f.split(path.sep)[1] ?? '';
      for (const i of imports(f)) {
        if (!i.startsWith('.')) continue;
        const target = path.normalize(path.join(path.dirname(f), i));
        const to = target.split(path.sep)[1] ?? '';
        if (to === from || !DOORS.includes(to) || target === path.join('src', to, 'index.js')) continue;
        past.add(`${f} imports ${target}`.split(path.sep).join('/'));
      }
    }
    expect([...past].sort()).toEqual([]);
    for (const d of DOORS) expect(existsSync(path.join('src', d, 'index.ts')), `src/${d}/index.ts`).toBe(true);
  });

  it('front doors run nothing at load time beyond their own declarations: importing one loads no heavy package', async () => {
    // A hook that takes one use case through a door gets that use case only (package.json sideEffects: src/
    // modules are free of load-time effects, so esbuild drops what a bundle does not use).
    const r = await build({
      stdin: {
        contents:
          "import { needsParse } from './src/guard/index.ts'; import { HandoverStore } from './src/handover/index.ts'; console.log(needsParse, HandoverStore);",
        resolveDir: '.',
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = bundled(r.metafile);
    expect(inputs.length).toBeGreaterThan(3);
    expect(inputs.filter((i) => i.includes('node_modules'))).toEqual([]);
    expect(inputs.filter((i) => /src\/(work|issues|guard\/(?:parser|evaluate|runners))/.test(i))).toEqual([]);
  });

  it('the layer line in AGENTS.md is the order MAY_IMPORT allows', () => {
    const line = /Layers, bottom up: (.+?);/s.exec(readFileSync('AGENTS.md', 'utf8'))?.[1] ?? '';
    const rank = new Map<string, number>();
    line.split('→').forEach((step, i) => [...step.matchAll(/`(\w+)`/g)].forEach((m) => rank.set(m[1] as string, i)));
    expect([...rank.keys()].sort()).toEqual(Object.keys(MAY_IMPORT).sort());
    for (const [from, tos] of Object.entries(MAY_IMPORT))
      for (const to of tos) expect(rank.get(to)!, `${from} → ${to}`).toBeLessThan(rank.get(from)!);
  });

  it('only src/mcp imports the MCP SDK', () => {
    for (const f of files('src')) {
      if (f.startsWith(path.join('src', 'mcp'))) continue;
      expect(
        imports(f).filter((i) => i.startsWith('@modelcontextprotocol/')),
        f,
      ).toEqual([]);
    }
  });

  it('capabilities never import the MCP facade or the CLI, and read no process.env', () => {
    for (const cap of CAPABILITIES) {
      for (const f of files(path.join('src', cap))) {
        if (f.includes(`${path.sep}bin${path.sep}`)) continue; // hook entry points are the process boundary
        expect(
          imports(f).filter((i) => /\/(mcp|cli)\//.test(i)),
          f,
        ).toEqual([]);
        const code = readFileSync(f, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
        expect(/process\.env\b/.test(code), `${f} reads process.env`).toBe(false);
        expect(/process\.exit\(/.test(code), `${f} calls process.exit`).toBe(false);
        expect(/process\.(?:stdin|argv)\b/.test(code), `${f} reads stdin or argv`).toBe(false);
      }
    }
  });

  it('hook bundles carry nothing heavy: no SDK, zod, execa or YAML parser', async () => {
    for (const entry of ['src/hooks/bin/session-start.ts', 'src/hooks/bin/pre-tool-use.ts']) {
      const r = await build({
        entryPoints: [entry],
        bundle: true,
        platform: 'node',
        format: 'esm',
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      expect(
        bundled(r.metafile).filter((i) => i.includes('node_modules')),
        entry,
      ).toEqual([]);
    }
  });

  it('source files stay small (about 250 lines is the point to split; none over 275)', () => {
    // Lines as wc -l counts them (every file ends with a newline).
    const big = files('src').filter((f) => readFileSync(f, 'utf8').split('\n').length - 1 > 275);
    expect(big).toEqual([]);
  });

  it('every folder AGENTS.md names exists, and every src/ folder is named there', () => {
    const map = readFileSync('AGENTS.md', 'utf8');
    const named = [...map.matchAll(/^- `([\w./-]+\/)`/gm)].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(8);
    for (const n of named) expect(existsSync(n), `AGENTS.md names ${n}`).toBe(true);
    for (const d of readdirSync('src')) expect(map, `src/${d}/ is missing from AGENTS.md`).toContain(`src/${d}/`);
    expect(readFileSync('CLAUDE.md', 'utf8').trim()).toBe('@AGENTS.md');
  });

  it('every id pattern lives in src/shared/ids.ts, which imports nothing (the hook bundles use it)', () => {
    const strays = files('src')
      .filter((f) => f !== path.join('src', 'shared', 'ids.ts'))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/const ((?:[A-Z_]*_)?(?:ID|REF)(?:_PATTERN)?) = (?:\/|new RegExp)/g)].map(
          (m) => `${f} ${m[1]}`,
        ),
      );
    expect(strays).toEqual([]);
    expect(imports(path.join('src', 'shared', 'ids.ts'))).toEqual([]);
  });

  it('one module per concept: config reader, root finder, git runner, message catalogs', () => {
    const code = (f: string) => readFileSync(f, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
    const where = (re: RegExp) => files('src').filter((f) => re.test(code(f)));
    const sh = (...p: string[]) => path.join('src', 'shared', ...p);
    // .butler/config.yaml is opened only by src/shared/config.ts (CONFIG_FILE); elsewhere it is only named in text.
    expect(where(/(?:readFile\w*|open\w*|createReadStream)\([^;]*config\.yaml|['"`]config\.yaml['"`]/)).toEqual([]);
    expect(where(/const CONFIG_FILE\b/)).toEqual([sh('config.ts')]);
    // Only the root finder walks up the folders looking for .git.
    expect(where(/['"]\.git['"]/).filter((f) => /dirname\(/.test(code(f)))).toEqual([sh('root.ts')]);
    // Git runs through the one GitRunner contract, implemented once in shared/git-spawn.ts (no execa).
    expect(where(/from 'execa'/)).toEqual([]);
    // (cli/person.ts runs `ps`, not git: the process tree where /proc is missing.)
    expect(where(/node:child_process/)).toEqual(
      [path.join('src', 'cli', 'commands', 'demo.ts'), path.join('src', 'cli', 'person.ts'), sh('git-spawn.ts')].sort(),
    );
    // Every catalog: an `en` object, a `ja` of the same type, and one accessor by language; a catalog with
    // words for a person too has `jaPerson` of `enPerson`'s type and picks through `wordsFor` (docs/decisions.md D37).
    const catalogs = files('src').filter((f) => f.split(path.sep).includes('messages'));
    expect(catalogs.length).toBeGreaterThan(10);
    const audience = /const jaPerson: typeof enPerson = [\s\S]*wordsFor\(lang, to, \{ en, ja \}, \{ en: enPerson, ja: jaPerson \}\)/;
    for (const f of catalogs) {
      expect(code(f), f).toMatch(/const ja: typeof en = /);
      expect(code(f), f).toMatch(code(f).includes('wordsFor') ? audience : /\(lang === 'en' \? en : ja\)/);
    }
    // No other module picks a person's words: the one helper is src/shared/audience.ts.
    expect(where(/\bwordsFor\b/).filter((f) => !f.split(path.sep).includes('messages'))).toEqual([sh('audience.ts')]);
  });

  it('every atomic write and lock passes { within } (refuses links), apart from two named places', () => {
    // trust.ts writes the user's own config folder, outside every project; install checks each path
    // with assertNoLinks before it writes (src/install/index.ts applyChanges).
    const outsideProject = [path.join('src', 'issues', 'trust.ts'), path.join('src', 'install', 'index.ts')];
    const bare: string[] = [];
    for (const f of files('src')) {
      const code = readFileSync(f, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      for (const m of code.matchAll(/\b(writeFileAtomic|writeFileExclusive|withFileLock)\(/g)) {
        if (/function\s*$/.test(code.slice(0, m.index))) continue;
        if (!/within/.test(lastArgument(code, (m.index ?? 0) + m[0].length - 1)) && !outsideProject.includes(f)) bare.push(`${f} ${m[1]}`);
      }
    }
    expect(bare).toEqual([]);
  });
});

/** The modules whose code is in a bundle: esbuild lists the ones it read and then dropped as well. */
function bundled(meta: Metafile): string[] {
  return Object.values(meta.outputs).flatMap((o) => Object.entries(o.inputs).flatMap(([i, v]) => (v.bytesInOutput > 0 ? [i] : [])));
}

/** The text of a call's last argument, from the index of its `(` (strings skipped, trailing comma allowed). */
function lastArgument(code: string, open: number): string {
  let depth = 0;
  let cur = open + 1;
  let prev = cur;
  for (let i = open; i < code.length; i++) {
    const c = code[i] as string;
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth === 0) return code.slice(cur, i).trim() || code.slice(prev, cur - 1);
    else if (c === ',' && depth === 1) [prev, cur] = [cur, i + 1];
  }
  return '';
}
