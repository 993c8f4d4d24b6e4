import { describe, expect, it } from 'vitest';
import { editJsonText } from '../../src/install/json-edit.js';
import type { Json } from '../../src/install/json.js';

const BUTLER = { type: 'stdio', command: 'sh', args: ['-c', 'x'] };
const GROUP = { matcher: 'Bash', hooks: [{ type: 'command', command: 'node .butler/bin/pre-tool-use.mjs', timeout: 5 }] };

/** Adds Butler's keys, removes them again, and returns both texts. */
function roundTrip(text: string, add: (o: any) => void): { added: string; back: string } {
  const original = JSON.parse(text) as Json;
  const next = structuredClone(original) as any;
  add(next);
  const added = editJsonText(text, original, next);
  expect(JSON.parse(added)).toEqual(next);
  const back = editJsonText(added, next, original);
  return { added, back };
}

describe('format-preserving JSON edits (install, then uninstall, gives the same bytes)', () => {
  const cases: [string, string, (o: any) => void][] = [
    ['one-line .mcp.json', '{"mcpServers":{"other":{"command":"x"}}}\n', (o) => (o.mcpServers.butler = BUTLER)],
    [
      'inline neighbours in a pretty file',
      '{\n  "mcpServers": {\n    "github": { "command": "npx", "args": ["-y", "gh"] }\n  }\n}\n',
      (o) => (o.mcpServers.butler = BUTLER),
    ],
    [
      'four spaces, CRLF-free, new top-level keys',
      '{\n    "permissions": { "allow": ["Bash(npm test)"] },\n    "model": "opus"\n}\n',
      (o) => {
        o.hooks = { PreToolUse: [GROUP] };
        o.enabledMcpjsonServers = ['butler'];
      },
    ],
    [
      'appending to a user hook list',
      '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Edit", "hooks": [] }\n    ]\n  }\n}\n',
      (o) => o.hooks.PreToolUse.push(GROUP),
    ],
    ['tabs', '{\n\t"enabledMcpjsonServers": [\n\t\t"github"\n\t]\n}', (o) => o.enabledMcpjsonServers.push('butler')],
    ['empty object', '{}\n', (o) => (o.mcpServers = { butler: BUTLER })],
  ];
  for (const [name, text, add] of cases) {
    it(name, () => {
      const { added, back } = roundTrip(text, add);
      expect(back).toBe(text);
      // The user's own lines are untouched by the insertion (a one-line file gains its entry on that line).
      if (text.trim().split('\n').length === 1) expect(added.trim().split('\n')).toHaveLength(1);
      else
        for (const line of text.split('\n').filter((l) => l.trim().length > 2 && !/[,{[]$/.test(l.trim())))
          expect(added).toContain(line.trimEnd().replace(/,$/, ''));
    });
  }

  it('lays new entries out like their neighbours', () => {
    const { added } = roundTrip('{\n  "mcpServers": {\n    "github": {}\n  }\n}\n', (o) => (o.mcpServers.butler = { command: 'sh' }));
    expect(added).toBe('{\n  "mcpServers": {\n    "github": {},\n    "butler": {\n      "command": "sh"\n    }\n  }\n}\n');
    expect(roundTrip('{"a":1}', (o) => (o.b = [1, 2])).added).toBe('{"a":1,"b":[1,2]}');
  });
});
