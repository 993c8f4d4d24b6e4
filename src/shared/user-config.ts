import path from 'node:path';

/**
 * The user's own Butler folder, outside every repository: what a person approved (tracker URLs) lives
 * here so that nothing committed can grant itself trust. Resolved at the process edge (CLI, MCP entry)
 * from the environment given, and injected into the capabilities.
 * `BUTLER_CONFIG_HOME` (the folder itself) > `$XDG_CONFIG_HOME/butler` > `$HOME/.config/butler`.
 */
export function userConfigDir(env: Record<string, string | undefined>, home?: string): string | undefined {
  const own = env.BUTLER_CONFIG_HOME?.trim();
  if (own && path.isAbsolute(own)) return own;
  const xdg = env.XDG_CONFIG_HOME?.trim();
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'butler');
  const h = env.HOME?.trim() || home;
  return h && path.isAbsolute(h) ? path.join(h, '.config', 'butler') : undefined;
}
