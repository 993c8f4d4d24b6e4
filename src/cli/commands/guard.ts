import { GUARD_MODES } from '../../shared/config.js';
import { spawnGitWith } from '../../shared/git-spawn.js';
import { type GuardMode, changeGuard, type GuardChange, readGuardSettings } from '../../guard/index.js';
import type { Command } from '../io.js';
import { personConsents } from '../person.js';
import { didYouMean } from '../suggest.js';

const USAGE = `usage: butler guard status [--project DIR] [--json]
       butler guard allow SUBCOMMAND… | deny SUBCOMMAND… | mode block|warn|off [--project DIR]

Relaxing the raw-git guard is a person's decision: allow/deny/mode run only in a terminal, not under
an agent client, ask for confirmation, and commit .butler/config.yaml alone (the hook trusts only the committed settings).
`;

const VERBS = ['status', 'allow', 'deny', 'mode'];
const FLAGS = ['--project', '--json'];

/** `butler guard`: shows the settings the PreToolUse hook applies, and changes them with a person's consent. */
export const guard: Command = async (argv, io) => {
  const [verb, ...rest] = argv;
  const i = rest.indexOf('--project');
  const start = i >= 0 ? rest[i + 1] : io.cwd;
  const words = rest.filter((w, k) => !w.startsWith('--') && !(i >= 0 && k === i + 1));
  if (!verb || verb === '--help' || verb === '-h' || !start) {
    (verb ? io.stdout : io.stderr)(USAGE);
    return verb ? 0 : 2;
  }
  if (!VERBS.includes(verb)) {
    io.stderr(`butler guard: unknown verb ${verb}${didYouMean(verb, VERBS)}\n  butler guard --help lists the verbs.\n`);
    return 2;
  }
  const flag = rest.find((w) => w.startsWith('-') && !FLAGS.includes(w));
  if (flag) {
    io.stderr(`butler guard ${verb}: unknown flag ${flag}${didYouMean(flag, FLAGS)}\n`);
    return 2;
  }
  const { locateRepo } = await import('../../shared/root.js');
  const repo = await locateRepo(start);
  if (!repo) {
    io.stderr(`butler guard: ${start} is not inside a git repository\n`);
    return 2;
  }
  const git = spawnGitWith(io.env);
  if (verb === 'status') {
    const s = await readGuardSettings(git, repo.top);
    const show = (g: { mode: string; allow: string[] }) => `mode ${g.mode}, allow [${g.allow.join(', ')}]`;
    io.stdout(
      rest.includes('--json')
        ? `${JSON.stringify(s)}\n`
        : `applied:   ${show(s.effective)}\ncommitted: ${show(s.committed)}\nwork tree: ${show(s.work_tree)}\n`,
    );
    return 0;
  }
  let change: GuardChange;
  if (verb === 'allow' || verb === 'deny') {
    if (words.length === 0 || words.some((w) => !/^[a-z0-9][a-z0-9-]*$/.test(w))) {
      io.stderr(`butler guard ${verb}: name git subcommands, e.g. fetch ls-files\n`);
      return 2;
    }
    change = verb === 'allow' ? { allow: words } : { deny: words };
  } else if (verb === 'mode') {
    if (!(GUARD_MODES as readonly string[]).includes(words[0] ?? '') || words.length !== 1) {
      const got = words.length ? `${words.join(' ')} is not a mode` : 'name the mode';
      io.stderr(`butler guard mode: ${got}; use one of ${GUARD_MODES.join(', ')}${didYouMean(words[0] ?? '', GUARD_MODES)}\n`);
      return 2;
    }
    change = { mode: words[0] as GuardMode };
  } else {
    io.stderr(USAGE);
    return 2;
  }
  // A terminal alone is not a person (src/cli/person.ts): no agent client may be above this process.
  const consent = await personConsents(
    io,
    `Change the Butler guard in ${repo.top}: ${verb} ${words.join(' ')}? This commits .butler/config.yaml. [y/N] `,
  );
  if (!consent.given) {
    io.stderr(`butler guard: changing the guard ${consent.why}; nothing changed\n`);
    return consent.code;
  }
  const next = await changeGuard(git, repo.top, change);
  io.stdout(`guard now: mode ${next.mode}, allow [${next.allow.join(', ')}] (committed)\n`);
  return 0;
};
