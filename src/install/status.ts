import { promises as fsp } from 'node:fs';
import { trackedLogsNote } from '../shared/tracked-logs.js';
import path from 'node:path';
import { isUrlApproved } from '../issues/trust.js';
import { loadConfig, type Lang } from '../shared/config.js';
import { BIN_DIR, BUNDLES, LEGACY_BUNDLES, SERVER_NAME, VERSION_FILE, type GuardForm } from './constants.js';
import { CLAUDE_LOCAL, CLAUDE_SHARED, MCP_JSON, claudeCommands } from './claude.js';
import { CODEX_CONFIG, CODEX_HOOKS, codexCommands } from './codex.js';
import { AGENTS_MD, CLAUDE_MD, GITIGNORE, claudeMdDefersToAgents, gitignoreCovers, hasGuideBlock } from './guide.js';
import { CODEX_TRUST_NOTE } from './constants.js';
import { hasOwnHookGroup, isObject, parseJsonObject, type JsonObject } from './json.js';
import { readRel } from './plan.js';
import { butlerEntry, parseToml } from './toml.js';
import { installText } from './messages.js';
import { parseStamp } from './vendor.js';
import { launcherSum } from './guard-launcher.js';
import { guardRuntimeProblems, preToolUseCommands } from './status-guard.js';
import { codexTrust, type CodexTrust } from './status-live.js';

export interface StatusReport {
  root: string;
  node: { version: string; ok: boolean };
  runtime: { running: string; vendored: string | null; bundles: Record<string, boolean>; up_to_date: boolean };
  git_repo: boolean;
  gitignore_session_logs: boolean;
  issue_backend: string;
  /** Whether .butler/config.yaml chose the backend or Butler's default applies. */
  issue_backend_from: 'default' | 'config';
  /** issues.url and whether the user approved it for their token (recorded outside the repository). */
  issue_url: { url: string; approved: boolean } | null;
  claude: {
    settings_file: string | null;
    session_start: boolean;
    pre_tool_use: boolean;
    pre_compact: boolean;
    post_compact: boolean;
    session_end: boolean;
    pre_tool_use_form: GuardForm | null;
    mcp_server: boolean;
    mcp_approved: boolean;
    guidance: boolean;
    /** Anything of Butler's is there for this client; a client with nothing was left out by choice. */
    installed: boolean;
  };
  codex: {
    session_start: boolean;
    pre_tool_use: boolean;
    pre_compact: boolean;
    session_end: boolean;
    pre_tool_use_form: GuardForm | null;
    mcp_server: boolean;
    auto_approve: boolean;
    guidance: boolean;
    trust: string;
    installed: boolean;
  };
  /** The guard mode the PreToolUse hook applies here (stricter of work tree and HEAD). */
  guard_mode: string;
  /** Per client: will the guard run in a session started at the project root? */
  guard_live: { claude: string; codex: string };
  problems: string[];
}

async function jsonOrProblem(root: string, rel: string, problems: string[]): Promise<JsonObject | null> {
  const text = await readRel({ root }, rel);
  if (text === null) return null;
  try {
    return parseJsonObject(rel, text);
  } catch (err) {
    problems.push((err as Error).message);
    return null;
  }
}

const hasGuide = async (root: string, rel: string) => hasGuideBlock(await readRel({ root }, rel));

/**
 * What Claude Code 2.1 does when started in a subfolder of the project (observed with the real CLI,
 * README "Troubleshooting"): it finds .mcp.json and the project's trust above the folder, runs hooks
 * from the root's .claude/settings.local.json but not from .claude/settings.json, and sets
 * $CLAUDE_PROJECT_DIR to the subfolder, where "$CLAUDE_PROJECT_DIR"/.butler/bin/ does not exist.
 */
function subfolderProblems(root: string, launchDir: string, settingsFile: string | null): string[] {
  const rel = path.relative(root, launchDir);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return [];
  const hooks =
    settingsFile === CLAUDE_SHARED
      ? `Claude Code does not load ${CLAUDE_SHARED} there, so Butler's hooks do not run`
      : `Claude Code sets $CLAUDE_PROJECT_DIR to that folder, so Butler's hook commands cannot find ${BIN_DIR}/`;
  return [
    `Run from the subfolder ${rel}: ${hooks}. Start Claude Code at the project root (${root}); the MCP server works from any folder.`,
  ];
}

export async function getStatus(
  root: string,
  deps: {
    nodeVersion: string;
    version: string;
    launchDir?: string;
    userConfigDir?: string;
    bundleDir?: string;
    /** Codex's own folder ($CODEX_HOME, else ~/.codex), where it records trust. */
    codexHome?: string;
    /** The guard mode the hook applies here (the CLI reads it: src/guard/settings.ts); 'unknown' without it. */
    guardMode?: string;
  },
): Promise<StatusReport> {
  const problems: string[] = [];
  const major = Number(/^v?(\d+)/.exec(deps.nodeVersion)?.[1] ?? 0);
  const bundles: Record<string, boolean> = {};
  for (const b of BUNDLES) bundles[b] = (await readRel({ root }, `${BIN_DIR}/${b}`)) !== null;
  const vendored = parseStamp(await readRel({ root }, VERSION_FILE));
  const legacy: string[] = [];
  for (const b of LEGACY_BUNDLES) if ((await readRel({ root }, `${BIN_DIR}/${b}`)) !== null) legacy.push(b);

  const local = await jsonOrProblem(root, CLAUDE_LOCAL, problems);
  const shared = await jsonOrProblem(root, CLAUDE_SHARED, problems);
  const settings = [
    [CLAUDE_LOCAL, local],
    [CLAUDE_SHARED, shared],
  ] as const;
  const withHooks = settings.find(([, o]) => o && hasOwnHookGroup(o, 'SessionStart', claudeCommands.sessionStart));
  const approved = settings.some(([, o]) => Array.isArray(o?.enabledMcpjsonServers) && o.enabledMcpjsonServers.includes(SERVER_NAME));
  const mcp = await jsonOrProblem(root, MCP_JSON, problems);
  const codexHooks = await jsonOrProblem(root, CODEX_HOOKS, problems);
  let codexEntry: unknown;
  const toml = await readRel({ root }, CODEX_CONFIG);
  if (toml !== null) {
    try {
      codexEntry = butlerEntry(parseToml(CODEX_CONFIG, toml));
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  let issueBackend = 'local';
  let issueBackendFrom: 'default' | 'config' = 'default';
  let issueUrl: StatusReport['issue_url'] = null;
  try {
    const issues = (await loadConfig(root)).issues;
    if (issues?.backend) [issueBackend, issueBackendFrom] = [issues.backend, 'config'];
    if (issues?.url) issueUrl = { url: issues.url, approved: await isUrlApproved(deps.userConfigDir, issues.url) };
  } catch (err) {
    problems.push((err as Error).message);
  }
  problems.push(...[trackedLogsNote(root) ?? []].flat()); // Butler's state committed by the repository (issue #23)
  const defers = await claudeMdDefersToAgents(root);
  // Which PreToolUse command is installed: the shell pre-filter, or the plain Node command (native Windows, or an older install).
  const formOf = (objs: (JsonObject | null)[], cmds: { preToolUseNode: string }): GuardForm | null =>
    objs.some((o) => o && preToolUseCommands(o).some((c) => launcherSum(c) !== null))
      ? 'shell'
      : objs.some((o) => o && hasOwnHookGroup(o, 'PreToolUse', cmds.preToolUseNode))
        ? 'node'
        : null;
  const claudeForm = formOf([local, shared], claudeCommands);
  const codexForm = formOf([codexHooks], codexCommands);
  const guardMode = deps.guardMode ?? 'unknown';
  const runtimeProblems = await guardRuntimeProblems(root, [local, shared, codexHooks], deps.bundleDir);
  const codexCommand = codexHooks ? (preToolUseCommands(codexHooks)[0] ?? null) : null;
  const trust = codexForm ? await codexTrust(root, codexCommand, deps.codexHome) : false;
  const report: StatusReport = {
    root,
    node: { version: deps.nodeVersion, ok: major >= 20 },
    runtime: {
      running: deps.version,
      vendored,
      bundles,
      up_to_date: vendored === deps.version && Object.values(bundles).every(Boolean),
    },
    git_repo: await fsp.lstat(path.join(root, '.git')).then(
      () => true,
      () => false,
    ),
    gitignore_session_logs: gitignoreCovers(await readRel({ root }, GITIGNORE)),
    issue_backend: issueBackend,
    issue_backend_from: issueBackendFrom,
    issue_url: issueUrl,
    claude: {
      settings_file: withHooks?.[0] ?? null,
      session_start: Boolean(withHooks),
      pre_tool_use: claudeForm !== null,
      pre_tool_use_form: claudeForm,
      pre_compact: [local, shared].some((o) => o && hasOwnHookGroup(o, 'PreCompact', claudeCommands.preCompact)),
      post_compact: [local, shared].some((o) => o && hasOwnHookGroup(o, 'PostCompact', claudeCommands.postCompact)),
      session_end: [local, shared].some((o) => o && hasOwnHookGroup(o, 'SessionEnd', claudeCommands.sessionEnd)),
      mcp_server: isObject(mcp?.mcpServers) && isObject(mcp.mcpServers[SERVER_NAME]),
      mcp_approved: approved,
      guidance: await hasGuide(root, defers ? AGENTS_MD : CLAUDE_MD),
      installed: false,
    },
    codex: {
      session_start: Boolean(codexHooks && hasOwnHookGroup(codexHooks, 'SessionStart', codexCommands.sessionStart)),
      pre_tool_use: codexForm !== null,
      pre_tool_use_form: codexForm,
      pre_compact: Boolean(codexHooks && hasOwnHookGroup(codexHooks, 'PreCompact', codexCommands.preCompact)),
      session_end: Boolean(codexHooks && hasOwnHookGroup(codexHooks, 'SessionEnd', codexCommands.sessionEnd)),
      mcp_server: isObject(codexEntry),
      auto_approve: isObject(codexEntry) && codexEntry.default_tools_approval_mode === 'approve',
      guidance: await hasGuide(root, AGENTS_MD),
      trust: CODEX_TRUST_NOTE,
      installed: false,
    },
    guard_mode: guardMode,
    guard_live: {
      claude: liveness(claudeForm !== null, null, runtimeProblems, guardMode),
      codex: liveness(codexForm !== null, trust || null, runtimeProblems, guardMode),
    },
    problems,
  };
  const { claude, codex } = report;
  claude.installed = claude.session_start || claude.pre_tool_use || claude.pre_compact || claude.mcp_server;
  codex.installed = codex.session_start || codex.pre_tool_use || codex.pre_compact || codex.mcp_server;
  if (!report.node.ok) problems.push(`Node ${deps.nodeVersion} is too old: Butler needs Node 20 or newer.`);
  if (!report.git_repo) {
    problems.push('Not a git repository: Butler installs into a git repository (run git init there, or pass --project).');
    return report;
  }
  // An installed client with a part missing does not work as installed (a MISS line is a problem).
  const lacks = (name: string, flag: string, parts: [boolean, string][]) => {
    const missing = parts.filter(([ok]) => !ok).map(([, what]) => what);
    if (missing.length) problems.push(`${name} lacks ${missing.join(', ')}: run butler install ${flag} to repair.`);
  };
  if (claude.installed)
    lacks('Claude Code', '--claude', [
      [claude.session_start, 'the SessionStart hook'],
      [claude.pre_tool_use, 'the PreToolUse hook'],
      [claude.pre_compact, 'the PreCompact hook'],
      [claude.post_compact, 'the PostCompact hook'],
      [claude.mcp_server, 'the .mcp.json entry'],
      [claude.mcp_approved, 'the MCP approval'],
      [claude.guidance, 'the guidance block'],
    ]);
  if (codex.installed)
    lacks('Codex', '--codex', [
      [codex.session_start, 'the SessionStart hook'],
      [codex.pre_tool_use, 'the PreToolUse hook'],
      [codex.pre_compact, 'the PreCompact hook'],
      [codex.mcp_server, 'the config.toml entry'],
      [codex.auto_approve, 'the tool auto-approval'],
      [codex.guidance, 'the AGENTS.md guidance'],
    ]);
  if (vendored && vendored !== deps.version)
    problems.push(`Vendored runtime is ${vendored}, this Butler is ${deps.version}: run butler install to update.`);
  if (legacy.length)
    problems.push(`${BIN_DIR}/ holds the hooks of an older Butler (${legacy.join(', ')}): run butler install to upgrade them.`);
  if (deps.launchDir && report.claude.session_start) problems.push(...subfolderProblems(root, deps.launchDir, report.claude.settings_file));
  problems.push(...runtimeProblems);
  if (trust && trust !== 'trusted' && trust !== 'unknown')
    problems.push(`Codex: ${trust}, so Codex runs none of Butler's hooks: ${CODEX_TRUST_NOTE}`);
  if (!report.gitignore_session_logs) problems.push('session_logs/ is not git-ignored: snapshots could be committed. Run butler install.');
  return report;
}

/** Whether the guard runs for one client, and if not, why. 'unknown' trust: Codex's records could not be read. */
function liveness(hook: boolean, trust: CodexTrust | null, runtime: string[], mode: string): string {
  if (!hook) return 'does NOT run (no PreToolUse hook)';
  if (trust && trust !== 'trusted') return trust === 'unknown' ? 'runs once Codex trusts the project and hooks' : `does NOT run (${trust})`;
  if (runtime.length > 0) return 'blocks anything that could be git (runtime missing or altered)';
  return mode === 'off' ? 'runs, mode off: allows git' : 'runs';
}

const mark = (b: boolean) => (b ? 'ok  ' : 'MISS');
/** SessionEnd is optional (`butler install --session-end`): off is not a problem. */
const optional = (b: boolean) => (b ? 'ok   SessionEnd' : 'off  SessionEnd');
const form = (f: GuardForm | null) => (f === 'shell' ? ' (sh pre-filter)' : f === 'node' ? ' (node only)' : '');

export function formatStatus(s: StatusReport, lang: Lang = 'en'): string {
  const t = installText(lang);
  const head = `butler status: ${s.root}`;
  const bundles = Object.entries(s.runtime.bundles)
    .map(([n, ok]) => `${n}${ok ? '' : ' (missing)'}`)
    .join(', ');
  // Field trial 7 / #25: a client left out by choice is not a row of MISS.
  const notChosen = t.byChoice;
  const lines = [
    head,
    `  ${mark(s.node.ok)} node ${s.node.version} (needs >= 20)`,
    `  ${mark(s.runtime.up_to_date)} runtime ${BIN_DIR}/: ${s.runtime.vendored ?? 'not installed'} (this butler: ${s.runtime.running}); ${bundles}`,
    `  ${mark(s.git_repo)} git repository`,
    `  ${mark(s.gitignore_session_logs)} .gitignore has session_logs/ (snapshots stay private)`,
    `  ok   issue backend: ${s.issue_backend} (${s.issue_backend_from === 'config' ? '.butler/config.yaml' : 'default; no issues section in .butler/config.yaml'})${s.issue_url ? `, ${s.issue_url.url} ${s.issue_url.approved ? 'approved' : `NOT approved for your token (butler issue approve-url ${s.issue_url.url})`}` : ''}`,
    `  Claude Code: ${
      s.claude.installed || !s.codex.installed
        ? `${mark(s.claude.session_start)} SessionStart  ${mark(s.claude.pre_tool_use)} PreToolUse${form(s.claude.pre_tool_use_form)}  ${mark(s.claude.pre_compact)} PreCompact  ${mark(s.claude.post_compact)} PostCompact  ${optional(s.claude.session_end)}  ${mark(s.claude.mcp_server)} .mcp.json butler  ${mark(s.claude.mcp_approved)} approved  ${mark(s.claude.guidance)} guidance` +
          (s.claude.settings_file ? `  (${s.claude.settings_file})` : '')
        : notChosen('--claude')
    }`,
    `  Codex:       ${
      s.codex.installed || !s.claude.installed
        ? `${mark(s.codex.session_start)} SessionStart  ${mark(s.codex.pre_tool_use)} PreToolUse${form(s.codex.pre_tool_use_form)}  ${mark(s.codex.pre_compact)} PreCompact  ${optional(s.codex.session_end)}  ${mark(s.codex.mcp_server)} config.toml butler  ${mark(s.codex.auto_approve)} auto-approve  ${mark(s.codex.guidance)} AGENTS.md`
        : notChosen('--codex')
    }`,
  ];
  lines.push(`  guard: mode ${s.guard_mode}; Claude Code: ${s.guard_live.claude}; Codex: ${s.guard_live.codex}`);
  // Field trial 7: after uninstall (or before install) a page of MISS lines and Codex trust advice read as damage.
  const none = !s.runtime.vendored && !s.claude.installed && !s.codex.installed;
  // Outside a repository that comes first, and install (which refuses there) is not advised.
  if (!s.git_repo) lines.splice(1, 0, `  ${t.notGit}`);
  else if (none) lines.splice(1, 0, `  ${t.notInstalled}`);
  else if (s.codex.installed) lines.push(`  ${t.trustLabel}: ${t.codexTrust}`);
  for (const p of s.problems) lines.push(`${t.problem}: ${p}`);
  return `${lines.join('\n')}\n`;
}
