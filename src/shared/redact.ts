import { builtin } from './builtin.js';

/**
 * Masks tokens and secrets before anything from a log, `notes` or a command line reaches a snapshot.
 * A match becomes `[REDACTED:<kind>]`; for `key=value` shapes the key stays and only the value is masked.
 */

interface Rule {
  kind: string;
  re: RegExp;
  /** Capture group that holds the secret; the rest of the match is kept. 0 masks the whole match. */
  group: number;
}

/** A value that is a reference or a type, not a secret: `$VAR`, `${…}`, `<placeholder>`, `string`, already masked. */
const NOT_A_VALUE = String.raw`(?!\[REDACTED|\$|<|\{|\*{3,}|(?:string|number|boolean|null|undefined|true|false|none|any|str|int|bool|object|required|optional)\b)`;
const KEY_WORDS = String.raw`(?:password|passwd|passphrase|_pwd|secret[_-]?key|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret)`;

const RULES: Rule[] = [
  {
    kind: 'private-key',
    group: 0,
    re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  { kind: 'anthropic-key', group: 0, re: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { kind: 'openai-key', group: 0, re: /\bsk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/g },
  { kind: 'github-token', group: 0, re: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g },
  { kind: 'openai-key', group: 0, re: /\bsk-proj-(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{6,}/g },
  { kind: 'gitlab-token', group: 0, re: /\bgl(?:pat|dt|rt|ptt|cbt|oas)-[A-Za-z0-9_-]{20,}/g },
  { kind: 'stripe-key', group: 0, re: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}/g },
  { kind: 'huggingface-token', group: 0, re: /\bhf_[A-Za-z0-9]{30,}\b/g },
  { kind: 'npm-token', group: 0, re: /\bnpm_[A-Za-z0-9]{30,}/g },
  { kind: 'aws-access-key', group: 0, re: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g },
  { kind: 'slack-token', group: 0, re: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: 'google-api-key', group: 0, re: /\bAIza[0-9A-Za-z_-]{35}/g },
  { kind: 'jwt', group: 0, re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    kind: 'aws-secret',
    group: 3,
    re: /\b(aws_secret_access_key|aws_session_token|AWS_SECRET_ACCESS_KEY|AWS_SESSION_TOKEN)(["']?[ \t]*[=:][ \t]*["']?)([A-Za-z0-9/+=]{16,})/g,
  },
  { kind: 'url-password', group: 2, re: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/'"]+:)([^\s@/'"]+)(?=@)/gi },
  {
    kind: 'authorization',
    group: 2,
    re: new RegExp(
      String.raw`\b((?:Proxy-)?Authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:Bearer|Basic|Token|Digest|Bot)[ \t]+)?)${NOT_A_VALUE}([A-Za-z0-9._~+/=:-]{8,})`,
      'gi',
    ),
  },
  { kind: 'bearer', group: 2, re: /\b(Bearer[ \t]+)(?!\[REDACTED)((?=[A-Za-z0-9._~+/=-]*[0-9._~+/=])[A-Za-z0-9._~+/=-]{8,})/g },
  {
    kind: 'secret',
    group: 2,
    re: new RegExp(
      String.raw`((?<![A-Za-z0-9])[A-Za-z0-9_.-]*${KEY_WORDS}(?![A-Za-z0-9])["']?[ \t]*[:=][ \t]*["']?)${NOT_A_VALUE}([^\s"'\`,;&)}\]]{3,})`,
      'gi',
    ),
  },
  // `curl -u user:secret`, `--user user:secret`, `-uuser:secret`: the password half of the pair.
  {
    kind: 'secret',
    group: 2,
    re: new RegExp(
      String.raw`(\b(?:curl|wget|http)\b[^\n|;&]*?[ \t](?:-u[ \t]*|--user[ \t=]+|--http-password[ \t=]+)["']?${NOT_A_VALUE}[^\s:"'\`]*:)${NOT_A_VALUE}([^\s"'\`]+)`,
      'g',
    ),
  },
  {
    kind: 'secret',
    group: 2,
    re: new RegExp(
      String.raw`((?<![A-Za-z0-9-])--?(?:password|passwd|token|secret|api-key|apikey)[ \t]+["']?)${NOT_A_VALUE}([^\s"'\`]{3,})`,
      'gi',
    ),
  },
  // `mysql -pSECRET` / `mysqldump --password=…` (the latter is the `secret` rule above).
  { kind: 'secret', group: 2, re: /(\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n|;&]*?[ \t]-p)(?!\[REDACTED)([^\s"'`]+)/g },
  // Cookie headers carry sessions: the whole value to the end of the line or quote.
  { kind: 'cookie', group: 2, re: /\b((?:Set-)?Cookie["']?[ \t]*:[ \t]*)(?!\[REDACTED)([^\n"'`]{3,})/gi },
  // "the password is hunter2", "パスワードは hunter2": a phrase, not an assignment.
  {
    kind: 'secret',
    group: 2,
    re: new RegExp(
      String.raw`(\b(?:password|passwd|passphrase|passcode|pwd)\b[^\n.:=]{0,40}?[ \t](?:is|was|reads)[ \t]+["'\`]?|パスワードは[ \t]*["'\`]?)${NOT_A_VALUE}([^\s"'\`]{3,})`,
      'gi',
    ),
  },
];

function apply(text: string, rule: Rule): string {
  rule.re.lastIndex = 0;
  return text.replace(rule.re, (...m: unknown[]) => {
    const mark = `[REDACTED:${rule.kind}]`;
    if (rule.group === 0) return mark;
    const groups = m.slice(1, -2) as (string | undefined)[];
    const before = groups.slice(0, rule.group - 1).join('');
    const after = groups.slice(rule.group).join('');
    return `${before}${mark}${after}`;
  });
}

/** The most a repository can ask for: patterns, and the length of each. */
const MAX_PATTERNS = 50;
const MAX_PATTERN_LENGTH = 1000;

let linearReady = false;
/**
 * Patterns come from `.butler/config.yaml`, which any commit can change: one like `(\w+\s?)+$` made
 * the backtracking engine run for hours (issue #23). They run on V8's linear-time engine (the `l`
 * flag, enabled once per process), which refuses what it cannot run in linear time (backreferences,
 * lookaround): such a pattern is refused, never run on the backtracking engine.
 */
function linearRegExp(src: string): RegExp {
  if (!linearReady) {
    builtin<typeof import('node:v8')>('node:v8').setFlagsFromString('--enable-experimental-regexp-engine');
    linearReady = true;
  }
  return new RegExp(src, 'gl');
}

/** Compiles `redact.patterns`: the usable ones, and each refused one with why (said by config-note.ts). */
export function compilePatterns(patterns: readonly unknown[]): { res: RegExp[]; refused: { pattern: string; why: string }[] } {
  const res: RegExp[] = [];
  const refused: { pattern: string; why: string }[] = [];
  for (const [i, src] of patterns.entries()) {
    const shown = String(src).slice(0, 80);
    if (i >= MAX_PATTERNS) {
      refused.push({ pattern: shown, why: `more than ${MAX_PATTERNS} patterns` });
      continue;
    }
    if (typeof src !== 'string' || !src) continue;
    if (src.length > MAX_PATTERN_LENGTH) {
      refused.push({ pattern: shown, why: `longer than ${MAX_PATTERN_LENGTH} characters` });
      continue;
    }
    try {
      const re = linearRegExp(src);
      if (re.test('')) refused.push({ pattern: shown, why: 'matches the empty string' });
      else res.push(re);
    } catch (err) {
      const why = /linear/i.test(String((err as Error)?.message)) ? 'cannot run in linear time (backreference or lookaround)' : 'invalid';
      refused.push({ pattern: shown, why });
    }
  }
  return { res, refused };
}

/** The usable `redact.patterns`; a refused one is skipped here, never fatal (config-note.ts names it). */
export function compileExtraPatterns(patterns: string[]): RegExp[] {
  return compilePatterns(patterns).res;
}

/** Builds the masking function once; built-in rules first (they keep the hint of the kind), then config patterns. */
export function makeRedactor(extraPatterns: string[] = []): (text: string) => string {
  const extra = compileExtraPatterns(extraPatterns);
  return (text: string): string => {
    if (!text) return text;
    let out = text;
    for (const rule of RULES) out = apply(out, rule);
    for (const re of extra) {
      re.lastIndex = 0;
      out = out.replace(re, '[REDACTED:custom]');
    }
    return out;
  };
}
