// Seeds and inspects Butler state through the installed MCP server over stdio (the same vendored
// bundle the clients start), connecting as a chosen client name so the brain id matches.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import fs from 'node:fs';
import path from 'node:path';
import { BUTLER_BIN, cleanEnv } from './clients.js';

export interface Envelope {
  status: 'ok' | 'error' | 'need_input';
  summary: string;
  data: Record<string, any>;
  error_code?: string;
  hint?: string;
}

export interface ButlerSession {
  call(name: string, args?: Record<string, unknown>): Promise<Envelope>;
  close(): Promise<void>;
}

/** Connects to `node .butler/bin/butler.mjs mcp` in the repo (or this checkout's bundle) as `clientName`. */
export async function connectButler(repo: string, clientName: string): Promise<ButlerSession> {
  const vendored = path.join(repo, '.butler', 'bin', 'butler.mjs');
  const bin = fs.existsSync(vendored) ? vendored : BUTLER_BIN;
  const env = cleanEnv({}) as Record<string, string>;
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp'], cwd: repo, env, stderr: 'pipe' });
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(transport);
  return {
    async call(name, args = {}) {
      const r = await client.callTool({ name, arguments: args });
      if (r.structuredContent) return r.structuredContent as unknown as Envelope;
      const text = (r.content as Array<{ type: string; text?: string }>).find((c) => c.type === 'text')?.text ?? '{}';
      return JSON.parse(text) as Envelope;
    },
    close: () => client.close(),
  };
}

export interface Seeded {
  handoverId: string;
  handoffPrompt: string;
  result: Envelope;
}

/** Saves a snapshot as `clientName` (suspend, or transfer when targetBrain is given). */
export async function seedHandover(repo: string, clientName: string, notes: string, targetBrain?: string): Promise<Seeded> {
  const s = await connectButler(repo, clientName);
  try {
    const start = await s.call('work_session_start', { project_root: repo });
    if (start.status === 'error') throw new Error(`work_session_start: ${JSON.stringify(start)}`);
    const result = targetBrain
      ? await s.call('handover_transfer', { target_brain: targetBrain, notes })
      : await s.call('handover_suspend', { notes });
    if (result.status !== 'ok') throw new Error(`seed handover: ${JSON.stringify(result)}`);
    const handoverId = String(result.data.handover_id ?? '');
    const handoffPrompt = String(result.data.handoff_prompt ?? '');
    if (!handoverId || !handoffPrompt) throw new Error(`seed handover: no id / prompt in ${JSON.stringify(result)}`);
    return { handoverId, handoffPrompt, result };
  } finally {
    await s.close();
  }
}
