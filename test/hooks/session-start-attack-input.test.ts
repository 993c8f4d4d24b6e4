// Attacks on the installed SessionStart command through its input and its vendored script (docs/decisions.md
// D34, D40): what the script hands to Node in a here-document (a line `EOF`, `$(...)`, backticks), a huge
// input, one that never closes, NUL bytes, a duplicate `cwd`, a compact start without its memo; and the
// script altered next to the SHA-256 the command carries. Each runs the INSTALLED command of every client
// (`sh -c`, as the clients run it): exit 0, fast, the clean answer or Node's, nothing run from the input.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BRAINS, command, gitDir, project, queued, removeProjects, suspend, type Client } from './session-start-helpers.js';

const outside = mkdtempSync(path.join(os.tmpdir(), 'butler-attack-in-'));
afterAll(() => {
  removeProjects();
  rmSync(outside, { recursive: true, force: true });
});

const fields = (root: string, session: string, more: Record<string, unknown> = {}) => ({
  session_id: session,
  transcript_path: null,
  cwd: root,
  hook_event_name: 'SessionStart',
  source: 'startup',
  ...more,
});
const input = (root: string, session: string, more: Record<string, unknown> = {}) => JSON.stringify(fields(root, session, more));
const env = (root: string) => ({ ...process.env, CLAUDE_PROJECT_DIR: root, BUTLER_LANG: '' });

/** The installed command of `c` as its client runs it, killed at 10 s (which fails the test). */
function run(root: string, c: Client, stdin: string | Buffer) {
  const before = queued(root).split('\n').length;
  const t0 = Date.now();
  const r = spawnSync('sh', ['-c', command(root, c)], { cwd: root, input: stdin, env: env(root), encoding: 'utf8', timeout: 10_000 });
  expect([r.status, r.signal]).toEqual([0, null]);
  expect(Date.now() - t0).toBeLessThan(5_000);
  return { out: r.stdout, shell: queued(root).split('\n').length > before };
}

/** A project with one snapshot of `c`'s brain; its start memo written by Node, then answered by the shell. */
function primed(c: Client): { root: string; clean: string } {
  const root = project();
  suspend(root, '--client', BRAINS[c], '--notes', 'clean work\nnext: step two');
  const first = run(root, c, input(root, 's1'));
  expect(first.out).toContain('clean work');
  expect(run(root, c, input(root, 's1'))).toEqual({ out: first.out, shell: true });
  return { root, clean: first.out };
}

describe.each(['claude', 'codex', 'gemini'] as const)('hostile input to the installed SessionStart command (%s)', (c) => {
  it('a line EOF, $(...) and backticks in the input or its values: nothing runs, the answer is the clean one', () => {
    const { root, clean } = primed(c);
    const pwned = path.join(root, 'pwned');
    const evil = `$(touch ${pwned}) \`touch ${pwned}\``;
    // The object then more lines: the shell answers from the first complete line.
    expect(run(root, c, `${input(root, 's1')}\nEOF\n${evil}\nEOF\n`).out).toBe(clean);
    // A backslash sends the input to Node through the here-document: its EOF line and the rest stay data
    // (not JSON for Node: no answer).
    const viaNode = `{"session_id":"s1","transcript_path":null,"cwd":"${root}","x":"a\\\\b","source":"startup"}\nEOF\n${evil}\n`;
    expect(run(root, c, viaNode)).toEqual({ out: '', shell: false });
    expect(run(root, c, viaNode.slice(0, viaNode.indexOf('\n'))).out).toBe(clean);
    // (A source of more than 40 characters is Node's: this one, run from the project, would write `pwned` there.)
    const short = '$(touch pwned) `touch pwned`';
    // In the values: an id the shell leaves to Node, a transcript path and a source it queues as text.
    for (const [more, shell] of [
      [{ session_id: evil }, false],
      [{ transcript_path: evil }, true],
      [{ source: short }, true],
    ] as const)
      expect(run(root, c, input(root, 's1', more)), JSON.stringify(more)).toEqual({ out: clean, shell });
    expect(queued(root)).toContain(`\ts1\t${evil}\tstartup\n`);
    run(root, c, input(root, 's1', { source: 'compact' }));
    expect(existsSync(pwned)).toBe(false);
  });

  it('a huge input, NUL bytes, a duplicate cwd: the clean answer or none, as Node reads the input', () => {
    const { root, clean } = primed(c);
    expect(run(root, c, JSON.stringify({ pad: 'x'.repeat(70_000), ...fields(root, 's1') })).out).toBe(clean);
    expect(run(root, c, `${input(root, 's1')}${' '.repeat(70_000)}`).out).toBe(clean);
    // The first cwd elsewhere, the last the project: JSON keeps the last, so does the shell.
    const dup = (first: string, last: string) =>
      `{"cwd":"${first}","session_id":"s1","transcript_path":null,"hook_event_name":"SessionStart","source":"startup","cwd":"${last}"}`;
    expect(run(root, c, dup(outside, root))).toEqual({ out: clean, shell: true });
    expect(run(root, c, dup(root, outside)).out).toBe('');
    // NUL bytes: sh's read drops them (D40), so an id with one is answered as the id without it (Node would
    // refuse the JSON: the clients never send one raw); a cwd cut by one names no project: nothing.
    const nul = (from: string, to: string) => Buffer.from(input(root, 's1').replace(from, to));
    expect(run(root, c, nul('"s1"', '"s\u00001"'))).toEqual({ out: clean, shell: true });
    expect(run(root, c, Buffer.concat([Buffer.from('\0\0'), Buffer.from(input(root, 's1'))]))).toEqual({ out: clean, shell: true });
    expect(run(root, c, nul(`"cwd":"${root}"`, `"cwd":"${outside}\u0000${root}"`)).out).toBe('');
    expect(queued(root)).not.toContain('\0');
  });

  it('input that never closes: a whole object is answered at once, a cut one gets nothing within the deadline', async () => {
    const { root, clean } = primed(c);
    const open = (text: string) =>
      new Promise<{ out: string; code: number | null; ms: number }>((resolve) => {
        const t0 = Date.now();
        const p = spawn('sh', ['-c', command(root, c)], { cwd: root, env: env(root), stdio: ['pipe', 'pipe', 'ignore'] });
        let out = '';
        p.stdout.on('data', (d) => (out += d));
        const kill = setTimeout(() => p.kill('SIGKILL'), 8_000);
        p.on('close', (code) => {
          clearTimeout(kill);
          resolve({ out, code, ms: Date.now() - t0 });
          p.stdin.destroy();
        });
        p.stdin.write(text);
      });
    const whole = await open(`${input(root, 's1')}\n`);
    expect([whole.code, whole.out]).toEqual([0, clean]);
    expect(whole.ms).toBeLessThan(1_500);
    const cut = await open(input(root, 's1').slice(0, 40));
    expect([cut.code, cut.out]).toEqual([0, '']);
    expect(cut.ms).toBeLessThan(5_000);
  });

  it('a compact start with no compact memo: Node answers the short form, then the shell does', () => {
    const { root, clean } = primed(c);
    expect(existsSync(path.join(gitDir(root), `start-${BRAINS[c]}.compact`))).toBe(false);
    const compact = run(root, c, input(root, 's1', { source: 'compact' }));
    expect(compact.shell).toBe(false);
    expect(compact.out).not.toBe(clean);
    expect(compact.out).toMatch(/Butler handover project-\d{8}T\d{6}Z-/);
    expect(compact.out).not.toContain('Resume the work');
    expect(run(root, c, input(root, 's1', { source: 'compact' }))).toEqual({ out: compact.out, shell: true });
  });
});

describe('the vendored script next to the SHA-256 the installed command carries (D34, D40)', () => {
  it('appended to, CRLF, a link elsewhere: only the same bytes run; trailing newlines do not count', () => {
    const { root, clean } = primed('claude');
    const script = path.join(root, '.butler', 'bin', 'session-start.sh');
    const text = readFileSync(script, 'utf8');
    const pwned = path.join(root, 'pwned');
    const variants: [string, string, boolean][] = [
      ['appended line', `${text}touch ${pwned}\n`, false],
      ['appended without newline', `${text}touch ${pwned}`, false],
      ['prepended', `touch ${pwned}\n${text}`, false],
      ['CRLF', text.replace(/\n/g, '\r\n'), false],
      // `$(cat)` drops trailing newlines: the bytes that run are the same.
      ['two more newlines', `${text}\n\n`, true],
      ['no final newline', text.replace(/\n+$/, ''), true],
    ];
    for (const [what, body, shell] of variants) {
      writeFileSync(script, body);
      expect(run(root, 'claude', input(root, 's1')), what).toEqual({ out: clean, shell });
      expect(existsSync(pwned), what).toBe(false);
    }
    // A link to a copy elsewhere: the bytes read are checked, whatever the path; the copy altered, Node answers.
    const copy = path.join(outside, 'session-start.sh');
    writeFileSync(copy, text);
    rmSync(script);
    symlinkSync(copy, script);
    expect(run(root, 'claude', input(root, 's1'))).toEqual({ out: clean, shell: true });
    writeFileSync(copy, `${text}touch ${pwned}\n`);
    expect(run(root, 'claude', input(root, 's1'))).toEqual({ out: clean, shell: false });
    expect(existsSync(pwned)).toBe(false);
  });
});
