import type { Lang } from '../../shared/config.js';

/** What the CLI says to a person where a tool's words are for an agent (src/cli/person-words.ts). */
const en = {
  unknownClient: (client: string, ids: string[]) =>
    `--client ${client} names no brain here (known: ${ids.join(', ') || 'none'}); nothing was written. Pass one of them, or leave --client out to act as yourself`,
  unknownTarget: (target: string, ids: string[]) =>
    `--target ${target} names no brain here (known: ${ids.join(', ') || 'none'}); nothing was written`,
  knownTarget: 'with one of the known brains, or any',
  pickId: 'with the id of the snapshot you pick from the list',
  previewFirst: (cmd: string) =>
    `Saved, not shared: the first share from this clone needs your OK. Run \`${cmd}\`: it shows exactly what would be pushed and asks you.`,
};

const ja: typeof en = {
  unknownClient: (client, ids) =>
    `--client ${client} はここの Brain を指していません（既知: ${ids.join(', ') || 'なし'}）。何も書いていません。このいずれかを指定するか、--client を省いてあなた自身として実行してください`,
  unknownTarget: (target, ids) =>
    `--target ${target} はここの Brain を指していません（既知: ${ids.join(', ') || 'なし'}）。何も書いていません`,
  knownTarget: '既知の Brain か any を指定します',
  pickId: '一覧から選んだ snapshot の id を指定します',
  previewFirst: (cmd) =>
    `保存のみ、未共有: このクローンからの最初の共有にはあなたの許可が要ります。\`${cmd}\` を実行してください: push される内容をそのまま表示し、許可を尋ねます。`,
};

export const personText = (lang: Lang) => (lang === 'en' ? en : ja);
