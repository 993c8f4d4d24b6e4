/**
 * The client table (docs/decisions.md D35). Client names appear only in these records (and in message
 * catalogs); everything else reads the table (test/architecture.test.ts holds it).
 */
import { claude } from './claude.js';
import { codex } from './codex.js';
import { gemini } from './gemini.js';
import type { ClientRecord, HookRole } from './types.js';

export type { ClientRecord, HookRole, HookSpec, OptionalHookRole } from './types.js';

export const CLIENTS: readonly ClientRecord[] = [claude, codex, gemini];

/** The clients a plain `butler install` sets up when no client folder exists yet (README "Choices"). */
export const DEFAULT_CLIENTS: readonly string[] = [claude.key, codex.key];

export const clientByKey = (key: string): ClientRecord | undefined => CLIENTS.find((c) => c.key === key);

export const clientByBrain = (brain: string | null | undefined): ClientRecord | undefined => CLIENTS.find((c) => c.brain === brain);

/** The client whose hook event for `role` is `event` (a guard input names its event). */
export const clientsByEvent = (role: HookRole, event: string): ClientRecord[] =>
  CLIENTS.filter((c) => c.hooks.events[role].event === event);

/** Every tool name under which some client runs a shell command. */
export const SHELL_TOOLS: readonly string[] = [...new Set(CLIENTS.flatMap((c) => c.shellTools))];
export { claude, codex, gemini };
