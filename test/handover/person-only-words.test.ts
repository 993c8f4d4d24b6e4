// Each catalog holds only what its reader sees (docs/decisions.md D37): the handover list's answers that only a
// person gets (list.ts: filters that matched nothing, no snapshot yet, an issue that does not exist) and
// `butler handover retire` (a person's verb, no MCP tool) are in the person's catalog, not the agent's.
import { describe, expect, it } from 'vitest';
import { listText } from '../../src/handover/messages/list.js';

const PERSON_ONLY = [
  'noIssue',
  'noneFiltered',
  'withoutFilters',
  'noneYet',
  'suspendFirst',
  'noHandover',
  'noHandoverHint',
  'retired',
  'alreadyRetired',
];

describe('handover list words: whose catalog holds what', () => {
  it("the agent's catalog, in both languages, has only the agent's words", () => {
    for (const t of [listText('en'), listText('ja'), listText('en', 'agent'), listText('ja', 'agent')]) {
      expect(Object.keys(t).sort()).toEqual(['brains', 'history', 'nothing', 'readPicked']);
      expect(PERSON_ONLY.filter((k) => k in t)).toEqual([]);
    }
    // @ts-expect-error noneYet is a person's word only
    expect(listText('en').noneYet).toBeUndefined();
  });

  it("the person's catalog has them, in both languages", () => {
    for (const lang of ['en', 'ja'] as const) expect(PERSON_ONLY.filter((k) => !(k in listText(lang, 'person')))).toEqual([]);
    expect(listText('en', 'person').noHandoverHint).toBe('Run `butler handover list` to see the ids.');
    expect(listText('ja', 'person').noneYet).toBe('snapshot はまだありません');
  });
});
