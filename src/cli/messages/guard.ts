import type { Lang } from '../../shared/config.js';

/** What `butler guard` prints besides its errors (errors.ts); the mode and subcommand names stay the config's words. */
const en = {
  status: (a: string, c: string, w: string) => `applied:   ${a}\ncommitted: ${c}\nwork tree: ${w}\n`,
  now: (mode: string, allow: string) => `guard now: mode ${mode}, allow [${allow}] (committed)\n`,
  settings: (mode: string, allow: string) => `mode ${mode}, allow [${allow}]`,
};

const ja: typeof en = {
  status: (a, c, w) => `適用中:       ${a}\nコミット済み: ${c}\n作業ツリー:   ${w}\n`,
  now: (mode, allow) => `ガードの設定: モード ${mode}、許可 [${allow}]（コミット済み）\n`,
  settings: (mode, allow) => `モード ${mode}、許可 [${allow}]`,
};

export const guardText = (lang: Lang) => (lang === 'en' ? en : ja);
