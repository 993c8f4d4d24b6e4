// Issue #17 differential test: random command strings, with and without git spelt every way the fast
// path knows (quotes, backslashes and newlines inside the name, $'…' strings, any case; `guard` too) and
// JSON-encoded with random escapes, through the installed pre-filter. Whatever it allows without Node,
// the Node hook's full decision (parser included) allows too; whatever it forwards reaches Node byte for byte.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { preToolUse } from '../../src/hooks/pre-tool-use.js';
import { asForwarded, installedProject, outcome, runInstalled, variants } from '../helpers/pre-filter.js';

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'g',
  'i',
  't',
  'G',
  'I',
  'T',
  "'",
  '"',
  '\\',
  '\n',
  '$',
  "$'",
  ' ',
  'x',
  'ls',
  '-',
  '/',
  'é',
  'ｇ',
  '\t',
  '\u0000',
  '{',
  '}',
  ':',
  ',',
  'u0067',
  'git',
  'g\\\ni\'"t',
  'digit',
  "$'\\x67it'",
  'u',
  'a',
  'r',
  'd',
  'guard',
  'GU\\ard',
  'gua"r"d',
  'butler guard allow fetch',
];

function command(r: () => number): string {
  let s = '';
  const n = 1 + Math.floor(r() * 12);
  for (let k = 0; k < n; k++) s += PIECES[Math.floor(r() * PIECES.length)];
  return s;
}

/** JSON string literal of `s` with a random choice, per character, of the literal, a \u escape (either hex case) or a short escape. */
function encode(s: string, r: () => number): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    const hex = (c: number) => {
      const h = `\\u${c.toString(16).padStart(4, '0')}`;
      return r() < 0.5 ? h : h.toUpperCase().replace('\\U', '\\u');
    };
    const pick = r();
    if (code > 0xffff) out += JSON.stringify(ch).slice(1, -1);
    else if (pick < 0.3) out += hex(code);
    else if (ch === '/' && pick < 0.6) out += '\\/';
    else out += JSON.stringify(ch).slice(1, -1);
  }
  return `${out}"`;
}

const { present } = variants();
let project: Awaited<ReturnType<typeof installedProject>>;
beforeAll(async () => {
  project = await installedProject();
}, 60_000);

describe('the fast path the pre-filter mirrors', () => {
  it('is named in both (change src/guard/quick.ts needsParse and pre-tool-use.sh together)', () => {
    const root = path.join(__dirname, '..', '..');
    const sh = readFileSync(path.join(root, 'src', 'hooks', 'bin', 'pre-tool-use.sh'), 'utf8');
    expect(sh).toContain('needsParse');
  });
});

describe('pre-filter vs the Node hook on random commands', () => {
  for (const [k, v] of present.entries()) {
    const seed = 17_000 + k;
    it(`${v.name} (seed ${seed})`, async () => {
      const r = rng(seed);
      const cmds = Array.from({ length: 300 }, () => command(r));
      const inputs = cmds.map(
        (c) =>
          `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":${encode(c, r)}},"cwd":${JSON.stringify(project.root)}}`,
      );
      const outs = await runInstalled(v, project.claude, inputs, { cwd: project.root, projectDir: project.root, recordNode: true });
      let flagged = 0;
      for (const [i, c] of cmds.entries()) {
        expect(JSON.parse(inputs[i]!).tool_input.command).toBe(c);
        const o = outcome(outs[i]!);
        const label = JSON.stringify(c);
        if (o.kind === 'allowed') expect(await preToolUse(inputs[i]!, { CLAUDE_PROJECT_DIR: project.root }), label).toBe('');
        else flagged++;
        if (o.kind === 'forwarded') expect(o.bytes, label).toBe(asForwarded(inputs[i]!));
      }
      // Both kinds are well represented, so neither half of the check is empty.
      expect(flagged).toBeGreaterThan(60);
      expect(cmds.length - flagged).toBeGreaterThan(30);
    }, 600_000);
  }
});
