import {
  issueRecorder,
  noteIssueChange,
  type IssueChange,
  type IssueBackend,
  issueExists,
  openIssueBackend,
} from '../../../issues/index.js';
import { recordOwnFiles } from '../../../work/index.js';
import type { Lang } from '../../../shared/config.js';
import type { ToolResult } from '../../../shared/result.js';
import { currentBrain, requireProject, toolLang } from '../../context.js';
import type { ToolContext } from '../../tool.js';

/**
 * Opens the project's configured tracker for this connection's brain, or asks for a work session.
 * `change` names what the tool changes (null: nothing), for the record of a local issue change.
 * The tool's words follow the project's language (`toolLang`), the tracker's errors included.
 */
export async function withIssueBackend(
  ctx: ToolContext,
  change: IssueChange | null,
  fn: (backend: IssueBackend, lang: Lang) => Promise<ToolResult>,
): Promise<ToolResult> {
  const project = await requireProject(ctx);
  if ('result' in project) return project.result;
  const lang = await toolLang(ctx);
  const backend = await openIssueBackend({
    projectRoot: project.root,
    env: ctx.deps.env,
    userConfigDir: ctx.deps.userConfigDir,
    author: currentBrain(ctx) ?? 'unknown',
    now: ctx.deps.now,
    lang,
    audience: ctx.deps.audience,
  });
  // A local issue change is recorded at once, so the work state stays honest (src/issues/record.ts).
  return noteIssueChange(
    await fn(backend, lang),
    backend.kind,
    change,
    // A person's issue change waits for their `butler work publish`; an agent's lone record is pushed (docs/decisions.md D41).
    issueRecorder((files, message) =>
      recordOwnFiles(project.root, ctx.deps.git, files, message, { publish: ctx.deps.audience !== 'person' }),
    ),
    lang,
  );
}

const openOpts = (ctx: ToolContext, root: string) => ({
  projectRoot: root,
  env: ctx.deps.env,
  userConfigDir: ctx.deps.userConfigDir,
  author: currentBrain(ctx) ?? 'unknown',
  now: ctx.deps.now,
});

/** For work_start / work_record: whether an issue exists on this project's tracker (see issueExists). */
export function issueCheck(ctx: ToolContext, root: string): (id: number) => Promise<boolean | null> {
  return (id) => issueExists(openOpts(ctx, root), id);
}

/** For work_finish: a closed issue needs no comment or close proposed; unknown counts as open. */
export async function issueClosed(ctx: ToolContext, root: string, id: number): Promise<boolean> {
  return openIssueBackend(openOpts(ctx, root))
    .then((b) => b.read(id))
    .then(
      (i) => i.state === 'closed',
      () => false,
    );
}
