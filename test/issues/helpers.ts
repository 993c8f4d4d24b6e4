import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { LocalIssueBackend } from '../../src/issues/local/backend.js';
import { serializeIssue } from '../../src/issues/local/format.js';
import { approvalKey, TOKEN_VARS } from '../../src/issues/trust.js';
import { toErrorResult } from '../../src/shared/errors.js';
import type { ToolResult } from '../../src/shared/result.js';

export const STRUCTURED_EN = '## Current state\nLogin fails on Safari.\n\n## Next\nReproduce with the test account.\n\n## Blockers\nNone';
export const STRUCTURED_JA = '## 現在の状態\nログインが失敗する。\n\n## 次にすること\n再現手順を確認する。\n\n## ブロック要因\nなし';

export function tempProject(): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-issues-')));
}

/** A fresh git repository (no commit): the CLI's issue verbs need one, as every project verb does. */
export function tempRepo(): string {
  const root = tempProject();
  execFileSync('git', ['init', '-q', root]);
  execFileSync('git', ['-C', root, 'config', 'user.name', 'Test']);
  execFileSync('git', ['-C', root, 'config', 'user.email', 'test@example.com']);
  return root;
}

/** A local backend on a fresh folder with a clock that ticks one second per call. */
export function localBackend(author = 'claude-code', root = tempProject()) {
  let t = Date.parse('2026-06-03T09:00:00Z');
  const now = () => new Date((t += 1000));
  return { root, backend: new LocalIssueBackend({ projectRoot: root, author, now, lang: 'en' }), now };
}

export function writeConfig(root: string, yaml: string): void {
  mkdirSync(path.join(root, '.butler'), { recursive: true });
  writeFileSync(path.join(root, '.butler/config.yaml'), yaml);
}

/** Runs an op and turns a thrown error into its envelope, as the MCP facade does. */
export async function envelope(p: Promise<ToolResult>): Promise<ToolResult & { data: Record<string, any> }> {
  try {
    return (await p) as ToolResult & { data: Record<string, any> };
  } catch (err) {
    return toErrorResult(err) as ToolResult & { data: Record<string, any> };
  }
}

/** Every file under `dir`, concatenated, to prove a secret was never written anywhere. */
export function allFileText(dir: string): string {
  let out = '';
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    out += e.isDirectory() ? allFileText(p) : readFileSync(p, 'utf8');
  }
  return out;
}

/** A user config folder (outside any project) in which the person approved these tracker URLs. */
export function approvedDir(...urls: string[]): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-userconf-')));
  // An approval names the one token variable it covers (#23.7): these tests approve each of them.
  const entries = urls.flatMap((u) =>
    TOKEN_VARS.map((v) => ({ url: approvalKey(u), approved_at: '2026-06-03T09:00:00.000Z', token_var: v })),
  );
  writeFileSync(path.join(dir, 'approved-urls.json'), JSON.stringify({ urls: entries }));
  return dir;
}

/** An issue file with a chosen id, committed, for tests that link an issue by number (it must exist). */
export function seedIssue(root: string, id: number, title = `Issue ${id}`): void {
  const at = '2026-06-03T09:00:00.000Z';
  mkdirSync(path.join(root, '.butler/issues'), { recursive: true });
  writeFileSync(
    path.join(root, '.butler/issues', `${id}.md`),
    serializeIssue({
      id,
      title,
      state: 'open',
      labels: [],
      author: 'test',
      created_at: at,
      updated_at: at,
      body: STRUCTURED_EN,
      comments: [],
    }),
  );
  execFileSync('git', ['add', '--', `.butler/issues/${id}.md`], { cwd: root });
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', `seed issue #${id}`], {
    cwd: root,
  });
}
