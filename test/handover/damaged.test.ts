import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStart } from '../../src/hooks/session-start.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo, isolatedGitEnv } from '../helpers/repo.js';

let root = '';
const dir = () => path.join(root, 'session_logs', 'handover');
const hook = () =>
  sessionStart(JSON.stringify({ cwd: root, session_id: 's', source: 'startup' }), {
    brain: 'claude-code',
    env: isolatedGitEnv({ BUTLER_LANG: 'en' }),
  });

async function suspend(notes = 'carry on') {
  const c = await connect({ clientName: 'claude-code', deps: { env: { BUTLER_LANG: 'en' } } });
  await c.call('work_session_start', { project_root: root });
  const r = await c.call('handover_suspend', { notes });
  return { c, r };
}

beforeEach(() => {
  root = makeRepo().root;
});

describe('SessionStart finds snapshots without a usable index.json', () => {
  for (const [name, breakIt] of [
    ['missing', () => rmSync(path.join(dir(), 'index.json'))],
    ['garbage', () => writeFileSync(path.join(dir(), 'index.json'), '{"version":1,"handovers":[{"nope"')],
    ['empty', () => writeFileSync(path.join(dir(), 'index.json'), '')],
    ['a directory', () => (rmSync(path.join(dir(), 'index.json')), mkdirSync(path.join(dir(), 'index.json')))],
  ] as const) {
    it(`index.json ${name}`, async () => {
      const { c, r } = await suspend();
      await c.close();
      breakIt();
      const out = await hook();
      expect(out).toContain(r.data.handover_id);
      expect(out).toContain('handover_resume');
    });
  }
});

describe('damaged snapshots are reported, never served as ok', () => {
  for (const [name, damage] of [
    ['truncated', (t: string) => t.slice(0, Math.floor(t.length / 2))],
    ['empty', () => ''],
    ['garbage', () => '\u0000\u0001 not a snapshot \uFFFD'],
    ['cut before the prompt', (t: string) => t.slice(0, t.indexOf('## HANDOFF_PROMPT') + 18)],
  ] as const) {
    it(`${name}: read, resume and accept return damaged; SessionStart says so`, async () => {
      const { c, r } = await suspend();
      const file = path.join(root, r.data.snapshot_file);
      writeFileSync(file, damage(readFileSync(file, 'utf8')));
      for (const [tool, args] of [
        ['handover_read', { handover_id: r.data.handover_id }],
        ['handover_resume', {}],
        ['handover_accept', { handover_id: r.data.handover_id }],
      ] as const) {
        const res = await c.call(tool, args);
        expect(res, tool).toMatchObject({
          status: 'error',
          error_code: 'backend_error',
          data: { damaged: true, handover_id: r.data.handover_id },
        });
        expect(res.summary).toContain('damaged');
      }
      await c.close();
      const out = await hook();
      expect(out).toContain('damaged');
      expect(out.trim().split('\n')).toHaveLength(1);
    });
  }
});

describe('handover_prepare that fails after saving says so', () => {
  it('an index that cannot be written: error with saved=true and the file, which is there', async () => {
    mkdirSync(path.join(dir(), 'index.json', 'blocker'), { recursive: true });
    const { c, r } = await suspend('saved anyway');
    await c.close();
    expect(r).toMatchObject({ status: 'error', data: { saved: true } });
    expect(r.summary).toMatch(/was saved/);
    expect(r.hint).toMatch(/Do not prepare it again/);
    expect(readFileSync(path.join(root, r.data.snapshot_file), 'utf8')).toContain('saved anyway');
    // And the hook still finds it, from the files.
    expect(await hook()).toContain(r.data.handover_id);
  });
});

describe('read-only folders', () => {
  // Needs root to hand the folder to an unprivileged user; root itself ignores permissions.
  it.skipIf(process.getuid?.() !== 0)(
    'a handover into a read-only session_logs/handover names the folder (real permissions, as an unprivileged user)',
    () => {
      const NOBODY = 65534;
      const { root: repo } = makeRepo();
      chmodSync(path.dirname(repo), 0o755);
      const walk = (p: string) => {
        chownSync(p, NOBODY, NOBODY);
        for (const e of readdirSync(p, { withFileTypes: true })) {
          if (e.isDirectory()) walk(path.join(p, e.name));
          else chownSync(path.join(p, e.name), NOBODY, NOBODY);
        }
      };
      mkdirSync(path.join(repo, 'session_logs', 'handover'), { recursive: true });
      walk(repo);
      chmodSync(path.join(repo, 'session_logs', 'handover'), 0o555);
      const home = path.join(path.dirname(repo), 'home');
      mkdirSync(home);
      chownSync(home, NOBODY, NOBODY);
      const run = spawnSync(
        process.execPath,
        [path.resolve('hooks/butler.mjs'), 'handover', 'suspend', '--project', repo, '--notes', 'x', '--json'],
        {
          uid: NOBODY,
          gid: NOBODY,
          env: { PATH: process.env.PATH, HOME: home, BUTLER_LANG: 'en' },
          encoding: 'utf8',
        },
      );
      const out = JSON.parse(run.stdout);
      expect(out.status).toBe('error');
      expect(out.summary).toContain('session_logs/handover');
      expect(out.summary).not.toContain('internal error');
      expect(out.hint).toContain('writable');
    },
  );
});
