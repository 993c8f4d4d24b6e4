import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeAnchor } from '../../../src/handover/sessionlog/index.js';
import { tempDir } from './helpers.js';

function project(files: Record<string, string | Buffer>): string {
  const root = path.join(tempDir(), 'p');
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), body);
  }
  return root;
}

describe('describeAnchor', () => {
  const root = project({
    'README.md': '\n# Butler\n\nText.\n## Later',
    'skills/x/SKILL.md': '---\nname: x\ndescription: "Suspend work for later"\n---\n# Heading\n',
    'src/a.ts': "/**\n * Masks secrets before they reach a snapshot.\n * More text.\n */\nimport x from 'y';\n",
    'src/b.ts': '// @ts-nocheck\n// Small helpers for ids.\nexport const a = 1;\n',
    'src/c.ts': "import fs from 'node:fs';\n\n/** Reads the config. */\nexport async function loadConfig() {}\n",
    'src/d.ts': "import fs from 'node:fs';\nexport default class Store {}\n",
    'tool.py': '#!/usr/bin/env python3\n"""Rebuilds the index from snapshot files."""\nimport os\n',
    'other.py': 'import os\n\nclass Worker:\n    pass\n',
    'run.sh': '#!/bin/sh\n# Runs the CI steps in order.\nset -e\n',
    'package.json': '{"name":"agent-butler","description":"Handover snapshots for agents"}',
    'blob.bin': Buffer.from([0x89, 0x50, 0x00, 0x01]),
    'plain.txt': 'just text\n',
    [`long.md`]: `# ${'word '.repeat(60)}\n`,
  });

  const cases: [string, string | null][] = [
    ['README.md', 'Butler'],
    ['skills/x/SKILL.md', 'Suspend work for later'],
    ['src/a.ts', 'Masks secrets before they reach a snapshot.'],
    ['src/b.ts', 'Small helpers for ids.'],
    ['src/c.ts', 'Reads the config.'],
    ['src/d.ts', 'exports class Store'],
    ['tool.py', 'Rebuilds the index from snapshot files.'],
    ['other.py', 'defines class Worker'],
    ['run.sh', 'Runs the CI steps in order.'],
    ['package.json', 'Handover snapshots for agents'],
    ['blob.bin', null],
    ['plain.txt', null],
    ['missing.ts', null],
    ['src', null],
  ];
  for (const [rel, want] of cases) {
    it(`${rel} → ${want}`, async () => expect(await describeAnchor(root, rel)).toBe(want));
  }

  it('keeps it short', async () => {
    const role = await describeAnchor(root, 'long.md');
    expect(role!.length).toBeLessThanOrEqual(100);
    expect(role!.endsWith('…')).toBe(true);
  });

  it('never reads outside the project: .. and symlinks out give null', async () => {
    const outside = path.join(path.dirname(root), 'secret.md');
    writeFileSync(outside, '# Secret heading\n');
    symlinkSync(outside, path.join(root, 'link.md'));
    expect(await describeAnchor(root, '../secret.md')).toBeNull();
    expect(await describeAnchor(root, outside)).toBeNull();
    expect(await describeAnchor(root, 'link.md')).toBeNull();
  });
});
