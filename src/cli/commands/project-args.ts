import { statSync } from 'node:fs';
import path from 'node:path';
import { findProjectRoot } from '../../shared/root.js';
import type { Lang } from '../../shared/config.js';
import { ButlerError } from '../../shared/errors.js';
import type { CliIO } from '../io.js';
import { CLIENTS } from '../../shared/clients/index.js';
import { EXIT, PlaceError, UsageError } from '../outcome.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { didYouMean, nearest } from '../suggest.js';

export interface Flags {
  /** `--<key>` of each client named (src/shared/clients/); empty: the command's default choice. */
  clients: string[];
  personal: boolean;
  force: boolean;
  lang: 'ja' | 'en' | null;
  dryRun: boolean;
  json: boolean;
  project: string | null;
  /** install: `--session-end` true, `--no-session-end` false, neither null (keep what is installed). */
  sessionEnd: boolean | null;
}

const VALUED = ['--project', '--lang'];
/** `--claude`, `--codex`, `--gemini`: one flag per record of the client table. */
export const CLIENT_FLAGS: readonly string[] = CLIENTS.map((c) => `--${c.key}`);

export function parseFlags(argv: string[], allowed: string[], t = cliErrors('en')): Flags | string {
  const f: Flags = {
    clients: [],
    personal: false,
    force: false,
    lang: null,
    dryRun: false,
    json: false,
    project: null,
    sessionEnd: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const name = a.split('=')[0] ?? a;
    // A word that is no flag is an argument these commands do not take (walk-through 6: `status extra`).
    if (!a.startsWith('-')) return t.unexpected(a);
    if (!allowed.includes(name)) {
      const value = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[i + 1];
      return `${t.unknownFlag(a)}${didYouMean(name, allowed, t) || clientMeant(value, allowed, t)}`;
    }
    if (VALUED.includes(name)) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[i + 1]?.startsWith('-') ? undefined : argv[++i];
      if (!v) return t.needsValue(name);
      if (name === '--project') f.project = v;
      else if (v === 'ja' || v === 'en') f.lang = v;
      else return `${t.badLang(v)}${didYouMean(v, ['ja', 'en'], t)}`;
    } else if (name === '--dry-run') f.dryRun = true;
    else if (CLIENT_FLAGS.includes(name)) f.clients.push(name.slice(2));
    else if (name === '--personal') f.personal = true;
    else if (name === '--force') f.force = true;
    else if (name === '--json') f.json = true;
    else if (name === '--session-end' || name === '--no-session-end') f.sessionEnd = name === '--session-end';
    // --shared: the default since hooks go to .claude/settings.json; accepted for old scripts.
  }
  return f;
}

/**
 * The client flag an unknown flag's value names (walk-through 6: `install --target codx` → `--codex`): the
 * nearest of each client's key, brain id and aliases, when its flag is one this command takes.
 */
function clientMeant(value: string | undefined, allowed: string[], t: ReturnType<typeof cliErrors>): string {
  if (!value || value.startsWith('-')) return '';
  const names = new Map(
    CLIENTS.filter((c) => allowed.includes(`--${c.key}`)).flatMap((c) => [c.key, c.brain, ...c.aliases].map((n) => [n, c.key])),
  );
  const key = names.get(nearest(value, [...names.keys()]) ?? '');
  return key ? t.didYouMean(`--${key}`) : '';
}

/**
 * The repository to work on: the git root above `--project` (or the current folder). install and
 * uninstall refuse a folder that does not exist or is not in a git repository rather than create or
 * half-configure one; status reports on whatever folder it is given.
 */
export async function rootOf(flags: Flags, io: CliIO, requireGit: boolean): Promise<{ start: string; root: string }> {
  const start = path.resolve(io.cwd, flags.project ?? '.');
  const lang = await cliLang(io);
  folderOf(start, lang);
  return { start, root: requireGit ? repoRootOf(start, lang) : (findProjectRoot(start) ?? start) };
}

/**
 * A folder to run in that is not there is said as such (newcomer walk-through 10: `status --project /nonexistent`
 * said "run git init there"): exit 2, as a folder outside a repository.
 */
function folderOf(start: string, lang: Lang): void {
  const stat = statSync(start, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(cliErrors(lang).noFolder(start, false));
  if (!stat.isDirectory()) throw new UsageError(cliErrors(lang).noFolder(start, true));
}

/**
 * The git root above `start`. Outside a repository every command that needs a project says so first,
 * with the usage exit (2), as install does: the command was run in the wrong place and did nothing.
 */
export function repoRootOf(start: string, lang: Lang): string {
  folderOf(start, lang);
  const found = findProjectRoot(start);
  if (!found) throw new PlaceError(cliErrors(lang).notGitRepo(start));
  return found;
}

/** An install/uninstall/status failure: exit 2 for the command line's own mistake, 1 otherwise. */
export function fail(io: CliIO, json: boolean, err: unknown, prefix = 'butler', lang: Lang = 'en'): number {
  const e = err instanceof ButlerError ? err : null;
  const message = err instanceof Error ? err.message : String(err);
  if (json) io.stdout(`${JSON.stringify({ status: 'error', summary: message, hint: e?.hint, data: e?.data ?? {} })}\n`);
  // A usage error ends with where the options are, as every one does (walk-through 13: `status --project nowhere`); the
  // wrong place (outside a repository) is not the command line's mistake, as in runEnvelope (outcome.ts).
  else if (err instanceof UsageError && !(err instanceof PlaceError) && !e?.hint)
    io.stderr(`${prefix}: ${message}\n  ${cliErrors(lang).listsOptions(prefix)}\n`);
  else io.stderr(`${prefix}: ${message}${e?.hint ? `\n  ${e.hint}` : ''}\n`);
  return err instanceof UsageError ? EXIT.usage : EXIT.error;
}
