import { describe, expect, it } from 'vitest';
import { makeRedactor } from '../../src/shared/redact.js';

const redact = makeRedactor();
// Built at run time so no secret-shaped literal sits in the repository.
const rep = (c: string, n: number) => c.repeat(n);
const glpat = `glpat-${rep('xY3_', 5)}`;
const stripeLive = `sk_live_${rep('4eC39Hq', 4)}`;
const stripeRestricted = `rk_live_${rep('51Hb2', 5)}`;
const hf = `hf_${rep('AbCd3', 7)}`;
const shortProj = `sk-proj-${rep('a1', 4)}`;

describe('redaction: formats added for issue #10', () => {
  const cases: [string, string, string, string][] = [
    ['GitLab personal token', `export GL=${glpat}`, '[REDACTED:gitlab-token]', glpat],
    ['GitLab deploy token', `glpat and gldt-${rep('Q1w2', 6)}`, '[REDACTED:gitlab-token]', rep('Q1w2', 6)],
    ['Stripe live secret', `STRIPE=${stripeLive}`, '[REDACTED:stripe-key]', stripeLive],
    ['Stripe restricted key', `key ${stripeRestricted} end`, '[REDACTED:stripe-key]', stripeRestricted],
    ['Hugging Face token', `HF_TOKEN=${hf}`, '[REDACTED:huggingface-token]', hf],
    ['short sk-proj key', `OPENAI_API_KEY=${shortProj}`, '[REDACTED:openai-key]', shortProj],
    ['curl -u user:secret', 'curl -u bob:hunter2 https://api.test', 'curl -u bob:[REDACTED:secret] https://api.test', 'hunter2'],
    ['curl --user', 'curl -s --user admin:S3cr3t! https://x.test', '--user admin:[REDACTED:secret]', 'S3cr3t!'],
    ['curl -uuser:secret', 'curl -uadmin:pw12 https://x.test', '-uadmin:[REDACTED:secret]', 'pw12'],
    ['curl -u quoted', `curl -u "ci:tok-9x8y" https://x.test`, 'curl -u "ci:[REDACTED:secret]"', 'tok-9x8y'],
    ['curl --user=', 'curl --user=ci:abc123 https://x.test', '--user=ci:[REDACTED:secret]', 'abc123'],
  ];
  for (const [name, input, expected, secret] of cases) {
    it(name, () => {
      const out = redact(input);
      expect(out).toContain(expected);
      expect(out).not.toContain(secret);
    });
  }

  const keep = [
    'docker run -u 1000:1000 image',
    'git push -u origin main:main',
    'curl -u "$USER:$PASS" https://x.test',
    'curl -u bob: https://x.test (asks for the password)',
    'from huggingface_hub import hf_hub_download',
    'sk_live_ is the Stripe prefix for live keys',
    'tokens that start with glpat- are GitLab tokens',
    'sk-proj-<your key here>',
    'the rk_live_ prefix; pk_test_ too',
    'hf_transfer speeds up downloads',
  ];
  for (const text of keep) {
    it(`keeps: ${text}`, () => expect(redact(text)).toBe(text));
  }
});
