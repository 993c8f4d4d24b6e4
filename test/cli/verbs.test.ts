// Issue #16, "CLI": every verb of `butler handover|work|issue` is an MCP tool definition run by the
// one tool runner, so a person's flags and an agent's arguments are the same names, checked by the
// same schema. These tests fail when a verb grows its own parser or a flag drifts from its tool.
import { describe, expect, it } from 'vitest';
import { handover, handoverGroup } from '../../src/cli/commands/handover.js';
import { issue, issueGroup } from '../../src/cli/commands/issue.js';
import { work, workGroup } from '../../src/cli/commands/work.js';
import type { CliIO, Command } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { RUNTIME, usage } from '../../src/cli/runtime.js';
import { cliFlags, kebab, toolArgs } from '../../src/cli/tool-flags.js';
import type { CliGroup } from '../../src/cli/tool-runner.js';
import { brainTools } from '../../src/mcp/tools/index.js';
import type { ToolDef } from '../../src/mcp/tool.js';
import { write } from '../helpers/git-scenarios.js';
import { makeRepo, isolatedGitEnv } from '../helpers/repo.js';
import { seedIssue } from '../issues/helpers.js';

const GROUPS: [string, CliGroup, Command, ToolDef[]][] = [
  ['handover', handoverGroup, handover, brainTools.filter((t) => t.name.startsWith('handover_'))],
  ['work', workGroup, work, brainTools.filter((t) => t.name.startsWith('work_'))],
  ['issue', issueGroup, issue, brainTools.filter((t) => t.name.startsWith('issue_'))],
];
/** Verbs a person runs that are no MCP tool, said in AGENTS.md: they may not go through the runner. */
const DIRECT: Record<string, string[]> = { handover: ['share-preview'], work: [], issue: ['approve-url'] };
/** Tools the CLI runs that brains never see (not in the MCP surface). */
const CLI_ONLY = ['handover_retire', 'issue_list'];
/** MCP tools with no verb: the CLI binds its project with --project instead. */
const NO_VERB = ['work_session_start'];

function capture(cwd = '/'): { io: CliIO; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    io: {
      cwd,
      env: isolatedGitEnv({ BUTLER_LANG: 'en' }),
      stdout: (t) => void (out += t),
      stderr: (t) => void (err += t),
      readStdin: async () => 'from stdin',
    },
    out: () => out,
    err: () => err,
  };
}

describe('one idiom for every verb group', () => {
  it.each(GROUPS)('every `butler %s` verb is run by the tool runner (its help and its usage errors)', async (_name, group, command) => {
    for (const [verb, tool] of Object.entries(group.verbs)) {
      const help = capture();
      expect(await command([verb, '--help'], help.io), verb).toBe(0);
      // A person's summary first (#25), never the tool's name or description (the model's contract).
      expect(help.out()).toMatch(new RegExp(`^[^\\n]+\\n(?:[^\\n]+\\n)?usage: butler ${group.name} ${verb}\\b`));
      expect(help.out(), verb).not.toContain(tool.name);
      const bad = capture();
      expect(await command([verb, '--not-a-flag'], bad.io), verb).toBe(2);
      expect(bad.err()).toMatch(
        new RegExp(
          `^butler ${group.name} ${verb}: unknown flag --not-a-flag\\n  butler ${group.name} ${verb} --help lists its options\\.\\n$`,
        ),
      );
    }
  });

  it.each(GROUPS)('the verbs of `butler %s` are the MCP tools of that group, by the same definition', (_name, group, _command, mcp) => {
    const viaCli = Object.values(group.verbs).map((t) => t.name);
    for (const tool of Object.values(group.verbs)) {
      if (CLI_ONLY.includes(tool.name)) continue;
      expect(
        mcp.find((t) => t.name === tool.name),
        tool.name,
      ).toBe(tool);
    }
    expect(mcp.map((t) => t.name).filter((n) => !viaCli.includes(n))).toEqual(mcp.map((t) => t.name).filter((n) => NO_VERB.includes(n)));
  });

  it.each(GROUPS)('every argument of a `butler %s` tool is the flag of the same name', (_name, group) => {
    for (const tool of Object.values(group.verbs)) {
      const flags = cliFlags(tool);
      for (const key of Object.keys(tool.config.inputSchema.shape)) expect(flags.get(kebab(key)), `${tool.name}.${key}`).toBe(key);
      // Every other spelling fills an argument the tool has (or `--issue`, the call's default issue).
      for (const [flag, arg] of flags)
        if (arg !== null) expect(Object.keys(tool.config.inputSchema.shape), `${tool.name} --${flag}`).toContain(arg);
    }
  });

  it('the top-level usage lists exactly the verbs of each group', () => {
    for (const [, group] of GROUPS) {
      const line = new RegExp(`butler ${group.name} ([a-z|-]+)`).exec(usage(RUNTIME))?.[1];
      expect(line?.split('|').sort(), group.name).toEqual([...Object.keys(group.verbs), ...DIRECT[group.name]!].sort());
    }
  });
});

describe('older and shorter spellings still fill the tools’ arguments', () => {
  const verb = (group: CliGroup, name: string) => group.verbs[name]!;
  const args = (tool: ToolDef, values: Record<string, string | boolean | string[]>, positionals: string[] = [], slots: string[] = []) =>
    // `typed` (the flag each argument came from, for error messages) is pinned in walkthrough3.test.ts.
    toolArgs(tool, values, positionals, slots, capture().io).then(({ typed: _typed, ...rest }) => rest);

  it('work: --full, --record, -n, --issue (list), --no-issue; --issue on a tool without one is the call’s default issue', async () => {
    expect((await args(verb(workGroup, 'diff'), { full: true, record: ['abc1'] })).args).toEqual({
      level: 'full',
      record_id: 'abc1',
    });
    expect((await args(verb(workGroup, 'history'), { n: ['3'] })).args).toEqual({ n: 3 });
    expect((await args(verb(workGroup, 'record'), { message: ['m'], issue: ['4', '5'] })).args).toEqual({
      message: 'm',
      issue_ids: [4, 5],
    });
    expect((await args(verb(workGroup, 'record'), { message: ['m'], 'no-issue': true })).args).toEqual({
      message: 'm',
      issue_ids: [],
    });
    expect(await args(verb(workGroup, 'observe'), { issue: ['7'] })).toEqual({ args: {}, defaultIssue: 7 });
    await expect(args(verb(workGroup, 'diff'), { full: true, level: ['stat'] })).rejects.toThrow('both give level');
    await expect(args(verb(workGroup, 'observe'), { issue: ['0'] })).rejects.toThrow('--issue must be a positive number, got "0"');
  });

  it('issue: ids by position, --issue, --comments, --label, --body-file (- is stdin)', async () => {
    const slots = issueGroup.positionals!;
    expect((await args(verb(issueGroup, 'delete-comment'), { reason: ['r'] }, ['3', '9'], slots)).args).toEqual({
      issue_id: 3,
      comment_id: 9,
      reason: 'r',
    });
    expect((await args(verb(issueGroup, 'read'), { issue: ['3'], comments: ['2'] })).args).toEqual({
      issue_id: 3,
      last_n_comments: 2,
    });
    expect((await args(verb(issueGroup, 'create'), { title: ['t'], label: ['a', 'b'], 'body-file': ['-'] })).args).toEqual({
      title: 't',
      label_names: ['a', 'b'],
      body: 'from stdin',
    });
    await expect(args(verb(issueGroup, 'read'), {}, ['3', '4'], slots)).rejects.toThrow('unexpected argument "4"');
    await expect(args(verb(issueGroup, 'comment'), { 'body-file': ['/nonexistent/b.md'] }, ['1'], slots)).rejects.toThrow(
      '--body-file: cannot read',
    );
  });

  it('handover: --id, --target, --source, --from, --to, --session-log, and the id by position', async () => {
    expect(
      (
        await args(verb(handoverGroup, 'list'), {
          target: ['b'],
          source: ['a'],
          from: ['2026-01-01'],
          to: ['2026-02-01'],
          limit: ['5'],
        })
      ).args,
    ).toEqual({
      target_brain: 'b',
      source_brain: 'a',
      created_from: '2026-01-01',
      created_to: '2026-02-01',
      limit: 5,
    });
    expect((await args(verb(handoverGroup, 'suspend'), { 'session-log': ['/x.jsonl'], share: true })).args).toEqual({
      session_log_path: '/x.jsonl',
      share: true,
    });
    expect((await args(verb(handoverGroup, 'read'), {}, ['project-20260101T000000Z-x'], handoverGroup.positionals)).args).toEqual({
      handover_id: 'project-20260101T000000Z-x',
    });
    expect((await args(verb(handoverGroup, 'read'), { id: ['h'] })).args).toEqual({ handover_id: 'h' });
  });
});

describe('the CLI connection keeps what its tools change', () => {
  it('issue close on the default issue clears it for the next command, as issue_close does for a connection', async () => {
    const { root } = makeRepo({ withRemote: true });
    seedIssue(root, 5);
    const run = async (...argv: string[]) => {
      const c = capture(root);
      const code = await runCli([...argv, '--json'], c.io);
      return { code, data: JSON.parse(c.out() || c.err()).data };
    };
    expect((await run('work', 'start', '--issue', '5')).code).toBe(0);
    // A one-off --issue is this call's default issue and is not kept.
    expect((await run('work', 'observe', '--issue', '6')).data.default_issue).toBe(6);
    expect((await run('work', 'observe')).data.default_issue).toBe(5);
    write(root, 'a.txt', 'a\n');
    expect((await run('issue', 'close', '5')).data.default_issue).toBeNull();
    expect((await run('work', 'observe')).data.default_issue).toBeNull();
  });
});
