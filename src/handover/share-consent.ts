// The person's OK to share from this clone (issue #23, item 6; docs/decisions.md D36). Until a person has
// seen what a share pushes and said yes, no snapshot written here leaves the clone, whatever the agent
// asks or a committed `handover.share: true` says. The record lives in the clone's common git dir, like
// the own-handovers ledger (origin.ts): no commit, checkout or fetch writes there. Only the person's
// verb `butler handover share-preview` writes it, after src/cli/person.ts found a person.
import { lstatSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../shared/fs.js';
import { butlerGitFile, readGitFile } from '../shared/git-refs.js';

export interface ShareConsent {
  allowed_at: string;
  /** The git identity of the person who said yes, as git config gave it (may be empty). */
  by: string;
}

function consentFile(root: string): string | null {
  return butlerGitFile(root, 'share-allowed.json', 'common');
}

/** The recorded OK, or null: none, unreadable, or no git dir (nothing can be pushed there anyway). */
export function shareConsent(root: string): ShareConsent | null {
  const file = consentFile(root);
  if (!file) return null;
  try {
    // A FIFO planted in its place (the agent can write the git dir) hung every share; a link led out of the git dir.
    const v = JSON.parse(readGitFile(file, 4096) ?? '') as Partial<ShareConsent>;
    return typeof v.allowed_at === 'string' ? { allowed_at: v.allowed_at, by: typeof v.by === 'string' ? v.by : '' } : null;
  } catch {
    return null;
  }
}

/** Records the person's OK. Called only by the CLI verb after personConsents (src/cli/person.ts). */
export function recordShareConsent(root: string, consent: ShareConsent): string {
  const file = consentFile(root);
  if (!file) throw new Error(`${root} has no git dir: nothing to share from`);
  // Anything but a regular file in its place (a link to ~/.bashrc, a FIFO) is removed, never written through.
  if (lstatSync(file, { throwIfNoEntry: false })?.isFile() === false) rmSync(file, { recursive: true });
  writeFileAtomicSync(file, `${JSON.stringify(consent)}\n`, { within: path.resolve(file, '../..') });
  return file;
}
