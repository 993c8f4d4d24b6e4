import path from 'node:path';
import { pathExists } from '../shared/fs.js';
import type { GitRunner, OwnRecordNote } from '../shared/git.js';
import { blockedBy, describeBlock, judgeUpstream } from './observe.js';
import { readStatus } from './status.js';

/**
 * Records some files as a record of their own: only these paths are committed, whatever else is
 * changed or staged in the tree. Used for local issue files (src/issues/record.ts, issue #12), so an
 * issue change never leaves the work state dirty behind the agent's back. When that record is the
 * branch's one unpublished record it is pushed to the upstream too; the agent's own unpublished
 * records are never pushed this way. When the repository cannot take a record (merge, rebase,
 * detached HEAD, a held index lock, a failing commit hook) the files stay unrecorded and the note
 * says so. Errors never escape: the change to the files itself already happened.
 * `publish: false` (a person at the CLI, docs/decisions.md D41) records without pushing: the person
 * publishes with `butler work publish` when they choose.
 */

export function recordOwnFiles(
  root: string,
  git: GitRunner,
  files: string[],
  message: string,
  opts: { publish?: boolean } = {},
): Promise<OwnRecordNote> {
  return record(root, git, files, message, opts.publish ?? true).catch((err: unknown) =>
    note({ needs_record: true, not_recorded: firstLine(String(err)) }),
  );
}

const note = (n: Partial<OwnRecordNote>): OwnRecordNote => ({ record_id: null, needs_publish: false, needs_record: false, ...n });

async function record(root: string, git: GitRunner, files: string[], message: string, publish: boolean): Promise<OwnRecordNote> {
  const st = await readStatus(git, root).catch(() => null);
  // Not a git repository: plain files, nothing to record or publish.
  if (!st) return note({ not_recorded: 'not a git repository' });
  const main = files[0]!;
  if ((await git(st.root, ['check-ignore', '-q', '--', main])).exitCode === 0) return note({ not_recorded: `${main} is git-ignored` });
  const blocked = blockedBy(st);
  if (blocked.length) return note({ needs_record: true, not_recorded: describeBlock(blocked, 'en') });
  const present: string[] = [];
  for (const f of files) if (await pathExists(path.join(st.root, f))) present.push(f);
  const add = await git(st.root, ['add', '--', ...present]);
  if (add.exitCode !== 0) return note({ needs_record: true, not_recorded: firstLine(add.stderr) });
  const staged = await git(st.root, ['diff', '--cached', '--quiet', '--', ...present]);
  if (staged.exitCode === 0) return note({});
  // --only: just these paths, whatever else is staged; -F - keeps the message out of argv.
  const commit = await git(st.root, ['commit', '--quiet', '--only', '--file=-', '--', ...present], { input: `${message}\n` });
  if (commit.exitCode !== 0) return note({ needs_record: true, not_recorded: firstLine(commit.stderr || commit.stdout) });
  const head = await git(st.root, ['rev-parse', '--verify', 'HEAD']);
  const recordId = head.stdout.trim().slice(0, 12);
  const up = judgeUpstream(st);
  if (up.status !== 'tracking') return note({ record_id: recordId });
  // Published at once only when it is the one unpublished record, as a remote tracker would show the
  // change: the agent's own unpublished work is never pushed without work_publish.
  if (!publish || up.ahead !== 0 || up.behind !== 0) return note({ record_id: recordId, needs_publish: true });
  const ref = await git(st.root, [
    'for-each-ref',
    '--format=%(upstream:remotename)%00%(upstream:remoteref)',
    '--',
    `refs/heads/${st.branch}`,
  ]);
  const [remote = '', remoteRef = ''] = ref.stdout.trim().split('\0');
  if (!remote || !remoteRef || remote.startsWith('-') || remoteRef.startsWith('-'))
    return note({ record_id: recordId, needs_publish: true });
  const push = await git(st.root, ['push', '--porcelain', '--end-of-options', remote, `HEAD:${remoteRef}`], { timeoutMs: 60_000 });
  if (push.exitCode !== 0) return note({ record_id: recordId, needs_publish: true, not_published: firstLine(push.stderr || push.stdout) });
  return note({ record_id: recordId, published: true });
}

const firstLine = (s: string) => s.trim().split('\n')[0]?.slice(0, 200) || 'git failed';
