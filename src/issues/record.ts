import path from 'node:path';
import type { Lang } from '../shared/config.js';
import type { OwnRecordNote } from '../shared/git.js';
import type { Action, ToolResult } from '../shared/result.js';
import { LOCAL_ISSUES_DIR } from './local/format.js';
import { opsText } from './messages/ops.js';
import type { IssueBackendKind } from './types.js';

/**
 * Local issue files live in the work tree and are committed with the project. So that an issue change
 * never leaves the work state dirty behind the agent's back (issue #12), each change to
 * `.butler/issues/N.md` is recorded at once as a record of its own (`issue #N: closed`) holding only
 * that file and the folder's .gitignore. The git side is `recordOwnFiles` (src/work/own-record.ts),
 * injected by the MCP tools and the CLI as `recordFiles`.
 */
export type IssueChange = 'created' | 'commented' | 'comment_deleted' | 'retitled' | 'body_updated' | 'reopened' | 'closed';

export type IssueRecorder = (issueId: number, change: IssueChange) => Promise<OwnRecordNote>;

const WORDS: Record<IssueChange, string> = {
  created: 'created',
  commented: 'commented',
  comment_deleted: 'comment deleted',
  retitled: 'title changed',
  body_updated: 'body updated',
  reopened: 'reopened',
  closed: 'closed',
};

/** The recorder: which files one issue change touches, and the record's message. */
export function issueRecorder(recordFiles: (files: string[], message: string) => Promise<OwnRecordNote>): IssueRecorder {
  const dir = LOCAL_ISSUES_DIR.split(path.sep).join('/');
  return (id, change) => recordFiles([`${dir}/${id}.md`, `${dir}/.gitignore`], `issue #${id}: ${WORDS[change]}`);
}

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
  // The lone issue record was refused by the upstream: it moved on, so its records come in first.
  if (n.not_published) action = { tool: 'work_sync', args: {}, reason: t.syncReason };
  if (n.needs_record) {
    summary += t.notRecorded(n.not_recorded ?? '');
    action = { tool: 'work_record', args: {}, required_args: ['message'], reason: t.recordReason };
  }
  // Publishing is the user's call (issue 22): its own field, never a suggestion to run.
  const ask = action?.tool === 'work_publish';
  return { ...result, summary, data: { ...d, ...n, ...(ask ? { ask_user_first: action } : { suggested_action: action }) } };
}
