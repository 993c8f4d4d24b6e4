import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Lang } from '../shared/config.js';
import type { GitRunner } from '../shared/git.js';
import { isRetired } from './candidates.js';
import { isOwn } from './origin.js';
import { type Carried, carryForward, NOTHING_CARRIED, openItemsOf } from './carry.js';
import { withCarriedRequests } from './carry-requests.js';
import { ensureGitignored, type WorkState } from './context.js';
import { fingerprint, readGitNow } from './drift.js';
import type { ParsedNotes } from './notes.js';
import type { SessionFactsResult } from './session-facts.js';
import { renderSnapshot, type SnapshotMeta, type WorkFacts } from './snapshot.js';
import type { HandoverStore } from './store.js';

/**
 * Everything a snapshot is built from, deliberate (prepare / suspend / transfer) or automatic (PreCompact,
 * PostCompact, SessionEnd, recovery): one assembler (issue 22), so both carry the same metadata, parent,
 * carried-forward items, work state, dirty fingerprint and session facts.
 */
export interface AssembleQuery {
  root: string;
  store: HandoverStore;
  git: GitRunner;
  now: () => Date;
  lang: Lang;
  source: string;
  target: string;
  mode: 'core' | 'auto';
  /** Automatic snapshots: what wrote it. */
  trigger?: string;
  issueId: number | null;
  issue: { title: string; body: string; state: string } | null;
  issueError: string | null;
  /** The work state (work_observe) seen for an issue; without it, it is read from `git status` and the upstream count. */
  observe?: (issueId: number | null) => Promise<WorkState | null>;
  human?: { name: string | null; email: string | null };
  notes: ParsedNotes;
  session: SessionFactsResult | null;
  /** The client's own compaction summary (Claude Code PostCompact), redacted. */
  compactSummary?: string;
}

type Appended = Awaited<ReturnType<HandoverStore['append']>>;

/**
 * Writes the snapshot into the history and returns what the store appended, with what the notes did to
 * the carried items (a `replaces:` that named no single decision is reported to the agent, issue 22).
 */
export async function assembleSnapshot(q: AssembleQuery): Promise<Appended & { carried: Carried }> {
  // Before observing, so the snapshot folder itself never shows up as a dirty file.
  await ensureGitignored(q.root);
  const gitNow = await readGitNow(q.root, q.git).catch(() => null);
  const work: (WorkFacts & { branch: string | null; head: string | null }) | null = q.observe
    ? // For the snapshot's own issue, not the session's default: its record step says which issue the record links,
      // and whoever continues this issue records for it (a snapshot of #3 said "It will link #1", #25).
      await q.observe(q.issueId).catch(() => null)
    : gitNow && (await workFromGit(q.root, q.git, gitNow.dirty_files, gitNow.branch, gitNow.head));
  // The dirty files' content now, so drift later counts only what changed after this snapshot; and the
  // anchors the author named that do not exist yet, absent (`-`), so drift compares existence then and now.
  const exists = (p: string) => path.isAbsolute(p) || existsSync(path.join(q.root, p));
  const absent = Object.fromEntries(q.notes.anchors.filter((a) => !exists(a.path)).map((a) => [a.path, '-']));
  const content = { ...(gitNow?.dirty_files.length ? await fingerprint(q.root, gitNow.dirty_files) : {}), ...absent };
  const dirty = Object.keys(content).length ? JSON.stringify(content) : null;
  const createdAt = new Date(Math.floor(q.now().getTime() / 1000) * 1000);
  const s = q.session;
  let carried = NOTHING_CARRIED;
  const appended = await q.store.append({ issueId: q.issueId, createdAt, brain: q.source }, async (handoverId, prior) => {
    // The parent is the newest snapshot of the scope a person has not retired; its open items carry.
    // Only a snapshot written here: items from elsewhere come forward only when restated (issue #23).
    const parent = prior.find((e) => !isRetired(e) && isOwn(e)) ?? null;
    const parentText = parent ? await q.store.readSnapshot(parent) : null;
    const meta: Omit<SnapshotMeta, 'summary'> = {
      project: path.basename(q.root),
      issue_id: q.issueId,
      issue_title: q.issue?.title ?? (q.mode === 'auto' ? (parent?.issue_title ?? null) : null),
      source_brain: q.source,
      ...(q.human ? { user_name: q.human.name, user_email: q.human.email } : {}),
      target_brain: q.target,
      mode: q.mode,
      created_at: createdAt.toISOString().replace('.000Z', 'Z'),
      handover_id: handoverId,
      branch: work?.branch ?? gitNow?.branch ?? null,
      head: work?.head ?? gitNow?.head ?? null,
      lang: q.lang,
      session_log: s?.log ?? null,
      session_line: s?.line ?? null,
      session_entry: s?.entry ?? null,
      parent: parent?.handover_id ?? null,
      seq: prior.length + 1,
      issue_state: q.issue?.state ?? null,
      dirty,
      ...(q.mode === 'auto' ? { trigger: q.trigger ?? null, touched: s?.touched ?? 0 } : {}),
    };
    carried = carryForward(parentText ? openItemsOf(parentText, q.root) : null, q.notes);
    // The user's requests too, oldest first, before this session's own (carry-requests.ts).
    const from =
      parent && parentText ? { id: parent.handover_id, markdown: parentText, sameLog: !!s && parent.session_log === s.log } : null;
    const session = withCarriedRequests(s, from, q.lang);
    return renderSnapshot({
      meta,
      issue: q.issue,
      issueError: q.issueError,
      work,
      notes: q.notes,
      session,
      carried,
      compactSummary: q.compactSummary ?? null,
      // Only what drift checks (a relative path in the work tree) is left out when absent.
      exists,
    });
  });
  return { ...appended, carried };
}

/** An automatic snapshot has no work_observe: the state from `git status` and the records not on the upstream. */
async function workFromGit(
  root: string,
  git: GitRunner,
  dirtyFiles: string[],
  branch: string | null,
  head: string | null,
): Promise<WorkFacts & { branch: string | null; head: string | null }> {
  // Every commit not on the upstream, Butler's own issue changes among them: those are records too (D41), and
  // work_publish pushes HEAD, so the count is what publish would share. Worded as records as everywhere else.
  const ahead = await git(root, ['rev-list', '--count', '@{upstream}..HEAD']).catch(() => null);
  // null (shown as "no upstream") only when there is none.
  const unpublished = ahead?.exitCode === 0 && /^\d+\s*$/.test(ahead.stdout) ? Number(ahead.stdout.trim()) : null;
  return {
    branch,
    head,
    work_state: dirtyFiles.length ? 'dirty' : 'clean',
    dirty_count: dirtyFiles.length,
    dirty_files: dirtyFiles,
    unpublished_count: unpublished,
    required_action: null,
  };
}
