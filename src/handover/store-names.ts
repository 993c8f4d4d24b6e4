// Where the snapshot store keeps its files and how they are named: one scope per issue (or the project),
// one file per snapshot, never overwritten, and one latest copy per scope.
import path from 'node:path';
import { PRIVATE_DIR } from '../shared/private-dir.js';

export const HANDOVER_DIR = path.join(PRIVATE_DIR, 'handover');
export const SNAPSHOT_FILE = /^(?:issue-\d+|project)_\d{8}T\d{6}Z_[A-Za-z0-9_-]+\.md$/;

export const scopeKey = (issueId: number | null): string => (issueId === null ? 'project' : `issue-${issueId}`);
export const latestFileName = (issueId: number | null): string => (issueId === null ? 'project_latest.md' : `issue-${issueId}_latest.md`);

export function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** The name of a row's snapshot file (`snapshot_file`, relative to the project); null unless it is a snapshot file of HANDOVER_DIR. */
export function snapshotFileName(snapshotFile: string): string | null {
  const slash = snapshotFile.lastIndexOf('/');
  const name = snapshotFile.slice(slash + 1);
  return snapshotFile.slice(0, slash) !== `${PRIVATE_DIR}/handover` || !SNAPSHOT_FILE.test(name) ? null : name;
}
