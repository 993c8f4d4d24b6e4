import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { failure } from '../shared/result.js';
import { BoundedStdioTransport, type Oversize } from './bounded-stdio.js';
import { createServer, type CreateServerOptions } from './server.js';
import type { ServerDeps } from './tool.js';

const MIB = 1024 * 1024;

/** A tool call that is too large gets the usual envelope (`invalid_argument`); anything else a JSON-RPC error. */
export function oversizeReply(o: Oversize): JSONRPCMessage {
  const summary = `Message of ${(o.bytes / MIB).toFixed(1)} MiB is over Butler's ${o.limit / MIB} MiB limit`;
  if (o.method === 'tools/call') {
    const result = failure('invalid_argument', summary, 'Send less: shorten notes or bodies, or split the call.', {
      bytes: o.bytes,
      limit: o.limit,
    });
    return {
      jsonrpc: '2.0',
      id: o.id,
      result: { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result, isError: true },
    };
  }
  return { jsonrpc: '2.0', id: o.id, error: { code: -32600, message: summary } };
}

/** Serves one connection on stdin/stdout until the client closes it. */
export async function serveStdio(deps: ServerDeps, opts: CreateServerOptions = {}): Promise<void> {
  const server = createServer(deps, opts);
  await server.connect(new BoundedStdioTransport(oversizeReply));
}
