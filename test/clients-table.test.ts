// The client table (src/shared/clients/, docs/decisions.md D35) is the one place that names a client.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CLIENTS, SHELL_TOOLS } from '../src/shared/clients/index.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Every string literal and template text of a file, from a real parse (comments are not code). */
function literals(file: string): string[] {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isStringLiteralLike(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) out.push(n.text);
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

/**
 * The rule: a client's brain id, install key or title is written in a string only in its record
 * (src/shared/clients/), in the transcript readers (src/handover/sessionlog/: one reader per transcript
 * format, named after it) and in message catalogs (`messages/` folders, src/install/messages.ts and its
 * ja-notes.ts: a translation names what it translates). Everything else reads the table.
 */
const ALLOWED = [
  path.join('src', 'shared', 'clients'),
  path.join('src', 'handover', 'sessionlog'),
  `${path.sep}messages${path.sep}`,
  path.join('src', 'install', 'messages.ts'),
  path.join('src', 'install', 'ja-notes.ts'),
];

describe('the client table', () => {
  it('no string in src/ names a client outside its record, the transcript readers and message catalogs', () => {
    const words = CLIENTS.flatMap((c) => [c.brain, c.title]);
    const keys = new Set(CLIENTS.map((c) => c.key));
    const found: string[] = [];
    for (const f of files('src')) {
      if (ALLOWED.some((a) => f.includes(a))) continue;
      for (const s of literals(f)) {
        if (keys.has(s) || words.some((w) => s.includes(w))) found.push(`${f}: ${JSON.stringify(s.slice(0, 80))}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the sh pre-filter checks the events and shell tools the table lists', () => {
    const sh = readFileSync('src/hooks/bin/pre-tool-use.sh', 'utf8');
    const events = /HE !~ \/\^\(([^)]+)\)\$\//.exec(sh)?.[1]?.split('|') ?? [];
    const tools = /TN !~ \/\^\(([^)]+)\)\$\//.exec(sh)?.[1]?.split('|') ?? [];
    expect(events.sort()).toEqual([...new Set(CLIENTS.map((c) => c.hooks.events.guard.event))].sort());
    expect(tools.sort()).toEqual([...SHELL_TOOLS].sort());
    // Fixed lists, written here: the table itself is checked against what the real clients send.
    expect([...SHELL_TOOLS].sort()).toEqual(
      ['Bash', 'exec_command', 'local_shell', 'run_shell_command', 'shell', 'shell_command', 'unified_exec'].sort(),
    );
  });

  it('keys, brain ids and config folders are unique; timeouts fit their unit', () => {
    for (const k of ['key', 'brain', 'configDir'] as const) expect(new Set(CLIENTS.map((c) => c[k])).size).toBe(CLIENTS.length);
    for (const c of CLIENTS)
      for (const e of Object.values(c.hooks.events)) {
        if (c.hooks.timeoutUnit === 'seconds') expect(e.timeout, c.key).toBeLessThan(60);
        else expect(e.timeout, c.key).toBeGreaterThanOrEqual(1000);
      }
  });
});
