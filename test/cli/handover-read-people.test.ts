// Issue #25 item 3: `butler handover read` is read by a person. A newcomer found its Next section written to an
// agent ("Record them now without asking … as this project's Butler setup asks"), Risks saying "other brains cannot
// see them", no creation time in the header, and a snapshot of issue #3 whose record step said "It will link #1"
// (the default issue). The file keeps the agent's words; only what the CLI shows changes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { withRemote } = tempRepos();

const BODY = '## Current state\nx\n\n## Next\ny\n\n## Blockers\nNone.\n';

/** Lines of one section of `handover read`'s output, as the person sees them (four spaces in). */
function shown(out: string, label: string): string[] {
  const lines = out.split('\n');
  const from = lines.indexOf(`  ${label}`);
  const rest = lines.slice(from + 1);
  const end = rest.findIndex((l) => !l.startsWith('    '));
  return rest.slice(0, end < 0 ? undefined : end).map((l) => l.slice(4));
}

function threeIssues(lang = 'en') {
  const { root } = withRemote();
  for (const title of ['one', 'two', 'three']) expect(butler(root, ['issue', 'create', '--title', title, '--body', BODY]).code).toBe(0);
  expect(butler(root, ['work', 'start', '--issue', '1']).code).toBe(0);
  // The issues' own records published: the snapshots below count only what the test makes.
  expect(butler(root, ['work', 'publish']).code).toBe(0);
  writeFileSync(path.join(root, 'a.txt'), 'a\n');
  return { root, env: { BUTLER_LANG: lang } };
}

const snapshotFile = (root: string, out: string) => readFileSync(path.join(root, / (?:File|ファイル): (\S+)/.exec(out)![1]!), 'utf8');

describe('a snapshot of issue #3 links #3 in its record step, whatever the default issue', () => {
  it('the stored NEXT_ACTION names the snapshot’s issue', () => {
    const { root } = threeIssues();
    const r = butler(root, ['handover', 'suspend', '--issue', '3']);
    expect(r.code).toBe(0);
    const md = snapshotFile(root, r.out);
    // The agent's words stay in the file (the next agent reads them), for the right issue.
    expect(md).toContain('1. work_record() — Unrecorded changes. Record them now without asking:');
    expect(md).toMatch(/^1\. work_record\(\) — .* It will link #3\.$/m);
    expect(md).not.toContain('It will link #1');
    // Without --issue the snapshot is the default issue's, and so is the link.
    expect(snapshotFile(root, butler(root, ['handover', 'suspend']).out)).toMatch(/^1\. work_record\(\) — .* It will link #1\.$/m);
  });
});

describe('butler handover read speaks to a person; the author’s lines are shown as written', () => {
  it('en: creation time in the header, generated step and risk in a person’s words', () => {
    const { root } = threeIssues();
    // The author's own lines, in words close to the generated ones: shown as written.
    const notes = 'next: Ask the user unless they asked for it\nrisk: other brains cannot see them';
    const made = butler(root, ['handover', 'suspend', '--issue', '3', '--notes', notes]);
    const created = /created_at: (\S+)/.exec(snapshotFile(root, made.out))![1]!;
    const r = butler(root, ['handover', 'read', '--issue', '3']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(1, 3)).toEqual([
      `  ID: ${/ID: (\S+)/.exec(made.out)![1]}`,
      `  Created: ${created.slice(0, 10)} ${created.slice(11, 16)} UTC`,
    ]);
    expect(shown(r.out, 'Next')).toEqual([
      '1. Ask the user unless they asked for it',
      '2. `butler work record` — Unrecorded changes. It will link #3.',
    ]);
    // a.txt and the .gitignore line the first snapshot adds.
    expect(shown(r.out, 'Risks')).toEqual([
      '- other brains cannot see them',
      '- 2 unrecorded change(s) when this snapshot was written: not in any record until `butler work record`',
    ]);
  });

  it('en: the publish step waits for the person’s choice, in their words', () => {
    const { root } = threeIssues();
    expect(butler(root, ['handover', 'suspend']).code).toBe(0);
    expect(butler(root, ['work', 'record', '-m', 'a']).code).toBe(0);
    const made = butler(root, ['handover', 'suspend', '--issue', '3']);
    expect(snapshotFile(root, made.out)).toMatch(/^1\. When the user agrees: work_publish\(\) — 1 record\(s\) not yet on origin\/\w+\.$/m);
    const r = butler(root, ['handover', 'read', '--issue', '3']);
    expect(shown(r.out, 'Next')).toEqual([
      expect.stringMatching(/^1\. When you want to share them: `butler work publish` — 1 record\(s\) not yet on origin\/\w+\.$/),
    ]);
    expect(shown(r.out, 'Risks')).toEqual([
      '- 1 unpublished record(s) when this snapshot was written: not on the upstream until `butler work publish`',
    ]);
  });

  it('ja: the same, in Japanese', () => {
    const { root, env } = threeIssues('ja');
    const made = butler(root, ['handover', 'suspend', '--issue', '3'], { env });
    expect(snapshotFile(root, made.out)).toContain('確認せずに今記録してください');
    const r = butler(root, ['handover', 'read', '--issue', '3'], { env });
    expect(r.out).toMatch(/^ {2}作成: \d{4}-\d\d-\d\d \d\d:\d\d UTC$/m);
    expect(shown(r.out, '次にすること')).toEqual(['1. `butler work record` — 未記録の変更があります。#3 に紐付けて記録します']);
    expect(shown(r.out, 'リスク')).toEqual([
      '- snapshot を書いた時点で未記録の変更が 2 件ありました（`butler work record` で記録されるまで、どの記録にも入っていません）',
    ]);
  });
});
