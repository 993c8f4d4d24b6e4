import path from 'node:path';
import { loadConfig, resolveLang, type Lang } from '../shared/config.js';
import { findProjectRoot } from '../shared/root.js';
import { globalFlagOf } from './global-flags.js';
import type { CliIO } from './io.js';

/**
 * `--lang ja|en` on any command: this command speaks that language (issue #25 item 6). The flag is
 * taken out before the command parses its own flags and becomes `BUTLER_LANG` of this run, the one
 * per-user override every reader already honours (`resolveLang`); install keeps it too, as the
 * language it records. Scanning stops at `--`; a `--lang=` value is one word; `bad` is '' for a missing value.
 */
export function takeLang(argv: string[]): { argv: string[]; lang: Lang | null; bad: string | null } {
  const out: string[] = [];
  let lang: Lang | null = null;
  let bad: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      out.push(...argv.slice(i));
      break;
    }
    if (globalFlagOf(a) !== 'lang') {
      out.push(a);
      continue;
    }
    // `--lang` last, or before another flag, has no value: bad is '' then (its message says the value is missing).
    const next = argv[i + 1];
    const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : next === undefined || next.startsWith('-') ? '' : argv[++i]!;
    if (v === 'ja' || v === 'en') lang = v;
    else bad = v;
  }
  return { argv: out, lang, bad };
}

/** `io` for one command run in `lang`: its `BUTLER_LANG`, which wins over the project's `lang:`. */
export const withLang = (io: CliIO, lang: Lang | null): CliIO => (lang ? { ...io, env: { ...io.env, BUTLER_LANG: lang } } : io);

/**
 * The language a command speaks before or without its project: `BUTLER_LANG` (or `--lang`), then
 * `lang:` of the repository around `dir` (the current folder), else English; an unreadable config counts as none.
 */
export async function cliLang(io: CliIO, dir?: string): Promise<Lang> {
  const fromEnv = resolveLang({}, io.env);
  if (fromEnv !== 'en' || io.env.BUTLER_LANG?.toLowerCase() === 'en') return fromEnv;
  const start = path.resolve(io.cwd, dir ?? '.');
  const root = findProjectRoot(start) ?? start;
  return resolveLang(await loadConfig(root).catch(() => ({})), io.env);
}
