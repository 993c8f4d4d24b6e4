// Issue #25 items 1 and 6: a verb's `--help` is read by a person at a terminal. It started with the MCP tool's
// description, written for the agent ("issue_close: … returns it in data.issue. Ask the user …"), in English
// under --lang ja. Every verb's help, through the real CLI, en and ja: no tool name, no tool argument written as
// such, no English prose in Japanese; a few summaries pinned as written.
import { beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../helpers/mcp.js';
import { englishRun } from '../helpers/english-prose.js';
import { butler, tempRepos } from '../helpers/person-cli.js';

const { repo } = tempRepos();

/** Every verb of the three tool groups (README "CLI"), written out: the test does not read the CLI to list them. */
const VERBS: Record<string, string[]> = {
  work: ['start', 'observe', 'diff', 'history', 'record', 'publish', 'sync', 'finish'],
  issue: ['list', 'read', 'create', 'comment', 'delete-comment', 'update-title', 'update-body', 'reopen', 'close', 'approve-url'],
  handover: ['suspend', 'resume', 'transfer', 'accept', 'prepare', 'read', 'list', 'brains', 'retire', 'share-preview'],
};
/** The person's commands (README "CLI"); their help was written for a person from the start, checked all the same. */
const COMMANDS = [[], ['work'], ['issue'], ['handover'], ['install'], ['uninstall'], ['status'], ['guard'], ['demo'], ['mcp'], ['hook']];
/** Tool definitions the MCP server does not list (the CLI runs them for people only): their names, written out. */
const PERSON_TOOLS = ['issue_list', 'handover_retire'];

/** What an agent reads in the tools' own words: the tool names and the argument names of the servers' tools/list. */
let agentWords: { tools: Set<string>; args: Set<string> };

beforeAll(async () => {
  const tools = new Set(PERSON_TOOLS);
  const args = new Set<string>();
  for (const worker of [false, true]) {
    const c = await connect({ worker });
    for (const t of (await c.client.listTools()).tools) {
      tools.add(t.name);
      for (const a of Object.keys(t.inputSchema.properties ?? {})) args.add(a);
    }
    await c.close();
  }
  agentWords = { tools, args };
});

/** The words of `out` an agent reads and a person should not: tool names, `arg_name`s, `data.` fields. */
function agentTerms(out: string): string[] {
  const found = new Set<string>();
  for (const w of out.match(/[a-z]+_[a-z_]+/g) ?? []) if (agentWords.tools.has(w) || agentWords.args.has(w)) found.add(w);
  if (/\bdata\./.test(out)) found.add('data.');
  return [...found];
}

/** Japanese output: a line with three or more English words in a row (test/helpers/english-prose.ts). */
const englishProse = (out: string) => out.split('\n').filter((l) => englishRun(l).split(' ').length >= 3);

const runs = () => [...COMMANDS, ...Object.entries(VERBS).flatMap(([g, vs]) => vs.map((v) => [g, v]))];

describe('every verb’s --help speaks to a person (spawned, en and ja)', () => {
  it('no MCP tool name, no tool argument written as such; Japanese has no English prose', { timeout: 300_000 }, () => {
    const root = repo();
    const offenders: string[] = [];
    for (const args of runs())
      for (const lang of ['en', 'ja']) {
        const r = butler(root, [...args, '--help', '--lang', lang]);
        const what = `butler ${[...args, '--help', '--lang', lang].join(' ')}`;
        if (r.code !== 0) offenders.push(`${what}: exit ${r.code}`);
        for (const w of agentTerms(r.out + r.err)) offenders.push(`${what}: ${w}`);
        if (lang === 'ja') for (const l of englishProse(r.out + r.err)) offenders.push(`${what}: English: ${l}`);
      }
    expect(offenders).toEqual([]);
  });

  it('a tool verb’s help starts with its summary, then usage and options', () => {
    const root = repo();
    for (const [group, verbs] of Object.entries(VERBS))
      for (const verb of verbs.filter((v) => v !== 'approve-url' && v !== 'share-preview')) {
        const lines = butler(root, [group, verb, '--help']).out.split('\n');
        const usage = lines.findIndex((l) => l.startsWith(`usage: butler ${group} ${verb}`));
        // One or two lines of summary, then the usage line, then the options (nothing of the tool's before).
        expect([usage >= 1 && usage <= 2, lines[usage + 1]?.startsWith('options: ')], `${group} ${verb}`).toEqual([true, true]);
      }
  });

  it('pinned summaries, en and ja', () => {
    const root = repo();
    const help = (lang: string, ...verb: string[]) => butler(root, [...verb, '--help', '--lang', lang]).out;
    expect(help('en', 'issue', 'close')).toBe(
      "Closes issue ID. When it is this clone's default issue, the default is cleared: later records do not link it.\n" +
        'usage: butler issue close ISSUE_ID [options]\n' +
        'options: --issue-id (--issue) --project DIR --client NAME --json\n',
    );
    expect(help('ja', 'issue', 'close')).toBe(
      'issue ID を閉じます。この clone の既定の issue なら既定を解除し、以後の記録はその issue にリンクしません。\n' +
        '使い方: butler issue close ISSUE_ID [オプション]\n' +
        'オプション: --issue-id (--issue) --project DIR --client NAME --json\n',
    );
    expect(help('en', 'handover', 'transfer').split('\n').slice(0, 2)).toEqual([
      'Writes a snapshot for another agent to take over: --target BRAIN (butler handover brains lists them; any: whoever accepts).',
      '--notes and --share as in butler handover suspend.',
    ]);
    expect(help('en', 'work', 'finish').split('\n').slice(0, 2)).toEqual([
      'Lists the steps left before the work is done, in order (record, publish, then comment on or close the issue),',
      'as commands to run. Does nothing itself: run it again after each step.',
    ]);
    expect(help('ja', 'work', 'finish').split('\n')[1]).toBe('自分では何もしません。手順を一つ終えるたびにもう一度実行してください。');
    // work diff names the values of --level.
    expect(help('en', 'work', 'diff').split('\n')[1]).toBe(
      '--level stat (the default) lists the files with their added and removed lines; --level full (or --full) prints the patch.',
    );
    expect(help('ja', 'work', 'diff').split('\n')[1]).toBe(
      '--level stat（既定）はファイルごとの追加・削除行数、--level full（または --full）はパッチ全体を表示します。',
    );
  });
});

describe('the oracle is not blind', () => {
  it('flags the old first lines', () => {
    // What `issue close --help` and `handover transfer --help` printed before (#25).
    expect(agentTerms('issue_close: Close an issue; returns it in data.issue. Ask the user unless they asked for it.')).toEqual([
      'issue_close',
      'data.',
    ]);
    expect(
      agentTerms(
        'handover_transfer: … a snapshot addressed to target_brain (ids from handover_list_brains; an unknown one gets need_input).',
      ),
    ).toEqual(['handover_transfer', 'target_brain', 'handover_list_brains']);
    expect(agentTerms('handover_retire: butler handover retire ID')).toEqual(['handover_retire']);
    // Not a tool's name nor an argument's: a placeholder, a path.
    expect(agentTerms('usage: butler issue read ISSUE_ID; session_logs/ is ignored')).toEqual([]);
    expect(englishProse('work_finish: Proposes the next steps in order\nオプション: --issue --project DIR --json')).toHaveLength(1);
  });
});
