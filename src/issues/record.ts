import path from 'node:path';
import type { Lang } from '../shared/config.js';
import { pathExists } from '../shared/fs.js';
import type { Action, ToolResult } from '../shared/result.js';
import type { GitRunner } from '../work/git.js';
import { blockedBy, describeBlock, judgeUpstream } from '../work/observe.js';
import { readStatus } from '../work/status.js';
import { LOCAL_ISSUES_DIR } from './local/backend.js';
import { opsText } from './messages/ops.js';
import type { IssueBackendKind } from './types.js';

/**
 * Local issue files live in the work tree and are committed with the project. So that an issue
 * change never leaves the work state dirty behind the agent's back (issue #12), each change to
 * `.butler/issues/N.md` is recorded at once as a record of its own (`issue #N: closed`), committing
 * only that file (and the folder's .gitignore): other changes in the tree stay as they were. When the
 * branch was otherwise published, that record is published too, so the issue reaches the others as a
 * remote tracker's change would and the state stays clean; otherwise the result says it needs
 * publishing. When the
 * repository cannot take a record (merge, rebase, detached HEAD, a held index lock, a failing commit
 * hook) the file stays an unrecorded change, and the result says so and points at work_record.
 */
export type IssueChange = 'created' | 'commented' | 'comment_deleted' | 'retitled' | 'body_updated' | 'reopened' | 'closed';

export interface IssueRecordNote {
  /** The record made for this change, or null. */
  record_id: string | null;
  /** Something of this change is recorded but not yet on the upstream. */
  needs_publish: boolean;
  /** The record was pushed to the upstream (it was the branch's one unpublished record). */
  published?: boolean;
  /** Why a push was tried and failed, in English (data). */
  not_published?: string;
  /** The change is in the work tree, unrecorded: work_record takes it. */
  needs_record: boolean;
  /** Why no record was made, in English (data). */
  not_recorded?: string;
}

export type IssueRecorder = (issueId: number, change: IssueChange) => Promise<IssueRecordNote>;

const WORDS: Record<IssueChange, string> = {
  created: 'created',
  commented: 'commented',
  comment_deleted: 'comment deleted',
  retitled: 'title changed',
  body_updated: 'body updated',
  reopened: 'reopened',
  closed: 'closed',
};

const note = (n: Partial<IssueRecordNote>): IssueRecordNote => ({ record_id: null, needs_publish: false, needs_record: false, ...n });

/** The recorder for a project on real git. Errors never escape: the issue change itself already happened. */
export function gitIssueRecorder(root: string, git: GitRunner): IssueRecorder {
  const dir = LOCAL_ISSUES_DIR.split(path.sep).join('/');
  return (id, change) => record(root, git, dir, id, change).catch((err: unknown) => note({ needs_record: true, not_recorded: firstLine(String(err)) }));
}

async function record(root: string, git: GitRunner, dir: string, id: number, change: IssueChange): Promise<IssueRecordNote> {
  const st = await readStatus(git, root).catch(() => null);
  // Not a git repository: the issue files are plain files, nothing to record or publish.
  if (!st) return note({ not_recorded: 'not a git repository' });
  const rel = `${dir}/${id}.md`;
  const files = [rel, `${dir}/.gitignore`];
  if ((await git(st.root, ['check-ignore', '-q', '--', rel])).exitCode === 0) return note({ not_recorded: `${rel} is git-ignored` });
  const blocked = blockedBy(st);
  if (blocked.length) return note({ needs_record: true, not_recorded: describeBlock(blocked, 'en') });
  const present: string[] = [];
  for (const f of files) if (await pathExists(path.join(st.root, f))) present.push(f);
  const add = await git(st.root, ['add', '--', ...present]);
  if (add.exitCode !== 0) return note({ needs_record: true, not_recorded: firstLine(add.stderr) });
  const staged = await git(st.root, ['diff', '--cached', '--quiet', '--', ...present]);
  if (staged.exitCode === 0) return note({});
  // --only: just these paths, whatever else is staged; -F - keeps the message out of argv.
  const commit = await git(st.root, ['commit', '--quiet', '--only', '--file=-', '--', ...present], { input: `issue #${id}: ${WORDS[change]}\n` });
  if (commit.exitCode !== 0) return note({ needs_record: true, not_recorded: firstLine(commit.stderr || commit.stdout) });
  const head = await git(st.root, ['rev-parse', '--verify', 'HEAD']);
  const recordId = head.stdout.trim().slice(0, 12);
  const up = judgeUpstream(st);
  if (up.status !== 'tracking') return note({ record_id: recordId });
  // Published at once only when it is the one unpublished record, as a remote tracker would show the
  // change: the agent's own unpublished work is never pushed without work_publish.
  if (up.ahead !== 0 || up.behind !== 0) return note({ record_id: recordId, needs_publish: true });
  const ref = await git(st.root, ['for-each-ref', '--format=%(upstream:remotename)%00%(upstream:remoteref)', '--', `refs/heads/${st.branch}`]);
  const [remote = '', remoteRef = ''] = ref.stdout.trim().split('\0');
  if (!remote || !remoteRef || remote.startsWith('-') || remoteRef.startsWith('-')) return note({ record_id: recordId, needs_publish: true });
  const push = await git(st.root, ['push', '--porcelain', '--end-of-options', remote, `HEAD:${remoteRef}`], { timeoutMs: 60_000 });
  if (push.exitCode !== 0) return note({ record_id: recordId, needs_publish: true, not_published: firstLine(push.stderr || push.stdout) });
  return note({ record_id: recordId, published: true });
}

const firstLine = (s: string) => s.trim().split('\n')[0]?.slice(0, 200) || 'git failed';

/**
 * Adds to an issue tool's result whether something now needs recording or publishing. Remote trackers
 * hold their changes themselves: nothing to publish. `change` is null for reads and for operations
 * that changed nothing (`data.changed === false`).
 */
export async function noteIssueChange(
  result: ToolResult,
  kind: IssueBackendKind,
  change: IssueChange | null,
  recorder: IssueRecorder | null,
  lang: Lang,
): Promise<ToolResult> {
  if (result.status !== 'ok') return result;
  const d = result.data as Record<string, unknown>;
  const id = (d.issue as { id?: number } | undefined)?.id ?? (d.issue_id as number | undefined);
  if (kind !== 'local' || !change || d.changed === false || !recorder || typeof id !== 'number') {
    return { ...result, data: { ...d, needs_publish: false } };
  }
  const n = await recorder(id, change);
  const t = opsText(lang);
  let action: Action | null = null;
  let summary = result.summary;
  if (n.record_id) summary += t.recordedAs(n.record_id, n.published ? 'published' : n.needs_publish ? 'unpublished' : 'local');
  if (n.needs_publish) action = { tool: 'work_publish', args: {}, reason: t.publishReason };
  if (n.needs_record) {
    summary += t.notRecorded(n.not_recorded ?? '');
    action = { tool: 'work_record', args: {}, required_args: ['message'], reason: t.recordReason };
  }
  return { ...result, summary, data: { ...d, ...n, suggested_action: action } };
}
