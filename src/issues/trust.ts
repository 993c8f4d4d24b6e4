import path from 'node:path';
import * as z from 'zod';
import { readTextIfExists, writeFileAtomic } from '../shared/fs.js';
import { withFileLock } from '../shared/lock.js';
import { trackerUrlProblem } from '../shared/tracker-url.js';

/**
 * What Butler trusts for tracker access. A cloned repository is untrusted input: its config names the
 * tracker, but it cannot pick which environment variable is sent (only these documented names), cannot
 * send a token over plain http to another host, and its URL gets a token only after the user approved
 * that exact URL once; the approval lives in the user's config folder, outside every repository.
 */
export const TOKEN_VARS = ['GITHUB_TOKEN', 'GH_TOKEN', 'GITEA_TOKEN', 'BUTLER_ISSUES_TOKEN'] as const;
export type TokenVar = (typeof TOKEN_VARS)[number];

export const isTokenVar = (name: string): name is TokenVar => (TOKEN_VARS as readonly string[]).includes(name);

export { isLoopback } from '../shared/tracker-url.js';

/** The form a URL is approved and compared in: origin and path, no query, no trailing slash. */
export function approvalKey(raw: string): string | null {
  // Only a URL a backend would ever use may be approved (src/shared/tracker-url.ts, the config's rule too).
  if (trackerUrlProblem(raw) !== null) return null;
  const url = new URL(raw);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

const APPROVALS = 'approved-urls.json';
// token_var: the one variable whose token may go to that URL (an approval is not global per URL).
const ApprovalsSchema = z.object({
  urls: z.array(z.object({ url: z.string(), approved_at: z.string(), token_var: z.string().optional() })),
});
type Approvals = z.infer<typeof ApprovalsSchema>;

export const approvalsFile = (configDir: string) => path.join(configDir, APPROVALS);

async function readApprovals(configDir: string): Promise<Approvals> {
  const text = await readTextIfExists(approvalsFile(configDir));
  if (text === null) return { urls: [] };
  try {
    const parsed = ApprovalsSchema.safeParse(JSON.parse(text));
    // A damaged file approves nothing; approving again rewrites it.
    return parsed.success ? parsed.data : { urls: [] };
  } catch {
    return { urls: [] };
  }
}

/**
 * Without a user config folder nothing is approved. `tokenVar`: the variable whose token would be sent
 * (null: none is set, so no token goes); an approval covers only the variable it was given for, and an
 * approval recorded before approvals named one covers none.
 */
export async function isUrlApproved(configDir: string | undefined, raw: string, tokenVar: string | null = null): Promise<boolean> {
  const key = approvalKey(raw);
  if (!configDir || !key) return false;
  return (await readApprovals(configDir)).urls.some((u) => u.url === key && (tokenVar === null || u.token_var === tokenVar));
}

/** Records the approval of one URL for one token variable (idempotent); returns the key it was stored under. */
export async function approveUrl(configDir: string, raw: string, now: Date, tokenVar: TokenVar): Promise<string | null> {
  const key = approvalKey(raw);
  if (!key) return null;
  const file = approvalsFile(configDir);
  await withFileLock(file, async () => {
    const current = await readApprovals(configDir);
    if (current.urls.some((u) => u.url === key && u.token_var === tokenVar)) return;
    current.urls.push({ url: key, approved_at: now.toISOString(), token_var: tokenVar });
    await writeFileAtomic(file, `${JSON.stringify(current, null, 2)}\n`);
  });
  return key;
}
