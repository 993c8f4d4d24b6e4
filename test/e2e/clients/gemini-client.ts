// Driving the real Gemini CLI offline: its bundle reads GOOGLE_GEMINI_BASE_URL, so the scripted model
// server answers its Gemini API requests. HOME is the workspace's private home: ~/.gemini/settings.json
// selects API-key auth (any key: the server does not check it) and turns telemetry off, and
// ~/.gemini/trustedFolders.json trusts the repo (Gemini CLI runs project hooks only in a trusted folder).
import fs from 'node:fs';
import path from 'node:path';
import { cleanEnv, geminiBin, run, withLock, type ClientRunOptions, type RunResult, type Workspace } from './clients.js';

export function writeGeminiHome(ws: Workspace): void {
  const dir = path.join(ws.home, '.gemini');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'settings.json'),
    JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
    }),
  );
  fs.writeFileSync(path.join(dir, 'trustedFolders.json'), JSON.stringify({ [ws.repo]: 'TRUST_FOLDER' }));
}

/**
 * `gemini -p <prompt> --output-format json` in the repo. No --yolo: Butler's MCP tools run because its
 * entry carries `trust`. Headless Gemini CLI offers no tool that would need a confirmation, so its shell
 * tool is allowed the way a person would allow it (`--allowed-tools run_shell_command`); the guard then
 * still runs before every command (BeforeTool).
 */
export async function runGemini(o: ClientRunOptions): Promise<RunResult & { json?: any }> {
  const env = cleanEnv({
    HOME: o.ws.home,
    GEMINI_API_KEY: 'butler-e2e-key',
    GOOGLE_GEMINI_BASE_URL: o.serverUrl,
    ...o.env,
  });
  const args = [geminiBin(), '-p', o.prompt, '--output-format', 'json', '--allowed-tools', 'run_shell_command'];
  const r = await withLock('client', () => run(process.execPath, args, o.ws.repo, env, o.timeoutMs ?? 180_000));
  let json: any;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { ...r, json };
}

/** The session files Gemini CLI wrote under ~/.gemini/tmp/<project>/chats/. */
export function geminiChats(ws: Workspace): string[] {
  const tmp = path.join(ws.home, '.gemini', 'tmp');
  if (!fs.existsSync(tmp)) return [];
  return fs
    .readdirSync(tmp)
    .flatMap((p) => {
      const chats = path.join(tmp, p, 'chats');
      return fs.existsSync(chats) ? fs.readdirSync(chats).map((f) => path.join(chats, f)) : [];
    })
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
}
