import path from 'node:path';
import { spelledNumber } from '../../shared/ids.js';
import type { Fact, TodoItem } from './types.js';
import { code, errorLine, isRecord, oneLine, type ToolOutcome } from './output.js';

/** The open questions of one message, characters. */
const QUESTION_MAX = 400;

/** The sentences of a message that end in a question mark, outside code; one line, bounded. */
export function questionsIn(text: string): string {
  const prose = text.replace(/```[\s\S]*?(?:```|$)/g, ' ').replace(/`[^`\n]*`/g, (c) => c.replace(/[?？]/g, ''));
  const asked = prose
    .split(/\n+|(?<=[.!?。！？])\s+/)
    .map((s) => s.trim())
    .filter((s) => /[?？]$/.test(s));
  return oneLine(asked.join(' '), QUESTION_MAX);
}

/** Per-list cap; beyond it the oldest facts are dropped (and counted), the newest kept. */
export const LIST_CAP = 1000;
/** A todo item is a line of work, not a document. */
const TODO_MAX = 300;

type Pending =
  | { kind: 'command'; fact: Fact; cmd: string }
  | { kind: 'edit'; facts: Fact[]; tool: string }
  | { kind: 'butler'; fact: Fact; tool: string }
  | { kind: 'other'; tool: string };

/**
 * Collects facts from either log format. Calls are remembered by id until their result arrives, so
 * a command gets its exit status and a failed edit moves to failures. Every text goes through `redact`.
 */
export class Collector {
  readonly requests: Fact[] = [];
  readonly commands: Fact[] = [];
  readonly failures: Fact[] = [];
  readonly butler: Fact[] = [];
  private readonly edits: Fact[] = [];
  private readonly pending = new Map<string, Pending>();
  dropped = 0;
  /** See SessionExtract.issue_id. */
  issueId: number | null | undefined = undefined;
  /** The agent's latest todo list (Claude TodoWrite, Codex update_plan): each call replaces the list. */
  todos: TodoItem[] | null = null;
  /** The agent's last text message: its last stated plan. */
  lastText: Fact | null = null;
  /**
   * The questions of the agent's last message that asked any (field trial F: a session cut off after the
   * agent asked, then went on working; the next one saw nothing open). `later_request`: the user spoke
   * after it, which may or may not have answered it (field trial G: a later message on something else).
   */
  openQuestion: (Fact & { later_request?: boolean }) | null = null;

  constructor(private readonly redact: (s: string) => string) {}

  private push(list: Fact[], fact: Fact): Fact {
    const clean: Fact = { ...fact, text: this.redact(fact.text) };
    if (fact.path !== undefined) clean.path = this.redact(fact.path);
    list.push(clean);
    if (list.length > LIST_CAP) {
      list.shift();
      this.dropped += 1;
    }
    return clean;
  }

  /** The whole request, one line (docs/decisions.md D3: verbatim); the snapshot bounds it (requests.ts). */
  request(text: string, at: string): void {
    const t = oneLine(text, Number.MAX_SAFE_INTEGER);
    if (!t) return;
    if (this.openQuestion) this.openQuestion.later_request = true;
    const last = this.requests[this.requests.length - 1];
    if (last && last.text === t) return; // Codex writes the same prompt as two entries
    // Kept as written here and redacted by extract.ts once it knows which few a snapshot can show:
    // redacting thousands of long requests would cost a hook its deadline on a huge transcript.
    this.requests.push({ text: t, cite: at });
    if (this.requests.length > LIST_CAP) {
      this.requests.shift();
      this.dropped += 1;
    }
  }

  /** A whole todo list as the agent last wrote it; items without text are skipped. */
  todoList(items: unknown, at: string): void {
    if (!Array.isArray(items)) return;
    const out: TodoItem[] = [];
    for (const it of items) {
      if (!isRecord(it)) continue;
      const text = typeof it.content === 'string' ? it.content : typeof it.step === 'string' ? it.step : '';
      const status = it.status === 'completed' ? 'completed' : it.status === 'in_progress' ? 'in_progress' : 'pending';
      const t = oneLine(this.redact(text), TODO_MAX);
      if (t) out.push({ text: t, status, cite: at });
    }
    this.todos = out.slice(0, LIST_CAP);
  }

  /** An assistant text message; only the last one is kept. */
  assistantText(text: string, at: string): void {
    const t = text.trim();
    if (!t) return;
    this.lastText = { text: this.redact(t), cite: at };
    const q = questionsIn(t);
    if (q) this.openQuestion = { text: this.redact(q), cite: at };
  }

  /** `tool` names the call (for failures); `label` is what the fact shows (`Edit`, `add`, `update`…). */
  edit(tool: string, label: string, file: string, at: string, callId: string | null): void {
    const fact = this.push(this.edits, { text: label, cite: at, path: file });
    if (!callId) return;
    const prev = this.pending.get(callId);
    if (prev?.kind === 'edit') prev.facts.push(fact);
    else this.pending.set(callId, { kind: 'edit', facts: [fact], tool });
  }

  command(cmd: string, at: string, callId: string | null): void {
    const fact = this.push(this.commands, { text: oneLine(cmd, 200), cite: at, exit_code: null });
    if (callId) this.pending.set(callId, { kind: 'command', fact, cmd: fact.text });
  }

  butlerCall(tool: string, args: unknown, at: string, callId: string | null): void {
    const shown = args === undefined || (isRecord(args) && Object.keys(args).length === 0) ? '' : ` ${JSON.stringify(args)}`;
    const fact = this.push(this.butler, { text: oneLine(`${tool}${shown}`, 200), cite: at });
    if (tool === 'work_start' && isRecord(args))
      this.issueId = args.issue_id === null ? null : (spelledNumber(args.issue_id) ?? this.issueId);
    if (callId) this.pending.set(callId, { kind: 'butler', fact, tool });
  }

  otherCall(tool: string, callId: string | null): void {
    if (callId) this.pending.set(callId, { kind: 'other', tool });
  }

  /** Exit status or error for a call seen earlier; results of calls outside this read are ignored. */
  result(callId: string, out: ToolOutcome, at: string, successIsZero: boolean): void {
    const p = this.pending.get(callId);
    if (!p) return;
    this.pending.delete(callId);
    const why = errorLine(out.text);
    if (p.kind === 'command') {
      const exit = out.exitCode ?? (out.isError ? null : successIsZero ? 0 : null);
      p.fact.exit_code = exit;
      // Codex reports a PreToolUse deny as plain output, with no exit code.
      const blocked = exit === null && /^\s*(?:Command blocked by|Command rejected|Execution denied|Rejected by)/i.test(out.text);
      if (out.isError || blocked || (exit !== null && exit !== 0)) {
        const status = exit === null ? 'failed' : `exit ${exit}`;
        this.push(this.failures, { text: `${code(p.cmd)} ${status}${why ? `: ${why}` : ''}`, cite: at, exit_code: exit });
      }
    } else if (p.kind === 'edit') {
      const refused = /^\s*(?:apply_patch verification failed|Failed to|error:)/i.test(out.text);
      if (!out.isError && !refused && (out.exitCode === null || out.exitCode === 0)) return;
      for (const f of p.facts) {
        const i = this.edits.indexOf(f);
        if (i >= 0) this.edits.splice(i, 1);
      }
      const files = p.facts.map((f) => f.path).join(', ');
      this.push(this.failures, { text: `${p.tool} ${files} failed${why ? `: ${why}` : ''}`, cite: at });
    } else if (p.kind === 'butler') {
      const env = envelope(out.text);
      const status = env?.status ?? (out.isError ? 'error' : null);
      if (status) p.fact.text = `${p.fact.text} → ${status}`;
      if (status === 'error') {
        const detail = env?.summary ? oneLine(env.summary, 160) : why;
        this.push(this.failures, { text: `Butler ${p.tool} → error${detail ? `: ${detail}` : ''}`, cite: at });
      }
    } else if (out.isError) {
      this.push(this.failures, { text: `${p.tool} failed${why ? `: ${why}` : ''}`, cite: at });
    }
  }

  /** One fact per file: the latest touch, its tools in order and how often. */
  editedFiles(): Fact[] {
    const byPath = new Map<string, { tools: string[]; count: number; last: Fact }>();
    for (const f of this.edits) {
      const key = f.path ?? f.text;
      const e = byPath.get(key) ?? { tools: [], count: 0, last: f };
      if (!e.tools.includes(f.text)) e.tools.push(f.text);
      e.count += 1;
      e.last = f;
      byPath.delete(key);
      byPath.set(key, e);
    }
    return [...byPath.values()].map((e) => ({
      text: `${e.tools.join(', ')}${e.count > 1 ? ` ×${e.count}` : ''}`,
      cite: e.last.cite,
      path: e.last.path,
    }));
  }
}

/** Butler's own result envelope `{status, summary}`, when the output is (or wraps) one. */
function envelope(text: string): { status: string; summary: string | null } | null {
  const start = text.indexOf('{');
  if (start < 0) return null;
  try {
    const v: unknown = JSON.parse(text.slice(start));
    if (isRecord(v) && typeof v.status === 'string' && /^(?:ok|error|need_input)$/.test(v.status)) {
      return { status: v.status, summary: typeof v.summary === 'string' ? v.summary : null };
    }
  } catch {
    const m = /"status"\s*:\s*"(ok|error|need_input)"/.exec(text);
    if (m) return { status: m[1]!, summary: null };
  }
  return null;
}

export function resolveAgainst(cwd: string | null, p: string): string {
  if (path.isAbsolute(p) || !cwd) return path.normalize(p);
  return path.resolve(cwd, p);
}
