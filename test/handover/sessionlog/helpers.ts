import { mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/transcripts/', import.meta.url));
export const fixture = (rel: string) => path.join(FIXTURES, rel);

export function tempDir(prefix = 'butler-sl-'): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** Strips the fields a test does not pin (cite times are checked separately). */
export const texts = (facts: { text: string }[]) => facts.map((f) => f.text);
export const lines = (facts: { cite: string }[]) => facts.map((f) => f.cite.split(' ')[0]);
