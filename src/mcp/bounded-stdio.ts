import type { Readable, Writable } from 'node:stream';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Largest JSON-RPC line Butler reads. The SDK's stdio transport closes the whole connection when its
 * buffer passes 10 MiB, so one oversize call would end the session: this one answers it instead and
 * keeps serving. No tool needs more than a few hundred KiB of arguments.
 */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** How much of an oversize line is kept (start and end) to find its `id` and `method`. */
const WINDOW = 64 * 1024;

export interface Oversize {
  id: string | number;
  method: string | null;
  bytes: number;
  limit: number;
}

/** Newline-delimited JSON-RPC over stdio with a per-message limit; `reply` answers an oversize request. */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private parts: Buffer[] = [];
  private size = 0;
  private over: { head: Buffer; tail: Buffer; size: number } | null = null;

  constructor(
    private readonly reply: (o: Oversize) => JSONRPCMessage,
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly limit = MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.parts = [];
    this.over = null;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private readonly onError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (;;) {
      const nl = buf.indexOf(10, start);
      this.add(buf.subarray(start, nl === -1 ? buf.length : nl));
      if (nl === -1) return;
      this.endLine();
      start = nl + 1;
    }
  };

  private add(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.over) {
      this.over.size += piece.length;
      this.over.tail = lastBytes(Buffer.concat([this.over.tail, piece]));
      return;
    }
    this.parts.push(piece);
    this.size += piece.length;
    if (this.size > this.limit) {
      const all = Buffer.concat(this.parts);
      // Copies, so the large buffer is not kept alive by a slice.
      this.over = { head: Buffer.from(all.subarray(0, WINDOW)), tail: Buffer.from(lastBytes(all)), size: all.length };
      this.parts = [];
      this.size = 0;
    }
  }

  private endLine(): void {
    const over = this.over;
    const parts = this.parts;
    this.over = null;
    this.parts = [];
    this.size = 0;
    if (over) return this.oversize(over);
    const line = Buffer.concat(parts).toString('utf8').replace(/\r$/, '');
    if (!line.trim()) return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (err) {
      this.onerror?.(err as Error);
      return;
    }
    this.onmessage?.(message);
  }

  private oversize(o: { head: Buffer; tail: Buffer; size: number }): void {
    const head = o.head.toString('utf8');
    const tail = o.tail.toString('utf8');
    const id = requestId(head, tail);
    if (id === null) {
      this.onerror?.(new Error(`dropped a ${o.size}-byte message without an id (limit ${this.limit})`));
      return;
    }
    const method = /"method"\s*:\s*"([^"\\]{1,100})"/.exec(head)?.[1] ?? /"method"\s*:\s*"([^"\\]{1,100})"/.exec(tail)?.[1] ?? null;
    this.send(this.reply({ id, method, bytes: o.size, limit: this.limit })).catch(() => undefined);
  }
}

const lastBytes = (b: Buffer) => (b.length > WINDOW ? b.subarray(b.length - WINDOW) : b);

/** The top-level `id`: before `params` at the start of the line, else the last one at its end. */
function requestId(head: string, tail: string): string | number | null {
  const re = /"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")/g;
  const params = head.indexOf('"params"');
  const first = re.exec(head);
  const value = first && (params === -1 || first.index < params) ? first[1] : [...tail.matchAll(re)].at(-1)?.[1];
  if (value === undefined) return null;
  try {
    return JSON.parse(value) as string | number;
  } catch {
    return null;
  }
}
