// Field trial F (issue 22): a session was cut off after the agent asked the user something and went on
// working; the recovered checkpoint said "BLOCKED / PENDING: none" and the next agent did not ask again.
// The questions of the agent's last asking message, with no user message after them, are open.
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNotes } from '../../src/handover/notes.js';
import { shareableSnapshot } from '../../src/handover/share-content.js';
import { questionsIn } from '../../src/handover/sessionlog/collector.js';
import { extractSession } from '../../src/handover/sessionlog/index.js';
import { renderSnapshot, type SessionFacts } from '../../src/handover/snapshot.js';
import { makeRedactor } from '../../src/shared/redact.js';
import { tempDir } from './sessionlog/helpers.js';

const redact = makeRedactor();
const user = (uuid: string, text: string) => ({ type: 'user', uuid, sessionId: 's', message: { role: 'user', content: text } });
const said = (uuid: string, text: string) => ({
  type: 'assistant',
  uuid,
  sessionId: 's',
  message: { role: 'assistant', content: [{ type: 'text', text }] },
});

async function extract(entries: object[]) {
  const file = path.join(tempDir(), 's.jsonl');
  writeFileSync(file, '');
  appendFileSync(file, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
  return extractSession(file, null, redact);
}

describe('the agent’s unanswered question', () => {
  it('questionsIn keeps the sentences that ask, outside code, in one bounded line', () => {
    expect(questionsIn('Done with the parser. Should empty input count as 0? I will go on with the CLI.')).toBe(
      'Should empty input count as 0?',
    );
    expect(questionsIn('Two things:\n- Is "well-known" one word?\n- Which locale for lowercasing？\nThanks.')).toBe(
      '- Is "well-known" one word? - Which locale for lowercasing？',
    );
    expect(questionsIn('Use `a ? b : c` here.\n```js\nconst x = y ?? z?.w;\n```\nAll done.')).toBe('');
    expect(questionsIn('Plain statement.')).toBe('');
    expect(questionsIn(`${'Why '.repeat(200)}?`)).toHaveLength(400);
  });

  it('a Claude Code transcript: the last asking message counts; a later user message may or may not answer it (field trial G)', async () => {
    const x = await extract([
      user('u1', 'Count words in a string.'),
      said('a1', 'Should hyphenated words count as one? Meanwhile I start on the tests.'),
      said('a2', 'Tests written.'),
    ]);
    expect(x.open_question?.text).toBe('Should hyphenated words count as one?');
    expect(x.last_text?.text).toBe('Tests written.');
    const answered = await extract([
      user('u1', 'Count words in a string.'),
      said('a1', 'Should hyphenated words count as one?'),
      user('u2', 'Yes, one word.'),
      said('a2', 'Done.'),
    ]);
    expect(answered.open_question).toMatchObject({ text: 'Should hyphenated words count as one?', later_request: true });
    expect(x.open_question).not.toHaveProperty('later_request');
  });

  const session: SessionFacts = {
    discovery: [],
    risks: [],
    anchors: [],
    lastText: { text: 'Tests written.', cite: 'L3' },
    openQuestion: { text: 'Should hyphenated words count as one?', cite: 'L2 2026-12-04T06:00:00Z' },
  };
  const render = (mode: 'core' | 'auto') =>
    renderSnapshot({
      meta: {
        project: 'wc',
        issue_id: 1,
        issue_title: 'Word counter',
        source_brain: 'claude-code',
        target_brain: 'claude-code',
        mode,
        created_at: '2026-12-04T06:01:00Z',
        handover_id: 'issue-1-20261204T060100Z-claude-code',
        branch: 'main',
        head: null,
        lang: 'en',
        session_log: null,
        session_line: null,
        session_entry: null,
      },
      issue: null,
      issueError: null,
      work: null,
      notes: parseNotes(''),
      session,
    }).markdown;
  const section = (md: string, name: string) => md.split(`## ${name}\n`)[1]!.split('\n## ')[0]!;

  it('an automatic snapshot lists it as waiting on the user and its prompt says so; a share leaves it in the clone', () => {
    const md = render('auto');
    expect(section(md, 'BLOCKED / PENDING')).toContain(
      "\n- [waiting on the user] The agent's question to the user (L2 2026-12-04T06:00:00Z; unanswered in the transcript): Should hyphenated words count as one?\n",
    );
    expect(section(md, 'HANDOFF_PROMPT')).toContain('Should hyphenated words count as one?');
    const shared = shareableSnapshot(md, new Set());
    expect(shared).not.toContain('hyphenated');
    expect(section(shared, 'BLOCKED / PENDING')).toMatch(/\n- none\n$/);
  });

  it('after a later user message the next agent is told to check whether it answered, not that nothing did', () => {
    session.openQuestion = { ...session.openQuestion!, later_request: true };
    const md = render('auto');
    session.openQuestion = { ...session.openQuestion!, later_request: undefined };
    expect(section(md, 'BLOCKED / PENDING')).toContain(
      "- [waiting on the user] The agent's question to the user (L2 2026-12-04T06:00:00Z; a later request may have answered it): Should hyphenated words count as one?\n",
    );
    expect(shareableSnapshot(md, new Set())).not.toContain('hyphenated');
  });

  it('a deliberate snapshot leaves it to its author (its notes say what is open)', () => {
    expect(render('core')).not.toContain('hyphenated');
  });
});
