// The limits on a config's extra redaction patterns, with fixed expectations (issue #27).
import { describe, expect, it } from 'vitest';
import { compileExtraPatterns, makeRedactor } from '../../src/shared/redact.js';

describe('redact.patterns limits', () => {
  it('takes a pattern of up to 1,000 characters and skips a longer one', () => {
    const ok = `Z${'x?'.repeat(499)}Q`.slice(0, 1000);
    expect(ok).toHaveLength(1000);
    expect(compileExtraPatterns([ok])).toHaveLength(1);
    expect(compileExtraPatterns([`${ok}Q`])).toHaveLength(0);
  });

  it('skips what is not a string or is empty, keeping the rest in order', () => {
    const res = compileExtraPatterns([42, null, '', 'ZED-\\d+', { source: 'x' }, 'ACME'] as unknown as string[]);
    expect(res.map((r) => r.source)).toEqual(['ZED-\\d+', 'ACME']);
    // Global, on V8's linear-time engine (the 'l' flag): a pattern from the repository cannot hang anything.
    expect(res.every((r) => r.flags === 'gl')).toBe(true);
    expect(makeRedactor(['ZED-\\d+'])('a ZED-1 b ZED-22')).toBe('a [REDACTED:custom] b [REDACTED:custom]');
  });
});
