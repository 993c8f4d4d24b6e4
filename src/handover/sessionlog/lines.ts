import { createReadStream } from 'node:fs';

export interface RawLine {
  /** 1-based line number. */
  no: number;
  /** The line without its line break; null when it was longer than the limit (skipped, never buffered). */
  text: string | null;
  /** Byte offset just after this line (and its newline, when it has one). */
  end: number;
  /** False for a last line with no newline yet: a writer may still be appending to it. */
  terminated: boolean;
}

/** Lines longer than this are counted but not parsed, so one giant tool result cannot exhaust memory. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** Streams a file line by line with byte offsets; memory stays bounded by the longest accepted line. */
export async function* readLines(file: string, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<RawLine> {
  let parts: Buffer[] = [];
  let partLen = 0;
  let oversized = false;
  let offset = 0;
  let no = 0;
  const take = (): string | null => {
    if (oversized) return null;
    const buf = parts.length === 1 ? parts[0]! : Buffer.concat(parts, partLen);
    const text = buf.toString('utf8');
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  };
  const reset = () => {
    parts = [];
    partLen = 0;
    oversized = false;
  };
  const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let pos = 0;
    for (;;) {
      const nl = chunk.indexOf(10, pos);
      const stop = nl === -1 ? chunk.length : nl;
      if (!oversized) {
        if (partLen + (stop - pos) > maxLineBytes) {
          oversized = true;
          parts = [];
        } else if (stop > pos) {
          parts.push(chunk.subarray(pos, stop));
        }
      }
      partLen += stop - pos;
      offset += stop - pos;
      if (nl === -1) break;
      offset += 1;
      no += 1;
      yield { no, text: take(), end: offset, terminated: true };
      reset();
      pos = nl + 1;
    }
  }
  if (partLen > 0 || oversized) {
    no += 1;
    yield { no, text: take(), end: offset, terminated: false };
  }
}
