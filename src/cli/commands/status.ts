import type { ErrorCode } from '../../shared/result.js';
import { clientOnMachine, formatStatus, getStatus } from '../../install/index.js';
import { loadConfig, resolveLang } from '../../shared/config.js';
import { BUTLER_VERSION } from '../../shared/version.js';
import type { Command } from '../io.js';
import { readGuardSettings } from '../../guard/index.js';
import { spawnGitWith } from '../../shared/git-spawn.js';
import { bundleDir } from './install.js';
import { fail, parseFlags, rootOf } from './project-args.js';
import { cliLang } from '../lang.js';
import { quote } from '../as-command.js';
import { cliErrors } from '../messages/errors.js';
import { cliUsage } from '../messages/usage.js';
import type { Lang } from '../../shared/config.js';

const usageOf = (lang: Lang) =>
  `${cliUsage(lang).about.status}\n${cliUsage(lang).usageWord}: butler status [--project DIR] [--json]\n${cliUsage(lang).statusExits}`;

export const status: Command = async (argv, io) => {
  const said = await cliLang(io);
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${usageOf(said)}\n`);
    return 0;
  }
  const t = cliErrors(said);
  const flags = parseFlags(argv, ['--project', '--json'], t);
  // One line and where the options are, as every verb says a usage error (walk-through 10: the whole usage was printed).
  if (typeof flags === 'string') {
    io.stderr(`butler status: ${flags}\n  ${t.listsOptions('butler status')}\n`);
    return 2;
  }
  try {
    const { start, root } = await rootOf(flags, io, false);
    // The project's language (`lang:` in .butler/config.yaml, BUTLER_LANG or --lang first), English when unreadable.
    const lang = resolveLang(await loadConfig(root).catch(() => ({})), io.env);
    const report = await getStatus(root, {
      // --json is data: its fields hold codes or English, never a translated sentence (#25: `"guard_live":{"claude":"動きます"}`).
      lang: flags.json ? 'en' : lang,
      nodeVersion: process.version,
      version: BUTLER_VERSION,
      launchDir: start,
      userConfigDir: io.userConfigDir,
      bundleDir: bundleDir(io.env),
      present: (c) => clientOnMachine(c, io.env),
      codexHome: io.env.CODEX_HOME || (io.env.HOME ? `${io.env.HOME}/.codex` : undefined),
      guardMode: await readGuardSettings(spawnGitWith(io.env), root).then(
        (g) => g.effective.mode,
        () => undefined,
      ),
    });
    // Something missing or broken is a non-zero exit, so a script or CI can stop on it.
    const installed = Object.values(report.clients).some((c) => c.session_start);
    const bad = report.problems.length > 0 || !report.runtime.up_to_date || !installed;
    const summary = !report.git_repo
      ? 'not a git repository'
      : installed
        ? `${report.problems.length} problem(s)`
        : 'Butler is not installed here';
    // The envelope agrees with the exit code (newcomer walk-through 5: "ok", "0 problem(s)" and exit 1).
    const envelope = bad ? { status: 'error', error_code: 'not_found' satisfies ErrorCode } : { status: 'ok' };
    if (flags.json) io.stdout(`${JSON.stringify({ ...envelope, summary, data: { ...report, healthy: !bad } })}\n`);
    // Outside a repository every row would be a MISS: one line, the words every command uses (#25).
    else if (!report.git_repo) io.stderr(`butler status: ${cliErrors(lang).notGitRepo(start)}\n`);
    else io.stdout(formatStatus(report, lang, typeof flags.project === 'string' ? quote(root) : undefined));
    return bad ? 1 : 0;
  } catch (err) {
    return fail(io, flags.json, err, 'butler status', said);
  }
};
