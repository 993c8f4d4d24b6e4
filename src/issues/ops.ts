import { ButlerError } from '../shared/errors.js';
import { needInput, ok, type ToolResult } from '../shared/result.js';
import { bodyTemplate, checkStructuredBody } from './body.js';
import type { IssueBackend } from './types.js';

/**
 * The eight issue operations as envelopes, shared by the MCP tools and `butler issue`. Text rules
 * (blank title/body, the structured create body) are enforced here, before any backend is touched.
 */

const MAX_TITLE = 256;
const MAX_BODY = 65_536;

function requireTitle(title: string): string {
  const t = title.trim();
  if (!t) throw new ButlerError('invalid_title', 'Title is empty', 'Give a short, specific title.');
  if (/[\r\n]/.test(t)) throw new ButlerError('invalid_title', 'Title has a line break', 'Use one line; put details in the body.');
  if (t.length > MAX_TITLE) throw new ButlerError('invalid_title', `Title is longer than ${MAX_TITLE} characters`, 'Shorten it; put details in the body.');
  return t;
}

function requireBody(body: string, what = 'Body'): string {
  const b = body.trim();
  if (!b) throw new ButlerError('invalid_body', `${what} is empty`, 'Write the text to record.');
  if (b.length > MAX_BODY) throw new ButlerError('invalid_body', `${what} is longer than ${MAX_BODY} characters`, 'Shorten it or split it.');
  return b;
}

function cleanLabels(labels: string[] | undefined): string[] | undefined {
  if (!labels) return undefined;
  const out = [...new Set(labels.map((l) => l.trim()).filter(Boolean))];
  return out.length ? out : undefined;
}

export async function readIssue(backend: IssueBackend, id: number, lastN?: number): Promise<ToolResult> {
  const issue = await backend.read(id, lastN ?? 0);
  const shown = issue.comments ? `, ${issue.comments.length} comment${issue.comments.length === 1 ? '' : 's'}` : '';
  return ok(`#${issue.id} ${issue.title} (${issue.state}${shown})`, { issue });
}

export async function createIssue(backend: IssueBackend, title: string, body?: string, labels?: string[]): Promise<ToolResult> {
  const t = requireTitle(title);
  let b: string | undefined;
  if (body !== undefined) {
    b = requireBody(body);
    const check = checkStructuredBody(b);
    if (check.missing.length) {
      return needInput(`Body lacks: ${check.missingNames.join(', ')}`, {
        missing: check.missingNames,
        template: bodyTemplate(check.lang),
        required_action: {
          tool: 'issue_create',
          args: { title: t },
          required_args: ['body'],
          reason: 'Add the missing sections (write "none" when there are no blockers).',
        },
      });
    }
  }
  const issue = await backend.create(t, b, cleanLabels(labels));
  return ok(`Created #${issue.id} ${issue.title}`, { issue });
}

export async function commentIssue(backend: IssueBackend, id: number, body: string): Promise<ToolResult> {
  const comment = await backend.comment(id, requireBody(body, 'Comment'));
  return ok(`Commented on #${id} (comment ${comment.id})`, { issue_id: id, comment });
}

export async function deleteIssueComment(backend: IssueBackend, id: number, commentId: number, reason?: string): Promise<ToolResult> {
  const r = reason?.trim() || undefined;
  await backend.deleteComment(id, commentId, r);
  return ok(`Deleted comment ${commentId} on #${id}`, {
    issue_id: id,
    comment_id: commentId,
    ...(r ? { reason: r } : {}),
    tombstone: backend.kind === 'local',
  });
}

export async function updateIssueTitle(backend: IssueBackend, id: number, title: string): Promise<ToolResult> {
  const issue = await backend.updateTitle(id, requireTitle(title));
  return ok(`Retitled #${id}: ${issue.title}`, { issue });
}

export async function updateIssueBody(backend: IssueBackend, id: number, body: string): Promise<ToolResult> {
  const issue = await backend.updateBody(id, requireBody(body));
  return ok(`Updated the body of #${id}`, { issue });
}

export async function reopenIssue(backend: IssueBackend, id: number): Promise<ToolResult> {
  const issue = await backend.reopen(id);
  return ok(`Reopened #${id} ${issue.title}`, { issue });
}

export async function closeIssue(backend: IssueBackend, id: number): Promise<ToolResult> {
  const issue = await backend.close(id);
  return ok(`Closed #${id} ${issue.title}`, { issue });
}
