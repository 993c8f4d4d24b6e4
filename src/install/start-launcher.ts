// The installed SessionStart command (docs/decisions.md D40): it runs the vendored shell answer
// (src/hooks/bin/session-start.sh) only when the file's SHA-256 is the one the command carries, as the
// guard's command does (D34): read once, checked, and those same bytes run, so a file the agent wrote
// cannot run at the next start. Missing, altered or unchecked (no sha256sum or shasum): the Node hook
// runs exactly as before. The script always exits; the Node command after it runs only when it did not.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { readTextIfExists } from '../shared/fs.js';
import { START_SCRIPT } from '../shared/vendored.js';
import { BIN_DIR } from './constants.js';
import { checkedRun } from './guard-launcher.js';

/** What the command compares: `$(dd …)` (guard-launcher.ts checkedRun) drops the trailing newlines, so the hash is of the text without them. */
export function startScriptSum(text: string): string {
  return createHash('sha256').update(text.replace(/\n+$/, '')).digest('hex');
}

/**
 * The checked run of the script, then the Node hook. `dir` is the project folder as a variable (`$NAME`);
 * `form` is how the client reads SessionStart output (text, or json: additionalContext).
 */
export function startLauncher(dir: string, brain: string, form: 'text' | 'json', sum: string, node: string): string {
  const script = `${dir}/${BIN_DIR}/${START_SCRIPT}`;
  const git = `${dir}/.git`;
  // Whether a memo in .git/butler might answer, before the script is read and summed (a `dd` and a `sha256sum`, 4 processes): a
  // memo's second line records HEAD and its loose branch ref as `read` gives them (start-memo.ts). The
  // script runs when some memo (a regular file) has this HEAD's line or none at all; no memo, or only
  // other HEADs' (a new commit since), runs the Node hook at once. A hint, read with builtins: it can send
  // a start to Node, never answer one (the script checks every file). A linked worktree (.git is a
  // file): always the script.
  const memos =
    `h=; r=; [ -f "${git}/HEAD" ] && read -r h <"${git}/HEAD"; [ -f "${git}/\${h#ref: }" ] && read -r r <"${git}/\${h#ref: }"; ` +
    `for k in start compact; do [ -f "${git}/butler/start-${brain}.$k" ] && { read -r x; read -r x; } <"${git}/butler/start-${brain}.$k" && ` +
    `case $x in "h $h $r") break;; "h "*) ;; *) break;; esac; k=; done; [ -n "$k" ]`;
  return (
    `if [ -f "${git}" ] || { ${memos}; } 2>/dev/null; then ` +
    `${checkedRun(script, sum, `BUTLER_BIN="${dir}/${BIN_DIR}" BUTLER_BRAIN=${brain} BUTLER_FORM=${form}`)}; fi; ${node}`
  );
}

/** The SHA-256 of this Butler's script, or null when the bundle folder has none (then the plain Node command). */
export async function bundledStartSum(bundleDir: string): Promise<string | null> {
  const text = await readTextIfExists(path.join(bundleDir, START_SCRIPT));
  return text === null ? null : startScriptSum(text);
}

/** The installed command with its sum replaced by `slot`, to compare with commandsFor's; null when none. */
export function withStartSum(command: string, slot: string): string | null {
  const m = /in ([0-9a-f]{64})\*\) BUTLER_BIN=/.exec(command);
  return m?.[1] ? command.replace(m[1], slot) : null;
}
