import path from 'node:path';
import { readTextIfExists, writeFileAtomic } from '../shared/fs.js';
import { PRIVATE_DIR } from '../shared/private-dir.js';

/**
 * The CLI's default issue, kept between commands per clone in Butler's private folder (never
 * recorded): the tool runner loads it into each command's session and keeps what the tool changed
 * there, so `butler work start --issue N` sets it, `butler work start` clears it and `butler issue
 * close N` clears it when N is the default, as work_start and issue_close do for an MCP connection.
 */
const FILE = 'cli-state.json';

export async function readCliDefaultIssue(root: string): Promise<number | null> {
  const text = await readTextIfExists(path.join(root, PRIVATE_DIR, FILE)).catch(() => null);
  try {
    const v = (JSON.parse(text ?? '{}') as { default_issue?: unknown }).default_issue;
    return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

export async function writeCliDefaultIssue(root: string, issue: number | null): Promise<void> {
  await writeFileAtomic(path.join(root, PRIVATE_DIR, FILE), `${JSON.stringify({ default_issue: issue })}\n`, { within: root });
}
