// The agent's own state (issue 22): its latest todo list and its last text message, from both clients' logs.
import { appendFileSync, copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSession } from '../../../src/handover/sessionlog/index.js';
import { makeRedactor } from '../../../src/shared/redact.js';
import { fixture, tempDir } from './helpers.js';

const redact = makeRedactor();
const rows = (file: string, entries: object[]) => appendFileSync(file, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));

describe('todo list and last message', () => {
  it('Codex: the last update_plan call (arguments as its rollout writes them, a JSON string) and the last assistant message', async () => {
    const file = path.join(tempDir(), 'rollout.jsonl');
    copyFileSync(fixture('codex/rollout.jsonl'), file);
    const call = (id: string, plan: object[]) => ({
      timestamp: '2026-12-02T12:00:00.000Z',
      type: 'response_item',
      payload: { type: 'function_call', name: 'update_plan', arguments: JSON.stringify({ explanation: 'x', plan }), call_id: id },
    });
    rows(file, [
      call('c1', [{ step: 'old step', status: 'pending' }]),
      call('c2', [
        { step: 'Write the parser', status: 'completed' },
        { step: 'Wire it into the CLI with token=abcdefghijklmnopqrstuvwxyz123456', status: 'in_progress' },
        { step: 'Document it', status: 'pending' },
      ]),
      {
        timestamp: '2026-12-02T12:00:01.000Z',
        type: 'response_item',
        payload: { type: 'function_call_output', call_id: 'c2', output: 'Plan updated' },
      },
    ]);
    const x = await extractSession(file, null, redact);
    expect(x.todos?.map((t) => [t.status, t.text])).toEqual([
      ['completed', 'Write the parser'],
      ['in_progress', expect.stringMatching(/^Wire it into the CLI with token=\[REDACTED/)],
      ['pending', 'Document it'],
    ]);
    // The captured session's closing message is the last assistant text.
    expect(x.last_text?.text).toBe('Added greet.txt, extended notes.txt and started a Butler session.');
  });

  it('Claude Code: a later TodoWrite replaces the list; a sidechain message is not the agent’s plan', async () => {
    const file = path.join(tempDir(), 's.jsonl');
    writeFileSync(file, '');
    const todo = (uuid: string, todos: object[]) => ({
      type: 'assistant',
      uuid,
      sessionId: 's',
      message: { role: 'assistant', content: [{ type: 'tool_use', id: `t-${uuid}`, name: 'TodoWrite', input: { todos } }] },
    });
    rows(file, [
      todo('a1', [{ content: 'one', status: 'pending', activeForm: 'One' }]),
      todo('a2', [
        { content: 'one', status: 'completed', activeForm: 'One' },
        { content: 'two', status: 'in_progress', activeForm: 'Two' },
      ]),
      {
        type: 'assistant',
        uuid: 'a3',
        sessionId: 's',
        message: { role: 'assistant', content: [{ type: 'text', text: 'My plan: two, then three.' }] },
      },
      {
        type: 'assistant',
        uuid: 'a4',
        sessionId: 's',
        isSidechain: true,
        message: { role: 'assistant', content: [{ type: 'text', text: 'subagent chatter' }] },
      },
    ]);
    const x = await extractSession(file, null, redact);
    expect(x.todos?.map((t) => `${t.status}:${t.text}`)).toEqual(['completed:one', 'in_progress:two']);
    expect(x.last_text?.text).toBe('My plan: two, then three.');
  });
});
