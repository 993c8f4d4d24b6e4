// Each catalog holds only what its reader sees (docs/decisions.md D37): the handover answers that only a person
// gets are in the person's catalog, not the agent's: the list's (filters that matched nothing, no snapshot yet,
// an issue that does not exist), `butler handover retire`'s (a person's verb, no MCP tool), a resume whose
// newest snapshot was a transfer (take.ts), issues' snapshots only (lookup.ts), a prepare of a missing issue,
// and the shares that wait for the person's OK (share-ops.ts).
import { describe, expect, it } from 'vitest';
import { listText } from '../../src/handover/messages/list.js';
import { lookupText } from '../../src/handover/messages/lookup.js';
import { prepareText } from '../../src/handover/messages/prepare.js';
import { shareText } from '../../src/handover/messages/share.js';

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

describe('the other handover catalogs: person-only words', () => {
  const cases: [string, (lang: 'en' | 'ja', to?: 'agent' | 'person') => object, string[]][] = [
    ['lookup', lookupText, ['transferred', 'takeTransfer', 'issuesOnly', 'readIssue']],
    ['prepare', prepareText, ['noSuchIssue', 'noSuchIssueHint']],
    ['share', shareText, ['held']],
  ];
  it.each(cases)("%s: none in the agent's catalog, all in the person's", (_name, text, only) => {
    for (const lang of ['en', 'ja'] as const) {
      expect(
        only.filter((k) => k in text(lang)),
        lang,
      ).toEqual([]);
      expect(
        only.filter((k) => k in text(lang, 'agent')),
        lang,
      ).toEqual([]);
      expect(
        only.filter((k) => !(k in text(lang, 'person'))),
        lang,
      ).toEqual([]);
    }
  });

  it("the person's words are the ones a person read before", () => {
    expect(lookupText('en', 'person').takeTransfer('codex')).toBe('codex takes it over, as itself');
    expect(lookupText('ja', 'person').readIssue(4)).toBe('issue #4 の最新を読みます');
    expect(prepareText('en', 'person').noSuchIssue(9)).toBe('Issue #9 does not exist; no snapshot was written');
  });
});
