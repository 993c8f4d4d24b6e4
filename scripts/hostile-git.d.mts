export declare const hostileTooling: (dir: string) => string;
export declare const personalChoices: (dir: string) => string;
export declare function writeHostileGit(
  dir: string,
  opts?: { personal?: boolean },
): { dir: string; marker: string; global: string; system: string; home: string; env: Record<string, string>; ran: () => string };
