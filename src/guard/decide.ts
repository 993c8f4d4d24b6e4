// The guard's decision: which git invocations a command runs, what the project allows, and the
// short reason that names the Butler tool to use instead.
import { TOOL_NOTE, toolFor } from './git.js';
import { mentionsGitWord, mentionsGuardWord } from './quick.js';
import { findGitUses, type GitUse } from './resolve.js';
import { newContext } from './types.js';

export type GuardMode = 'block' | 'warn' | 'off';
export interface GuardConfig {
  /** Git subcommands the project allows (`fetch`, `ls-files`; `lfs` also covers `git-lfs`). */
  allow: string[];
  mode: GuardMode;
}
export const DEFAULT_GUARD: GuardConfig = { allow: [], mode: 'block' };

export interface Inspection {
  uses: GitUse[];
  /** Set when the command mentions git but cannot be parsed: then it is treated as raw git. */
  parseError: string | null;
  /** Set with parseError when the unparseable command names `butler … guard` (and no git). */
  parseGuard?: boolean;
  /** `cd`/`pushd` targets in the command (null: not known before it runs). */
  cds: (string | null)[];
}

export type Decision = { action: 'allow' } | { action: 'deny' | 'warn'; reason: string };

/** Parses a command. Never throws: an unparseable command that names git becomes a parse error. */
export function inspect(command: string): Inspection {
  const ctx = newContext();
  try {
    return { uses: findGitUses(command, ctx), parseError: null, cds: ctx.cds };
  } catch (err) {
    const parseError = err instanceof Error ? err.message : 'parser failure';
    if (mentionsGitWord(command)) return { uses: [], parseError, cds: [] };
    if (mentionsGuardWord(command)) return { uses: [], parseError, parseGuard: true, cds: [] };
    return { uses: [], parseError: null, cds: [] };
  }
}

/** Whether the decision can depend on the project's config at all (so it is worth reading). */
export function needsConfig(ins: Inspection): boolean {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: reading the config for a command without git changes no decision (decide allows a command with no git use in every mode), it only costs time
  return ins.parseError !== null || ins.uses.length > 0;
}

export function decide(ins: Inspection, config: GuardConfig): Decision {
  if (config.mode === 'off') return { action: 'allow' };
  const action = config.mode === 'warn' ? 'warn' : 'deny';
  const lead = action === 'warn' ? 'Raw git detected (Butler guard in warn mode: it runs).' : 'Raw git is blocked by Butler.';
  // Stryker disable next-line ConditionalExpression: inspect() sets parseGuard only together with parseError
  if (ins.parseError !== null && ins.parseGuard) {
    // Even in warn mode, as for a parsed guard change below.
    return {
      action: 'deny',
      reason: `This command mentions \`butler guard\` and could not be parsed (${ins.parseError}): changing what the Butler guard allows is the user's act, in their own terminal. Ask the user, or simplify the command`,
    };
  }
  if (ins.parseError !== null) {
    return {
      action,
      reason: `${lead} This command mentions git and could not be parsed (${ins.parseError}). Use the butler MCP tools (work_observe, work_diff, work_history, work_record, work_publish, work_sync) or simplify the command`,
    };
  }
  const person = ins.uses.find((u) => u.person)?.person;
  if (person) {
    // Even in warn mode: changing the guard is never the guarded agent's call.
    return {
      action: 'deny',
      reason: `\`${person}\` changes what the Butler guard allows: only the user does that, in their own terminal. Ask the user`,
    };
  }
  // Stryker disable next-line ConditionalExpression: the config's allow list holds only strings (src/shared/config.ts), so it never includes null either
  const blocked = ins.uses.filter((u) => u.sub === null || !config.allow.includes(u.sub) || u.risky);
  if (blocked.length === 0) return { action: 'allow' };
  return { action, reason: reasonFor(lead, blocked) };
}

function label(u: GitUse): string {
  if (u.via) return u.via;
  const base = u.sub === null ? 'git with a computed subcommand' : u.sub === '' ? 'bare git' : `git ${u.sub}`;
  // An option that runs a program or rewrites config is never allowed, even on an allowed subcommand.
  return u.risky ? `${base} with ${u.risky}` : base;
}

function reasonFor(lead: string, uses: GitUse[]): string {
  const byTool = new Map<string, string[]>();
  const other: string[] = [];
  const unsure: string[] = [];
  for (const u of uses) {
    // An env prefix, wrapper or risky option keeps the mapping: `GIT_PAGER=cat git log` still names work_history.
    const tool = u.tool ?? (u.via ? null : toolFor(u.sub));
    // Stryker disable next-line ArrayDeclaration: the last fallback is unreachable, get() right after set() returns the list
    const list = tool ? (byTool.get(tool) ?? byTool.set(tool, []).get(tool) ?? []) : u.via ? unsure : other;
    const l = label(u);
    if (!list.includes(l)) list.push(l);
  }
  const parts = [lead];
  if (byTool.size > 0) {
    const uses = [...byTool].map(([tool, labels]) => `${tool} for ${cap(labels)}${TOOL_NOTE[tool] ?? ''}`);
    parts.push(`Use the butler MCP tools instead: ${uses.join('; ')}.`);
  }
  if (unsure.length > 0)
    parts.push(
      `It runs ${cap(unsure)}: that may run git, and the guard cannot check it. Write the command out plainly, or use the butler MCP tools (work_*).`,
    );
  if (other.length > 0) parts.push(`${cap(other)} ${other.length > 1 ? 'have' : 'has'} no Butler equivalent: ask the user.`);
  // No final full stop: Codex appends ". Command: …" to the reason it shows the model.
  return parts.join(' ').replace(/\.$/, '');
}

function cap(labels: string[]): string {
  return labels.length > 5 ? `${labels.slice(0, 5).join(', ')} and ${labels.length - 5} more` : labels.join(', ');
}
