import path from 'node:path';
import { parse } from 'yaml';
import * as z from 'zod';
import { readTextIfExists } from './fs.js';
import { invalidArgument } from './errors.js';

/** `.butler/config.yaml`. Every key is optional: Butler runs on embedded defaults. */
export const ConfigSchema = z.object({
  lang: z.enum(['ja', 'en']).optional(),
  issues: z
    .object({
      backend: z.enum(['local', 'gitea', 'github']).default('local'),
      url: z.string().url().optional(),
      owner: z.string().min(1).optional(),
      repo: z.string().min(1).optional(),
      token_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
      timeout_ms: z.number().int().min(100).max(120_000).optional(),
    })
    .optional(),
  // The PreToolUse hook reads this part with its own small reader (src/guard/config.ts) to keep the
  // hook bundle free of yaml and zod; test/guard/config.test.ts pins the two to the same meaning.
  // `allow`: git subcommands that may run (`fetch`; `lfs` also covers `git-lfs`). `mode`: block
  // (deny), warn (run, with a warning to the user) or off.
  guard: z
    .object({
      allow: z.array(z.string().min(1)).default([]),
      mode: z.enum(['block', 'warn', 'off']).default('block'),
    })
    .optional(),
  redact: z.object({ patterns: z.array(z.string().min(1)).default([]) }).optional(),
});
export type ButlerConfig = z.infer<typeof ConfigSchema>;

export const CONFIG_FILE = path.join('.butler', 'config.yaml');

export async function loadConfig(projectRoot: string): Promise<ButlerConfig> {
  const text = await readTextIfExists(path.join(projectRoot, CONFIG_FILE));
  if (text === null || text.trim() === '') return {};
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (err) {
    throw invalidArgument(`${CONFIG_FILE} is not valid YAML`, `Fix the file: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = ConfigSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw invalidArgument(`${CONFIG_FILE} is invalid at ${first?.path.join('.') || '(root)'}`, first?.message ?? 'Check the file.');
  }
  return parsed.data;
}

export type Lang = 'ja' | 'en';

/**
 * One language per repository: `BUTLER_LANG` (a per-user override), then the config's `lang`
 * (written by `butler install` from --lang or the installing user's locale), else English.
 */
export function resolveLang(config: { lang?: Lang }, env: Record<string, string | undefined>): Lang {
  const fromEnv = env.BUTLER_LANG?.toLowerCase();
  if (fromEnv === 'en' || fromEnv === 'ja') return fromEnv;
  return config.lang ?? 'en';
}
