/**
 * A small stdio MCP client: spawns a server command and calls tools through the real SDK Client.
 * Used by `butler demo` (and tests) to drive the real server the way Claude Code and Codex do.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ToolResult } from '../shared/result.js';

export interface StdioClientOptions {
  command: string;
  args: string[];
  cwd: string;
  /** Sent as MCP clientInfo.name: the server derives the brain id from it. */
  clientName: string;
  clientTitle?: string;
  /** Extra environment on top of the SDK's safe default set (HOME, PATH, ...). */
  env?: Record<string, string>;
}

export interface StdioClient {
  call: (tool: string, args?: Record<string, unknown>) => Promise<ToolResult<Record<string, any>>>;
  listTools: () => Promise<string[]>;
  serverName: () => string | undefined;
  close: () => Promise<void>;
}

export async function connectStdio(opts: StdioClientOptions): Promise<StdioClient> {
  const transport = new StdioClientTransport({
    command: opts.command,
    args: opts.args,
    cwd: opts.cwd,
    env: { ...getDefaultEnvironment(), ...opts.env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString('utf8')).slice(-2000);
  });
  const client = new Client({ name: opts.clientName, title: opts.clientTitle, version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (err) {
    await transport.close().catch(() => undefined);
    throw new Error(
      `could not start the MCP server (${opts.command} ${opts.args.join(' ')}): ${(err as Error).message}${stderr ? `\n${stderr}` : ''}`,
    );
  }
  return {
    call: async (tool, args = {}) => {
      const r = await client.callTool({ name: tool, arguments: args });
      if (r.structuredContent) return r.structuredContent as unknown as ToolResult<Record<string, any>>;
      const first = Array.isArray(r.content) ? (r.content[0] as { type?: string; text?: string } | undefined) : undefined;
      return JSON.parse(first?.text ?? '{}') as ToolResult<Record<string, any>>;
    },
    listTools: async () => (await client.listTools()).tools.map((t) => t.name),
    serverName: () => client.getServerVersion()?.name,
    close: () => client.close(),
  };
}
