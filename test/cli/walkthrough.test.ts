// Issue #25: findings of a newcomer walk-through (README and --help only), each through the real bundle.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, makeRepo } from '../helpers/repo.js';
import { BIN, pathWithoutButler } from '../helpers/person-cli.js';

function butler(cwd: string, args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    input: '',
    env: { PATH: pathWithoutButler(), HOME: cwd, LANG: 'C', BUTLER_LANG: 'en', USER: 'tester' },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('walk-through findings (spawned)', () => {
  it('12. butler --help names every client flag for install and uninstall, and share-preview among the handover verbs', () => {
    const { root } = makeRepo();
    const help = butler(root, ['--help']).out;
    expect(help).toContain('butler install [--claude] [--codex] [--gemini] [--project DIR]');
    expect(help).toContain('butler uninstall [--claude] [--codex] [--gemini] [--project DIR]');
    expect(help).toMatch(/butler handover \S*\|retire\|share-preview /);
  });

  it("13. a flag value starting with '-' gets one line of Butler's, not node's parser text, and exit 2", () => {
    const { root } = makeRepo();
    const r = butler(root, ['handover', 'list', '--limit', '-3']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'butler handover list: --limit got a value starting with "-": write it as --limit=VALUE\n  butler handover list --help lists its options.\n',
    );
    expect(r.err).not.toMatch(/ambiguous|XYZ/);
    // An option that has only a one-letter name (second walk-through: node's text, and its `--n=` advice).
    const h = butler(root, ['work', 'history', '-n', '-3']);
    expect(h.code).toBe(2);
    expect(h.err).toBe(
      'butler work history: -n got a value starting with "-": write it joined, as -nVALUE (e.g. -n-3)\n  butler work history --help lists its options.\n',
    );
    const ja = butler(root, ['work', 'history', '-n', '-3', '--lang', 'ja']);
    expect(ja.err).toContain('-n の値が "-" で始まっています');
  });

  it('15. the words people type for a verb lead to it: issue show → read, ls → list', () => {
    const { root } = makeRepo();
    expect(butler(root, ['issue', 'show', '1']).err).toContain('butler issue: unknown verb show; did you mean read?');
    expect(butler(root, ['issue', 'ls']).err).toContain('unknown verb ls; did you mean list?');
    expect(butler(root, ['work', 'show']).err).not.toContain('did you mean');
  });

  it('17. the command printed for the target of a transfer accepts as the target (--client)', () => {
    const { root } = makeRepo({ withRemote: true });
    expect(butler(root, ['install', '--claude', '--codex']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install');
    const r = butler(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codex']);
    expect(r.code).toBe(0);
    const line = r.out.split('\n').find((l) => l.startsWith('  for the target: ')) ?? '';
    expect(line).toMatch(/^ {2}for the target: butler handover accept \S+ --client codex-mcp-client {3}\(/);
    // Run as printed, it accepts: the snapshot is the target's, and a second accept finds nothing new.
    const accept = butler(root, line.replace('  for the target: butler ', '').split('   (')[0]!.split(' '));
    expect(accept.code).toBe(0);
    expect(accept.out).toMatch(/^✓/);
  });

  it('14. uninstall says what to commit, and a second one says Butler is not installed rather than "up to date"', () => {
    const { root } = makeRepo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install');
    const first = butler(root, ['uninstall']);
    expect(first.code).toBe(0);
    const note = /^note: Commit the removal of (.*) so every clone loses them too: (.*)$/m.exec(first.out);
    expect(note?.[1]?.split(', ').sort()).toEqual(['.butler/bin/', '.claude/settings.json', '.mcp.json', 'CLAUDE.md']);
    // The runtime just removed, and `work record` would record every change: plain git, of these paths only (walk-through 10).
    expect(note?.[2]).toBe('git commit -m "Remove Butler" -- .butler/bin/ .claude/settings.json .mcp.json CLAUDE.md, then git push.');
    const again = butler(root, ['uninstall']);
    expect(again.out).toContain('  nothing to do: Butler is not installed here\n');
    expect(again.out).not.toMatch(/up to date|Commit the removal/);
  });

  it('7. a next: line after a failure names the part that was missing, and run with it the command works', () => {
    const { root } = makeRepo();
    expect(butler(root, ['install', '--claude', '--codex']).code).toBe(0);
    const create = butler(root, ['issue', 'create', '--title', 'Add greeting']);
    expect(create.code).toBe(3);
    expect(create.out).toContain("\n  next: butler issue create --title 'Add greeting' --body-file FILE   (");
    const transfer = butler(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codx']);
    expect(transfer.code).toBe(2);
    // A usage error (walk-through 7): the line names the known brains, then where the options are listed.
    expect(transfer.err).toBe(
      'butler handover transfer: --target codx names no brain here; did you mean codex-mcp-client? (known: claude-code, codex-mcp-client)\n' +
        '  butler handover transfer --help lists its options.\n',
    );
    // The placeholder filled in, the printed command runs.
    writeFileSync(path.join(root, 'body.md'), '## Current state\nnone yet\n\n## Next\ngreet\n\n## Blockers\nnone\n');
    const again = butler(root, ['issue', 'create', '--title', 'Add greeting', '--body-file', 'body.md']);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^✓/);
  });

  it('16. resume suggests `work start --issue N` only while #N is not already the default issue', () => {
    const { root } = makeRepo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    writeFileSync(path.join(root, 'body.md'), '## Current state\nx\n\n## Next\ny\n\n## Blockers\nnone\n');
    expect(butler(root, ['issue', 'create', '--title', 'Greet', '--body-file', 'body.md']).code).toBe(0);
    expect(butler(root, ['handover', 'suspend', '--client', 'claude-code', '--issue', '1']).code).toBe(0);
    const before = butler(root, ['handover', 'resume', '--client', 'claude-code']);
    expect(before.out).toMatch(/^ {2}next: butler work start --issue 1 {3}\(/m);
    expect(butler(root, ['work', 'start', '--issue', '1']).code).toBe(0);
    const after = butler(root, ['handover', 'resume', '--client', 'claude-code']);
    expect(after.code).toBe(0);
    expect(after.out).toMatch(/^ {2}next: butler work observe {3}\(/m);
    // The snapshot's sections quote what its author was told then; the steps no longer suggest it.
    expect(after.out).not.toMatch(/^ {2}(next|if you want): .*work start/m);
  });

  it('9. what the CLI prints for a person speaks to the person, with --json too (the tool speaks to its audience)', () => {
    const { root } = makeRepo({ withRemote: true });
    expect(butler(root, ['install', '--claude', '--codex']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install');
    const client = butler(root, ['handover', 'suspend', '--client', 'clade']);
    expect(client.err).toContain(
      'butler handover suspend: --client clade names no brain here; did you mean claude-code? (known: claude-code, codex-mcp-client)\n',
    );
    // A usage error, with --json too (walk-through 7): the error object, in the person's words (docs/decisions.md D37).
    const json = JSON.parse(butler(root, ['handover', 'suspend', '--client', 'clade', '--json']).out);
    expect(json).toMatchObject({ status: 'error', error_code: 'invalid_argument', data: { usage: true } });
    expect(json.summary).toBe('--client clade names no brain here; did you mean claude-code? (known: claude-code, codex-mcp-client)');
    const target = butler(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codx']);
    expect(target.err).toContain(
      'butler handover transfer: --target codx names no brain here; did you mean codex-mcp-client? (known: claude-code, codex-mcp-client)\n',
    );
    const share = butler(root, ['handover', 'suspend', '--client', 'claude-code', '--share']);
    const id = /ID: (\S+)/.exec(share.out)?.[1];
    expect(share.out).toContain(
      `? Saved, not shared: the first share from this clone needs your OK. Run \`butler handover share-preview ${id}\`: it shows exactly what would be pushed and asks you.\n`,
    );
    // The resume prompt stays the agent's, said to be for the agent.
    expect(share.out).toContain(
      '\n  The text the agent that continues gets (give it as it is; its calls are the agent’s tools, not commands for you):\n    Work state of project',
    );
    for (const r of [client.err, target.err, share.out])
      expect(r).not.toMatch(/Ask the user|the connection names you|You cannot allow|Show the user/);
  });

  it('10. one exit code a situation: a --client or --target naming no brain 2, a person-only verb without a terminal 3', () => {
    const { root } = makeRepo({ withRemote: true });
    expect(butler(root, ['install', '--claude', '--codex']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install');
    expect(butler(root, ['handover', 'suspend', '--client', 'clade']).code).toBe(2);
    expect(butler(root, ['handover', 'suspend', '--client', 'clade', '--json']).code).toBe(2);
    expect(butler(root, ['handover', 'transfer', '--client', 'claude-code', '--target', 'codx']).code).toBe(2);
    expect(butler(root, ['handover', 'suspend', '--client', 'claude-code', '--share']).code).toBe(3);
    const preview = butler(root, ['handover', 'share-preview']);
    expect(preview.out).toContain('? Allowing shares needs a person at a terminal (no TTY here); nothing allowed, nothing shared\n');
    expect(preview.code).toBe(3);
    expect(butler(root, ['guard', 'mode', 'warn']).code).toBe(3);
    expect(butler(root, ['issue', 'approve-url', 'https://tracker.example.com']).code).toBe(3);
    // Nothing was allowed: the remote has no handover ref.
    expect(git(root, 'ls-remote', 'origin', 'refs/butler/*')).toBe('');
  });

  it('10. outside a git repository, handover and work verbs exit 2 with the words install uses', () => {
    const { root } = makeRepo();
    const outside = path.dirname(root);
    const install = butler(outside, ['install', '--claude']);
    expect(install.code).toBe(2);
    for (const args of [
      ['handover', 'list'],
      ['work', 'observe'],
    ]) {
      const r = butler(outside, args);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`butler ${args.join(' ')}: ${outside} is not in a git repository: run \`git init\` there first`);
    }
  });

  it('9. a snapshot to pick is the person\'s pick at a terminal, not "the user\'s"', () => {
    const { root } = makeRepo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    writeFileSync(path.join(root, 'body.md'), '## Current state\nx\n\n## Next\ny\n\n## Blockers\nnone\n');
    expect(butler(root, ['issue', 'create', '--title', 'Greet', '--body-file', 'body.md']).code).toBe(0);
    expect(butler(root, ['handover', 'suspend', '--client', 'claude-code']).code).toBe(0);
    expect(butler(root, ['handover', 'suspend', '--client', 'claude-code', '--issue', '1']).code).toBe(0);
    const r = butler(root, ['handover', 'resume', '--client', 'claude-code']);
    expect(r.out).toContain('  next: butler handover resume HANDOVER_ID   (with the id of the snapshot you pick from the list)\n');
    expect(r.out).not.toContain('the user picks');
    const json = JSON.parse(butler(root, ['handover', 'resume', '--client', 'claude-code', '--json']).out);
    expect(json.data.suggested_action).toMatchObject({
      tool: 'handover_resume',
      reason: 'with the id of the snapshot you pick from the list',
    });
  });
});
