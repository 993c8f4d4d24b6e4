import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { GITIGNORE_COMMENT, GITIGNORE_ENTRY, gitignoreCovers } from '../shared/private-dir.js';
import type { Lang } from '../shared/config.js';
import { GUIDE_BODY, GUIDE_BODY_JA, GUIDE_END, GUIDE_START } from './constants.js';
import { abs, readRel, type FileChange } from './plan.js';

export const AGENTS_MD = 'AGENTS.md';
export const GITIGNORE = '.gitignore';

const block = (lang: Lang) => `${GUIDE_START}\n${lang === 'ja' ? GUIDE_BODY_JA : GUIDE_BODY}\n${GUIDE_END}`;

/** Character ranges of fenced code blocks (``` or ~~~): markers shown there are examples, not Butler's block. */
function fencedRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let open: { at: number; fence: string } | null = null;
  let pos = 0;
  for (const line of text.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (m?.[1]) {
      if (!open) open = { at: pos, fence: m[1] };
      else if (m[1][0] === open.fence[0] && m[1].length >= open.fence.length && line.trim() === m[1]) {
        ranges.push([open.at, pos + line.length]);
        open = null;
      }
    }
    pos += line.length + 1;
  }
  if (open) ranges.push([open.at, text.length]);
  return ranges;
}

/** [start, end) character range of the marker block, including one trailing newline. */
function blockRange(text: string): [number, number] | null {
  const fences = fencedRanges(text);
  const outside = (i: number) => !fences.some(([s, e]) => i >= s && i < e);
  let start = text.indexOf(GUIDE_START.slice(0, 18));
  while (start >= 0 && !outside(start)) start = text.indexOf(GUIDE_START.slice(0, 18), start + 1);
  if (start < 0) return null;
  let endMark = text.indexOf(GUIDE_END, start);
  while (endMark >= 0 && !outside(endMark)) endMark = text.indexOf(GUIDE_END, endMark + 1);
  if (endMark < 0) return null;
  let end = endMark + GUIDE_END.length;
  if (text[end] === '\n') end += 1;
  return [start, end];
}

/** Whether the text holds Butler's guidance block (outside code fences). */
export const hasGuideBlock = (text: string | null): boolean => blockRange(text ?? '') !== null;

/** Inserts or refreshes the guidance block (appended after a blank line), or removes it. */
export function setGuide(text: string | null, on: boolean, lang: Lang = 'en'): string | null {
  const before = text ?? '';
  const range = blockRange(before);
  let after: string;
  if (range) {
    const [s, e] = range;
    if (on) after = before.slice(0, s) + `${block(lang)}\n` + before.slice(e);
    else {
      let head = before.slice(0, s);
      const tail = before.slice(e);
      if (tail === '' && head.endsWith('\n\n')) head = head.slice(0, -1);
      after = head + tail;
    }
  } else {
    if (!on) return null;
    const sep = before === '' ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    after = `${before}${sep}${block(lang)}\n`;
  }
  return after === before ? null : after;
}

/** A guide (CLAUDE.md, GEMINI.md) that only points at AGENTS.md (`@AGENTS.md`, a link, or a symlink) needs no own copy. */
export async function defersToAgents(root: string, rel: string): Promise<boolean> {
  if (rel === AGENTS_MD) return false;
  const file = abs({ root }, rel);
  const st = await fsp.lstat(file).catch(() => null);
  if (!st) return false;
  if (st.isSymbolicLink()) {
    const real = await fsp.realpath(file).catch(() => '');
    return path.basename(real) === AGENTS_MD;
  }
  const text = (await readRel({ root }, rel)) ?? '';
  const range = blockRange(text);
  const rest = range ? text.slice(0, range[0]) + text.slice(range[1]) : text;
  const lines = rest
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('<!--'));
  return lines.length > 0 && lines.length <= 3 && lines.every((l) => /AGENTS\.md/.test(l));
}

async function isSymlink(root: string, rel: string): Promise<boolean> {
  const st = await fsp.lstat(abs({ root }, rel)).catch(() => null);
  return st?.isSymbolicLink() ?? false;
}

async function planGuideFile(root: string, rel: string, on: boolean, lang: Lang): Promise<FileChange | null> {
  // Writing through a symlink would replace the link with a file; leave linked files to their target.
  if (await isSymlink(root, rel)) return null;
  const before = await readRel({ root }, rel);
  const after = setGuide(before, on, lang);
  if (after === null) return null;
  if (!on && after.trim() === '')
    return { path: rel, before, after: null, note: 'startup guidance removed (file removed: nothing else in it)' };
  return { path: rel, before, after, note: on ? 'startup guidance between butler markers' : 'startup guidance removed' };
}

/** The guide file that holds the block for a client's guide: AGENTS.md when the client's own file defers to it. */
export async function guideFileFor(root: string, rel: string): Promise<string> {
  return (await defersToAgents(root, rel)) ? AGENTS_MD : rel;
}

/** Butler's block in each of `files` (the clients' guides, AGENTS.md for a guide that defers to it). */
export async function planGuides(root: string, files: readonly string[], on: boolean, lang: Lang = 'en'): Promise<FileChange[]> {
  const targets = [...new Set(await Promise.all(files.map((f) => guideFileFor(root, f))))].sort();
  const out = await Promise.all(targets.map((f) => planGuideFile(root, f, on, lang)));
  return out.filter((c): c is FileChange => c !== null);
}

export { gitignoreCovers };

const ignores = (lines: string[], rel: string): boolean => lines.some((l) => l === rel || l === `/${rel}`);

/**
 * Snapshots are private by default (docs/decisions.md D20): `session_logs/` is git-ignored. So is each
 * installed client's personal settings file (Claude Code's `.claude/settings.local.json`): the client
 * writes the user's own approvals there (and `--personal` Butler's hooks), and `work_record`, which
 * records every change, would commit it with the user's code (#25). Uninstall keeps both lines.
 */
const GITIGNORE_COMMENT_JA = '# Butler: handover の snapshot とセッションログは非公開のまま';

export async function planGitignore(
  root: string,
  opts: { personal: readonly { file: string; title: string }[]; lang?: Lang },
): Promise<FileChange | null> {
  const ja = opts.lang === 'ja';
  const before = await readRel({ root }, GITIGNORE);
  const lines = (before ?? '').split(/\r?\n/).map((l) => l.trim());
  const missing = [
    ...(gitignoreCovers(before) ? [] : [GITIGNORE_ENTRY]),
    ...opts.personal.map((p) => p.file).filter((rel) => !ignores(lines, rel)),
  ];
  if (!missing.length) return null;
  const base = before ?? '';
  const sep = base === '' || base.endsWith('\n') ? '' : '\n';
  // The comment in the project's language (`--lang`: everything Butler writes, #25); either one counts as there.
  const said = ja ? GITIGNORE_COMMENT_JA : GITIGNORE_COMMENT;
  const comment = lines.includes(GITIGNORE_COMMENT) || lines.includes(GITIGNORE_COMMENT_JA) ? '' : `${said}\n`;
  const title = (m: string) => opts.personal.find((p) => p.file === m)?.title ?? '';
  const note = missing
    .map((m) =>
      // English data, as every change's note: formatReport says it in the person's language (install/messages.ts), --json keeps it (#25).
      m === GITIGNORE_ENTRY ? 'ignore session_logs/ (private snapshots)' : `ignore ${m} (personal ${title(m)} settings)`,
    )
    .join('; ');
  return { path: GITIGNORE, before, after: `${base}${sep}${comment}${missing.join('\n')}\n`, note };
}
