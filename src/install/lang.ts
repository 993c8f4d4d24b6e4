import { CONFIG_FILE, loadConfig, type Lang } from '../shared/config.js';
import { readRel, type FileChange } from './plan.js';

/**
 * The language install records: `--lang`, else the installing user's locale. POSIX precedence: the
 * first set of LC_ALL, LC_MESSAGES, LANG decides; `ja…` (ja_JP.UTF-8, ja) means Japanese, anything
 * else (or nothing) English.
 */
export function installLang(flag: Lang | null, env: Record<string, string | undefined>): Lang {
  if (flag) return flag;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^ja/i.test(locale) ? 'ja' : 'en';
}

const CONFIG = CONFIG_FILE.split('\\').join('/');
const LANG_LINE = /^lang:[^\n]*$/m;

/**
 * Records `lang` in .butler/config.yaml, as one line, leaving the rest of the file as it is. A
 * language already recorded stays unless `--lang` asks for another one; a broken config is refused
 * (loadConfig names the problem) before anything is written.
 */
export async function planConfigLang(ctx: { root: string; lang: Lang; langExplicit: boolean }): Promise<FileChange | null> {
  const before = await readRel(ctx, CONFIG);
  const current = (await loadConfig(ctx.root)).lang;
  if (current === ctx.lang || (current && !ctx.langExplicit)) return null;
  const line = `lang: ${ctx.lang}`;
  let after: string;
  if (before === null || before.trim() === '') after = `${line}\n`;
  else if (LANG_LINE.test(before)) after = before.replace(LANG_LINE, line);
  else after = `${line}\n${before}`;
  return { path: CONFIG, before, after, note: `language of Butler's messages and snapshots: ${ctx.lang}` };
}
