import type { Command } from '../io.js';

export const handover: Command = async (_argv, io) => {
  io.stderr('butler: not implemented yet\n');
  return 1;
};
