import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { confinePath, isInside } from '../../shared/paths.js';

const HEAD_BYTES = 16 * 1024;
const MAX = 100;

function short(text: string): string | null {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  return flat.length > MAX ? `${flat.slice(0, MAX - 1).trimEnd()}…` : flat;
}

/** First sentence-ish line of a comment body: leading `*`, `#`, `//` and tags stripped. */
function commentBody(lines: string[]): string | null {
  for (const l of lines) {
    const t = l
      .replace(/^\s*(?:\/\*\*?|\*\/?|\/\/+!?|#+!?|"""|''')\s?/, '')
      .replace(/\*\/\s*$/, '')
      .replace(/("""|''')\s*$/, '')
      .trim();
    if (!t || t.startsWith('@') || /^(?:eslint|prettier|@ts-|ts-|-\*-|coding[:=]|SPDX-|Copyright\b|type:|!\/)/i.test(t)) continue;
    return short(t);
  }
  return null;
}

function markdownRole(text: string): string | null {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, (fm) => {
    const d = /^description:\s*["']?(.+?)["']?\s*$/m.exec(fm);
    return d ? `# ${d[1]}\n` : '';
  });
  const h = /^#{1,6}\s+(.+?)\s*#*\s*$/m.exec(body);
  return h ? short(h[1]!) : null;
}

function codeRole(text: string, ext: string): string | null {
  const lines = text.split('\n');
  let i = 0;
  if (lines[0]?.startsWith('#!')) i = 1;
  while (i < lines.length && !lines[i]!.trim()) i++;
  const first = lines[i]?.trim() ?? '';
  if (first.startsWith('/**') || first.startsWith('/*')) {
    const end = lines.findIndex((l, j) => j >= i && l.includes('*/'));
    const role = commentBody(lines.slice(i, end < 0 ? i + 20 : end + 1));
    if (role) return role;
  } else if (first.startsWith('//') || (first.startsWith('#') && !['.md', '.c', '.h', '.cpp'].includes(ext))) {
    const run: string[] = [];
    for (let j = i; j < lines.length && /^\s*(?:\/\/|#)/.test(lines[j]!); j++) run.push(lines[j]!);
    const role = commentBody(run);
    if (role) return role;
  } else if (/^[rubRUB]?("""|''')/.test(first)) {
    const role = commentBody(lines.slice(i, i + 10));
    if (role) return role;
  }
  const doc = /\/\*\*([\s\S]*?)\*\/\s*\n\s*export\b/.exec(text);
  if (doc) {
    const role = commentBody(doc[1]!.split('\n'));
    if (role) return role;
  }
  const exp =
    /^export\s+(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(function\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)/m.exec(
      text,
    );
  if (exp) return `exports ${exp[1]!.replace('*', '')} ${exp[2]}`;
  const py = /^(def|class)\s+([A-Za-z_]\w*)/m.exec(text);
  if (py && ext === '.py') return `defines ${py[1]} ${py[2]}`;
  return null;
}

/**
 * A touched file's role, read from the file itself: its first Markdown heading (or front-matter
 * description), its leading doc comment or docstring, or else its first exported name. Short; null
 * when unreadable, binary or silent. Never reads outside the project, symlinks included.
 */
export async function describeAnchor(projectRoot: string, relPath: string): Promise<string | null> {
  try {
    const { abs } = confinePath(projectRoot, relPath, 'anchor');
    const [realRoot, realFile] = await Promise.all([fsp.realpath(projectRoot), fsp.realpath(abs)]);
    if (!isInside(realRoot, realFile)) return null;
    const handle = await fsp.open(realFile, 'r');
    let text: string;
    try {
      if (!(await handle.stat()).isFile()) return null;
      const buf = Buffer.alloc(HEAD_BYTES);
      const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
      if (buf.subarray(0, bytesRead).includes(0)) return null;
      text = buf.subarray(0, bytesRead).toString('utf8').replace(/\r\n/g, '\n');
    } finally {
      await handle.close();
    }
    const ext = path.extname(realFile).toLowerCase();
    if (['.md', '.markdown', '.mdx'].includes(ext)) return markdownRole(text);
    if (ext === '.json') {
      const d = /"description"\s*:\s*"([^"]{1,300})"/.exec(text);
      return d ? short(d[1]!) : null;
    }
    return codeRole(text, ext);
  } catch {
    return null;
  }
}
