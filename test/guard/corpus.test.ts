import { describe, expect, it } from 'vitest';
import { inspect } from '../../src/guard/decide.js';
import { ALLOW } from './corpus-allow.js';
import { DENY } from './corpus-deny.js';

describe('guard corpus: git that would run', () => {
  it.each(DENY)('$name', ({ cmd, subs }) => {
    const ins = inspect(cmd);
    if (subs === 'parse') {
      expect(ins.parseError).not.toBeNull();
    } else {
      expect(ins.parseError).toBeNull();
      expect(ins.uses.map((u) => u.sub)).toEqual(subs);
    }
  });
});

describe('guard corpus: git as data', () => {
  it.each(ALLOW)('$name', ({ cmd }) => {
    expect(inspect(cmd)).toEqual({ uses: [], parseError: null });
  });
});

describe('guard corpus: size', () => {
  it('has at least 150 named rows, with unique names', () => {
    const names = [...DENY, ...ALLOW].map((r) => r.name);
    expect(names.length).toBeGreaterThanOrEqual(150);
    expect(new Set(names).size).toBe(names.length);
  });
});
