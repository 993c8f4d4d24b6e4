import { describe, expect, it } from 'vitest';
import { decide, DEFAULT_GUARD, type GuardConfig, inspect } from '../../src/guard/decide.js';
import { BUTLER_TOOL, gitSubcommand, toolFor } from '../../src/guard/git.js';

const block = (cmd: string, config: GuardConfig = DEFAULT_GUARD) => decide(inspect(cmd), config);
const reasonOf = (cmd: string, config?: GuardConfig) => {
  const d = block(cmd, config);
  if (d.action === 'allow') throw new Error(`allowed: ${cmd}`);
  return d.reason;
};

describe('tool mapping', () => {
  it.each([
    ['status', 'work_observe'],
    ['diff', 'work_diff'],
    ['log', 'work_history'],
    ['show', 'work_history'],
    ['blame', 'work_history'],
    ['add', 'work_record'],
    ['commit', 'work_record'],
    ['push', 'work_publish'],
    ['fetch', 'work_sync'],
    ['pull', 'work_sync'],
  ])('git %s -> %s', (sub, tool) => {
    expect(toolFor(sub)).toBe(tool);
    const reason = reasonOf(`git ${sub}`);
    expect(reason).toContain(`${tool} for git ${sub}`);
    expect(reason).not.toContain('ask the user');
  });

  it.each(['log', 'show', 'blame'])('git %s also points at work_diff with record_id', (sub) => {
    expect(reasonOf(`git ${sub}`)).toContain('work_diff with record_id for one record');
  });

  it('git pull --rebase also maps to work_sync', () => {
    expect(reasonOf('git pull --rebase origin main')).toBe(
      'Raw git is blocked by Butler. Use the butler MCP tools instead: work_sync for git pull',
    );
  });

  it.each(['rebase', 'stash', 'checkout', 'reset', 'rev-parse'])('git %s has no Butler equivalent', (sub) => {
    const reason = reasonOf(`git ${sub}`);
    expect(reason).toBe(`Raw git is blocked by Butler. git ${sub} has no Butler equivalent: ask the user`);
  });

  it('maps only the ten subcommands of the design and issue #12', () => {
    expect(Object.keys(BUTLER_TOOL).sort()).toEqual(['add', 'blame', 'commit', 'diff', 'fetch', 'log', 'pull', 'push', 'show', 'status']);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('does not map the object key %s', (sub) => {
    expect(toolFor(sub)).toBeNull();
  });

  it('pins the reason for a git pipeline', () => {
    expect(reasonOf('cd x && git log --oneline | head')).toBe(
      'Raw git is blocked by Butler. Use the butler MCP tools instead: work_history for git log (work_diff with record_id for one record)',
    );
  });

  it('groups several invocations by tool, once each', () => {
    expect(reasonOf('git add a && git add b && git commit -m x && git push && git rebase main')).toBe(
      'Raw git is blocked by Butler. Use the butler MCP tools instead: work_record for git add, git commit; work_publish for git push. git rebase has no Butler equivalent: ask the user',
    );
  });

  it('names bare and computed invocations', () => {
    expect(reasonOf('git --version')).toContain('bare git has no Butler equivalent');
    expect(reasonOf('git $sub')).toContain('git with a computed subcommand has no Butler equivalent');
  });

  it('keeps every reason short', () => {
    const many = Array.from({ length: 30 }, (_, i) => `git sub${i}`).join('; ');
    expect(reasonOf(many).length).toBeLessThan(200);
    expect(reasonOf('git add . && git commit && git push && git status && git diff && git log').length).toBeLessThan(400);
  });
});

describe('git global options', () => {
  it.each([
    [['-C', 'dir', 'log'], 'log'],
    [['--no-pager', '-c', 'a=b', '--git-dir=.git', 'show'], 'show'],
    [['--exec-path'], ''],
    [['--exec-path', 'status'], ''],
    [['--exec-path=/x', 'status'], 'status'],
    [['--work-tree', 'w', '--namespace', 'n', 'push'], 'push'],
    [[], ''],
  ])('%j -> %j', (args, sub) => {
    expect(gitSubcommand(args)).toBe(sub);
  });
});

describe('config', () => {
  it('allows the subcommands in guard.allow and still blocks the others', () => {
    const config: GuardConfig = { allow: ['fetch', 'lfs'], mode: 'block' };
    expect(block('git fetch', config)).toEqual({ action: 'allow' });
    expect(block('git-lfs pull', config)).toEqual({ action: 'allow' });
    expect(reasonOf('git fetch && git push', config)).toBe(
      'Raw git is blocked by Butler. Use the butler MCP tools instead: work_publish for git push',
    );
  });

  it('never allows a computed subcommand through the allow list', () => {
    expect(block('git $x', { allow: ['fetch'], mode: 'block' }).action).toBe('deny');
  });

  it('warn mode reports without blocking', () => {
    const d = block('git log', { allow: [], mode: 'warn' });
    expect(d).toEqual({
      action: 'warn',
      reason:
        'Raw git detected (Butler guard in warn mode: it runs). Use the butler MCP tools instead: work_history for git log (work_diff with record_id for one record)',
    });
  });

  it('off mode allows everything, even unparseable git', () => {
    expect(block('git status', { allow: [], mode: 'off' })).toEqual({ action: 'allow' });
    expect(block('git status "', { allow: [], mode: 'off' })).toEqual({ action: 'allow' });
  });
});

describe('unparseable commands', () => {
  it('denies with an explanation when the text names git', () => {
    expect(block('git log "unterminated')).toEqual({
      action: 'deny',
      reason:
        'Raw git is blocked by Butler. This command mentions git and could not be parsed (unterminated double quote). Use the butler MCP tools (work_observe, work_diff, work_history, work_record, work_publish, work_sync) or simplify the command',
    });
  });

  it.each([
    ['a path with .git', 'cat .gitignore "'],
    ['a ~/git path', "ls ~/git/x '"],
    ['no git at all', 'echo $(('],
  ])('allows %s', (_name, cmd) => {
    expect(block(cmd)).toEqual({ action: 'allow' });
  });

  it('treats too deep nesting as unparseable', () => {
    let cmd = 'git status';
    for (let i = 0; i < 14; i++) cmd = `bash -c ${JSON.stringify(cmd)}`;
    expect(inspect(cmd).parseError).toMatch(/nested too deeply/);
    expect(block(cmd).action).toBe('deny');
  });

  it('treats a huge command as unparseable, quickly', () => {
    const cmd = `${'echo x; '.repeat(70_000)}git status`;
    const t = performance.now();
    expect(inspect(cmd).parseError).toMatch(/too long/);
    expect(performance.now() - t).toBeLessThan(2000);
  });
});
