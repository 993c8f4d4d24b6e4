// What a share carries (issue #23). A snapshot written here holds what the session log said: the user's
// requests, command lines, failure output, the transcript's path, uncommitted file names and headings.
// None of that leaves the clone: the shared text keeps the sections an agent writes (summary, decisions,
// next steps, blockers, risks it wrote, anchors of committed files), the issue, branch, HEAD and counts.
import type { GitRunner } from '../shared/git.js';
import { neutralize } from '../shared/neutralize.js';
import { strings } from './i18n.js';
import { SECTIONS, splitSections } from './sections.js';

// METADATA keys that point into this machine: the transcript and the fingerprints of dirty files.
const LOCAL_META = /^- (session_log|session_line|session_entry|dirty): /;
// Lines the session log or the work tree wrote (sessionlog/render.ts, i18n.ts): failures, file lists, issue text.
const FAILURE = /^- (?:Failed|失敗): |^- … \d+ more failures? omitted$|^- … 他 \d+ 件の失敗を省略$/;
const FILE_LIST = /^- `[^`]+`(?:, `[^`]+`)*(?: .*omitted.*| …ほか.*)?$/;
const ISSUE_TEXT = /^- (?:Issue text as filed|issue 本文（起票時の記述)/;
// The agent's last message and the user's newest request come from the transcript as said (i18n.ts lastText,
// prompt.lastRequest): they may quote anything the user typed, so they stay in the clone.
const SAID = /^- (?:The agent's last message|エージェントの最後のメッセージ)/;
const LAST_REQUEST = /^(?:- )?(?:The user's last request|ユーザーの最後の依頼): /;
// The agent's unanswered question (i18n.ts openQuestion), in BLOCKED / PENDING and the prompt's waiting line.
const ASKED = /The agent's question to the user \(|エージェントがユーザーにした質問（/;

/**
 * The text to publish for a snapshot: the same sections in the same order, with what the session log
 * and the work tree wrote taken out (DISCOVERY is wholly theirs). `committed`: paths git tracks; an anchor
 * of any other file is dropped with its role (a heading of an uncommitted file is its content).
 */
export function shareableSnapshot(markdown: string, committed: ReadonlySet<string>): string {
  const sections = splitSections(markdown);
  // Stryker disable next-line StringLiteral: split always returns a first element, the fallback is never used
  const title = markdown.split('\n', 1)[0] ?? '# Handover';
  // Stryker disable next-line ArrayDeclaration: a seeded entry drops only handoff lines that contain it, none a snapshot has
  const dropped: string[] = [];
  // An emptied section says so in the snapshot's own language (METADATA `lang`), as snapshot.ts writes it.
  const none = `- ${strings(/^- lang: ja$/m.test(markdown) ? 'ja' : 'en').none}`;
  const keep = (name: string, lines: string[]): string[] => {
    const intro = lines.filter((l) => l.startsWith('> '));
    const body = lines.filter((l) => !l.startsWith('> '));
    let out: string[];
    switch (name) {
      case 'METADATA':
        // Stryker disable next-line Regex: a line holds no newline, so `.*` reaches its end with or without `$`
        out = body.map((l) => (LOCAL_META.test(l) ? l.replace(/: .*$/, ': none') : l));
        break;
      case 'CURRENT_STATE': {
        const cut = body.findIndex((l) => ISSUE_TEXT.test(l));
        out = (cut < 0 ? body : body.slice(0, cut)).filter((l) => !FILE_LIST.test(l) && !SAID.test(l) && !l.startsWith('  > '));
        break;
      }
      case 'DISCOVERY':
        // Wholly the log's: nothing kept, `none` below.
        out = [];
        break;
      case 'RISKS':
        out = body.filter((l) => {
          if (!FAILURE.test(l)) return true;
          // Stryker disable next-line Regex: FAILURE makes every line start with "- ", so the first match is there anyway
          dropped.push(l.replace(/^- [^:]+: /, '').replace(/ \([^)]*\)$/, ''));
          return false;
        });
        break;
      case 'CODEBASE_ANCHORS':
        out = body.filter((l) => {
          const m = /^- `([^`]+)`/.exec(l);
          return !m || committed.has(m[1]!);
        });
        break;
      case 'BLOCKED / PENDING':
        out = body.filter((l) => !ASKED.test(l));
        break;
      case 'HANDOFF_PROMPT':
        // The caution line repeats the first risk, which may be a failure's output.
        out = body.filter(
          (l) => !LAST_REQUEST.test(l) && !ASKED.test(l) && !dropped.some((d) => d.length >= 8 && l.includes(d.slice(0, 60))),
        );
        break;
      default:
        out = body;
    }
    // Blank lines were dropped before: an empty section is one with no line left.
    if (!out.length) out = [none];
    return [...intro, ...out];
  };
  const out = [title, ''];
  for (const s of SECTIONS) {
    out.push(
      `## ${s}`,
      ...keep(
        s,
        (sections.get(s) ?? []).filter((l) => l.trim()),
      ),
      '',
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** The paths git tracks in this work tree (anchors of any other file are not shared); empty when git fails. */
export async function trackedFiles(git: GitRunner, root: string): Promise<Set<string>> {
  // Stryker disable next-line ArrowFunction: undefined reads as null below (`r?.exitCode`)
  const r = await git(root, ['ls-files', '-z'], { timeoutMs: 10_000 }).catch(() => null);
  return new Set(r?.exitCode === 0 ? r.stdout.split('\0').filter(Boolean) : []);
}

/**
 * Exactly the text a share pushes for a snapshot: shareableSnapshot, then the redaction again, without
 * terminal controls. The push (share.ts) and the person's preview (`butler handover share-preview`) both
 * call this, so what the person sees is what leaves: an agent's `ESC[8m` (hidden text) or cursor moves
 * would show the person another text than the one pushed.
 */
export const sharedText = (markdown: string, committed: ReadonlySet<string>, redact: (t: string) => string): string =>
  neutralize(redact(shareableSnapshot(markdown, committed)));
