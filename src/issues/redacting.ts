import type { Issue, IssueBackend, IssueComment } from './types.js';

/**
 * Masks secrets in every text Butler writes to a tracker: local issue files are committed with the
 * project, and a remote tracker is read by others. Reads pass through unchanged.
 */
export function redacting(inner: IssueBackend, redact: (text: string) => string): IssueBackend {
  const opt = (s: string | undefined) => (s === undefined ? undefined : redact(s));
  return {
    kind: inner.kind,
    read: (id: number, n?: number): Promise<Issue> => inner.read(id, n),
    create: (title: string, body: string | undefined, labels: string[] | undefined) => inner.create(redact(title), opt(body), labels),
    comment: (id: number, body: string): Promise<IssueComment> => inner.comment(id, redact(body)),
    deleteComment: (id: number, commentId: number, reason?: string) => inner.deleteComment(id, commentId, opt(reason)),
    updateTitle: (id: number, title: string) => inner.updateTitle(id, redact(title)),
    updateBody: (id: number, body: string) => inner.updateBody(id, redact(body)),
    reopen: (id: number) => inner.reopen(id),
    close: (id: number) => inner.close(id),
    list: (state, limit) => inner.list(state, limit),
    listLabels: () => inner.listLabels(),
  };
}
