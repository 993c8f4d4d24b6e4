// Path confinement as a fixed table (issue #27): what a caller may name inside the project, and what
// escapes it. Written out here, not computed with path.relative as the code does.
import { describe, expect, it } from 'vitest';
import { confinePath, isInside, isNormalAbsolute, joinPlain, parentOf } from '../../src/shared/paths.js';

describe('isInside', () => {
  it.each([
    ['/p', '/p', true],
    ['/p', '/p/', true],
    ['/p', '/p/a/b', true],
    ['/p/', '/p/a', true],
    ['/p', '/p/a/../b', true],
    ['/p', '/p/a/../../p/c', true],
    ['/p', '/', false],
    ['/p', '/q', false],
    ['/p', '/pp', false],
    ['/p', '/p/..', false],
    ['/p', '/p/../q', false],
    ['/p/a', '/p', false],
  ])('%s holds %s: %s', (parent, child, expected) => {
    expect(isInside(parent, child)).toBe(expected);
  });
});

describe('confinePath', () => {
  it.each([
    ['a.txt', '/p/a.txt', 'a.txt'],
    ['./a/b.md', '/p/a/b.md', 'a/b.md'],
    ['a/../b', '/p/b', 'b'],
    ['.', '/p', ''],
    ['/p/x/y', '/p/x/y', 'x/y'],
  ])('%s → %s (%s)', (input, abs, rel) => {
    expect(confinePath('/p', input)).toEqual({ abs, rel });
  });

  it.each(['..', '../q', 'a/../../q', '/etc/passwd', '/pp/x', '/'])('refuses %s, naming the argument', (input) => {
    expect(() => confinePath('/p', input, 'session_log_path')).toThrow(
      expect.objectContaining({ code: 'invalid_argument', message: 'session_log_path leaves the project folder' }),
    );
  });

  it('refuses a NUL byte', () => {
    expect(() => confinePath('/p', 'a\0b')).toThrow(
      expect.objectContaining({ code: 'invalid_argument', message: 'path contains a NUL byte' }),
    );
  });
});

// The hooks join by concatenation only where path.join would give the same text (src/shared/paths.ts).
describe('joinPlain', () => {
  it.each([
    [['/p', '.git'], '/p/.git'],
    [['/p/q', 'session_logs/handover', 'index.json'], '/p/q/session_logs/handover/index.json'],
    [['/p', '..x', 'a.b'], '/p/..x/a.b'],
    [['/', 'a'], '/a'],
    [['/p/', 'a'], '/p/a'],
    [['/p//q', 'a'], '/p/q/a'],
    [['/p/./q', 'a'], '/p/q/a'],
    [['/p/q/..', 'a'], '/p/a'],
    [['/p', '../a'], '/a'],
    [['/p', 'a/./b'], '/p/a/b'],
    [['/p', 'a//b'], '/p/a/b'],
    [['/p', ''], '/p'],
    [['/p', '.'], '/p'],
    [['/p', 'a/'], '/p/a/'],
    [['p', 'a'], 'p/a'],
  ])('%j: %s', (parts, expected) => {
    expect(joinPlain(parts[0]!, ...parts.slice(1))).toBe(expected);
  });

  it.each([
    ['/p/q', true],
    ['/p/.q', true],
    ['/', false],
    ['/p/', false],
    ['/p//q', false],
    ['/p/./q', false],
    ['/p/..', false],
    ['/p/.', false],
    ['p/q', false],
  ])('%s is in normal form: %s', (p, expected) => {
    expect(isNormalAbsolute(p)).toBe(expected);
  });

  it.each([
    ['/p/.git/butler/x', '/p/.git/butler'],
    ['/p/x/../y', '/p'],
    ['/p/x/', '/p'],
    ['/x', '/'],
  ])('the folder of %s is %s', (file, expected) => {
    expect(parentOf(file)).toBe(expected);
  });
});
