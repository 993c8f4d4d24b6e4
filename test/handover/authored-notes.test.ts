// Field trial D (issue 22): in a deliberate snapshot the author's own notes are what it means now. A todo
// list it did not update, a message written before the notes and a file it wrote and put back must not
// contradict them; what waits on the user reaches the next agent's prompt.
import { describe, expect, it } from 'vitest';
import { parseNotes } from '../../src/handover/notes.js';
import { renderSnapshot, type SessionFacts } from '../../src/handover/snapshot.js';

const session: SessionFacts = {
  discovery: [],
  risks: [],
  anchors: [{ path: 'README.md', role: 'strkit' }],
  todos: [
    { text: 'Implement wordTally', status: 'completed' },
    { text: 'Revert my README.md change', status: 'in_progress' },
    { text: 'Add CHANGELOG.md', status: 'pending' },
  ],
  lastText: { text: 'I also added wordTally to the README list.', cite: 'L32 2026-12-03T22:02:14Z' },
};

const NOTES = [
  'wordTally is implemented, tested and recorded.',
  'next: review src/index.mjs against the decisions',
  'anchor: src/index.mjs — wordTally',
  'pending: does "1,000" count as one word?',
].join('\n');

function render(mode: 'core' | 'auto', notes: string) {
  return renderSnapshot({
    meta: {
      project: 'strkit',
      issue_id: 1,
      issue_title: 'Add a word counter',
      source_brain: 'claude-code',
      target_brain: 'gemini-cli-mcp-client',
      mode,
      created_at: '2026-12-03T22:02:52Z',
      handover_id: 'issue-1-20261203T220252Z-claude-code',
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
    notes: parseNotes(notes),
    session,
  });
}

const section = (md: string, name: string) => md.split(`## ${name}\n`)[1]!.split('\n## ')[0]!;

describe('a deliberate snapshot takes its author at its word', () => {
  it('its own next steps, anchors and note replace the stale todo list, touched files and last message', () => {
    const { markdown } = render('core', NOTES);
    expect(section(markdown, 'NEXT_ACTION')).toContain('1. review src/index.mjs against the decisions');
    expect(section(markdown, 'NEXT_ACTION')).not.toContain('Revert my README.md change');
    expect(section(markdown, 'NEXT_ACTION')).not.toContain('Add CHANGELOG.md');
    expect(section(markdown, 'CODEBASE_ANCHORS')).toContain('`src/index.mjs` — wordTally');
    expect(section(markdown, 'CODEBASE_ANCHORS')).not.toContain('README.md');
    expect(section(markdown, 'CURRENT_STATE')).not.toContain('added wordTally to the README');
    // Finished todo items are facts, not plans: they stay.
    expect(section(markdown, 'CURRENT_STATE')).toContain('Implement wordTally');
  });

  it('without its own next steps or anchors, the todo list and the touched files fill in', () => {
    const { markdown } = render('core', 'wordTally is half done.');
    expect(section(markdown, 'NEXT_ACTION')).toContain('[in progress] Revert my README.md change');
    expect(section(markdown, 'NEXT_ACTION')).toContain('Add CHANGELOG.md');
    expect(section(markdown, 'CODEBASE_ANCHORS')).toContain('`README.md` — strkit');
  });

  it('an automatic snapshot keeps all of the transcript: nobody wrote notes for it', () => {
    const { markdown } = render('auto', '');
    expect(section(markdown, 'NEXT_ACTION')).toContain('[in progress] Revert my README.md change');
    expect(section(markdown, 'CURRENT_STATE')).toContain('I also added wordTally to the README list.');
    expect(section(markdown, 'CODEBASE_ANCHORS')).toContain('README.md');
  });

  it('what waits on the user is in the prompt the next agent reads first', () => {
    const { prompt } = render('core', NOTES);
    expect(prompt.join('\n')).toContain('Waiting on the user (ask, do not guess): does "1,000" count as one word?');
    expect(prompt.length).toBeLessThanOrEqual(8);
    const both = render('core', `${NOTES}\nblocked: the CI runner is down`).prompt;
    expect(both.length).toBeLessThanOrEqual(8);
    expect(both.join('\n')).toMatch(/Blocked: the CI runner is down Waiting on the user \(ask, do not guess\): does "1,000"/);
  });
});
