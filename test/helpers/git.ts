import { createGit } from '../../src/work/git.js';

/** The server's git runner with the test process's environment (isolated by test/global-env.ts). */
export const hostGit = createGit(process.env);
