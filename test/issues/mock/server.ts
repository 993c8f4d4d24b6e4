import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: RecordedRequest, base: string) => Reply;

/**
 * A tiny JSON HTTP server on 127.0.0.1 that records every request. `failNext` injects one error reply
 * (status + the tracker's documented error body); `hangNext` never answers, to exercise timeouts.
 */
export class MockHttpServer {
  readonly requests: RecordedRequest[] = [];
  base = '';
  private server?: http.Server;
  private injected: Reply[] = [];
  private hang = 0;

  constructor(private readonly handler: Handler) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', this.base);
        const rec: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: raw ? JSON.parse(raw) : undefined,
        };
        this.requests.push(rec);
        if (this.hang > 0) {
          this.hang -= 1;
          return; // never answer
        }
        const reply = this.injected.shift() ?? this.handler(rec, this.base);
        const headers: Record<string, string> = { ...reply.headers };
        if (reply.body !== undefined) headers['Content-Type'] = 'application/json; charset=utf-8';
        res.writeHead(reply.status, headers);
        res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  failNext(reply: Reply): void {
    this.injected.push(reply);
  }

  hangNext(): void {
    this.hang += 1;
  }

  clear(): void {
    this.requests.length = 0;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => this.server?.close(() => r()) ?? r());
  }
}

export function iso(n: number): string {
  return new Date(Date.UTC(2026, 5, 3, 9, 0, n)).toISOString().replace('.000Z', 'Z');
}
