import { statSync } from 'node:fs';
import { GUARD_MODES } from '../../shared/config.js';
import { spawnGitWith } from '../../shared/git-spawn.js';
import { type GuardMode, changeGuard, type GuardChange, gitSubcommands, readGuardSettings } from '../../guard/index.js';
import type { Command } from '../io.js';
import { personConsents } from '../person.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { guardText } from '../messages/guard.js';
import { cliUsage } from '../messages/usage.js';
import { didYouMean } from '../suggest.js';

const VERBS = ['status', 'allow', 'deny', 'mode'];

const FLAGS = ['--project', '--json'];

/** `butler guard`: shows the settings the PreToolUse hook applies, and changes them with a person's consent. */
export const guard: Command = async (argv, io) => {
  const [verb, ...rest] = argv;
  const i = rest.indexOf('--project');
  const start = i >= 0 ? rest[i + 1] : io.cwd;
  const words = rest.filter((w, k) => !w.startsWith('--') && !(i >= 0 && k === i + 1));
  const lang = await cliLang(io, start);
  const t = cliErrors(lang);
  const usage = cliUsage(lang).guard;
  // Every usage error ends with where the options are (walk-through 13: `guard mode loud` had no pointer).
  const more = `\n  ${t.listsOptions(`butler guard${verb && !verb.startsWith('-') ? ` ${verb}` : ''}`)}\n`;
  if (i >= 0 && (start === undefined || start.startsWith('-'))) {
    io.stderr(`butler guard ${verb}: ${t.needsValue('--project')}${more}`);
    return 2;
  }
  // `guard allow --help` too: the guard's usage covers each verb (walk-through 8: "unknown flag --help").
  const help = verb === '--help' || verb === '-h' || rest.includes('--help') || rest.includes('-h');
  if (!verb || help || !start) {
    // Help starts with what the verb (or the guard) does, as install's and status's do (#25 walk-through 16).
    const about = cliUsage(lang).about[VERBS.includes(verb ?? '') ? `guard ${verb}` : 'guard'];
    (verb ? io.stdout : io.stderr)(verb ? `${about}\n${usage}` : usage);
    return verb ? 0 : 2;
  }
  if (!VERBS.includes(verb)) {
    // Four verbs: named when none is near (#25: `guard frob` said only "unknown verb frob"), as `guard mode` names its modes.
    const near = didYouMean(verb, VERBS, t);
    io.stderr(
      `butler guard: ${near ? `${t.unknownVerb(verb)}${near}` : t.useOneOf(t.unknownVerb(verb), VERBS.join(', '))}\n  ${t.listsVerbs('guard')}\n`,
    );
    return 2;
  }
  const flag = rest.find((w) => w.startsWith('-') && !FLAGS.includes(w));
  if (flag) {
    io.stderr(`butler guard ${verb}: ${t.unknownFlag(flag)}${didYouMean(flag, FLAGS, t)}${more}`);
    return 2;
  }
  // A folder that is not there is said as every command says it (walk-through 13: `guard status --project nowhere` showed the parent's).
  const stat = statSync(start, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) {
    io.stderr(`butler guard ${verb}: ${t.noFolder(start, Boolean(stat))}${more}`);
    return 2;
  }
  const { locateRepo } = await import('../../shared/root.js');
  const repo = await locateRepo(start);
  if (!repo) {
    io.stderr(`butler guard: ${t.notGitRepo(start)}\n`);
    return 2;
  }
  const git = spawnGitWith(io.env);
  if (verb === 'status') {
    const s = await readGuardSettings(git, repo.top);
    const show = (g: { mode: string; allow: string[] }) => guardText(lang).settings(g.mode, g.allow.join(', '));
    // `--json` is the envelope every other --json output is, its summary in English as status's (#25 walk-through 15).
    const summary = `guard: ${guardText('en').settings(s.effective.mode, s.effective.allow.join(', '))}`;
    io.stdout(
      rest.includes('--json')
        ? envelope('ok', summary, s)
        : guardText(lang).status(show(s.effective), show(s.committed), show(s.work_tree)),
    );
    return 0;
  }
  let change: GuardChange;
  if (verb === 'allow' || verb === 'deny') {
    if (words.length === 0 || words.some((w) => !/^[a-z0-9][a-z0-9-]*$/.test(w))) {
      io.stderr(`butler guard ${verb}: ${t.guardNames}${more}`);
      return 2;
    }
    // Allowing a word git does not run would commit a setting that allows nothing (walk-through 6: `allow frobnicate`).
    // Denying stays open to any word, so an entry written by hand can still be taken out.
    const known = verb === 'allow' ? await gitSubcommands(git, repo.top) : null;
    const unknown = known ? words.find((w) => !known.includes(w)) : undefined;
    if (known && unknown !== undefined) {
      io.stderr(`butler guard allow: ${t.notGitSubcommand(unknown)}${didYouMean(unknown, known, t)}${more}`);
      return 2;
    }
    change = verb === 'allow' ? { allow: words } : { deny: words };
  } else if (verb === 'mode') {
    if (!(GUARD_MODES as readonly string[]).includes(words[0] ?? '') || words.length !== 1) {
      const got = words.length ? t.notAMode(words.join(' ')) : t.nameMode;
      io.stderr(`butler guard mode: ${t.useOneOf(got, GUARD_MODES.join(', '))}${didYouMean(words[0] ?? '', GUARD_MODES, t)}${more}`);
      return 2;
    }
    change = { mode: words[0] as GuardMode };
  } else {
    io.stderr(usage);
    return 2;
  }
  // A terminal alone is not a person (src/cli/person.ts): no agent client may be above this process.
  const consent = await personConsents(io, t.guardAsk(repo.top, `${verb} ${words.join(' ')}`), t);
  // `--json` is honoured by every guard verb (#25 walk-through 16: `guard allow fetch --json` printed plain text).
  const json = rest.includes('--json');
  if (!consent.given) {
    if (json) io.stdout(envelope(consent.code === 3 ? 'need_input' : 'error', t.guardRefused(consent.why), {}));
    else io.stderr(`butler guard: ${t.guardRefused(consent.why)}\n`);
    return consent.code;
  }
  const next = await changeGuard(git, repo.top, change);
  // A commit of its own, like every record-making verb: how the other clones get it (#25).
  if (json) io.stdout(envelope('ok', `guard: ${guardText('en').settings(next.mode, next.allow.join(', '))}`, next));
  else io.stdout(guardText(lang).now(next.mode, next.allow.join(', ')) + guardText(lang).publish);
  return 0;
};

/** The {status, summary, data} envelope of every other --json output. */
const envelope = (status: string, summary: string, data: object) => `${JSON.stringify({ status, summary, data })}\n`;
