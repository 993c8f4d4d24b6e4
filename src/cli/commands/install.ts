import type { Command } from '../io.js';

const notYet: Command = async (_argv, io) => {
  io.stderr('butler: not implemented yet\n');
  return 1;
};
export const install = notYet;
export const uninstall = notYet;
export const status = notYet;
