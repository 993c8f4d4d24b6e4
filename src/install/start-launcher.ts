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

/** What the command compares: `$(cat file)` drops the trailing newlines, so the hash is of the text without them. */
export function startScriptSum(text: string): string {
  return createHash('sha256').update(text.replace(/\n+$/, '')).digest('hex');
}

/**
 * The checked run of the script, then the Node hook. `dir` is the project folder as a variable (`$NAME`);
 * `form` is how the client reads SessionStart output (text, or json: additionalContext).
 */
export function startLauncher(dir: string, brain: string, form: 'text' | 'json', sum: string, node: string): string {
  const script = `${dir}/${BIN_DIR}/${START_SCRIPT}`;
  // Without a memo in .git/butler the script would only run Node: skip its check (a linked worktree's .git is a file: check).
  const memo = (kind: string) => `[ -f "${dir}/.git/butler/start-${brain}.${kind}" ]`;
  return (
    `if [ -f "${dir}/.git" ] || ${memo('start')} || ${memo('compact')}; then ` +
    `s=$(cat "${script}" 2>/dev/null) && case $(printf "%s" "$s" | sha256sum 2>/dev/null || printf "%s" "$s" | shasum -a 256 2>/dev/null) in ` +
    `${sum}*) BUTLER_BIN="${dir}/${BIN_DIR}" BUTLER_BRAIN=${brain} BUTLER_FORM=${form}; eval "$s";; esac; fi; ${node}`
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
