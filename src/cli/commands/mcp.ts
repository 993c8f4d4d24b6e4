import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer } from '../../mcp/server.js';
import { execaGit } from '../../work/git.js';
import type { Command } from '../io.js';

export const mcp: Command = async (argv, io) => {
  const server = createServer(
    { cwd: io.env.CLAUDE_PROJECT_DIR || io.cwd, env: io.env, now: () => new Date(), git: execaGit },
    { worker: argv.includes('--worker') },
  );
  await server.connect(new StdioServerTransport());
  // Exit code -1: keep the process alive; the transport ends it when stdin closes.
  return -1;
};
