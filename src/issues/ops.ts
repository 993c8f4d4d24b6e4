import type { Lang } from '../shared/config.js';
import { ButlerError } from '../shared/errors.js';
import { needInput, ok, type ToolResult } from '../shared/result.js';
import { bodyTemplate, checkStructuredBody, sectionName } from './body.js';
import { opsText } from './messages/ops.js';
import { ISSUE_LIST_MAX, type IssueBackend } from './types.js';

/**
 * The eight issue operations as envelopes, shared by the MCP tools and `butler issue`. Text rules
 * (blank title/body, the structured create body) are enforced here, before any backend is touched.
 * `lang` chooses the words of summaries, hints and reasons; data and error codes never depend on it.
 */

const MAX_TITLE = 256;
const MAX_BODY = 65_536;

function requireTitle(title: string, lang: Lang): string {
  const t = title.trim();
  const m = opsText(lang);
  if (!t) throw new ButlerError('invalid_title', m.titleEmpty, m.titleEmptyHint);
  if (/[\r\n]/.test(t)) throw new ButlerError('invalid_title', m.titleLineBreak, m.titleLineBreakHint);
  if (t.length > MAX_TITLE) throw new ButlerError('invalid_title', m.titleTooLong(MAX_TITLE), m.titleTooLongHint);
  return t;
}

function requireBody(body: string, lang: Lang, what: 'body' | 'comment' = 'body'): string {
  const b = body.trim();
  const m = opsText(lang);
  if (!b) throw new ButlerError('invalid_body', m.textEmpty(what), m.textEmptyHint);
  if (b.length > MAX_BODY) throw new ButlerError('invalid_body', m.textTooLong(what, MAX_BODY), m.textTooLongHint);
  return b;
}

function cleanLabels(labels: string[] | undefined): string[] | undefined {
  if (!labels) return undefined;
  const out = [...new Set(labels.map((l) => l.trim()).filter(Boolean))];
  return out.length ? out : undefined;
}

/** The open issues (or all), newest first: a person's overview (`butler issue list`), not a brain's tool. */
export async function listIssues(backend: IssueBackend, lang: Lang, all: boolean, limit = ISSUE_LIST_MAX): Promise<ToolResult> {
  const issues = await backend.list(all ? 'all' : 'open', limit);
  const capped = issues.length >= limit;
  return ok(opsText(lang).listed(issues.length, all, capped), { backend: backend.kind, state: all ? 'all' : 'open', issues, capped });
}

export async function readIssue(backend: IssueBackend, lang: Lang, id: number, lastN?: number): Promise<ToolResult> {
  const issue = await backend.read(id, lastN ?? 0);
  return ok(opsText(lang).read(issue.id, issue.title, issue.state, issue.comments?.length), { issue });
}

/**
 * One rule for bodies (issue #12): create without a body and update_body with a thin one both ask for
 * the missing sections. The names and template follow the body's own language, or the tool's when
 * there is no body to judge (blank, or no word in it such as `x`: #25).
 */
function lacking(body: string | undefined, lang: Lang, retry: { tool: string; args: Record<string, unknown> }): ToolResult | null {
  const check = checkStructuredBody(body ?? '');
  if (!check.missing.length) return null;
  const judged = /[\u3040-\u30ff\u4e00-\u9fff]|[A-Za-z]{2}/.test(body ?? '');
  const bodyLang = judged ? check.lang : lang;
  const names = check.missing.map((k) => sectionName(k, bodyLang));
  const m = opsText(lang);
  return needInput(m.bodyLacks(names), {
    missing: names,
    template: bodyTemplate(bodyLang),
    required_action: { ...retry, required_args: ['body'], reason: m.bodyLacksReason },
  });
}

export async function createIssue(backend: IssueBackend, lang: Lang, title: string, body?: string, labels?: string[]): Promise<ToolResult> {
  const m = opsText(lang);
  const t = requireTitle(title, lang);
  const b = body === undefined || !body.trim() ? undefined : requireBody(body, lang);
  const ask = lacking(b, lang, { tool: 'issue_create', args: { title: t } });
  if (ask) return ask;
  const issue = await backend.create(t, b, cleanLabels(labels));
  return ok(m.created(issue.id, issue.title), { issue });
}

export async function commentIssue(backend: IssueBackend, lang: Lang, id: number, body: string): Promise<ToolResult> {
  const comment = await backend.comment(id, requireBody(body, lang, 'comment'));
  return ok(opsText(lang).commented(id, comment.id), { issue_id: id, comment });
}

export async function deleteIssueComment(
  backend: IssueBackend,
  lang: Lang,
  id: number,
  commentId: number,
  reason?: string,
): Promise<ToolResult> {
  const r = reason?.trim() || undefined;
  const already = (await backend.deleteComment(id, commentId, r)) === 'already_deleted';
  const m = opsText(lang);
  return ok(already ? m.alreadyDeleted(id, commentId) : m.deletedComment(id, commentId), {
    issue_id: id,
    comment_id: commentId,
    changed: !already,
    ...(r ? { reason: r } : {}),
    tombstone: backend.kind === 'local',
  });
}

export async function updateIssueTitle(backend: IssueBackend, lang: Lang, id: number, title: string): Promise<ToolResult> {
  const issue = await backend.updateTitle(id, requireTitle(title, lang));
  return ok(opsText(lang).retitled(id, issue.title), { issue });
}

export async function updateIssueBody(backend: IssueBackend, lang: Lang, id: number, body: string): Promise<ToolResult> {
  const b = requireBody(body, lang);
  const ask = lacking(b, lang, { tool: 'issue_update_body', args: { issue_id: id } });
  if (ask) return ask;
  const issue = await backend.updateBody(id, b);
  return ok(opsText(lang).bodyUpdated(id), { issue });
}

/** Closing a closed issue (or reopening an open one) says so and writes nothing. */
export async function reopenIssue(backend: IssueBackend, lang: Lang, id: number): Promise<ToolResult> {
  const before = await backend.read(id);
  if (before.state === 'open') return ok(opsText(lang).alreadyOpen(id), { issue: before, changed: false });
  const issue = await backend.reopen(id);
  return ok(opsText(lang).reopened(id, issue.title), { issue, changed: true });
}

export async function closeIssue(backend: IssueBackend, lang: Lang, id: number): Promise<ToolResult> {
  const before = await backend.read(id);
  if (before.state === 'closed') return ok(opsText(lang).alreadyClosed(id), { issue: before, changed: false });
  const issue = await backend.close(id);
  return ok(opsText(lang).closed(id, issue.title), { issue, changed: true });
}
