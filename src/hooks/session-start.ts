import { readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeBrain } from '../handover/brains.js';
import { selectCandidates } from '../handover/candidates.js';
import { computeDrift } from '../handover/drift.js';
import { recordSession } from '../handover/sessions.js';
import { anchorPaths, handoffPrompt } from '../handover/snapshot.js';
import { HandoverStore, type IndexEntry } from '../handover/store.js';
import { spawnGitWith } from '../shared/git-spawn.js';
import { findProjectRoot } from './project-root.js';

export const SESSION_START_LIMIT = 1200;

interface SessionStartInput {
  session_id?: string;
  transcript_path?: string | null;
  cwd?: string;
  source?: string;
}

/** `lang:` in .butler/config.yaml, read without loading a YAML parser into the hook; order as resolveLang. */
function langOf(root: string, env: Record<string, string | undefined>): 'ja' | 'en' {
  const fromEnv = env.BUTLER_LANG?.toLowerCase();
  if (fromEnv === 'en' || fromEnv === 'ja') return fromEnv;
  try {
    const m = /^lang:\s*["']?(ja|en)\b/m.exec(readFileSync(path.join(root, '.butler', 'config.yaml'), 'utf8'));
    if (m?.[1]) return m[1] as 'ja' | 'en';
  } catch {
    // no config: English
  }
  return 'en';
}

/** Keeps whole lines, dropping prompt lines from the end first, so the id and next call survive. */
function fit(prompt: string[], tail: string[], limit: number): string {
  const lines = [...prompt];
  let text = [...lines, ...tail].join('\n');
  while (text.length > limit && lines.length) {
    lines.pop();
    text = [...lines, ...tail].join('\n');
  }
  return text.length > limit ? text.slice(0, limit - 1) + '…' : text;
}

function render(root: string, e: IndexEntry, me: string | null, snapshot: string, driftLine: string, compact: boolean, lang: 'ja' | 'en'): string {
  const tool = e.source_brain === me ? 'handover_resume' : 'handover_accept';
  const prompt = handoffPrompt(snapshot).split('\n').filter(Boolean);
  const from = e.source_brain === me ? '' : lang === 'ja' ? `（${e.source_brain} から）` : ` from ${e.source_brain}`;
  const call = `work_session_start(project_root="${root}") → ${tool}(handover_id="${e.handover_id}")`;
  const tail = [
    lang === 'ja' ? `Butler handover ${e.handover_id}${from} ${e.created_at}` : `Butler handover ${e.handover_id}${from} (${e.created_at}).`,
    ...(driftLine ? [driftLine] : []),
    lang === 'ja' ? `次: ${call}` : `Next: ${call}`,
  ];
  return fit(compact ? prompt.slice(0, 1) : prompt, tail, SESSION_START_LIMIT);
}

/**
 * SessionStart: returns the resume prompt to print ('' = print nothing). Picks the snapshot with the
 * same rules as handover_resume / handover_accept. Never throws: a session start must never break.
 */
export async function sessionStart(
  stdinText: string,
  opts: { brain: string | null; env: Record<string, string | undefined> },
): Promise<string> {
  try {
    const input = JSON.parse(stdinText) as SessionStartInput;
    if (!input || typeof input !== 'object' || typeof input.cwd !== 'string') return '';
    const root = findProjectRoot(input.cwd);
    if (!root) return '';
    const me = opts.brain ? normalizeBrain(opts.brain, 'unknown') : null;
    // Recorded concurrently with the lookup and the git call: the hook's start-up time is benchmarked.
    const recorded =
      me && typeof input.session_id === 'string'
        ? recordSession(root, {
            brain: me,
            session_id: input.session_id,
            transcript_path: typeof input.transcript_path === 'string' ? input.transcript_path : null,
            started_at: new Date().toISOString(),
            source: input.source,
          }).catch(() => undefined)
        : Promise.resolve();
    const out = await pickAndRender(root, me, input, opts.env);
    await recorded;
    return out;
  } catch {
    return '';
  }
}

/** Chooses the snapshot with the resume rules and renders what the agent should see. */
async function pickAndRender(root: string, me: string | null, input: SessionStartInput, env: Record<string, string | undefined>): Promise<string> {
  const store = new HandoverStore(root);
  const { candidates } = selectCandidates(await store.entries(), { issueId: null, me, mode: 'resume' });
  const lang = langOf(root, env);
  if (candidates.length === 0) {
    return lang === 'en'
      ? `Butler is active: call work_session_start(project_root="${root}") and use work_* tools instead of git.\n`
      : `Butler 有効: work_session_start(project_root="${root}") を呼び、git の代わりに work_* ツールを使ってください。\n`;
  }
  if (candidates.length > 1) {
    const ids = candidates.slice(0, 3).map((c) => `${c.handover_id} (${c.source_brain})`).join(', ');
    const own = candidates.filter((c) => c.source_brain === me).length;
    const tool = own === 0 ? 'handover_accept' : own === candidates.length ? 'handover_resume' : 'handover_resume / handover_accept';
    const who = me ?? 'any';
    const text =
      lang === 'ja'
        ? `Butler: ${who} が続けられる handover が ${candidates.length} 件あります: ${ids}。handover_list で一覧し、どれを続けるかユーザーに確認してから work_session_start(project_root="${root}") → ${tool}(handover_id=...) を呼んでください。`
        : `Butler: ${candidates.length} handovers ${who} could continue: ${ids}. handover_list shows them; ask the user which one, then call work_session_start(project_root="${root}") and ${tool}(handover_id=...).`;
    return `${text.slice(0, SESSION_START_LIMIT)}\n`;
  }
  const e = candidates[0] as IndexEntry;
  const snapshot = await store.readSnapshot(e);
  if (snapshot === null) return '';
  const drift = await computeDrift(root, { branch: e.branch, head: e.head, anchors: anchorPaths(snapshot) }, spawnGitWith(env), undefined, lang).catch(() => null);
  return `${render(root, e, me, snapshot, drift?.line ?? '', input.source === 'compact', lang)}\n`;
}
