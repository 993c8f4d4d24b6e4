import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createServer } from '../../src/mcp/server.js';
import type { ServerDeps } from '../../src/mcp/tool.js';
import { hostGit } from './git.js';

export interface Envelope {
  status: 'ok' | 'error' | 'need_input';
  summary: string;
  data: Record<string, any>;
  error_code?: string;
  hint?: string;
}

/** A real SDK Client talking to a fresh server over InMemoryTransport, as `clientName`. */
export async function connect(opts: { clientName?: string; deps?: Partial<ServerDeps>; worker?: boolean } = {}) {
  const deps: ServerDeps = { cwd: process.cwd(), env: {}, now: () => new Date(), git: hostGit, ...opts.deps };
  const server = createServer(deps, { worker: opts.worker });
  const client = new Client({ name: opts.clientName ?? 'claude-code', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<Envelope> => {
    const r = await client.callTool({ name, arguments: args });
    return r.structuredContent as unknown as Envelope;
  };
  return { client, server, call, close: () => client.close() };
}
