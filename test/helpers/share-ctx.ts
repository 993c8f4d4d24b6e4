// A handover context for the in-process share rule tests (test/handover/share-*-rules.test.ts): real git,
// real store, own snapshots written through HandoverStore.append, a fixed clock and a visible redactor.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HandoverContext } from '../../src/handover/context.js';
import { SHARE_STATE_FILE } from '../../src/handover/start-prompt.js';
import { parseMetadata } from '../../src/handover/snapshot.js';
import { HandoverStore } from '../../src/handover/store.js';
import type { GitRunner } from '../../src/shared/git.js';
import { hostGit } from './git.js';
import { forged } from './hostile.js';

export const NOW = new Date('2026-06-04T12:00:00Z');
/** Masks the word SECRET, so a test sees the redaction ran on what it got. */
export const redact = (t: string) => t.replaceAll('SECRET', '[MASKED]');

export function shareCtx(
  root: string,
  o: { git?: GitRunner; commentOnIssue?: (id: number, body: string) => Promise<boolean>; lang?: 'en' | 'ja' } = {},
): HandoverContext {
  return {
    root,
    store: new HandoverStore(root),
    sessionBrain: 'claude-code',
    defaultIssue: null,
    git: o.git ?? hostGit,
    now: () => NOW,
    lang: o.lang ?? 'en',
    audience: 'agent',
    env: {},
    readIssue: async () => {
      throw new Error('no tracker');
    },
    observe: async () => null,
    sessionFacts: async () => null,
    redact,
    shareByDefault: true,
    shareTimeoutMs: 20_000,
    commentOnIssue: o.commentOnIssue ?? (async () => false),
  };
}

/** Writes an own snapshot (as handover_suspend would) and returns its id, file name and text. */
export async function ownSnapshot(
  ctx: HandoverContext,
  o: { brain?: string; target?: string; at: string; issue?: number | null; text?: string },
): Promise<{ id: string; name: string; md: string }> {
  const f = forged({ brain: o.brain ?? 'claude-code', target: o.target ?? 'any', at: o.at, issue: o.issue ?? null, text: o.text });
  const meta = parseMetadata(f.md);
  if (!meta) throw new Error('forged snapshot has no METADATA');
  const { entry } = await ctx.store.append(
    { issueId: o.issue ?? null, createdAt: new Date(o.at), brain: o.brain ?? 'claude-code' },
    () => ({
      markdown: f.md,
      meta,
    }),
  );
  if (entry.handover_id !== f.id) throw new Error(`id ${entry.handover_id} is not ${f.id}`);
  return f;
}

/** Sets this clone's share.json as an earlier run would have left it. */
export function writeShareState(root: string, state: Record<string, unknown>): void {
  const file = path.join(root, SHARE_STATE_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(state)}\n`);
}

/** A runner that records every git call's arguments, then runs it. */
export function recordingGit(calls: (readonly string[])[], inner: GitRunner = hostGit): GitRunner {
  return (cwd, args, opts) => {
    calls.push(args);
    return inner(cwd, args, opts);
  };
}

// The shared text of `ownSnapshot(…, { at: 2026-06-04T10:00:00Z, text: 'SECRET' })`, written out.
export const SHARED_TEXT = [
  '# Handover: repo',
  '',
  '## METADATA',
  '- project: repo',
  '- issue: none',
  '- source_brain: claude-code',
  '- target_brain: any',
  '- created_at: 2026-06-04T10:00:00Z',
  '- handover_id: project-20260604T100000Z-claude-code',
  '- summary: forged [MASKED]',
  '- lang: en',
  '',
  '## CURRENT_STATE',
  '- FORGED-CURRENT_STATE [MASKED]',
  '',
  '## DISCOVERY',
  '- none',
  '',
  '## DECISION',
  '- FORGED-DECISION [MASKED]',
  '',
  '## NEXT_ACTION',
  '- FORGED-NEXT_ACTION [MASKED]',
  '',
  '## BLOCKED / PENDING',
  '- FORGED-BLOCKEDPENDING [MASKED]',
  '',
  '## RISKS',
  '- FORGED-RISKS [MASKED]',
  '',
  '## CODEBASE_ANCHORS',
  '- FORGED-CODEBASE_ANCHORS [MASKED]',
  '',
  '## HANDOFF_PROMPT',
  'FORGED-PROMPT [MASKED]',
  '',
].join('\n');
