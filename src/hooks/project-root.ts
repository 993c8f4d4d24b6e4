import { existsSync } from 'node:fs';
import path from 'node:path';

/** The repository root above `start` (where `.git` is), or null. No git process: hooks are timed. */
export function findProjectRoot(start: string): string | null {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}
