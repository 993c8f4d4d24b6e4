// The final newcomer walk-through (#25), its help items: a group's help lists --client only for the verbs that
// take it. Through the real CLI bundle in real git repositories, en and ja; the expected texts are written here.
import { describe, expect, it } from 'vitest';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo } = tempRepos();
const ja = { env: { BUTLER_LANG: 'ja' } };

/** The verbs that take --client, written out (README's CLI section); every other verb rejects it. */
const TAKES: Record<string, { name: string; verbs: string[]; others: string[] }> = {
  issue: {
    name: '--client NAME',
    verbs: ['create', 'comment', 'delete-comment', 'update-title', 'update-body', 'reopen', 'close'],
    others: ['list', 'read'],
  },
  handover: {
    name: '--client BRAIN',
    verbs: ['suspend', 'resume', 'transfer', 'accept', 'prepare', 'list', 'retire'],
    others: ['read', 'brains'],
  },
};

describe('1. a group help names --client only where a verb takes it', () => {
  it('issue and handover: the group line has no --client; the verbs named take it, the others reject it (en, ja)', () => {
    const root = repo();
    for (const [group, { name, verbs, others }] of Object.entries(TAKES)) {
      for (const opts of [{}, ja]) {
        const help = butler(root, [group, '--help'], opts).out;
        // The first line is the group's usage: no flag there that a verb rejects.
        expect(help.split('\n')[0]).not.toContain('--client');
        for (const verb of verbs) expect(help, `${group} ${verb}`).toMatch(new RegExp(`${verb}\\b[^\\n]*${name}|\`${verb}\``));
        for (const verb of others) expect(help).not.toMatch(new RegExp(`^  ${verb}\\b[^\\n]*--client`, 'm'));
      }
      for (const verb of verbs) expect(butler(root, [group, verb, '--help']).out, `${group} ${verb}`).toContain(name);
      for (const verb of others) {
        const r = butler(root, [group, verb, '--client', 'bob']);
        expect([r.code, r.err.split('\n')[0]]).toEqual([2, `butler ${group} ${verb}: unknown flag --client`]);
      }
    }
    expect(butler(root, ['issue', '--help']).out).toContain('  reopen ID | close ID [--client NAME]\n');
    expect(butler(root, ['handover', '--help']).out).toContain(
      '--client BRAIN (the agent you act as): `suspend`, `resume`, `transfer`, `accept`, `prepare`, `list`, `retire`.\n',
    );
  });
});

describe('2. every verb’s help has a summary, and its options line names aliases apart from switches', () => {
  it('handover share-preview --help starts with a summary for a person (en, ja)', () => {
    const root = repo();
    expect(butler(root, ['handover', 'share-preview', '--help']).out).toBe(
      'Prints exactly what a share pushes to the git remote: snapshot ID, else those held until you allow sharing (of --issue N),\n' +
        'else your newest as an example. The first time in a clone it asks whether sharing may start here; yes shares the held ones.\n' +
        'usage: butler handover share-preview [ID] [--issue N] [--project DIR] [--json]\n',
    );
    expect(butler(root, ['handover', 'share-preview', '--help'], ja).out.split('\n')[0]).toBe(
      '共有で git のリモートに push される内容をそのまま表示します: snapshot ID、なければ共有の許可を待っているもの（--issue N ならその issue のもの）、',
    );
  });

  it('a switch that sets a value is its own flag, not another name of the argument (work record, work diff)', () => {
    const root = repo();
    const options = (...verb: string[]) =>
      butler(root, [...verb, '--help'])
        .out.split('\n')
        .find((l) => l.startsWith('options: '));
    expect(options('work', 'record')).toBe('options: --message (-m) --issue-ids (--issue) --no-issue --project DIR --json');
    expect(options('work', 'diff')).toBe('options: --path --level --record-id (--record) --full --project DIR --json');
    expect(butler(root, ['work', 'record', '--help'], ja).out).toContain(
      'オプション: --message (-m) --issue-ids (--issue) --no-issue --project DIR --json\n',
    );
  });
});
