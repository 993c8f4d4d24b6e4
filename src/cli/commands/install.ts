import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN_DIR, installLang, BUTLER_VERSION, defaultClients, formatReport, installOrUninstall } from '../../install/index.js';
import type { Command } from '../io.js';
import type { Lang } from '../../shared/config.js';
import { cliLang, takeLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import { CLIENT_FLAGS, fail, parseFlags, rootOf } from './project-args.js';
import { butlerOnPath } from '../prog-name.js';
import { spawnGitWith } from '../../shared/git-spawn.js';
import { DEFAULT_CLIENTS, clientByKey } from '../../shared/clients/index.js';

/**
 * Where this Butler's bundles are: next to the running bundle (hooks/butler.mjs in the package, or
 * the skill's scripts/butler.mjs), else the package's hooks/ folder when run from source (tests).
 */
export function bundleDir(env: Record<string, string | undefined>): string {
  if (env.BUTLER_BUNDLE_DIR) return env.BUTLER_BUNDLE_DIR;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  if (existsSync(path.join(dir, 'session-start.cjs'))) return dir;
  for (;;) {
    if (existsSync(path.join(dir, 'hooks', 'session-start.cjs'))) return path.join(dir, 'hooks');
    const up = path.dirname(dir);
    if (up === dir) return path.dirname(fileURLToPath(import.meta.url));
    dir = up;
  }
}

const CLIENT_USAGE = CLIENT_FLAGS.map((f) => `[${f}]`).join(' ');
const usageOf = (kind: 'install' | 'uninstall', lang: Lang) => {
  const t = cliUsage(lang);
  return kind === 'install'
    ? `${t.about.install}
${t.usageWord}: butler install ${CLIENT_USAGE} [--project DIR] [--personal] [--session-end|--no-session-end] [--lang ja|en] [--force] [--dry-run] [--json]
${t.installNote(DEFAULT_CLIENTS.map((k) => clientByKey(k)?.title).join(lang === 'ja' ? '、' : ' and '))}`
    : `${t.about.uninstall}
${t.usageWord}: butler uninstall ${CLIENT_USAGE} [--project DIR] [--dry-run] [--json]
${t.uninstallNote}`;
};

function run(kind: 'install' | 'uninstall'): Command {
  const common = [...CLIENT_FLAGS, '--project', '--dry-run', '--json'];
  const allowed =
    kind === 'install' ? [...common, '--personal', '--shared', '--lang', '--force', '--session-end', '--no-session-end'] : common;
  return async (argv, io) => {
    // install's own --lang speaks at once, before the config records it.
    const flagLang = takeLang(argv).lang;
    const lang = flagLang ?? (await cliLang(io));
    const usage = usageOf(kind, lang);
    if (argv.includes('--help') || argv.includes('-h')) {
      io.stdout(`${usage}\n`);
      return 0;
    }
    const t = cliErrors(lang);
    const flags = parseFlags(argv, allowed, t);
    // One line and where the options are, as every verb says a usage error (walk-through 10: the whole usage was printed).
    if (typeof flags === 'string') {
      io.stderr(`butler ${kind}: ${flags}\n  ${t.listsOptions(`butler ${kind}`)}\n`);
      return 2;
    }
    try {
      const { root } = await rootOf(flags, io, true);
      const ctx = {
        root,
        clients: flags.clients.length ? flags.clients : defaultClients(root, kind),
        personal: flags.personal,
        force: flags.force,
        // Optional SessionEnd hook (README "Choices"): neither flag keeps what the client's file has.
        ...(flags.sessionEnd === null ? {} : { sessionEnd: flags.sessionEnd }),
        lang: installLang(flags.lang, io.env),
        langExplicit: flags.lang !== null,
        bundleDir: bundleDir(io.env),
        version: BUTLER_VERSION,
        // Native Windows has no sh or awk for the PreToolUse pre-filter: the plain Node command there.
        guardForm: process.platform === 'win32' ? ('node' as const) : ('shell' as const),
        runAs: butlerOnPath(io.env) ? 'butler' : `node ${BIN_DIR}/butler.mjs`,
        git: spawnGitWith(io.env),
      };
      // The notes speak the person's language (`--lang`, BUTLER_LANG), else the project's (install/index.ts projectLang).
      // --json is data: its notes stay English (#25), as the summary is; its `lang` is the project's.
      const say = flags.json ? 'en' : (flags.lang ?? (io.env.BUTLER_LANG ? lang : null));
      const { changes, report } = await installOrUninstall(kind, ctx, flags.dryRun, say);
      io.stdout(
        flags.json
          ? `${JSON.stringify({ status: 'ok', summary: `${kind}: ${changes.length} file(s)`, data: report })}\n`
          : formatReport(report, say ?? report.lang),
      );
      return 0;
    } catch (err) {
      return fail(io, flags.json, err, `butler ${kind}`, lang);
    }
  };
}

export const install: Command = run('install');
export const uninstall: Command = run('uninstall');
