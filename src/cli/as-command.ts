import * as z from 'zod';
import type { ToolDef } from '../mcp/tool.js';
import { ALIASES, cliFlags, kebab, unwrap } from './tool-flags.js';

/** A CLI verb group as far as naming goes: `butler <name> <verb>`, each verb an MCP tool. */
export interface VerbTable {
  name: string;
  verbs: Record<string, ToolDef>;
  positionals?: string[];
}

/**
 * How a person is told what to do next: the CLI command (`butler issue create --title 'Fix it'`)
 * for a step an envelope gives as an MCP call ({tool, args}). The verb tables are the CLI groups
 * themselves (tool-runner.ts), so a step is written with the same verbs and flags the CLI parses.
 */
export class CommandNamer {
  private readonly byTool = new Map<string, { group: VerbTable; verb: string; tool: ToolDef }>();
  private readonly names: RegExp | null;

  constructor(groups: readonly VerbTable[]) {
    for (const group of groups) for (const [verb, tool] of Object.entries(group.verbs)) this.byTool.set(tool.name, { group, verb, tool });
    const names = [...this.byTool.keys()].sort((a, b) => b.length - a.length);
    // A name may come as a call (`work_record()`, `handover_resume(handover_id="…")`): the call is the command.
    this.names = names.length ? new RegExp(`\\b(${names.join('|')})\\b(?:\\(([^()\\n]*)\\))?`, 'g') : null;
  }

  /**
   * `butler work record -m 'fix the parser'`, or null for a tool the CLI has no verb for. `blanks` are
   * the arguments the step still needs (an action's required_args): each is written as a placeholder the
   * person fills in (`--target TARGET_BRAIN`, `--body-file FILE`), so a step never repeats the command
   * that just failed without the part it lacked.
   */
  command(toolName: string, args: Record<string, unknown> = {}, blanks: readonly string[] = []): string | null {
    const hit = this.byTool.get(toolName);
    if (!hit) return null;
    const { group, verb, tool } = hit;
    const shape = tool.config.inputSchema.shape as Record<string, z.ZodType>;
    const words = ['butler', group.name, verb];
    const rest: Record<string, unknown> = { ...args };
    const blank = new Set(blanks.filter((k) => k in shape && (rest[k] === undefined || rest[k] === null)));
    for (const k of blank) rest[k] = k.toUpperCase();
    // Positions first, in order, while each is given (`issue delete-comment 7 3`).
    for (const key of (group.positionals ?? []).filter((k) => k in shape)) {
      if (!(key in rest) || typeof rest[key] === 'object') break;
      words.push(quote(String(rest[key])));
      delete rest[key];
    }
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined || value === null || value === false) continue;
      const file = blank.has(key) ? fileFlag(tool, key) : null;
      if (file) {
        words.push(`--${file}`, 'FILE');
        continue;
      }
      const flag = flagFor(tool, key, value);
      if (flag.switch) words.push(flag.name);
      else if (Array.isArray(value)) for (const v of value) words.push(flag.name, quote(String(v)));
      else if (typeof value === 'boolean') words.push(flag.name);
      else words.push(flag.name, quote(typeof value === 'object' ? JSON.stringify(value) : String(value)));
    }
    return words.join(' ');
  }

  /** Prose that names MCP tools ("create it with issue_create"), with each named as its CLI command. */
  prose(text: string): string {
    return this.names
      ? text.replace(this.names, (_, name: string, call?: string) => `\`${this.command(name, this.callArgs(name, call)) ?? name}\``)
      : text;
  }

  /** The arguments a call in prose gives (`key="v"`, `key=7`), those of the tool's schema only; placeholders (`...`) are left out. */
  private callArgs(name: string, call: string | undefined): Record<string, unknown> {
    const shape = this.byTool.get(name)?.tool.config.inputSchema.shape ?? {};
    const args: Record<string, unknown> = {};
    for (const m of (call ?? '').matchAll(/(\w+)\s*=\s*(?:"([^"]*)"|(\d+)\b|([\w.:@/-]*\w))/g))
      if (m[1]! in shape) args[m[1]!] = m[3] !== undefined ? Number(m[3]) : (m[2] ?? m[4]);
    return args;
  }
}

/** The flag that reads an argument from a file (`--body-file`), the way a person gives a long text. */
function fileFlag(tool: ToolDef, key: string): string | null {
  for (const [flag, arg] of cliFlags(tool)) if (arg === key && ALIASES[flag]?.file) return flag;
  return null;
}

/** The flag a person types for one argument: a switch alias when the value is its setting (`--full`), else the shortest name. */
function flagFor(tool: ToolDef, key: string, value: unknown): { name: string; switch: boolean } {
  const names: string[] = [];
  for (const [flag, arg] of cliFlags(tool)) {
    if (arg !== key) continue;
    const alias = ALIASES[flag];
    if (alias?.set !== undefined) {
      if (JSON.stringify(alias.set) === JSON.stringify(value)) return { name: `--${flag}`, switch: true };
      continue;
    }
    if (!alias?.file) names.push(flag);
  }
  const shape = tool.config.inputSchema.shape as Record<string, z.ZodType>;
  const isBool = shape[key] !== undefined && unwrap(shape[key]) instanceof z.ZodBoolean;
  const best = names.sort((a, b) => a.length - b.length)[0] ?? kebab(key);
  return { name: `--${best}`, switch: isBool && value === true };
}

/** A word as a POSIX shell reads it back: bare when safe, else in single quotes. */
export function quote(word: string): string {
  return /^[\w./:@%+,=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
