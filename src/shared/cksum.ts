// The checksum POSIX `cksum` prints, in TypeScript: the start memo (src/handover/start-memo.ts) records it
// for each file it depends on, and src/hooks/bin/session-start.sh compares it with what `cksum` prints.

// Slicing-by-8 tables: the hook runs this once per process, before the JIT warms up, so fewer loop turns
// count. Made on first use: most starts reuse every checksum of the previous memo and never need them.
let crcTable: Int32Array | null = null;
function crcTableNow(): Int32Array {
  if (crcTable) return crcTable;
  const t = new Int32Array(256 * 8);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    t[i] = c;
  }
  for (let i = 0; i < 256; i++)
    for (let s = 1; s < 8; s++) t[s * 256 + i] = (t[(s - 1) * 256 + i]! << 8) ^ t[(t[(s - 1) * 256 + i]! >>> 24) & 0xff]!;
  crcTable = t;
  return t;
}

/** The checksum POSIX `cksum` prints: CRC-32 (polynomial 0x04C11DB7, MSB first) over the bytes, then the length. */
export function posixCksum(b: Uint8Array): number {
  const t = crcTableNow();
  const n = b.length;
  const m = n - (n % 8);
  let c = 0;
  let i = 0;
  for (; i < m; i += 8) {
    const a = c ^ ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
    c =
      t[1792 + ((a >>> 24) & 0xff)]! ^
      t[1536 + ((a >>> 16) & 0xff)]! ^
      t[1280 + ((a >>> 8) & 0xff)]! ^
      t[1024 + (a & 0xff)]! ^
      t[768 + b[i + 4]!]! ^
      t[512 + b[i + 5]!]! ^
      t[256 + b[i + 6]!]! ^
      t[b[i + 7]!]!;
  }
  for (; i < n; i++) c = (c << 8) ^ t[((c >>> 24) ^ b[i]!) & 0xff]!;
  for (let len = n; len > 0; len = Math.floor(len / 256)) c = (c << 8) ^ t[((c >>> 24) ^ (len & 0xff)) & 0xff]!;
  return ~c >>> 0;
}
