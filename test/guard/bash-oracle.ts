// Runs a command in real bash, in a throwaway folder, with a logging fake `git` first on PATH, and
// says whether git ran. The corpus's expected answers are checked against this, so they cannot drift
// from what bash actually does.
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Oracle {
  /** Did git (or a `git-NAME` program) run? */
  runsGit(cmd: string): Promise<{ ran: boolean; exit: number | null; calls: string[] }>;
  close(): Promise<void>;
}

const FAKE = '#!/bin/sh\necho "$(basename "$0") $*" >> "$GIT_LOG"\n';
const GIT_NAMED = ['git', 'git-status', 'git-upload-pack', 'git-lfs'];

export async function makeOracle(): Promise<Oracle> {
  const base = await fsp.mkdtemp(path.join(os.tmpdir(), 'butler-oracle-'));
  const bin = path.join(base, 'bin');
  const home = path.join(base, 'home');
  await fsp.mkdir(path.join(home, 'bin'), { recursive: true });
  await fsp.mkdir(bin);
  await fsp.mkdir(path.join(base, 'logs'));
  for (const name of GIT_NAMED) await fsp.writeFile(path.join(bin, name), FAKE, { mode: 0o755 });
  await fsp.writeFile(path.join(home, 'bin', 'git'), FAKE, { mode: 0o755 });
  // One folder for every run (the commands only read it or write throwaway files); a log per run.
  const dir = path.join(base, 'work');
  for (const d of ['x', 'repo/.git', 'dir', 'a', 'b-dir', 'src', 'docs']) await fsp.mkdir(path.join(dir, d), { recursive: true });
  for (const f of ['a.txt', 'x.patch', 'f', 'b', 'README', 'README.md', 'notes.txt', 'file'])
    await fsp.writeFile(path.join(dir, f), 'text\n');
  await fsp.writeFile(path.join(dir, 'files.txt'), 'a.txt\n');
  await fsp.writeFile(path.join(dir, 'package.json'), '{"name":"x","version":"1.0.0","scripts":{"test":"true"}}\n');
  await fsp.writeFile(path.join(dir, 'git'), FAKE, { mode: 0o755 });
  let n = 0;

  async function runsGit(cmd: string): Promise<{ ran: boolean; exit: number | null; calls: string[] }> {
    const log = path.join(base, 'logs', `${n++}`);
    // Absolute paths to the real git are pointed at the fake: `/usr/bin/g?t` still globs the same way.
    const text = cmd.replace(/\/usr\/(local\/)?bin\/(?=g)/g, `${bin}/`).replace(/\/usr\/lib\/git-core\//g, `${bin}/`);
    const exit = await new Promise<number | null>((resolve) => {
      const child = execFile(
        'bash',
        ['-c', text],
        {
          cwd: dir,
          timeout: 20_000,
          killSignal: 'SIGKILL',
          env: {
            PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
            HOME: home,
            GIT_LOG: log,
            LANG: 'C',
            TERM: 'dumb',
            npm_config_offline: 'true',
            npm_config_yes: 'false',
            npm_config_update_notifier: 'false',
          },
        },
        (err) => resolve(err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : null) : 0),
      );
      child.stdin?.end();
    });
    // Background jobs (`nohup git fetch &`) may log just after the shell exits.
    for (let i = 0; i < (cmd.includes('&') ? 5 : 1); i++) {
      const calls = await fsp.readFile(log, 'utf8').then(
        (t) => t.split('\n').filter(Boolean),
        () => null,
      );
      if (calls) return { ran: true, exit, calls };
      await new Promise((r) => setTimeout(r, 40));
    }
    return { ran: false, exit, calls: [] };
  }

  return { runsGit, close: () => fsp.rm(base, { recursive: true, force: true }) };
}
