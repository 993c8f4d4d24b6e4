import type { Lang } from '../shared/config.js';
import { invalidArgument } from '../shared/errors.js';
import type { GitRunner } from '../shared/git.js';
import { spawnGitWith } from '../shared/git-spawn.js';
import { RECORD_ID, SAFE_REF } from '../shared/ids.js';
import { repoText } from './messages/repo.js';

/**
 * The server's and CLI's git: the one runner (shared/git-spawn.ts) with a 60 s bound (a push or a
 * fetch of a large repository) and a clear error when git is missing. The adapters pass their
 * environment: a capability reads no process.env.
 */
export function createGit(env: Record<string, string | undefined>, bin?: string): GitRunner {
  return spawnGitWith(env, { defaultTimeoutMs: 60_000, missingGitThrows: true, bin });
}

export function assertRecordId(id: string, lang: Lang): string {
  if (!RECORD_ID.test(id)) {
    const t = repoText(lang);
    throw invalidArgument(t.badRecordId, t.badRecordIdHint, { record_id: id });
  }
  return id;
}

export function assertSafeRef(ref: string, what: string, lang: Lang): string {
  if (!SAFE_REF.test(ref)) {
    const t = repoText(lang);
    throw invalidArgument(t.unsafeRef(what), t.unsafeRefHint, { [what]: ref });
  }
  return ref;
}
