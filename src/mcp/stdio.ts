import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer, type CreateServerOptions } from './server.js';
import type { ServerDeps } from './tool.js';

/** Serves one connection on stdin/stdout until the client closes it. */
export async function serveStdio(deps: ServerDeps, opts: CreateServerOptions = {}): Promise<void> {
  const server = createServer(deps, opts);
  await server.connect(new StdioServerTransport());
}
