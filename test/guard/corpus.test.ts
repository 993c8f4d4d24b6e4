import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARD, decide, inspect } from '../../src/guard/decide.js';
import { ALLOW } from './corpus-allow.js';
import { DENY } from './corpus-deny.js';
import { FAIL_CLOSED } from './corpus-fail-closed.js';
import { FAMILIES_ALLOW, FAMILIES_DENY } from './corpus-families.js';
import { GENERATED } from './corpus-generated.js';
import { HARMLESS } from './corpus-harmless.js';

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

describe('guard corpus: denied by rule (fail closed), each with the rule its reason names', () => {
  it.each(FAIL_CLOSED)('$name', ({ cmd, rule }) => {
    const d = decide(inspect(cmd), DEFAULT_GUARD);
    expect(d.action).toBe('deny');
    expect('reason' in d ? d.reason : '').toContain(rule);
  });
});

describe('guard corpus: 640 generated spellings and 500+ everyday commands', () => {
  it('denies every generated row, naming the tool where the spelling keeps the subcommand', () => {
    const wrong = GENERATED.flatMap((r) => {
      const d = decide(inspect(r.cmd), DEFAULT_GUARD);
      if (d.action !== 'deny') return [`${r.cmd}: allowed`];
      return r.tool && !d.reason.includes(r.tool) ? [`${r.cmd}: ${d.reason}`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('allows every everyday command', () => {
    expect(HARMLESS.filter((c) => decide(inspect(c), DEFAULT_GUARD).action !== 'allow')).toEqual([]);
  });
});
