// Issue #25, the second newcomer walk-through (README and --help only): the real bundle spawned in temp
// git repositories with a bare remote, as a person types it. Each test removes the folders it made.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';

const BIN = path.resolve(import.meta.dirname, '../../hooks/butler.mjs');
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function repo(): string {
  const { root } = makeRepo({ withRemote: true });
  made.push(path.dirname(root));
  return root;
}

function tmp(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-newcomer-')));
  made.push(dir);
  return dir;
}

function butler(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: env.HOME ?? cwd,
      BUTLER_LANG: 'en',
      GIT_AUTHOR_NAME: 'T',
      GIT_AUTHOR_EMAIL: 't@e.x',
      GIT_COMMITTER_NAME: 'T',
      GIT_COMMITTER_EMAIL: 't@e.x',
      ...env,
    },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr, json: () => JSON.parse(r.stdout) };
}

describe('6. share-preview with no id shows the newest snapshot written here', () => {
  it('three own snapshots: the preview is the newest, not a superseded one', () => {
    const root = repo();
    for (const n of ['first', 'second', 'third']) expect(butler(root, ['handover', 'suspend', '--notes', `${n} note`]).code).toBe(0);
    const list = butler(root, ['handover', 'list', '--json']).json().data.handovers as { handover_id: string; summary: string }[];
    expect(list.map((h) => h.summary)).toEqual(['third note', 'second note', 'first note']);
    const r = butler(root, ['handover', 'share-preview', '--json']);
    const previews = r.json().data.previews as { handover_id: string; text: string }[];
    expect(previews.map((p) => p.handover_id)).toEqual([list[0]!.handover_id]);
    expect(previews[0]!.text).toContain('third note');
    expect(previews[0]!.text).not.toContain('first note');
    const text = butler(root, ['handover', 'share-preview']);
    expect(text.out).toContain(`----- ${list[0]!.handover_id} → refs/butler/handover:`);
    expect(text.out).not.toContain(list[2]!.handover_id);
  });
});
