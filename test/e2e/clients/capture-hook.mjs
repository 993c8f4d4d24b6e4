#!/usr/bin/env node
// Test-only hook: writes the hook's stdin (the client's JSON event) to
// $BUTLER_CAPTURE_DIR/<client>-<event>-<n>.json and prints nothing, so the client carries on.
// Used by the capture script and by the e2e tests to see the real hook input of each client.
import fs from 'node:fs';
import path from 'node:path';

const [client = 'unknown', event = 'unknown'] = process.argv.slice(2);
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const dir = process.env.BUTLER_CAPTURE_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  let file;
  do file = path.join(dir, `${client}-${event}-${n++}.json`);
  while (fs.existsSync(file));
  fs.writeFileSync(file, Buffer.concat(chunks));
});
