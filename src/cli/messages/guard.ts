import { guardModeJa, type Lang } from '../../shared/config.js';

/** What `butler guard` prints besides its errors (errors.ts); the mode and subcommand names stay the config's words. */
const en = {
  status: (a: string, c: string, w: string) => `applied:   ${a}\ncommitted: ${c}\nwork tree: ${w}\n`,
  now: (mode: string, allow: string) => `guard now: mode ${mode}, allow [${allow}] (committed)\n`,
  /** After the commit: render.ts's label for a step that waits for the person's choice. */
  publish: '  if you want: butler work publish   (the other clones get the change once it is published)\n',
  settings: (mode: string, allow: string) => `mode ${mode}, allow [${allow}]`,
};

const allowJa = (allow: string) => (allow ? `[${allow}]` : 'なし');

const ja: typeof en = {
  status: (a, c, w) => `適用中:       ${a}\nコミット済み: ${c}\n作業ツリー:   ${w}\n`,
  // An empty list is なし, not `[]` (#25 walk-through 16).
  now: (mode, allow) => `ガードの設定: モード ${guardModeJa(mode)}、許可 ${allowJa(allow)}（コミット済み）\n`,
  publish: '  必要なら: butler work publish   （公開すると他の clone にもこの変更が届きます）\n',
  settings: (mode, allow) => `モード ${guardModeJa(mode)}、許可 ${allowJa(allow)}`,
};

export const guardText = (lang: Lang) => (lang === 'en' ? en : ja);
