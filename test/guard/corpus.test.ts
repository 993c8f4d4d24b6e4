import { describe, expect, it } from 'vitest';
import { inspect } from '../../src/guard/decide.js';
import { ALLOW } from './corpus-allow.js';
import { DENY } from './corpus-deny.js';
import { FAMILIES_ALLOW, FAMILIES_DENY } from './corpus-families.js';

describe('guard corpus: git that would run', () => {
  it.each([...DENY, ...FAMILIES_DENY])('$name', ({ cmd, subs }) => {
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
  it.each([...ALLOW, ...FAMILIES_ALLOW])('$name', ({ cmd }) => {
    const ins = inspect(cmd);
    expect({ uses: ins.uses, parseError: ins.parseError }).toEqual({ uses: [], parseError: null });
  });
});

describe('guard corpus: size', () => {
  it('has at least 300 named rows, with unique names', () => {
    const names = [...DENY, ...ALLOW, ...FAMILIES_DENY, ...FAMILIES_ALLOW].map((r) => r.name);
    expect(names.length).toBeGreaterThanOrEqual(300);
    expect(new Set(names).size).toBe(names.length);
  });
});
