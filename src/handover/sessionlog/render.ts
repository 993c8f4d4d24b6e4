import path from 'node:path';
import { isInside } from '../../shared/paths.js';
import { code } from './output.js';
import { APPENDIX_HEADING, type RequestText, renderRequests } from './requests.js';
import type { Fact, RequestBlock, SessionExtract } from './types.js';

type Lang = 'ja' | 'en';

const L = {
  en: {
    log: (f: string, a: number, b: number, since: boolean) =>
      b < a
        ? `Session log (${f}): no new entries since the last mark (line ${b})`
        : `Session log (${f}): lines ${a}–${b}${since ? ' (since the last mark)' : ''}`,
    rotated: 'the log was rotated or truncated since the last mark, so it was read from the start',
    skipped: (n: number) => `${n} malformed line${n === 1 ? '' : 's'} skipped`,
    cut: (n: number) => `cut: only the newest part was read, ${n} earlier line${n === 1 ? '' : 's'} not read`,
    request: 'Request',
    edited: 'Edited',
    ran: 'Ran',
    butler: 'Butler',
    failed: 'Failed',
    noExit: 'no exit status in the log',
    omitted: (n: number, a: number, b: number) => `… ${n} more fact${n === 1 ? '' : 's'} omitted (session log lines ${a}–${b})`,
    moreFailures: (n: number) => `… ${n} more failure${n === 1 ? '' : 's'} omitted`,
    reqCut: (n: number) => `[cut: ${n} more characters under ${APPENDIX_HEADING}, handover_read]`,
    earlier: (n: number) => `${n} earlier request${n === 1 ? '' : 's'}: full text under ${APPENDIX_HEADING} (handover_read)`,
    appendixLeft: (n: number) => `${n} older request${n === 1 ? '' : 's'} not kept: see the session log`,
    carriedFrom: (id: string) => `User requests carried from ${id}`,
  },
  ja: {
    log: (f: string, a: number, b: number, since: boolean) =>
      b < a
        ? `セッションログ (${f}): 前回の mark（${b} 行目）以降の新しいエントリなし`
        : `セッションログ (${f}): ${a}–${b} 行目${since ? '（前回の mark 以降）' : ''}`,
    rotated: '前回の mark 以降にログがローテーションまたは切り詰められたため、先頭から読み直しました',
    skipped: (n: number) => `不正な行 ${n} 件をスキップ`,
    cut: (n: number) => `切り詰め: 末尾のみ読み、それ以前の ${n} 行は読んでいません`,
    request: '依頼',
    edited: '編集',
    ran: '実行',
    butler: 'Butler 呼び出し',
    failed: '失敗',
    noExit: 'ログに終了コードなし',
    omitted: (n: number, a: number, b: number) => `… 他 ${n} 件の事実を省略（セッションログ ${a}–${b} 行目）`,
    moreFailures: (n: number) => `… 他 ${n} 件の失敗を省略`,
    reqCut: (n: number) => `[切り詰め: 残り ${n} 文字は ${APPENDIX_HEADING}（handover_read）]`,
    earlier: (n: number) => `それ以前の依頼 ${n} 件: 全文は ${APPENDIX_HEADING}（handover_read）`,
    appendixLeft: (n: number) => `さらに古い依頼 ${n} 件は保持していません（セッションログを参照）`,
    carriedFrom: (id: string) => `${id} から引き継いだユーザーの依頼`,
  },
};

/** The words of the request lines in one language (requests.ts renders them; carry-requests.ts reads them back). */
export function requestWords(lang: Lang): RequestText & { carriedFrom: (id: string) => string } {
  const t = L[lang];
  return { label: t.request, cut: t.reqCut, earlier: t.earlier, appendixLeft: t.appendixLeft, carriedFrom: t.carriedFrom };
}

function shown(p: string | undefined, root: string | null): string {
  if (!p) return '';
  if (root && path.isAbsolute(p) && isInside(root, p)) return path.relative(root, p).split(path.sep).join('/') || '.';
  return p;
}

/** Picks up to `n` of `items`: the newest, and for requests the first too (it usually states the task). */
function pick<T>(items: T[], n: number, keepFirst: boolean): T[] {
  if (items.length <= n) return items;
  if (n <= 0) return [];
  if (keepFirst && n >= 2) return [items[0]!, ...items.slice(items.length - (n - 1))];
  return items.slice(items.length - n);
}

/**
 * DISCOVERY / RISKS bullets and the touched files, from an extract. Every bullet keeps its cite.
 * DISCOVERY stays within `maxLines`, sharing the room fairly among the kinds of fact and saying
 * how many it left out. Paths are shown relative to `projectRoot` (default: the log's cwd) when inside it.
 */
export function renderSessionFacts(
  x: SessionExtract,
  lang: Lang,
  maxLines: number,
  projectRoot?: string,
): {
  discovery: string[];
  risks: string[];
  touched: string[];
  appendix: string[];
  newestRequest: Fact | null;
  /** The requests read and where their lines sit in `discovery`, so the parent's can join them (carry-requests.ts). */
  requests: RequestBlock;
} {
  const t = L[lang];
  const root = projectRoot ?? x.cwd;
  const bullet = (label: string, body: string, f: Fact) => `- ${label}: ${body} (${f.cite})`;
  // The user's own words come whole and first, outside the shared room (issue 22); the other facts share maxLines.
  const req = renderRequests(x.requests, requestWords(lang), x.requests_earlier ?? 0);
  const groups: { items: Fact[]; keepFirst: boolean; line: (f: Fact) => string }[] = [
    { items: x.butler_calls, keepFirst: false, line: (f) => bullet(t.butler, code(f.text), f) },
    { items: x.edited_files, keepFirst: false, line: (f) => bullet(t.edited, `${code(shown(f.path, root))} — ${f.text}`, f) },
    {
      items: x.commands,
      keepFirst: false,
      line: (f) =>
        bullet(t.ran, `${code(f.text)} → ${f.exit_code === null || f.exit_code === undefined ? t.noExit : `exit ${f.exit_code}`}`, f),
    },
  ];
  const notes = [x.rotated ? t.rotated : '', x.skipped ? t.skipped(x.skipped) : '', x.cut ? t.cut(x.cut) : ''].filter(Boolean);
  const header = `- ${t.log(x.format, x.from_line, x.to_line, x.from_line > 1 && !x.rotated)}${notes.length ? `; ${notes.join('; ')}` : ''}`;
  const total = groups.reduce((n, g) => n + g.items.length, 0);
  const discovery: string[] = [];
  let at = -1;
  if (maxLines >= 1) {
    const room = maxLines - 1;
    const fits = total <= room && x.dropped === 0;
    const slots = fits ? total : Math.max(0, room - 1);
    const share = groups.map(() => 0);
    for (let left = slots, moved = true; left > 0 && moved; ) {
      moved = false;
      groups.forEach((g, i) => {
        if (left > 0 && share[i]! < g.items.length) {
          share[i]! += 1;
          left -= 1;
          moved = true;
        }
      });
    }
    const body = groups.flatMap((g, i) => pick(g.items, share[i]!, g.keepFirst).map(g.line));
    const omitted = total - body.length + x.dropped;
    if (room >= 1 || total === 0) discovery.push(header);
    at = discovery.length;
    discovery.push(...req.lines, ...body);
    if (omitted > 0) discovery.push(`- ${t.omitted(omitted, x.from_line, x.to_line)}`);
  }
  const riskCap = Math.max(3, Math.floor(maxLines / 3));
  const failures = pick(x.failures, x.failures.length > riskCap ? riskCap - 1 : riskCap, false);
  const risks = failures.map((f) => `- ${t.failed}: ${f.text} (${f.cite})`);
  if (failures.length < x.failures.length) risks.push(`- ${t.moreFailures(x.failures.length - failures.length)}`);
  const touched: string[] = [];
  for (const f of x.edited_files) {
    const p = shown(f.path, root);
    if (p && !touched.includes(p)) touched.push(p);
  }
  const requests = { facts: x.requests, earlier: x.requests_earlier ?? 0, at, count: at < 0 ? 0 : req.lines.length };
  return { discovery, risks, touched, appendix: req.appendix, newestRequest: req.newest, requests };
}
