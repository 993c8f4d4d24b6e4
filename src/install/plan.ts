import path from 'node:path';
import type { Lang } from '../shared/config.js';
import type { GuardForm } from './constants.js';
import type { GitRunner } from '../shared/git.js';
import { readTextIfExists } from '../shared/fs.js';
import { editJsonText } from './json-edit.js';
import { parseJsonObject, sameJson, stringifyLike, type JsonObject } from './json.js';

/** One file Butler would write (`after` = new text) or delete (`after` = null). */
export interface FileChange {
  /** Project-relative, POSIX separators. */
  path: string;
  before: string | null;
  after: string | null;
  /** What changes, in a few words, for the plan and `--dry-run`. */
  note: string;
}

export interface InstallContext {
  root: string;
  /** The clients to set up, by record key (src/shared/clients/). */
  clients: readonly string[];
  /** Hooks in a client's personal file (Claude Code's `.claude/settings.local.json`, git-ignored) instead of the committed one. */
  personal: boolean;
  /** Replace an MCP server named `butler` that Butler did not write. */
  force: boolean;
  /** Recorded in .butler/config.yaml; `langExplicit` (from --lang) replaces a recorded one. */
  lang: Lang;
  langExplicit: boolean;
  /** Folder holding this Butler's `butler.mjs`, `session-start.cjs`, `pre-tool-use.cjs`. */
  bundleDir: string;
  version: string;
  /**
   * The optional SessionEnd hook: true adds it, false removes it, absent keeps what the client's file
   * already has (an upgrade by `butler install` does not drop an opt-in).
   */
  sessionEnd?: boolean;
  /** How the PreToolUse command runs (default 'shell'; 'node' where sh and awk are missing: native Windows). */
  guardForm?: GuardForm;
  /**
   * The command a person types to run Butler here, for the closing notes: `butler` when it is on PATH,
   * else the vendored runtime install just wrote (a clone's or a skill's install: #25). Default `butler`.
   */
  runAs?: string;
  /** Runs git for uninstall's note: which of the paths it changed git tracks (uninstall-notes.ts). Absent: all are named. */
  git?: GitRunner;
}

export const abs = (ctx: { root: string }, rel: string): string => path.join(ctx.root, ...rel.split('/'));

export const readRel = (ctx: { root: string }, rel: string): Promise<string | null> => readTextIfExists(abs(ctx, rel));

/**
 * Whether install writes the SessionEnd hook: as asked, else as it is now in any of `files` (a broken
 * file reads as not having it; planJsonEdit then refuses that file with its line and column).
 */
export async function wantsSessionEnd(ctx: InstallContext, files: string[], has: (obj: JsonObject) => boolean): Promise<boolean> {
  if (ctx.sessionEnd !== undefined) return ctx.sessionEnd;
  for (const rel of files) {
    try {
      if (has(parseJsonObject(rel, (await readRel(ctx, rel)) ?? ''))) return true;
    } catch {
      // left to planJsonEdit
    }
  }
  return false;
}

/**
 * Loads a JSON object file, lets `mutate` edit it, and returns the change, or null when nothing
 * changed in meaning (the file is then left byte-for-byte as it is, even if formatted differently).
 * A file that ends up empty and did not exist before, or that only held Butler's keys, is deleted.
 */
export async function planJsonEdit(
  ctx: { root: string },
  rel: string,
  note: string,
  mutate: (obj: JsonObject) => void,
): Promise<FileChange | null> {
  const before = await readRel(ctx, rel);
  const obj = parseJsonObject(rel, before ?? '');
  const original = JSON.parse(JSON.stringify(obj)) as JsonObject;
  mutate(obj);
  if (before !== null && sameJson(original, obj)) return null;
  if (before === null && Object.keys(obj).length === 0) return null;
  if (Object.keys(obj).length === 0) return { path: rel, before, after: null, note: `${note} (file removed: nothing else in it)` };
  const after = before === null || before.trim() === '' ? stringifyLike(before, obj) : editJsonText(before, original, obj);
  return { path: rel, before, after, note };
}
