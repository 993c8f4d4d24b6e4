import { runCli } from './main.js';

const readStdin = async (): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readStdin,
}).then(
  (code) => {
    // `butler mcp` keeps running on stdin; every other command ends here.
    if (code >= 0) process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`butler: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
