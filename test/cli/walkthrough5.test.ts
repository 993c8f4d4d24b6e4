// Newcomer walk-through 5 (#25): installed from a clone or a skill, no `butler` is on PATH, yet the hints
// said `butler …`; and `--path` in a subfolder was read from the project root ("no unrecorded changes"
// for a changed file). The real CLI, spawned as a person runs it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathFromHere } from '../../src/cli/person-paths.js';
import { asInvoked, invokedAs } from '../../src/cli/prog-name.js';
import { git, isolatedGitEnv } from '../helpers/repo.js';
import { butler, pathWithoutButler, tempRepos } from '../helpers/person-cli.js';

const { made, repo, withRemote } = tempRepos();

function installed() {
  const { root } = withRemote();
  expect(butler(root, ['install', '--claude', '--codex']).code).toBe(0);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'install');
  return root;
}

describe('the rules, on fixed inputs', () => {
  it('invokedAs: a copy run by path names itself, relative below the folder; butler on PATH or the package bin stay butler', () => {
    expect(invokedAs('/p/.butler/bin/butler.mjs', '/p', false)).toBe('node .butler/bin/butler.mjs');
    expect(invokedAs('/p/.butler/bin/butler.mjs', '/p/sub/deep', false)).toBe('node /p/.butler/bin/butler.mjs');
    expect(invokedAs('.butler/bin/butler.mjs', '/p', false)).toBe('node .butler/bin/butler.mjs');
    expect(invokedAs('/p/.claude/skills/butler/scripts/butler.mjs', '/p', false)).toBe('node .claude/skills/butler/scripts/butler.mjs');
    expect(invokedAs('/my dir/.butler/bin/butler.mjs', '/elsewhere', false)).toBe("node '/my dir/.butler/bin/butler.mjs'");
    expect(invokedAs('/p/.butler/bin/butler.mjs', '/p', true)).toBe('butler');
    expect(invokedAs('/usr/lib/node_modules/agent-butler/hooks/butler.mjs', '/p', false)).toBe('butler');
    expect(invokedAs('/a"b/.butler/bin/butler.mjs', '/p', false)).toBe('butler');
    expect(invokedAs(undefined, '/p', false)).toBe('butler');
  });

  it('asInvoked: every butler <verb> hint, and nothing else', () => {
    const prog = 'node .butler/bin/butler.mjs';
    expect(asInvoked('next: butler work publish\n', prog)).toBe(`next: ${prog} work publish\n`);
    expect(asInvoked('{"hint":"butler issue list"}', prog)).toBe(`{"hint":"${prog} issue list"}`);
    expect(asInvoked('Run `butler handover share-preview` (or butler --help).', prog)).toBe(
      `Run \`${prog} handover share-preview\` (or ${prog} --help).`,
    );
    for (const same of ['Butler is not installed', 'the butler skill', 'butler.mjs work', 'mybutler work', 'butler workshop'])
      expect(asInvoked(same, prog)).toBe(same);
    expect(asInvoked('next: butler work publish', 'butler')).toBe('next: butler work publish');
  });

  it('pathFromHere: from a subfolder the path is the person’s; from outside the project it is the project’s', () => {
    expect(pathFromHere({ path: 'body.md' }, '/p/sub/deep', '/p')).toEqual({ path: 'sub/deep/body.md' });
    expect(pathFromHere({ path: '../../greet.js' }, '/p/sub/deep', '/p')).toEqual({ path: 'greet.js' });
    expect(pathFromHere({ path: '.' }, '/p/sub', '/p')).toEqual({ path: 'sub' });
    expect(pathFromHere({ path: '..' }, '/p/sub', '/p')).toEqual({ path: '.' });
    expect(pathFromHere({ path: 'src/a.ts' }, '/elsewhere', '/p')).toEqual({ path: 'src/a.ts' });
    expect(pathFromHere({ path: '/p/x' }, '/p/sub', '/p')).toEqual({ path: '/p/x' });
    expect(pathFromHere({ n: 3 }, '/p/sub', '/p')).toEqual({ n: 3 });
  });
});

describe('through the installed vendored CLI', () => {
  it('from a subfolder: --path is where the person stands, and each hint is the command they ran', () => {
    const root = installed();
    const deep = path.join(root, 'sub', 'deep');
    mkdirSync(deep, { recursive: true });
    writeFileSync(path.join(root, 'greet.js'), 'hi\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'greet');
    writeFileSync(path.join(deep, 'body.md'), 'text\n');
    writeFileSync(path.join(root, 'greet.js'), 'hello\n');
    const bin = path.join(root, '.butler', 'bin', 'butler.mjs');
    const diff = butler(deep, ['work', 'diff', '--path', 'body.md', '--json'], { bin }).json();
    expect(JSON.stringify(diff.data)).toContain('sub/deep/body.md');
    expect(diff.summary).not.toMatch(/no unrecorded/i);
    const hist = butler(deep, ['work', 'history', '--path', '../../greet.js'], { bin });
    expect(hist.code).toBe(0);
    expect(hist.out).toContain('greet');
    const rel = butler(root, ['work', 'record', '-m', 'body and greeting'], { bin });
    expect(rel.code).toBe(0);
    expect(rel.out).toContain('node .butler/bin/butler.mjs work publish');
    expect(rel.out).not.toMatch(/(^|\s)butler work/m);
    // A butler on PATH is what the hints name then.
    const onPath = path.join(path.dirname(root), 'bin');
    mkdirSync(onPath, { recursive: true });
    writeFileSync(path.join(onPath, 'butler'), '#!/bin/sh\n');
    chmodSync(path.join(onPath, 'butler'), 0o755);
    made(onPath);
    writeFileSync(path.join(root, 'greet.js'), 'hello again\n');
    const withPath = butler(root, ['work', 'record', '-m', 'again'], { bin, env: { PATH: `${onPath}:${process.env.PATH}` } });
    expect(withPath.out).toContain('butler work publish');
    expect(withPath.out).not.toContain('butler.mjs work publish');
  });

  it('hook output is left as it is (a client reads it, not a person)', () => {
    const root = repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    const bin = path.join(root, '.butler', 'bin', 'butler.mjs');
    const input = JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'butler guard mode off' },
      cwd: root,
    });
    const r = spawnSync(process.execPath, [bin, 'hook', 'pre-tool-use'], {
      cwd: root,
      input,
      encoding: 'utf8',
      env: { ...isolatedGitEnv(), PATH: pathWithoutButler() },
    });
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(
      /^`butler guard mode` changes what the Butler guard allows/,
    );
  });
});
