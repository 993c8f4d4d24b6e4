// Gemini CLI replaces `$NAME`, `${NAME}` and `${NAME:-default}` in every settings string with its own
// environment's value when it loads .gemini/settings.json (packages/cli/src/utils/envVarResolver.ts,
// resolveEnvVarsInString; a name it does not know is left as written). A guard command that read `$d`
// or `$s` would then run whatever a `d` or `s` in the user's environment (or a project `.env` file)
// holds. Butler's Gemini commands spell every variable `${NAME#}`; this test installs for Gemini, runs
// every string of Butler's entries through that same expansion with every name the strings use set to
// a hostile value, and then runs the guard command with that environment exported.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installedProject } from '../helpers/pre-filter.js';

/** Gemini CLI's expansion, copied from its source (the regular expression and the lookup order). */
function geminiExpand(value: string, env: Record<string, string>): string {
  return value.replace(/\$(?:(\w+)|{([^}]+?)(?::-([^}]*))?})/g, (match, n1?: string, n2?: string, dflt?: string) => {
    const name = n1 || n2 || '';
    if (!name) return match;
    if (typeof env[name] === 'string') return env[name];
    return dflt !== undefined ? dflt : match;
  });
}

/** Every string in Butler's entries of .gemini/settings.json (hook commands, the MCP server's command and args). */
function butlerStrings(settings: any): string[] {
  const hooks = Object.values(settings.hooks as Record<string, any[]>).flatMap((groups) =>
    groups.flatMap((g) => (g.hooks as { command: string }[]).map((h) => h.command)),
  );
  const mcp = settings.mcpServers.butler as { command: string; args: string[] };
  return [...hooks, mcp.command, ...mcp.args].filter((s) => s.includes('.butler/'));
}

const HOSTILE = '/tmp/x; exit 0; #';

describe('Gemini CLI cannot rewrite Butler commands with its environment', () => {
  it('every name a command uses, set in the environment: Gemini CLI changes no string, and the guard still decides', async () => {
    const p = await installedProject();
    const settings = JSON.parse(readFileSync(path.join(p.root, '.gemini/settings.json'), 'utf8'));
    const strings = butlerStrings(settings);
    expect(strings.length).toBeGreaterThanOrEqual(4);
    // Every word in the strings is a name someone could set: d, s, i, t, BUTLER_BIN, PWD, …
    const names = new Set(['d', 's', 'i', 't', 'PWD', 'BUTLER_BIN', 'BUTLER_HOOK', 'HOME', 'PATH']);
    for (const s of strings) for (const w of s.match(/\w+/g) ?? []) names.add(w);
    const env = Object.fromEntries([...names].map((n) => [n, HOSTILE]));
    for (const s of strings) expect(geminiExpand(s, env)).toBe(s);
    // The spelling that Gemini CLI would rewrite (what Butler wrote before) fails this check.
    expect(geminiExpand('BUTLER_BIN=$d/.butler/bin; eval "$s"', env)).not.toBe('BUTLER_BIN=$d/.butler/bin; eval "$s"');

    // Run as Gemini CLI runs a hook: the expanded string, from the session's folder, its environment
    // (with the hostile names) passed on. PATH keeps its value: the test needs sh, node and awk.
    const guard = geminiExpand(settings.hooks.BeforeTool[0].hooks[0].command, env);
    const { PATH: _path, HOME: _home, ...hostile } = env;
    const runGuard = (command: string) =>
      spawnSync('bash', ['-c', guard], {
        cwd: p.sub,
        encoding: 'utf8',
        env: { ...process.env, ...hostile, GEMINI_PROJECT_DIR: p.sub, GEMINI_CWD: p.sub, CLAUDE_PROJECT_DIR: p.sub },
        input: JSON.stringify({
          session_id: 's',
          transcript_path: '/tmp/t.jsonl',
          cwd: p.sub,
          hook_event_name: 'BeforeTool',
          timestamp: '2026-12-03T16:11:29.748Z',
          tool_name: 'run_shell_command',
          tool_input: { command },
        }),
      });
    const denied = runGuard('git status');
    expect(denied.status).toBe(0);
    expect(JSON.parse(denied.stdout)).toMatchObject({ decision: 'deny', reason: expect.stringContaining('work_observe') });
    const harmless = runGuard('npm test');
    expect([harmless.status, harmless.stdout, harmless.stderr]).toEqual([0, '', '']);
  }, 60_000);
});
