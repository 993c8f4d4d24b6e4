import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { Audience } from '../../shared/audience.js';
import type { Lang } from '../../shared/config.js';
import { ButlerError } from '../../shared/errors.js';
import { pathExists, readTextIfExists, writeFileAtomic, writeFileExclusive } from '../../shared/fs.js';
import { ISSUE_ID_MAX } from '../../shared/ids.js';
import { withFileLock } from '../../shared/lock.js';
import { assertNoLinks, isSymlink } from '../../shared/no-links.js';
import { backendText } from '../messages/backend.js';
import { ISSUE_LIST_MAX, type Issue, type IssueBackend, type IssueComment, type IssueSummary } from '../types.js';
import { IssueFileError, LOCAL_ISSUES_DIR, parseIssue, serializeIssue, type StoredComment, type StoredIssue } from './format.js';

const FILE = /^([1-9][0-9]{0,9})\.md$/;

export interface LocalBackendOptions {
  projectRoot: string;
  author: string;
  now?: () => Date;
  /** Language of error summaries and hints. */
  lang: Lang;
  /** Whose words (docs/decisions.md D37). */
  audience?: Audience;
}

/** The embedded tracker: `.butler/issues/<id>.md`, committed with the project like code. */
export class LocalIssueBackend implements IssueBackend {
  readonly kind = 'local' as const;
  private readonly dir: string;
  private readonly now: () => Date;

  constructor(private readonly opts: LocalBackendOptions) {
    this.dir = path.join(opts.projectRoot, LOCAL_ISSUES_DIR);
    this.now = opts.now ?? (() => new Date());
  }

  private file(id: number): string {
    return path.join(this.dir, `${id}.md`);
  }

  private async load(id: number): Promise<StoredIssue> {
    // An issue file (or .butler, .butler/issues) that is a link is not followed, for reading either.
    await assertNoLinks(this.opts.projectRoot, this.file(id));
    const text = await readTextIfExists(this.file(id));
    if (text === null) throw notFound(id, this.opts.lang, this.opts.audience);
    const rel = `${LOCAL_ISSUES_DIR.split(path.sep).join('/')}/${id}.md`;
    const t = backendText(this.opts.lang);
    let issue: StoredIssue;
    try {
      issue = parseIssue(text);
    } catch (err) {
      const why = err instanceof IssueFileError || err instanceof SyntaxError ? err.message : 'unreadable';
      throw new ButlerError('backend_error', t.damaged(id), t.damagedHint(rel, why), { file: rel });
    }
    if (issue.id !== id) throw new ButlerError('backend_error', t.damaged(id), t.damagedHint(rel, t.idMismatch(issue.id)), { file: rel });
    return issue;
  }

  /** Read-modify-write under a per-issue lock, so two agents commenting at once both land. */
  private async mutate<T>(id: number, fn: (issue: StoredIssue, at: string) => T): Promise<T> {
    const within = this.opts.projectRoot;
    return withFileLock(
      this.file(id),
      async () => {
        const issue = await this.load(id);
        const result = fn(issue, this.now().toISOString());
        await writeFileAtomic(this.file(id), serializeIssue(issue), { within });
        return result;
      },
      { within },
    );
  }

  async read(id: number, lastNComments = 0): Promise<Issue> {
    return view(await this.load(id), lastNComments);
  }

  async create(title: string, body: string | undefined, labelNames: string[] | undefined): Promise<Issue> {
    const at = this.now().toISOString();
    // The lock serialises id allocation across processes; the exclusive create is a second guard.
    const within = this.opts.projectRoot;
    const issue = await withFileLock(
      path.join(this.dir, '.ids'),
      async () => {
        const ignore = path.join(this.dir, '.gitignore');
        // Issue files are committed; a crashed writer's lock or temp file must not be.
        if (!(await pathExists(ignore))) await writeFileExclusive(ignore, '*.lock\n*.tmp\n*.stale.*\n', { within });
        let id = (await this.maxId()) + 1;
        for (;;) {
          // An id the tools could not address afterwards is never handed out.
          if (id > ISSUE_ID_MAX) {
            const t = backendText(this.opts.lang);
            throw new ButlerError('conflict', t.idsExhausted(ISSUE_ID_MAX), t.idsExhaustedHint(LOCAL_ISSUES_DIR));
          }
          const stored: StoredIssue = {
            id,
            title,
            state: 'open',
            labels: labelNames ?? [],
            author: this.opts.author,
            created_at: at,
            updated_at: at,
            body: body ?? '',
            comments: [],
          };
          if (await writeFileExclusive(this.file(id), serializeIssue(stored), { within })) return stored;
          id += 1;
        }
      },
      { within },
    );
    return view(issue, 0);
  }

  private async maxId(): Promise<number> {
    const names = await fsp.readdir(this.dir).catch(() => [] as string[]);
    return names.reduce((max, n) => Math.max(max, Number(FILE.exec(n)?.[1] ?? 0)), 0);
  }

  async comment(id: number, body: string): Promise<IssueComment> {
    return this.mutate(id, (issue, at) => {
      // Ids are never reused, tombstones included, so an old id cannot point at a newer comment.
      const next = issue.comments.reduce((m, c) => Math.max(m, c.id), 0) + 1;
      const c: StoredComment = { id: next, author: this.opts.author, created_at: at, body };
      issue.comments.push(c);
      return toComment(c);
    });
  }

  async deleteComment(id: number, commentId: number, reason?: string): Promise<void | 'already_deleted'> {
    // A tombstone already there: say so and leave the file (and its record) untouched.
    const before = (await this.load(id)).comments.find((x) => x.id === commentId);
    if (before?.deleted) return 'already_deleted';
    await this.mutate(id, (issue, at) => {
      const c = issue.comments.find((x) => x.id === commentId && !x.deleted);
      if (!c) throw commentNotFound(id, commentId, this.opts.lang, this.opts.audience);
      c.body = '';
      c.deleted = { by: this.opts.author, at, ...(reason?.trim() ? { reason: reason.trim() } : {}) };
    });
  }

  async updateTitle(id: number, title: string): Promise<Issue> {
    return this.mutate(id, (issue, at) => {
      issue.title = title;
      issue.updated_at = at;
      return view(issue, 0);
    });
  }

  async updateBody(id: number, body: string): Promise<Issue> {
    return this.mutate(id, (issue, at) => {
      issue.body = body;
      issue.updated_at = at;
      return view(issue, 0);
    });
  }

  async reopen(id: number): Promise<Issue> {
    return this.setState(id, 'open');
  }

  async close(id: number): Promise<Issue> {
    return this.setState(id, 'closed');
  }

  private setState(id: number, state: 'open' | 'closed'): Promise<Issue> {
    return this.mutate(id, (issue, at) => {
      issue.state = state;
      issue.updated_at = at;
      if (state === 'closed') issue.closed_at = at;
      else delete issue.closed_at;
      return view(issue, 0);
    });
  }

  async listLabels(): Promise<string[]> {
    const labels = new Set<string>();
    for (const issue of await this.all()) for (const l of issue.labels) labels.add(l);
    return [...labels].sort();
  }

  async list(state: 'open' | 'all', limit = ISSUE_LIST_MAX): Promise<IssueSummary[]> {
    return (await this.all())
      .filter((i) => state === 'all' || i.state === 'open')
      .sort((a, b) => b.id - a.id)
      .slice(0, Math.min(limit, ISSUE_LIST_MAX))
      .map((i) => {
        const v = view(i, 0);
        return { id: v.id, title: v.title, state: v.state, labels: v.labels, created_at: v.created_at, updated_at: v.updated_at };
      });
  }

  /** Every readable issue file; links are not followed, and a damaged file is reported when that issue is read, not here. */
  private async all(): Promise<StoredIssue[]> {
    const names = (await fsp.readdir(this.dir).catch(() => [] as string[])).filter((n) => FILE.test(n));
    const out: StoredIssue[] = [];
    for (const n of names) {
      if (await isSymlink(path.join(this.dir, n))) continue;
      const text = await readTextIfExists(path.join(this.dir, n));
      try {
        const issue = text ? parseIssue(text) : null;
        if (issue && `${issue.id}.md` === n) out.push(issue);
      } catch {
        // skipped: see above
      }
    }
    return out;
  }
}

function toComment(c: StoredComment): IssueComment {
  return { id: c.id, author: c.author, body: c.body, created_at: c.created_at };
}

function view(issue: StoredIssue, lastN: number): Issue {
  const live = issue.comments.filter((c) => !c.deleted);
  // A comment does not touch the front matter (keeps comment diffs pure appends), so it counts here.
  const times = [issue.updated_at, ...issue.comments.map((c) => c.deleted?.at ?? c.created_at)];
  const out: Issue = {
    id: issue.id,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    labels: issue.labels,
    created_at: issue.created_at,
    updated_at: times.reduce((a, b) => (b > a ? b : a), ''),
    comment_count: live.length,
  };
  if (lastN > 0) out.comments = live.slice(-lastN).map(toComment);
  return out;
}

export function notFound(id: number, lang: Lang, to?: Audience): ButlerError {
  const t = backendText(lang, to);
  return new ButlerError('not_found', t.issueNotFound(id), t.issueNotFoundHint, { issue_id: id });
}

export function commentNotFound(id: number, commentId: number, lang: Lang, to?: Audience): ButlerError {
  const t = backendText(lang, to);
  return new ButlerError('not_found', t.commentNotFound(id, commentId), t.commentNotFoundHint, { issue_id: id, comment_id: commentId });
}
