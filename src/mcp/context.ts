import { loadConfig, resolveLang, type Lang } from '../shared/config.js';
import { findProjectRoot } from '../shared/root.js';
import { needInput, type ToolResult } from '../shared/result.js';
import type { ToolContext } from './tool.js';

/**
 * The project this connection works in, or a need_input envelope telling the brain to call
 * work_session_start first (with the server's cwd as the likely root).
 */
export async function requireProject(ctx: ToolContext): Promise<{ root: string } | { result: ToolResult }> {
  if (ctx.session.projectRoot) return { root: ctx.session.projectRoot };
  const ja = (await toolLang(ctx)) === 'ja';
  return {
    result: needInput(
      ja
        ? '作業セッションがまだありません。先に work_session_start を呼んでください'
        : 'No work session yet: call work_session_start first',
      {
        required_action: {
          tool: 'work_session_start',
          args: { project_root: ctx.deps.cwd },
          reason: ja
            ? 'Butler は work_session_start で選んだ 1 つの project の中で動きます'
            : 'Butler works inside one project, chosen by work_session_start.',
        },
      },
    ),
  };
}

/** Explicit `client` overrides the connection's brain ("option A": docs/decisions.md D12). */
export function currentBrain(ctx: ToolContext, explicit?: string): string | null {
  if (explicit?.trim()) return explicit;
  return ctx.session.brainId;
}

/**
 * The language of summaries and hints for this project (`resolveLang`: BUTLER_LANG, the config's
 * `lang`, else English). Before work_session_start the project is the repository around the
 * server's cwd, so even the first "call work_session_start" answer speaks the project's language.
 * A config that cannot be read does not fail the call.
 */
export async function toolLang(ctx: ToolContext): Promise<Lang> {
  const root = ctx.session.projectRoot ?? findProjectRoot(ctx.deps.cwd);
  if (!root) return resolveLang({}, ctx.deps.env);
  const key = `lang:${root}`;
  const cached = ctx.memo.get(key) as Lang | undefined;
  if (cached) return cached;
  const lang = resolveLang(await loadConfig(root).catch(() => ({})), ctx.deps.env);
  ctx.memo.set(key, lang);
  return lang;
}
