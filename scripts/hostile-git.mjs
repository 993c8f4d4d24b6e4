#!/usr/bin/env node
// A machine whose git config is hostile (issue #27): a global, a system and a HOME git config (and git
// config in the environment) that sign every commit with a failing program, run a failing hook and
// fsmonitor, rename the default branch, rewrite every URL, refuse an identity, change git's output
// formats and hide untracked files. The tests must not read any of it (test/global-env.ts,
// test/setup-env.ts); Butler's own git must run none of its programs and parse its output the same
// (test/work/hostile-config.test.ts).
//
//   node scripts/hostile-git.mjs <command…>   runs the command on such a machine (.ci/run runs a subset
//                                             of the tests this way) and fails when a hook or fsmonitor
//                                             of that config ran.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Config that changes how git runs or prints: Butler's git must be unaffected by it (no program of
 * it runs; the output Butler parses stays the same).
 */
export const hostileTooling = (d) => `[core]
	hooksPath = ${d}/hooks
	fsmonitor = ${d}/fsmonitor.sh
	quotePath = true
	pager = ${d}/hooks/fail.sh
	editor = ${d}/hooks/fail.sh
[init]
	defaultBranch = trunk
	templateDir = ${d}/template
[alias]
	commit = !${d}/hooks/fail.sh
	status = !${d}/hooks/fail.sh
	log = !${d}/hooks/fail.sh
[status]
	showUntrackedFiles = no
	short = true
	branch = true
	renames = copies
[color]
	ui = always
[diff]
	noprefix = true
	external = ${d}/hooks/fail.sh
	renames = copies
	mnemonicPrefix = true
[log]
	showSignature = true
	decorate = full
	abbrevCommit = true
[format]
	pretty = oneline
[pull]
	rebase = true
	ff = only
[fetch]
	prune = true
	pruneTags = true
[gc]
	auto = 1
	autoDetach = false
[rebase]
	autoStash = true
[branch]
	autoSetupRebase = always
[includeIf "gitdir:/"]
	path = ${d}/included
`;

/**
 * A person's own choices (sign every commit, rewrite URLs, refuse line-ending conversions, push
 * nothing by default, refuse an identity from the machine): Butler honours them like git does; the
 * tests must not see them.
 */
export const personalChoices = (d) => `[commit]
	gpgsign = true
[tag]
	gpgsign = true
	forceSignAnnotated = true
[gpg]
	program = false
[user]
	useConfigOnly = true
[url "https://hostile.invalid/"]
	insteadOf = /
	insteadOf = file://
[url "ssh://hostile.invalid/"]
	pushInsteadOf = /
[core]
	autocrlf = true
	excludesFile = ${d}/excludes
[push]
	default = nothing
	gpgSign = true
	followTags = true
[receive]
	denyNonFastForwards = true
	denyDeletes = true
`;

const FAIL = (marker) => `#!/bin/sh
echo "hostile git config ran: $0 $*" >> '${marker}'
exit 1
`;

/** Writes the hostile files under `dir`; returns their paths and the environment that points git at them. */
export function writeHostileGit(dir, { personal = true } = {}) {
  const marker = path.join(dir, 'ran.log');
  mkdirSync(path.join(dir, 'hooks'), { recursive: true });
  mkdirSync(path.join(dir, 'template', 'hooks'), { recursive: true });
  mkdirSync(path.join(dir, 'home', '.config', 'git'), { recursive: true });
  for (const name of [
    'fail.sh',
    'fsmonitor.sh',
    'pre-commit',
    'commit-msg',
    'prepare-commit-msg',
    'post-commit',
    'pre-push',
    'post-checkout',
    'post-merge',
    'pre-rebase',
    'reference-transaction',
    'pre-auto-gc',
  ]) {
    const at = name === 'fsmonitor.sh' ? path.join(dir, name) : path.join(dir, 'hooks', name);
    writeFileSync(at, FAIL(marker));
    chmodSync(at, 0o755);
  }
  writeFileSync(path.join(dir, 'template', 'hooks', 'pre-commit'), FAIL(marker));
  chmodSync(path.join(dir, 'template', 'hooks', 'pre-commit'), 0o755);
  writeFileSync(path.join(dir, 'excludes'), 'butler*\n*.md\n*.txt\n.butler\nsession_logs\n');
  writeFileSync(path.join(dir, 'included'), `[core]\n\thooksPath = ${dir}/hooks\n`);
  const text = hostileTooling(dir) + (personal ? personalChoices(dir) : '');
  const global = path.join(dir, 'gitconfig-global');
  const system = path.join(dir, 'gitconfig-system');
  const home = path.join(dir, 'home');
  for (const f of [global, system, path.join(home, '.gitconfig'), path.join(home, '.config', 'git', 'config')]) writeFileSync(f, text);
  const env = {
    GIT_CONFIG_GLOBAL: global,
    GIT_CONFIG_SYSTEM: system,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    // Config in the environment too (git ≥ 2.31), and a repository chosen for every git.
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'core.hooksPath',
    GIT_CONFIG_VALUE_0: path.join(dir, 'hooks'),
    GIT_CONFIG_PARAMETERS: `'core.fsmonitor'='${path.join(dir, 'fsmonitor.sh')}'`,
  };
  return { dir, marker, global, system, home, env, ran: () => (existsSync(marker) ? readFileSync(marker, 'utf8') : '') };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cmd = process.argv.slice(2);
  if (cmd.length === 0) {
    console.error('usage: node scripts/hostile-git.mjs <command…>');
    process.exit(2);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-git-'));
  const h = writeHostileGit(dir);
  console.log(`hostile git config in ${dir} (GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM, HOME, GIT_CONFIG_COUNT, GIT_CONFIG_PARAMETERS)`);
  const r = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...h.env } });
  const ran = h.ran();
  rmSync(dir, { recursive: true, force: true });
  if (ran) {
    console.error(`a hook or fsmonitor of the hostile git config ran:\n${ran}`);
    process.exit(1);
  }
  process.exit(r.status ?? 1);
}
