import { describe, expect, it } from 'vitest';
import { compileExtraPatterns, makeRedactor } from '../../src/shared/redact.js';

const redact = makeRedactor();
// Built at run time so no secret-shaped literal sits in the repository.
const rep = (c: string, n: number) => c.repeat(n);
const ghp = `ghp_${rep('a1B2', 9)}`;
const pat = `github_pat_11ABCDEFG0${rep('x9', 20)}`;
const gho = `gho_${rep('Z8y7', 9)}`;
const npm = `npm_${rep('Ab3', 12)}`;
const akia = `AKIA${rep('ABCD2345', 2)}`;
const awsSecret = rep('wJalrXUtnFEMI/K7MDENG+', 2);
const openai = `sk-${rep('aB3dE5', 8)}`;
const openaiProj = `sk-proj-${rep('Q9w_E8r-', 6)}`;
const anthropic = `sk-ant-api03-${rep('Xy7_zW6-', 8)}`;
const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${rep('dBjftJeZ4CVP', 3)}`;

describe('makeRedactor: positive cases', () => {
  const cases: [string, string, string][] = [
    ['GitHub classic token', `export GH=${ghp}`, '[REDACTED:github-token]'],
    ['GitHub fine-grained token', `token ${pat} here`, '[REDACTED:github-token]'],
    ['GitHub OAuth token', `using ${gho}`, '[REDACTED:github-token]'],
    ['npm token', `//registry.npmjs.org/:_authToken=${npm}`, '[REDACTED:npm-token]'],
    ['AWS access key id', `key id ${akia} in use`, '[REDACTED:aws-access-key]'],
    ['AWS secret', `aws_secret_access_key = ${awsSecret}`, 'aws_secret_access_key = [REDACTED:aws-secret]'],
    ['OpenAI key', `OPENAI=${openai}`, '[REDACTED:openai-key]'],
    ['OpenAI project key', `key: ${openaiProj}`, '[REDACTED:openai-key]'],
    ['Anthropic key', `ANTHROPIC_API_KEY=${anthropic}`, '[REDACTED:anthropic-key]'],
    ['Bearer', 'curl -H "X: Bearer abc.DEF-123_xyz"', 'Bearer [REDACTED:bearer]'],
    ['Authorization header', 'Authorization: Basic dXNlcjpwYXNzd29yZA==', 'Authorization: Basic [REDACTED:authorization]'],
    ['password=', 'mysql --user=root password=hunter2!', 'password=[REDACTED:secret]'],
    ['passwd:', 'passwd: s3cr3t', 'passwd: [REDACTED:secret]'],
    ['secret= in env', 'CLIENT_SECRET="abcdef123"', 'CLIENT_SECRET="[REDACTED:secret]"'],
    ['token= in a query', 'https://x.test/cb?token=abc123&x=1', 'token=[REDACTED:secret]&x=1'],
    ['JSON password', '{"password": "hunter2", "user": "bob"}', '{"password": "[REDACTED:secret]", "user": "bob"}'],
    ['SECRET_KEY', 'SECRET_KEY=django-insecure-42', 'SECRET_KEY=[REDACTED:secret]'],
    ['--password flag', 'psql --password s3cret', '--password [REDACTED:secret]'],
    ['URL credentials', 'git clone https://bob:pa55word@git.example.com/r.git', 'https://bob:[REDACTED:url-password]@git.example.com'],
    ['JWT', `cookie ${jwt}`, '[REDACTED:jwt]'],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => {
      const out = redact(input);
      expect(out).toContain(expected);
      expect(out).toContain('[REDACTED');
    });
  }

  it('masks a whole private key block, and a truncated one to the end', () => {
    const block = `before\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\nAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\nafter`;
    expect(redact(block)).toBe('before\n[REDACTED:private-key]\nafter');
    expect(redact('x -----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA')).toBe('x [REDACTED:private-key]');
  });

  it('keeps the more specific kind when a key also sits in an assignment', () => {
    expect(redact(`GITHUB_TOKEN=${ghp}`)).toBe('GITHUB_TOKEN=[REDACTED:github-token]');
    expect(redact(`Authorization: token ${ghp}`)).toBe('Authorization: token [REDACTED:github-token]');
  });

  it('leaves no part of the secret behind', () => {
    for (const s of [ghp, pat, npm, akia, openai, openaiProj, anthropic, jwt]) {
      expect(redact(`x ${s} y`)).not.toContain(s.slice(8, 20));
    }
  });
});

describe('makeRedactor: negative cases', () => {
  const keep = [
    'the tokenizer splits words; max_tokens: 4096 and token_count=12',
    'Fill in the password field, then press Enter.',
    'commit 3f2a9c1b7e4d5a6f8b9c0d1e2f3a4b5c6d7e8f90 on main',
    'session 123e4567-e89b-12d3-a456-426614174000 started',
    'password: string; token?: string | null',
    'export TOKEN=$GITHUB_TOKEN and secret: ${{ secrets.NPM }}',
    'Bearer tokens expire; see the Authorization header docs.',
    'npm_config_cache is set; use sk-learn? no, scikit-learn',
    'the task-runner-configuration-2024 and disk-usage-report-2024-01-01',
    'AKIA is a prefix; AKIAshort is not a key',
    'git@github.com:org/repo.git and ssh://git@host:22/x',
    '日本語のテキスト：パスワード欄を確認する',
  ];
  for (const text of keep) {
    it(`keeps: ${text.slice(0, 40)}`, () => expect(redact(text)).toBe(text));
  }
  it('returns empty text unchanged', () => expect(redact('')).toBe(''));
});

describe('config patterns', () => {
  it('adds patterns from redact.patterns', () => {
    const r = makeRedactor(['ACME-[0-9]{6}', 'internal\\.corp\\.example']);
    expect(r('ticket ACME-123456 on internal.corp.example')).toBe('ticket [REDACTED:custom] on [REDACTED:custom]');
  });
  it('skips an invalid regex instead of crashing, and keeps the valid ones', () => {
    const r = makeRedactor(['([unclosed', 'ZED-\\d+']);
    expect(r('ZED-42 and ([unclosed')).toBe('[REDACTED:custom] and ([unclosed');
    expect(compileExtraPatterns(['(', '[', '*x'])).toHaveLength(0);
  });
  it('skips a pattern that matches the empty string', () => {
    expect(compileExtraPatterns(['x*', '^', ''])).toHaveLength(0);
    expect(makeRedactor(['x*'])('abc')).toBe('abc');
  });
  it('is reusable: global regexes do not carry state between calls', () => {
    const r = makeRedactor(['FOO\\d']);
    expect(r('FOO1')).toBe('[REDACTED:custom]');
    expect(r('FOO2')).toBe('[REDACTED:custom]');
    expect(redact(`a ${ghp}`)).toBe('a [REDACTED:github-token]');
    expect(redact(`b ${ghp}`)).toBe('b [REDACTED:github-token]');
  });
});
