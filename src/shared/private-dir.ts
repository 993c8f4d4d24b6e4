/**
 * Butler's private folder: snapshots, the brain registry and session records. Never recorded by
 * work_record, and git-ignored by install and by the first snapshot (private by default: docs/decisions.md D20).
 */
export const PRIVATE_DIR = 'session_logs';
export const GITIGNORE_ENTRY = `${PRIVATE_DIR}/`;
export const GITIGNORE_COMMENT = '# Butler: handover snapshots and session logs stay private';

const IGNORES = /^\/?session_logs\/?(?:\*\*?)?\s*$/;

/** Whether a .gitignore text already ignores the private folder (in any of the usual spellings). */
export function gitignoreCovers(text: string | null): boolean {
  return (text ?? '').split(/\r?\n/).some((l) => IGNORES.test(l.trim()));
}

/** The .gitignore text with the private folder added, or null when it is already covered. */
export function withPrivateDirIgnored(text: string | null): string | null {
  if (gitignoreCovers(text)) return null;
  const base = text ?? '';
  const sep = base === '' || base.endsWith('\n') ? '' : '\n';
  return `${base}${sep}${GITIGNORE_COMMENT}\n${GITIGNORE_ENTRY}\n`;
}
