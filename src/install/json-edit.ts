/**
 * Format-preserving JSON edits: the user's settings files keep their spacing, key order and line
 * breaks, and an install followed by an uninstall gives the same bytes back. The new content is
 * computed on parsed objects (simple to reason about); this module turns the difference into
 * jsonc-parser edits on the original text, and falls back to a full re-serialisation only if the
 * edited text does not parse to the intended value.
 */
import { applyEdits, findNodeAtLocation, modify, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import { isObject, sameJson, stringifyLike, type Json } from './json.js';

/** The file's indentation unit (two spaces when it has none yet). */
function unit(text: string): string {
  return /\n([ \t]+)["{\[}\]]/.exec(text)?.[1]?.replace(/^(\t+| +).*$/, '$1') ?? '  ';
}

const nodeAt = (text: string, path: JSONPath): Node | undefined => {
  const tree = parseTree(text);
  return tree ? findNodeAtLocation(tree, path) : undefined;
};

/** `value` as JSON laid out like its neighbours: one line when `sep` has no line break, else indented. */
function render(text: string, value: Json, sep: string): string {
  if (!sep.includes('\n')) return JSON.stringify(value).replace(/":(?=\S)/g, text.includes('": ') ? '": ' : '":');
  const base = sep.slice(sep.lastIndexOf('\n') + 1);
  return JSON.stringify(value, null, unit(text)).replace(/\n/g, `\n${base}`);
}

/** Inserts an object property or array element after the container's last child (or into an empty one). */
function insert(text: string, container: Node, key: string | null, value: Json): string {
  const kids = container.children ?? [];
  const entry = (sep: string) =>
    `${key === null ? '' : `${JSON.stringify(key)}${text.includes('": ') || sep.includes('\n') ? ': ' : ':'}`}${render(text, value, sep)}`;
  const last = kids[kids.length - 1];
  if (last) {
    const first = kids[0]!;
    const sep = text.slice(container.offset + 1, first.offset);
    const end = last.offset + last.length;
    return `${text.slice(0, end)},${sep}${entry(sep)}${text.slice(end)}`;
  }
  const close = container.offset + container.length - 1;
  const multi = text.slice(container.offset, close + 1).includes('\n') || text.slice(0, container.offset).includes('\n');
  if (!multi) return `${text.slice(0, container.offset + 1)}${entry('')}${text.slice(close)}`;
  const lineStart = text.lastIndexOf('\n', container.offset - 1) + 1;
  const outer = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
  const sep = `\n${outer}${unit(text)}`;
  return `${text.slice(0, container.offset + 1)}${sep}${entry(sep)}\n${outer}${text.slice(close)}`;
}

/** Replaces one value in place, laid out for the line it starts on. */
function replace(text: string, node: Node, value: Json): string {
  const multi = text.slice(node.offset, node.offset + node.length).includes('\n');
  const start = text.lastIndexOf('\n', node.offset - 1) + 1;
  const base = /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
  return text.slice(0, node.offset) + render(text, value, multi ? `\n${base}` : '') + text.slice(node.offset + node.length);
}

/** Removes one array element with the comma before it (or after it, for the first element). */
function removeElement(text: string, path: JSONPath, index: number): string {
  const arr = nodeAt(text, path);
  const items = arr?.children ?? [];
  const el = items[index];
  if (!arr || !el) return text;
  const prev = items[index - 1];
  const next = items[index + 1];
  if (prev) return text.slice(0, prev.offset + prev.length) + text.slice(el.offset + el.length);
  if (next) return text.slice(0, el.offset) + text.slice(next.offset);
  return text.slice(0, arr.offset + 1) + text.slice(arr.offset + arr.length - 1);
}

/** Longest common subsequence of two lists, as index pairs (elements compared as JSON). */
function commonIndexes(a: Json[], b: Json[]): [number, number][] {
  const ka = a.map((x) => JSON.stringify(x));
  const kb = b.map((x) => JSON.stringify(x));
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      dp[i]![j] = ka[i] === kb[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (ka[i] === kb[j]) pairs.push([i++, j++]);
    else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

function edit(text: string, path: JSONPath, from: Json | undefined, to: Json | undefined): string {
  if (sameJson(from, to)) return text;
  if (to === undefined) return applyEdits(text, modify(text, path, undefined, {}));
  if (from === undefined) {
    const parent = nodeAt(text, path.slice(0, -1));
    if (!parent || parent.type !== 'object') throw new Error('internal: no object to insert into');
    return insert(text, parent, String(path[path.length - 1]), to);
  }
  if (isObject(from) && isObject(to)) {
    let out = text;
    for (const key of Object.keys(from)) if (!(key in to)) out = edit(out, [...path, key], from[key], undefined);
    for (const [key, value] of Object.entries(to)) out = edit(out, [...path, key], from[key], value);
    return out;
  }
  if (Array.isArray(from) && Array.isArray(to)) {
    if (from.length === to.length) return from.reduce<string>((out, v, i) => edit(out, [...path, i], v, to[i]), text);
    const pairs = commonIndexes(from, to);
    // Only appends are laid out by hand; anything else replaces the whole list.
    const appendOnly = pairs.length === from.length && pairs.every(([i, j]) => i === j);
    const removeOnly = pairs.length === to.length;
    if (removeOnly) {
      const kept = new Set(pairs.map(([i]) => i));
      let out = text;
      for (let i = from.length - 1; i >= 0; i--) if (!kept.has(i)) out = removeElement(out, path, i);
      return out;
    }
    if (appendOnly) {
      let out = text;
      for (const v of to.slice(from.length)) out = insert(out, nodeAt(out, path)!, null, v);
      return out;
    }
  }
  const node = nodeAt(text, path);
  if (!node) throw new Error('internal: value not found');
  return replace(text, node, to);
}

/** `before` (a JSON object file) edited to hold `after`, keeping the user's formatting. */
export function editJsonText(before: string, original: Json, after: Json): string {
  let text: string;
  try {
    text = edit(before, [], original, after);
  } catch {
    return stringifyLike(before, after);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return stringifyLike(before, after);
  }
  return sameJson(parsed, after) ? text : stringifyLike(before, after);
}
