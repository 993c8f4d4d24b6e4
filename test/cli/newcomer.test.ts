// Issue #25, the second newcomer walk-through (README and --help only): the real bundle spawned in temp
// git repositories with a bare remote, as a person types it. Each test removes the folders it made.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git, makeRepo } from '../helpers/repo.js';
import { BIN, pathWithoutButler } from '../helpers/person-cli.js';

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
      PATH: pathWithoutButler(),
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
    for (const old of list.slice(1)) expect(text.out).not.toContain(`----- ${old.handover_id} →`);
  });
});

describe('4. outside a git repository every verb that needs a project says so first, exit 2 as install', () => {
  it('install, issue, handover, work and share-preview: the same line, exit 2, nothing written', () => {
    const outside = tmp();
    const verbs = [
      ['install'],
      ['issue', 'list'],
      ['issue', 'create', '--title', 'T', '--body', 'b'],
      ['handover', 'list'],
      ['handover', 'suspend', '--notes', 'n'],
      ['handover', 'share-preview'],
      ['work', 'observe'],
      ['work', 'record', '-m', 'm'],
    ];
    for (const args of verbs) {
      const r = butler(outside, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.split('\n')[0]).toMatch(new RegExp(`^butler.*: ${outside} is not in a git repository: run \`git init\` there first`));
      expect(r.out).toBe('');
    }
    expect(existsSync(path.join(outside, '.butler'))).toBe(false);
    expect(existsSync(path.join(outside, 'session_logs'))).toBe(false);
  });
});

describe('5. a tracker URL the backend would never use is refused at approve time, and status reports it', () => {
  it('approve-url http://example.com: exit 2, nothing approved; that URL in the config is a status problem', () => {
    const root = repo();
    const home = tmp();
    const r = butler(root, ['issue', 'approve-url', 'http://example.com'], { HOME: home });
    expect(r.code).toBe(2);
    expect(r.err).toContain('http://example.com is not an https URL without credentials (plain http only to localhost)');
    expect(r.out).not.toContain('Approved');
    for (const bad of ['ftp://tracker.example', 'https://me:hunter2@tracker.example']) {
      expect(butler(root, ['issue', 'approve-url', bad], { HOME: home }).code).toBe(2);
    }
    expect(existsSync(path.join(home, '.config', 'butler', 'approved-urls.json'))).toBe(false);

    mkdirSync(path.join(root, '.butler'));
    for (const [url, shown] of [
      ['http://example.com', '"http://example.com"'],
      ['https://me:hunter2@tracker.example', '"https://***@tracker.example"'],
    ]) {
      writeFileSync(path.join(root, '.butler', 'config.yaml'), `issues:\n  backend: gitea\n  url: ${url}\n  owner: o\n  repo: r\n`);
      const st = butler(root, ['status'], { HOME: home });
      expect(st.code).toBe(1);
      expect(st.out).toContain(
        `problem: .butler/config.yaml:3:8: \`issues.url\` must be an https URL without credentials (plain http only to localhost) (got ${shown})`,
      );
      expect(st.out).not.toMatch(/ok {3}issue backend: gitea/);
      expect(st.out).not.toContain('hunter2');
      const list = butler(root, ['issue', 'list'], { HOME: home });
      expect(list.code).toBe(1);
      expect(list.err).toContain('`issues.url` must be an https URL');
      expect(list.err).not.toContain('hunter2');
    }
    // A loopback tracker over http stays valid (a tracker on this machine).
    writeFileSync(
      path.join(root, '.butler', 'config.yaml'),
      'issues:\n  backend: gitea\n  url: http://127.0.0.1:3000\n  owner: o\n  repo: r\n',
    );
    expect(butler(root, ['status'], { HOME: home }).out).toContain(
      'ok   issue backend: gitea (.butler/config.yaml), http://127.0.0.1:3000 NOT approved',
    );
    expect(git(root, 'status', '--porcelain')).toBe('?? .butler/');
  });
});

describe('3. an upgrade (plain install where Butler is installed) keeps the installed clients', () => {
  it('after install --claude, and after install --gemini, a plain install touches no other client', () => {
    for (const [flag, keys, absent] of [
      ['--claude', '(claude)', ['.codex', '.gemini']],
      ['--gemini', '(gemini)', ['.codex', '.claude', '.mcp.json']],
    ] as const) {
      const root = repo();
      expect(butler(root, ['install', flag]).code).toBe(0);
      const again = butler(root, ['install']);
      expect(again.code, again.err).toBe(0);
      expect(again.out.split('\n')[0]).toBe(`butler install: ${root} ${keys}`);
      for (const f of absent) expect(existsSync(path.join(root, f)), f).toBe(false);
      expect(butler(root, ['status']).out).toMatch(/^ {2}Codex: +not installed \(by choice; butler install --codex adds it\)$/m);
      // Adding a client is still one flag away.
      expect(butler(root, ['install', '--codex']).code).toBe(0);
      expect(existsSync(path.join(root, '.codex', 'hooks.json'))).toBe(true);
    }
  });
});

describe('7. status says which runtime file was altered and the command that restores it', () => {
  it('an edited session-start.cjs is "altered", never "not installed"; butler install restores it', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'Install Butler');
    appendFileSync(path.join(root, '.butler', 'bin', 'session-start.cjs'), '\n// edited by hand\n');
    const st = butler(root, ['status']);
    expect(st.code).toBe(1);
    expect(st.out).toMatch(
      /^ {2}MISS runtime \.butler\/bin\/: 0\.\d+\.\d+, files altered \(this butler: [^)]+\); butler\.mjs, session-start\.cjs \(altered\), session-start\.sh, pre-tool-use\.cjs,/m,
    );
    expect(st.out).not.toContain('not installed (this butler');
    expect(st.out).toContain(
      "problem: .butler/bin/ was altered: session-start.cjs differs from this Butler's runtime (edited since install, or another version); restore it with butler install",
    );
    expect(st.out).not.toMatch(/ask a person/i);
    expect(st.out).not.toMatch(/ask the user/i);
    const fix = butler(root, ['install']);
    expect(fix.code, fix.err).toBe(0);
    expect(fix.out.split('\n')[0]).toBe(`butler install: ${root} (claude)`);
    expect(git(root, 'status', '--porcelain')).toBe('');
    const healed = butler(root, ['status']);
    expect(healed.code, healed.out).toBe(0);
    expect(healed.out).toMatch(/^ {2}ok {3}runtime \.butler\/bin\/: 0\.\d+\.\d+ \(this butler/m);
  });
});

describe('2. a client’s missing trust is a problem only where that client is on this machine', () => {
  // PATH without any agent client: node and git only.
  const bare = [path.dirname(process.execPath), '/usr/bin', '/bin'].join(path.delimiter);
  it('a fresh plain install passes status without Codex here; with ~/.codex the problem names the fix and the way out', () => {
    const root = repo();
    const home = tmp();
    expect(butler(root, ['install'], { HOME: home, PATH: bare }).code).toBe(0);
    const without = butler(root, ['status'], { HOME: home, PATH: bare });
    expect(without.code, without.out).toBe(0);
    expect(without.out).toContain(
      'note: Codex is not on this machine, so its missing trust is no problem here: do the Codex trust step when you start using it.',
    );
    expect(without.out).not.toContain('problem:');
    mkdirSync(path.join(home, '.codex'));
    const withCodex = butler(root, ['status'], { HOME: home, PATH: bare });
    expect(withCodex.code).toBe(1);
    expect(withCodex.out).toMatch(
      /^problem: Codex: project not trusted, so Codex runs none of Butler's hooks: .* Not using Codex\? butler uninstall --codex$/m,
    );
    expect(withCodex.out).not.toContain('note: Codex is not on this machine');
    // The way out the problem names works: without Codex, status passes.
    expect(butler(root, ['uninstall', '--codex'], { HOME: home, PATH: bare }).code).toBe(0);
    expect(butler(root, ['status'], { HOME: home, PATH: bare }).code).toBe(0);
  });
});
