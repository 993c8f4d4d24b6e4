import { promises as fsp } from 'node:fs';
import { trackedLogsNote } from '../shared/tracked-logs.js';
import path from 'node:path';
import { isUrlApproved } from '../issues/index.js';
import { loadConfig, type Lang } from '../shared/config.js';
import { BIN_DIR, BUNDLES, LEGACY_BUNDLES, VERSION_FILE } from './constants.js';

export type { ClientStatus } from './status-client.js';
import { CLIENTS, type ClientRecord } from '../shared/clients/index.js';
import { GITIGNORE, gitignoreCovers } from './guide.js';
import type { JsonObject } from './json.js';
import { readRel } from './plan.js';
import { parseStamp } from './vendor.js';
import { clientStatus, type ClientStatus } from './status-client.js';
import { guardRuntimeProblems, preToolUseCommands } from './status-guard.js';
import { codexTrust, type CodexTrust } from './status-live.js';
import { installText } from './messages.js';
import { neutralize } from '../shared/neutralize.js';

export interface StatusReport {
  root: string;
  node: { version: string; ok: boolean };
  runtime: {
    running: string;
    vendored: string | null;
    /** `.butler/bin/VERSION` is there but says no version (edited by hand): status says so, not "no stamp". */
    stamp_unreadable?: boolean;
    bundles: Record<string, boolean>;
    /** Vendored files missing or not the ones the installed commands check (status-guard.ts). */
    altered: string[];
    up_to_date: boolean;
  };
  git_repo: boolean;
  gitignore_session_logs: boolean;
  /** .butler/config.yaml records a language: only install writes one, uninstall keeps it (a session_logs/ line is no such mark: Butler's clone has one). */
  installed_once?: true;
  issue_backend: string;
  /** Whether .butler/config.yaml chose the backend or Butler's default applies. */
  issue_backend_from: 'default' | 'config';
  /** issues.url and whether the user approved it for their token (recorded outside the repository). */
  issue_url: { url: string; approved: boolean } | null;
  /** One entry per client of the table (src/shared/clients/), by its key. */
  clients: Record<string, ClientStatus>;
  /** The guard mode the PreToolUse hook applies here (stricter of work tree and HEAD). */
  guard_mode: string;
  /** Per client key: will the guard run in a session started at the project root? */
  guard_live: Record<string, string>;
  problems: string[];
  /** Not a problem here but worth knowing (a client's trust missing where that client is not on this machine, a session started in a subfolder). */
  notes: string[];
}

/**
 * What Claude Code 2.1 does when started in a subfolder of the project (observed with the real CLI,
 * README "Troubleshooting"): it finds .mcp.json and the project's trust above the folder, runs hooks
 * from the root's .claude/settings.local.json but not from .claude/settings.json, and sets
 * $CLAUDE_PROJECT_DIR to the subfolder, where "$CLAUDE_PROJECT_DIR"/.butler/bin/ does not exist.
 */
function subfolderNotes(root: string, launchDir: string, c: ClientRecord, settingsFile: string | null, t: Say): string[] {
  const rel = path.relative(root, launchDir);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel) || c.hooks.locate.kind !== 'env') return [];
  const hooks =
    settingsFile === c.hooks.file ? t.subfolderSettings(c.title, c.hooks.file) : t.subfolderEnv(c.title, c.hooks.locate.variable, BIN_DIR);
  return [t.subfolder(rel, hooks, c.title, root)];
}

type Say = ReturnType<typeof installText>['st'];

export async function getStatus(
  root: string,
  deps: {
    nodeVersion: string;
    version: string;
    launchDir?: string;
    userConfigDir?: string;
    bundleDir?: string;
    /** Codex's own folder ($CODEX_HOME, else ~/.codex), where it records trust (a record's `trustCheck: hook-hash`). */
    codexHome?: string;
    /** The guard mode the hook applies here (the CLI reads it: src/guard/settings.ts); 'unknown' without it. */
    guardMode?: string;
    /** Whether a client is on this machine (status-live.ts clientOnMachine); absent: every client is. */
    present?: (c: ClientRecord) => boolean;
    /** The language of the problems and of the guard's liveness (the CLI's: `--lang`, BUTLER_LANG, `lang:`). */
    lang?: Lang;
  },
): Promise<StatusReport> {
  const t = installText(deps.lang ?? 'en').st;
  const problems: string[] = [];
  const notes: string[] = [];
  const major = Number(/^v?(\d+)/.exec(deps.nodeVersion)?.[1] ?? 0);
  const bundles: Record<string, boolean> = {};
  for (const b of BUNDLES) bundles[b] = (await readRel({ root }, `${BIN_DIR}/${b}`)) !== null;
  const stamp = await readRel({ root }, VERSION_FILE);
  const vendored = parseStamp(stamp);
  const legacy: string[] = [];
  for (const b of LEGACY_BUNDLES) if ((await readRel({ root }, `${BIN_DIR}/${b}`)) !== null) legacy.push(b);

  let issueBackend = 'local';
  let issueBackendFrom: 'default' | 'config' = 'default';
  let issueUrl: StatusReport['issue_url'] = null;
  let installedOnce = false;
  try {
    const config = await loadConfig(root);
    const issues = config.issues;
    installedOnce = config.lang !== undefined;
    if (issues?.backend) [issueBackend, issueBackendFrom] = [issues.backend, 'config'];
    if (issues?.url) issueUrl = { url: issues.url, approved: await isUrlApproved(deps.userConfigDir, issues.url) };
  } catch (err) {
    problems.push((err as Error).message);
  }
  problems.push(...[trackedLogsNote(root) ?? []].flat()); // Butler's state committed by the repository (issue #23)
  const clients: Record<string, ClientStatus> = {};
  const hookFiles: { obj: JsonObject | null; event: string; key: string }[] = [];
  for (const c of CLIENTS) clients[c.key] = await clientStatus(root, c, problems, hookFiles);
  const guardMode = deps.guardMode ?? 'unknown';
  const { problems: runtimeProblems, altered } = await guardRuntimeProblems(root, hookFiles, deps.bundleDir, t);
  const guardLive: Record<string, string> = {};
  const trustProblems: string[] = [];
  for (const c of CLIENTS) {
    const st = clients[c.key]!;
    let trust: CodexTrust | null = null;
    if (c.trustCheck === 'hook-hash' && st.pre_tool_use_form) {
      const own = hookFiles.find((f) => f.key === c.key && f.obj && preToolUseCommands(f.obj, f.event).length);
      trust = await codexTrust(root, own?.obj ? (preToolUseCommands(own.obj, own.event)[0] ?? null) : null, deps.codexHome);
      // One rule for every client (docs/decisions.md D38): a missing trust is a problem where the client is on this machine.
      if (trust !== 'trusted' && trust !== 'unknown' && (deps.present?.(c) ?? true))
        trustProblems.push(
          t.untrustedClient(c.title, t.trust[trust] ?? trust, installText(deps.lang ?? 'en').trust(c)) + t.dropClient(c.title, c.key),
        );
      else if (trust !== 'trusted' && trust !== 'unknown') notes.push(t.notOnMachine(c.title));
    }
    guardLive[c.key] = liveness(st.pre_tool_use, c.hooks.events.guard.event, trust, runtimeProblems, guardMode, t);
  }
  const report: StatusReport = {
    root,
    node: { version: deps.nodeVersion, ok: major >= 20 },
    runtime: {
      running: deps.version,
      vendored,
      ...(stamp !== null && vendored === null ? { stamp_unreadable: true } : {}),
      bundles,
      altered,
      up_to_date: vendored === deps.version && Object.values(bundles).every(Boolean) && altered.length === 0,
    },
    git_repo: await fsp.lstat(path.join(root, '.git')).then(
      () => true,
      () => false,
    ),
    gitignore_session_logs: gitignoreCovers(await readRel({ root }, GITIGNORE)),
    ...(installedOnce ? { installed_once: true as const } : {}),
    issue_backend: issueBackend,
    issue_backend_from: issueBackendFrom,
    issue_url: issueUrl,
    clients,
    guard_mode: guardMode,
    guard_live: guardLive,
    problems,
    notes,
  };
  if (!report.node.ok) problems.push(t.oldNode(deps.nodeVersion));
  if (!report.git_repo) {
    problems.push(t.notGitProblem);
    return report;
  }
  // An installed client with a part missing does not work as installed (a MISS line is a problem).
  for (const c of CLIENTS) {
    const st = clients[c.key]!;
    if (!st.installed) continue;
    const ev = c.hooks.events;
    const missing = (
      [
        [st.session_start, t.hook(ev.sessionStart.event)],
        [st.pre_tool_use, t.hook(ev.guard.event)],
        [st.pre_tool_use_on_failure, t.onFailure(ev.guard.event, ev.guard.onFailure)],
        [st.pre_compact, t.hook(ev.preCompact.event)],
        ...(ev.postCompact ? [[st.post_compact === true, t.hook(ev.postCompact.event)] as [boolean, string]] : []),
        [st.mcp_server, t.entry(c.mcp.file.split('/').pop() ?? c.mcp.file)],
        [st.mcp_approved, c.mcp.approvalKey ? t.mcpApproval : c.mcp.format === 'toml' ? t.toolAutoApproval : t.mcpTrust],
        [st.guidance, c.guide === 'AGENTS.md' ? t.agentsGuide : t.guideBlock],
      ] as [boolean, string][]
    )
      .filter(([ok]) => !ok)
      .map(([, what]) => what);
    if (missing.length) problems.push(t.lacks(c.title, missing.join(deps.lang === 'ja' ? '、' : ', '), c.key));
  }
  if (vendored && vendored !== deps.version) problems.push(t.oldRuntime(vendored, deps.version));
  // A runtime with no version read is not up to date: a counted problem, with its fix (issue #25).
  else if (!vendored && Object.values(bundles).some(Boolean)) problems.push(t.badStamp(VERSION_FILE));
  if (legacy.length) problems.push(t.legacy(BIN_DIR, legacy.join(', ')));
  for (const c of CLIENTS) {
    const st = clients[c.key]!;
    // A note, not a problem: the install is fine, only a session started here would miss the hooks (#25).
    if (deps.launchDir && st.session_start && c.hooks.personalFile)
      notes.push(...subfolderNotes(root, deps.launchDir, c, st.settings_file, t));
  }
  problems.push(...runtimeProblems, ...trustProblems);
  if (!report.gitignore_session_logs) problems.push(t.notIgnored);
  return report;
}

/** Whether the guard runs for one client, and if not, why. 'unknown' trust: the client's records could not be read. */
function liveness(hook: boolean, event: string, trust: CodexTrust | null, runtime: string[], mode: string, t: Say): string {
  if (!hook) return t.live.noHook(event);
  if (trust && trust !== 'trusted') return trust === 'unknown' ? t.live.unknown : t.live.untrusted(t.trust[trust] ?? trust);
  if (runtime.length > 0) return t.live.altered;
  return mode === 'off' ? t.live.off : t.live.runs;
}

type Text = ReturnType<typeof installText>;
const mark = (t: Text, b: boolean) => (b ? t.st.mark.ok : t.st.mark.miss);
/** SessionEnd is optional (`butler install --session-end`): off is not a problem. */
const optional = (t: Text, b: boolean) => `${b ? t.st.mark.ok : t.st.mark.off} SessionEnd`;

function clientLine(c: ClientRecord, st: ClientStatus, t: ReturnType<typeof installText>, anyInstalled: boolean): string {
  // Field trial 7 / #25: a client not installed (by choice, or after uninstall) is one line, never a problem; leftovers show rows.
  const leftover = [st.session_start, st.pre_tool_use, st.pre_compact, st.post_compact === true, st.mcp_server].some(Boolean);
  if (!st.installed && (anyInstalled || !leftover))
    return `  ${`${c.title}:`.padEnd(12)} ${anyInstalled ? t.byChoice(`--${c.key}`) : t.notInstalledClient(`--${c.key}`)}`;
  const ev = c.hooks.events;
  const approval = c.mcp.approvalKey ? t.st.approved : c.mcp.format === 'toml' ? t.st.autoApprove : t.st.trusted;
  const mcpFile = c.mcp.file.split('/').pop();
  return (
    `  ${`${c.title}:`.padEnd(12)} ${mark(t, st.session_start)} ${ev.sessionStart.event}  ${mark(t, st.pre_tool_use)} ${ev.guard.event}${st.pre_tool_use_form ? t.st.form[st.pre_tool_use_form] : ''}  ` +
    `${mark(t, st.pre_compact)} ${ev.preCompact.event}  ${ev.postCompact ? `${mark(t, st.post_compact === true)} ${ev.postCompact.event}  ` : ''}${optional(t, st.session_end)}  ${mark(t, st.mcp_server)} ${mcpFile} butler  ${mark(t, st.mcp_approved)} ${approval}  ` +
    `${mark(t, st.guidance)} ${c.guide ?? t.st.guidance}` +
    (st.settings_file ? `  (${st.settings_file})` : '')
  );
}

/** `project`: the folder as `--project` named it, shell-quoted; absent when status looked where it was run. */
export function formatStatus(s: StatusReport, lang: Lang = 'en', project?: string): string {
  const t = installText(lang);
  const anyInstalled = Object.values(s.clients).some((c) => c.installed);
  const bundles = Object.entries(s.runtime.bundles)
    .map(([n, ok]) => `${n}${ok ? (s.runtime.altered.includes(n) ? t.st.alteredFile : '') : t.st.missingFile}`)
    .join(', ');
  const live = CLIENTS.filter((c) => s.clients[c.key]!.installed || !anyInstalled)
    .map((c) => `${c.title}: ${s.guard_live[c.key]}`)
    .join(t.st.liveSep);
  // Field trial 7: after uninstall (or before install) a page of MISS lines and Codex trust advice read as damage.
  const none = !s.runtime.vendored && !anyInstalled;
  const lines = [
    `butler status: ${s.root}`,
    `  ${mark(t, s.node.ok)} ${t.st.node(s.node.version)}`,
    // Nothing installed: the runtime is absent by design, said as such (`--`), not as a missing part (walk-through 8).
    none && !s.runtime.altered.length && !Object.values(s.runtime.bundles).some(Boolean)
      ? `  ${t.st.mark.none} ${t.st.runtimeAbsent(BIN_DIR, s.runtime.running)}`
      : `  ${mark(t, s.runtime.up_to_date)} ${t.st.runtime(BIN_DIR, s.runtime.vendored, s.runtime.running, bundles, s.runtime.stamp_unreadable ? 'unreadable' : Object.values(s.runtime.bundles).some(Boolean) ? 'stamp' : 'all', s.runtime.altered.length > 0)}`,
    `  ${mark(t, s.git_repo)} ${t.st.gitRepo}`,
    // Nothing installed: the not-installed line's install is the fix for a missing .gitignore line too (#25).
    ...(none && !s.gitignore_session_logs ? [] : [`  ${mark(t, s.gitignore_session_logs)} ${t.st.gitignore}`]),
    `  ${t.st.mark.ok} ${t.st.backend(s.issue_backend, s.issue_backend_from === 'config')}${s.issue_url ? t.st.url(s.issue_url.url, s.issue_url.approved) : ''}`,
    ...CLIENTS.map((c) => clientLine(c, s.clients[c.key]!, t, anyInstalled)),
    `  ${t.st.guard(s.guard_mode, live)}`,
  ];
  // Outside a repository that comes first, and install (which refuses there) is not advised.
  if (!s.git_repo) lines.splice(1, 0, `  ${t.notGit}`);
  else if (none) {
    const left = s.gitignore_session_logs && s.installed_once === true;
    lines.splice(1, 0, `  ${project && !left ? t.notInstalledAt(project) : t.notInstalled(left)}`);
  } else for (const c of CLIENTS) if (c.trust && s.clients[c.key]!.installed) lines.push(`  ${t.trustLabel(c.title)}: ${t.trust(c)}`);
  for (const n of s.notes) lines.push(`${t.noteLabel}: ${n}`);
  for (const p of s.problems) if (!(none && s.git_repo && p === t.st.notIgnored)) lines.push(`${t.problem}: ${p}`);
  // A committed config's words (a URL, a parse error quoting it) reach a person's terminal here.
  return `${neutralize(lines.join('\n'))}\n`;
}
