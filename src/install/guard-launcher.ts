// The installed PreToolUse command: what runs the guard, and why a file write cannot switch it off
// (docs/decisions.md D34). The agent the guard stops can write any file in the work tree, including
// `.butler/bin/` (Write/Edit/apply_patch never pass the Bash matcher). It cannot change the command
// line unseen: Claude Code takes a snapshot of the hooks at session start and asks for a review in
// /hooks when a settings file changes under it, and Codex runs a project hook only while its command
// matches the hash the user trusted (`[hooks.state."<hooks.json>:pre_tool_use:…"] trusted_hash`).
// So the command line carries the SHA-256 of the pre-filter it runs: it reads the file once, checks
// those bytes and runs those same bytes (no window between check and run), and the pre-filter carries
// the SHA-256 of the Node hook its loader checks (src/hooks/bin/pre-tool-use.sh, BUTLER_LOAD). When the file
// is missing, altered, unreadable or a link to anything else, the command still decides on its own:
// it blocks (exit 2, which both clients read as a block with the reason on stderr) any command whose
// text could spell git, the guard verbs or approve-url (a letter sequence, or any quote, escape,
// expansion, glob or brace that could build one) and lets every other command run. The cost: the
// command changes whenever the pre-filter or the Node hook changes, so Codex asks to trust the hooks
// again after such an upgrade (`butler status` says so).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { readTextIfExists } from '../shared/fs.js';
import { BIN_DIR } from './constants.js';

export const PRE_FILTER = 'pre-tool-use.sh';
export const NODE_HOOK = 'pre-tool-use.cjs';
/** In the built pre-filter; install writes the Node hook's SHA-256 in its place. */
export const CJS_SUM_PLACEHOLDER = '@BUTLER_CJS_SHA256@';

export const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** The pre-filter as vendored: the build's text with the SHA-256 of the Node hook it may run. */
export function vendoredPreFilter(built: string, nodeHook: string): string {
  return built.replace(CJS_SUM_PLACEHOLDER, nodeHookSum(nodeHook));
}

/** What the pre-filter's loader compares: the SHA-256 of the Node hook's bytes as they are. */
export function nodeHookSum(nodeHook: string): string {
  return sha256(nodeHook);
}

/**
 * The most the command reads of the pre-filter (one `dd` block). A client does not wait for a slow hook
 * and, for Claude Code and Codex, a timed-out hook does not block (docs/decisions.md D34), so a file the
 * agent made huge (a sparse 3 GB truncate) must not be read whole: a longer file fails the hash check.
 * The vendored pre-filter is about 12 KB; test/install/guard-slow-read.test.ts keeps it under half this.
 */
export const PRE_FILTER_MAX = 65_536;

/**
 * The checked run both installed commands use (this guard's and SessionStart's, start-launcher.ts): at most
 * PRE_FILTER_MAX bytes of `file` read once, hashed, and those same bytes run after `then` when the SHA-256 is
 * `sum`; otherwise nothing runs and the command goes on.
 */
export function checkedRun(file: string, sum: string, then: string): string {
  return (
    `s=$(dd if="${file}" bs=${PRE_FILTER_MAX} count=1 2>/dev/null) && case $(printf "%s" "$s" | sha256sum 2>/dev/null || printf "%s" "$s" | shasum -a 256 2>/dev/null) in ` +
    `${sum}*) ${then}; eval "$s";; esac`
  );
}

/** What the command compares: `$(dd …)` drops the trailing newlines, so the hash is of the text without them. */
export function preFilterSum(vendored: string): string {
  return sha256(vendored.replace(/\n+$/, ''));
}

export const RUNTIME_ALTERED =
  'The Butler guard runtime is missing or altered, so git and the guard verbs stay blocked. Ask the user to run butler install, then butler status.';

/**
 * A pattern for a command that may hold anything but the characters that can build a word at run time
 * (a quote, backslash, `$`, backquote, glob or brace): sh bracket syntax, the shell's own
 * metacharacters escaped.
 */
const UNSAFE = '*[!-A-Za-z0-9_.,/:=@%+}#~!^\\ \\"\\|\\&\\;\\<\\>\\(\\)]*';

/**
 * The command text (POSIX sh; no single quote and no `\\`, so it survives `sh -c '…'` from bash, zsh
 * and fish). `start` is where the walk up to the project begins.
 */
export function guardLauncher(start: string, sum: string): string {
  const target = `${BIN_DIR}/${PRE_FILTER}`;
  return (
    `d=${start}; while [ -n "$d" ] && [ ! -f "$d/${target}" ]; do d=\${d%/*}; done; ` +
    `${checkedRun(`$d/${target}`, sum, `BUTLER_BIN=$d/${BIN_DIR}`)}; ` +
    `i=$(cat); t=\${i#*\\"tool_input\\"}; t=\${t#*\\{}; case $t in ` +
    `*[Gg][Ii][Tt]*|*[Gg][Uu][Aa][Rr][Dd]*|*[Aa][Pp][Pp][Rr][Oo][Vv][Ee]*|${UNSAFE}) ` +
    `echo "${RUNTIME_ALTERED}" >&2; exit 2;; esac`
  );
}

/** The pre-filter this Butler vendors and the SHA-256 its command checks; null when a bundle is missing. */
export async function bundledGuard(bundleDir: string): Promise<{ vendored: string; sum: string } | null> {
  const [built, hook] = await Promise.all([PRE_FILTER, NODE_HOOK].map((f) => readTextIfExists(path.join(bundleDir, f))));
  if (built == null || hook == null) return null;
  const vendored = vendoredPreFilter(built, hook);
  return { vendored, sum: preFilterSum(vendored) };
}

/** The SHA-256 an installed PreToolUse command checks, or null when it is not this launcher. */
export function launcherSum(command: string): string | null {
  return /in ([0-9a-f]{64})\*\) BUTLER_BIN=/.exec(command)?.[1] ?? null;
}
