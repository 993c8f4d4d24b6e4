import pkg from '../../package.json' with { type: 'json' };

/** The one version: package.json. Stamped into `.butler/bin/VERSION`, sent as the MCP server version, printed by --version. */
export const BUTLER_VERSION: string = pkg.version;
