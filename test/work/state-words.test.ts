// Each catalog holds only what its reader sees (docs/decisions.md D37): the closed default issue and the sync
// that conflicted are told to a person only (the CLI's observe), so the agent's catalog has no words for them.
import { describe, expect, it } from 'vitest';
import { stateText } from '../../src/work/messages/state.js';

const PERSON_ONLY = ['recordClosed', 'syncConflicted'];

describe('work state words: whose catalog holds what', () => {
  it("the agent's catalog, in both languages, has no person-only words", () => {
    for (const t of [stateText('en'), stateText('ja'), stateText('en', 'agent'), stateText('ja', 'agent')])
      expect(PERSON_ONLY.filter((k) => k in t)).toEqual([]);
    // The type says so too (npm run typecheck): an agent's words have no recordClosed to call.
    // @ts-expect-error recordClosed is a person's word only
    expect(stateText('en', 'agent').recordClosed).toBeUndefined();
  });

  it("the person's catalog has them, in the person's words", () => {
    expect(stateText('en', 'person').recordClosed(3)).toBe(
      'Unrecorded changes. It will link #3, which is closed: reopen it with `butler issue reopen 3`, or pick an open one with `butler issue list` and `butler work start --issue N`.',
    );
    expect(stateText('ja', 'person').syncConflicted(['a', 'b'], 'origin/main')).toMatch(
      /^前回の `butler work sync` は a、b の競合で止まり/,
    );
  });
});
