// What a share carries (src/handover/share-content.ts, issue #23), line by line with fixed texts: what
// the session log and the work tree wrote stays in the clone, what an agent wrote leaves.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedText, shareableSnapshot, trackedFiles } from '../../src/handover/share-content.js';
import type { GitRunner } from '../../src/shared/git.js';
import { hostGit } from '../helpers/git.js';
import { git, makeRepo } from '../helpers/repo.js';

const SNAPSHOT = [
  '# Handover issue-7',
  'text before the first heading is not a section',
  '## METADATA',
  '> The fields of this snapshot.',
  '- handover_id: issue-7-20260101T000000Z-codex',
  '- session_log: /home/me/.codex/sessions/abc.jsonl',
  '- session_line: 42',
  '- session_entry: 3f1c',
  '- dirty: src/x.ts=9a8b',
  '- session_logger: stays (only the exact keys are local)',
  '  - session_log: indented, not a field',
  '- branch: feature/x',
  '',
  '## CURRENT_STATE',
  '- Working on the parser.',
  '- `src/a.ts`, `src/b.ts`',
  '- `src/c.ts` … 3 more omitted',
  '- `src/d.ts` …ほか 2 件',
  '- `one`, two words after',
  "- The agent's last message: I ran the tests",
  '  > a quoted continuation',
  '- エージェントの最後のメッセージ: テスト',
  "- Not the agent's last message: kept",
  '- Issue text as filed: my password is hunter2',
  '- after the issue text, cut too',
  '',
  '## DISCOVERY',
  '- `scratch.txt` (untracked)',
  '- grep output',
  '',
  '## DECISION',
  '- Use a lexer.',
  '> An intro line after the body still comes first.',
  '   ',
  '- Keep it small.',
  '',
  '## NEXT_ACTION',
  '   ',
  '',
  '## BLOCKED / PENDING',
  '> Only an intro.',
  '',
  '## RISKS',
  '- Failed: npm test exited 1 with TypeError at parser.ts (exit 1)',
  '- 失敗: ビルドが止まった (exit 2)',
  '- Failed: short',
  '- … 2 more failures omitted',
  '- … 1 more failure omitted',
  '- … 他 3 件の失敗を省略',
  '- … 2 more failures omitted, and then some',
  '- Not Failed: kept',
  '- Risk: the migration is one-way.',
  '',
  '## CODEBASE_ANCHORS',
  '- `src/a.ts` — the parser',
  '- `scratch.txt` — my notes',
  '- no anchor here',
  '',
  '## HANDOFF_PROMPT',
  "- The user's last request: delete everything",
  "The user's last request: without the dash",
  'ユーザーの最後の依頼: 全部消して',
  "- Not the user's last request: kept",
  'Caution: npm test exited 1 with TypeError at parser.ts first',
  'Caution: ビルドが止まった',
  'Mind the short ones: short',
  '- Continue with the lexer.',
  '',
].join('\n');

const EXPECTED = [
  '# Handover issue-7',
  '',
  '## METADATA',
  '> The fields of this snapshot.',
  '- handover_id: issue-7-20260101T000000Z-codex',
  '- session_log: none',
  '- session_line: none',
  '- session_entry: none',
  '- dirty: none',
  '- session_logger: stays (only the exact keys are local)',
  '  - session_log: indented, not a field',
  '- branch: feature/x',
  '',
  '## CURRENT_STATE',
  '- Working on the parser.',
  '- `one`, two words after',
  "- Not the agent's last message: kept",
  '',
  '## DISCOVERY',
  '- none',
  '',
  '## DECISION',
  '> An intro line after the body still comes first.',
  '- Use a lexer.',
  '- Keep it small.',
  '',
  '## NEXT_ACTION',
  '- none',
  '',
  '## BLOCKED / PENDING',
  '> Only an intro.',
  '- none',
  '',
  '## RISKS',
  '- … 2 more failures omitted, and then some',
  '- Not Failed: kept',
  '- Risk: the migration is one-way.',
  '',
  '## CODEBASE_ANCHORS',
  '- `src/a.ts` — the parser',
  '- no anchor here',
  '',
  '## HANDOFF_PROMPT',
  "- Not the user's last request: kept",
  'Mind the short ones: short',
  '- Continue with the lexer.',
  '',
].join('\n');

describe('shareableSnapshot', () => {
  it('keeps what an agent wrote and takes out what the log and the work tree wrote', () => {
    expect(shareableSnapshot(SNAPSHOT, new Set(['src/a.ts', 'README.md']))).toBe(EXPECTED);
  });

  it('an anchor is kept only for a committed path, matched whole', () => {
    const text = '# H\n## CODEBASE_ANCHORS\n- `src/a.ts` — one\n- `src/a.tsx` — two\n- `src/b.ts` — three\n';
    const out = shareableSnapshot(text, new Set(['src/a.ts', 'src/b']));
    expect(out).toContain('## CODEBASE_ANCHORS\n- `src/a.ts` — one\n\n## HANDOFF_PROMPT');
    expect(shareableSnapshot(text, new Set())).toContain('## CODEBASE_ANCHORS\n- none\n');
  });

  it('every section is there, in order, each "- none" when missing; one final newline', () => {
    expect(shareableSnapshot('# Only a title\n\n\n', new Set())).toBe(
      [
        '# Only a title',
        '',
        ...[
          'METADATA',
          'CURRENT_STATE',
          'DISCOVERY',
          'DECISION',
          'NEXT_ACTION',
          'BLOCKED / PENDING',
          'RISKS',
          'CODEBASE_ANCHORS',
          'HANDOFF_PROMPT',
        ].flatMap((s) => [`## ${s}`, '- none', '']),
      ].join('\n'),
    );
  });

  it('a Japanese snapshot says its emptied sections in Japanese (newcomer walk-through 11 saw "- none" among "- なし")', () => {
    const ja = '# Handover: p\n\n## METADATA\n- lang: ja\n- session_log: /x.jsonl\n\n## DISCOVERY\n- Ran: `ls`\n\n## DECISION\n- なし\n';
    const out = shareableSnapshot(ja, new Set());
    expect(out).toContain('## DISCOVERY\n- なし\n');
    expect(out).toContain('## CODEBASE_ANCHORS\n- なし\n');
    expect(out).toContain('- session_log: none\n');
    expect(out).not.toMatch(/^- none$/m);
  });

  it('a CURRENT_STATE whose first line is the issue text keeps nothing of it', () => {
    const out = shareableSnapshot('# H\n## CURRENT_STATE\n- issue 本文（起票時の記述）: 秘密\n- more\n', new Set());
    expect(out).toContain('## CURRENT_STATE\n- none\n\n## DISCOVERY');
  });

  it('a failure longer than 60 characters is recognised by its start in the caution line', () => {
    const long = 'x'.repeat(70);
    const out = shareableSnapshot(`# H\n## RISKS\n- Failed: ${long}\n## HANDOFF_PROMPT\nCaution: ${long.slice(0, 60)}\nkeep\n`, new Set());
    expect(out).toContain('## HANDOFF_PROMPT\nkeep\n');
    // Exactly eight characters is long enough to be looked for.
    const eight = shareableSnapshot('# H\n## RISKS\n- Failed: abcdefgh\n## HANDOFF_PROMPT\nCaution: abcdefgh\nkeep\n', new Set());
    expect(eight).toContain('## HANDOFF_PROMPT\nkeep\n');
    const seven = shareableSnapshot('# H\n## RISKS\n- Failed: abcdefg\n## HANDOFF_PROMPT\nCaution: abcdefg\n', new Set());
    expect(seven).toContain('## HANDOFF_PROMPT\nCaution: abcdefg\n');
  });

  it('a failure is looked for without its "- Failed: " lead and its trailing parenthesis', () => {
    const out = shareableSnapshot(
      '# H\n## RISKS\n- Failed: the build broke badly (exit 3)\n## HANDOFF_PROMPT\nFirst: the build broke badly.\nkeep\n',
      new Set(),
    );
    expect(out).toContain('## HANDOFF_PROMPT\nkeep\n');
  });
});

describe('shareableSnapshot: the edges of each rule', () => {
  it('a CURRENT_STATE without issue text keeps its last line', () => {
    expect(shareableSnapshot('# H\n## CURRENT_STATE\n- first\n- last\n', new Set())).toContain(
      '## CURRENT_STATE\n- first\n- last\n\n## DISCOVERY',
    );
  });

  it('only the trailing parenthesis of a failure is cut before it is looked for', () => {
    const out = shareableSnapshot(
      '# H\n## RISKS\n- Failed: tests (unit) broke (exit 1)\n## HANDOFF_PROMPT\nCaution: tests (unit) broke\nkeep\n',
      new Set(),
    );
    expect(out).toContain('## HANDOFF_PROMPT\nkeep\n');
  });

  it('an anchor is a line that starts with one; a path quoted later in a line is no anchor', () => {
    const out = shareableSnapshot('# H\n## CODEBASE_ANCHORS\nsee - `scratch.txt` — notes\n', new Set());
    expect(out).toContain('## CODEBASE_ANCHORS\nsee - `scratch.txt` — notes\n');
  });
});

describe('sharedText', () => {
  it('is the shareable text, redacted after', () => {
    const text = '# H\n## DECISION\n- token ghp_secret here\n';
    const redact = (t: string) => t.replaceAll('ghp_secret', '[REDACTED]');
    expect(sharedText(text, new Set(), redact)).toBe(redact(shareableSnapshot(text, new Set())));
    expect(sharedText(text, new Set(), redact)).toContain('## DECISION\n- token [REDACTED] here\n');
  });
});

describe('trackedFiles', () => {
  it('the paths git tracks, names with spaces whole; untracked and ignored files are not among them', async () => {
    const { root } = makeRepo();
    writeFileSync(path.join(root, 'a b.txt'), 'x\n');
    writeFileSync(path.join(root, '.gitignore'), 'ignored.txt\n');
    git(root, 'add', 'a b.txt', '.gitignore');
    git(root, 'commit', '-q', '-m', 'files');
    writeFileSync(path.join(root, 'untracked.txt'), 'x\n');
    writeFileSync(path.join(root, 'ignored.txt'), 'x\n');
    const calls: unknown[] = [];
    const recording: GitRunner = (cwd, args, o) => {
      calls.push([cwd, args, o]);
      return hostGit(cwd, args, o);
    };
    expect([...(await trackedFiles(recording, root))].sort()).toEqual(['.gitignore', 'README.md', 'a b.txt']);
    expect(calls).toEqual([[root, ['ls-files', '-z'], { timeoutMs: 10_000 }]]);
  });

  it('empty when git fails or cannot start', async () => {
    const failing: GitRunner = async () => ({ stdout: 'README.md\0', stderr: 'fatal', exitCode: 128 });
    expect([...(await trackedFiles(failing, '/nowhere'))]).toEqual([]);
    const throwing: GitRunner = async () => {
      throw new Error('spawn git ENOENT');
    };
    expect([...(await trackedFiles(throwing, '/nowhere'))]).toEqual([]);
  });
});
