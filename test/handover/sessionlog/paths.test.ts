import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ButlerError } from '../../../src/shared/errors.js';
import { resolveSessionLogPath, transcriptRoots } from '../../../src/handover/sessionlog/index.js';
import { tempDir } from './helpers.js';

const codexMeta = (cwd: string) => JSON.stringify({ type: 'session_meta', payload: { id: 'x', cwd } });

function setup() {
  const base = tempDir();
  const project = path.join(base, 'project');
  const home = path.join(base, 'home');
  const outside = path.join(base, 'outside');
  for (const d of [
    project,
    path.join(project, 'logs'),
    path.join(home, '.claude', 'projects', '-p'),
    path.join(home, '.codex', 'sessions', '2026'),
    outside,
  ]) {
    mkdirSync(d, { recursive: true });
  }
  // Each transcript records this project as its working directory (Claude Code: `cwd`; Codex: session_meta).
  const put = (p: string) => {
    writeFileSync(p, p.includes('.codex') ? `${codexMeta(project)}\n` : `{"type":"user","cwd":${JSON.stringify(project)}}\n`);
    return p;
  };
  return {
    base,
    project,
    home,
    inProject: put(path.join(project, 'logs', 's.jsonl')),
    claude: put(path.join(home, '.claude', 'projects', '-p', 'abc.jsonl')),
    codex: put(path.join(home, '.codex', 'sessions', '2026', 'rollout-1.jsonl')),
    secret: put(path.join(outside, 'secret.jsonl')),
  };
}

async function refused(p: Promise<unknown>, message: RegExp) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ButlerError);
  expect((err as ButlerError).code).toBe('invalid_argument');
  expect((err as ButlerError).message).toMatch(message);
  expect((err as ButlerError).hint).toMatch(/\.claude\/projects/);
}

describe('resolveSessionLogPath', () => {
  it('accepts a file inside the project, relative or absolute', async () => {
    const s = setup();
    expect(await resolveSessionLogPath(s.project, 'logs/s.jsonl', { HOME: s.home })).toBe(s.inProject);
    expect(await resolveSessionLogPath(s.project, s.inProject, {})).toBe(s.inProject);
  });

  it("accepts the clients' own transcript folders under HOME, with ~ expansion", async () => {
    const s = setup();
    expect(await resolveSessionLogPath(s.project, s.claude, { HOME: s.home })).toBe(s.claude);
    expect(await resolveSessionLogPath(s.project, '~/.codex/sessions/2026/rollout-1.jsonl', { HOME: s.home })).toBe(s.codex);
  });

  it('accepts $CLAUDE_CONFIG_DIR/projects and $CODEX_HOME/sessions', async () => {
    const s = setup();
    const cfg = path.join(s.base, 'cfg');
    const cx = path.join(s.base, 'cx');
    mkdirSync(path.join(cfg, 'projects'), { recursive: true });
    mkdirSync(path.join(cx, 'sessions'), { recursive: true });
    writeFileSync(path.join(cfg, 'projects', 'a.jsonl'), `{"cwd":${JSON.stringify(path.join(s.project, 'sub'))}}\n`);
    writeFileSync(path.join(cx, 'sessions', 'b.jsonl'), `${codexMeta(s.project)}\n`);
    const env = { CLAUDE_CONFIG_DIR: cfg, CODEX_HOME: cx };
    expect(await resolveSessionLogPath(s.project, path.join(cfg, 'projects', 'a.jsonl'), env)).toBe(path.join(cfg, 'projects', 'a.jsonl'));
    expect(await resolveSessionLogPath(s.project, path.join(cx, 'sessions', 'b.jsonl'), env)).toBe(path.join(cx, 'sessions', 'b.jsonl'));
    expect(transcriptRoots({ ...env, HOME: '/h' })).toEqual([
      path.join(cfg, 'projects'),
      '/h/.claude/projects',
      path.join(cx, 'sessions'),
      '/h/.codex/sessions',
      '/h/.gemini/tmp',
    ]);
  });

  it("refuses another project's transcript, and one that records no working directory (issue #23)", async () => {
    const s = setup();
    const other = path.join(s.home, '.claude', 'projects', '-p', 'other.jsonl');
    writeFileSync(other, `{"type":"user","cwd":${JSON.stringify(path.join(s.base, 'elsewhere'))}}\n`);
    await refused(resolveSessionLogPath(s.project, other, { HOME: s.home }), /transcript of another project/);
    const rollout = path.join(s.home, '.codex', 'sessions', '2026', 'rollout-2.jsonl');
    writeFileSync(rollout, `${codexMeta(s.base)}\n`);
    await refused(resolveSessionLogPath(s.project, rollout, { HOME: s.home }), /transcript of another project/);
    writeFileSync(path.join(s.project, 'logs', 'bare.jsonl'), '{}\n');
    await refused(resolveSessionLogPath(s.project, 'logs/bare.jsonl', { HOME: s.home }), /records no working directory/);
  });

  it('refuses a file outside the allowed places', async () => {
    const s = setup();
    await refused(resolveSessionLogPath(s.project, s.secret, { HOME: s.home }), /outside the allowed places/);
    await refused(resolveSessionLogPath(s.project, '../outside/secret.jsonl', { HOME: s.home }), /outside/);
    // A real file in the client's config folder, but outside its transcript folder.
    mkdirSync(path.join(s.home, '.claude'), { recursive: true });
    writeFileSync(path.join(s.home, '.claude', 'settings.json'), '{}');
    await refused(
      resolveSessionLogPath(s.project, path.join(s.home, '.claude', 'settings.json'), { HOME: s.home }),
      /outside the allowed places/,
    );
  });

  it('refuses a symlink inside the project that leads outside', async () => {
    const s = setup();
    symlinkSync(s.secret, path.join(s.project, 'logs', 'link.jsonl'));
    symlinkSync(path.join(s.base, 'outside'), path.join(s.project, 'dirlink'));
    await refused(resolveSessionLogPath(s.project, 'logs/link.jsonl', { HOME: s.home }), /outside the allowed places/);
    await refused(resolveSessionLogPath(s.project, 'dirlink/secret.jsonl', { HOME: s.home }), /outside the allowed places/);
  });

  it("follows a transcript folder the user linked elsewhere (the user's own setup), but nothing beyond it", async () => {
    const s = setup();
    const fake = path.join(s.base, 'home2');
    mkdirSync(path.join(fake, '.codex'), { recursive: true });
    symlinkSync(path.join(s.base, 'outside'), path.join(fake, '.codex', 'sessions'));
    // The allowed root resolves to `outside` itself, so the file is "inside" it: the real check is on real paths,
    // and a HOME whose transcript folder points at arbitrary places is the caller's own configuration.
    expect(await resolveSessionLogPath(s.project, '~/.codex/sessions/secret.jsonl', { HOME: fake })).toBe(s.secret);
    await refused(resolveSessionLogPath(s.project, '~/.codex/sessions/secret.jsonl', { HOME: s.home }), /does not exist/);
  });

  it('refuses empty, NUL, missing, directory and bare-root inputs; ~ without HOME', async () => {
    const s = setup();
    await refused(resolveSessionLogPath(s.project, '  ', {}), /empty/);
    await refused(resolveSessionLogPath(s.project, 'a\0b', {}), /malformed/);
    await refused(resolveSessionLogPath(s.project, 'logs/none.jsonl', {}), /does not exist/);
    await refused(resolveSessionLogPath(s.project, 'logs', {}), /not a file/);
    await refused(resolveSessionLogPath(s.project, '~/x.jsonl', {}), /HOME/);
  });
});
