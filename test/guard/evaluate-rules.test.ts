// Which settings the guard applies, with fixed expectations (issue #27): the stricter of every folder the
// command's git may act on (the session folder, `cd` targets, `-C` folders, chained `-C`), block when one
// is not known before the command runs, block when the settings cannot be read in time, and an
// unparseable `butler guard` command denied in every mode but off. In-process, so mutants are seen.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GUARD, decide, inspect } from '../../src/guard/decide.js';
import { evaluate } from '../../src/guard/evaluate.js';
import { git, makeRepo } from '../helpers/repo.js';

/** Reads HEAD's version of a file with real git, as the hook does. */
const readCommitted = async (dir: string, rel: string): Promise<string | null> => {
  try {
    return git(dir, 'cat-file', '-p', `HEAD:${rel}`);
  } catch {
    return null;
  }
};
const deps = { readCommitted, configBudgetMs: 5_000 };
const action = async (command: string, cwd: string | null = root, d = deps) => (await evaluate(command, cwd, d)).action;

/** A repository whose committed settings are `yaml`. */
function repoWith(yaml: string): string {
  const { root: r } = makeRepo();
  mkdirSync(path.join(r, '.butler'));
  writeFileSync(path.join(r, '.butler', 'config.yaml'), yaml);
  git(r, 'add', '.butler/config.yaml');
  git(r, 'commit', '-qm', 'guard settings');
  return r;
}

let root = ''; // allows fetch
let strictSub = ''; // root/a/b: its own repository, default settings (block everything)
beforeAll(() => {
  root = repoWith('guard:\n  allow: [fetch]\n');
  mkdirSync(path.join(root, 'a'));
  const { root: inner } = makeRepo();
  strictSub = path.join(root, 'a', 'b');
  // A nested repository (as a submodule or a vendored clone would be), with no Butler settings.
  git(path.dirname(inner), 'clone', '-q', inner, strictSub);
});

describe('the folders whose settings apply', () => {
  it('the session folder’s committed allow list lets `git fetch` run, and nothing else', async () => {
    expect(await action('git fetch')).toBe('allow');
    expect(await action('git -C . fetch')).toBe('allow');
    expect(await action('cd a && git fetch')).toBe('allow');
    expect(await action('git -C a fetch')).toBe('allow');
    expect(await action('git -C a -C .. fetch')).toBe('allow');
    // A `-C` applies to the session folder and to every `cd` target: `cd a && git -C .. fetch` also
    // counts the folder above the project (no settings: block). Over-approximation, on the safe side.
    expect(await action('cd a && git -C .. fetch')).toBe('deny');
    expect(await action('git push')).toBe('deny');
    expect(await action('ls -la')).toBe('allow');
  });

  it('a `cd` or `-C` into a stricter repository applies its settings too, also through chained -C', async () => {
    expect(await action('cd a/b && git fetch')).toBe('deny');
    expect(await action('git -C a/b fetch')).toBe('deny');
    expect(await action('git -C a -C b fetch')).toBe('deny');
    expect(await action(`git -C ${strictSub} fetch`)).toBe('deny');
    // From inside the strict repository, a way back to the project does not relax it.
    expect(await action('git -C ../.. fetch', strictSub)).toBe('deny');
  });

  it('a folder not known before the command runs falls back to block, whatever the project allows', async () => {
    for (const cmd of [
      'cd "$DIR" && git fetch',
      'cd ~/src && git fetch',
      'cd ~ && git fetch',
      'git -C "$DIR" fetch',
      'git -C ~/src fetch',
      'git -C a -C "$(pwd)" fetch',
      'GIT_DIR=/x/.git git fetch',
      'git --git-dir=/x/.git fetch',
      'git --work-tree=/x fetch',
      'git fetch; GIT_DIR=/x/.git git fetch',
      'git -C a fetch && git -C "$DIR" fetch',
    ]) {
      expect(await action(cmd), cmd).toBe('deny');
    }
  });

  it('a folder named ~ in the project is not where `git -C ~` acts, also next to a known folder', async () => {
    // A lax config in <project>/~ must not count: `~` is the home folder, known only at run time.
    mkdirSync(path.join(root, '~', '.butler'), { recursive: true });
    writeFileSync(path.join(root, '~', '.butler', 'config.yaml'), 'guard:\n  allow: [fetch, push]\n');
    expect(await action('git -C ~ push')).toBe('deny');
    expect(await action('git -C a fetch && git -C ~ fetch')).toBe('deny');
  });

  it('without a session folder, the default (block) applies', async () => {
    expect(await action('git fetch', null)).toBe('deny');
    expect(await action('ls', null)).toBe('allow');
  });

  it('settings that cannot be read in time, or whose committed read fails, fall back to block', async () => {
    // The work tree relaxes (allows push), so the committed version must be read.
    const r = repoWith('guard:\n  allow: [push]\n');
    expect(await action('git push', r)).toBe('allow');
    const never = () => new Promise<string | null>(() => undefined);
    const t = Date.now();
    expect(await action('git push', r, { readCommitted: never, configBudgetMs: 100 })).toBe('deny');
    expect(Date.now() - t).toBeLessThan(3_000);
    const failing = async (): Promise<string | null> => {
      throw new Error('git is gone');
    };
    expect(await action('git push', r, { readCommitted: failing, configBudgetMs: 5_000 })).toBe('deny');
    // A folder whose nearest config cannot be read (it is a folder): block there, though the project allows fetch.
    mkdirSync(path.join(root, 'c', '.butler', 'config.yaml'), { recursive: true });
    expect(await action('cd c && git fetch')).toBe('deny');
    expect(await action('git -C c fetch')).toBe('deny');
  });
});

describe('unparseable commands in each mode', () => {
  const mode = (m: 'block' | 'warn' | 'off') => ({ allow: [], mode: m });
  const guardReason =
    "This command mentions `butler guard` and could not be parsed (unterminated double quote): changing what the Butler guard allows is the user's act, in their own terminal. Ask the user, or simplify the command";

  it('`butler guard` that cannot be parsed is denied in block and warn mode, allowed only with the guard off', () => {
    const ins = inspect('butler guard mode off "');
    expect(ins).toEqual({ uses: [], parseError: 'unterminated double quote', parseGuard: true, cds: [] });
    expect(decide(ins, mode('block'))).toEqual({ action: 'deny', reason: guardReason });
    expect(decide(ins, mode('warn'))).toEqual({ action: 'deny', reason: guardReason });
    expect(decide(ins, mode('off'))).toEqual({ action: 'allow' });
  });

  it('git that cannot be parsed is reported, not denied, in warn mode', () => {
    const ins = inspect('git log "');
    expect(ins).toEqual({ uses: [], parseError: 'unterminated double quote', cds: [] });
    expect(decide(ins, mode('warn'))).toEqual({
      action: 'warn',
      reason:
        'Raw git detected (Butler guard in warn mode: it runs). This command mentions git and could not be parsed (unterminated double quote). Use the butler MCP tools (work_observe, work_diff, work_history, work_record, work_publish, work_sync) or simplify the command',
    });
  });

  it('the project’s settings still apply to git that cannot be parsed (nothing known to run elsewhere)', async () => {
    // Through evaluate: the unparseable command has no git use and no `cd`, so the session folder's
    // settings are read (warn: reported; off: allowed), not replaced by the default (block).
    const warn = repoWith('guard:\n  mode: warn\n');
    const off = repoWith('guard:\n  mode: off\n');
    expect(await action('git log "', warn)).toBe('warn');
    expect(await action('git log "', off)).toBe('allow');
    expect(await action('git log "', root)).toBe('deny');
    expect(await action('git log "', null)).toBe('deny');
  });

  it('other unparseable text is allowed: guard without butler, butler without the word guard', () => {
    for (const cmd of ['echo guard "', 'butler guardian "', 'butler status "', 'echo "']) {
      expect(inspect(cmd), cmd).toEqual({ uses: [], parseError: null, cds: [] });
      expect(decide(inspect(cmd), mode('block')), cmd).toEqual({ action: 'allow' });
    }
  });
});

describe('the default settings', () => {
  it('block everything and allow no subcommand', () => {
    expect(DEFAULT_GUARD).toEqual({ allow: [], mode: 'block' });
  });
});

describe('the reason names at most five commands of a kind', () => {
  it('five commands are all named, without "and 0 more"', () => {
    expect(decide(inspect('git bisect; git gc; git fsck; git notes; git rerere'), { allow: [], mode: 'block' })).toEqual({
      action: 'deny',
      reason: 'Raw git is blocked by Butler. git bisect, git gc, git fsck, git notes, git rerere have no Butler equivalent: ask the user',
    });
  });

  it('six commands without a Butler equivalent: five named, "and 1 more", plural verb', () => {
    const cmd = 'git bisect; git gc; git fsck; git notes; git rerere; git prune';
    expect(decide(inspect(cmd), { allow: [], mode: 'block' })).toEqual({
      action: 'deny',
      reason:
        'Raw git is blocked by Butler. git bisect, git gc, git fsck, git notes, git rerere and 1 more have no Butler equivalent: ask the user',
    });
    expect(decide(inspect('git gc'), { allow: [], mode: 'block' })).toEqual({
      action: 'deny',
      reason: 'Raw git is blocked by Butler. git gc has no Butler equivalent: ask the user',
    });
  });
});
