// The scalars of `.butler/config.yaml`'s YAML subset (config-yaml.ts reads its structure) and the error
// that says where the text went wrong. Scalars follow YAML 1.2's core schema, as the yaml package does.

export interface Pos {
  line: number;
  col: number;
}

export class ConfigSyntaxError extends Error {
  constructor(
    message: string,
    readonly pos: Pos,
  ) {
    super(message);
    this.name = 'ConfigSyntaxError';
  }
}

export function unquote(s: string, l: { no: number }, col: number): string {
  if (s.startsWith("'")) return s.slice(1, -1).replace(/''/g, "'");
  if (s.startsWith('"')) {
    try {
      return JSON.parse(s) as string;
    } catch {
      throw new ConfigSyntaxError('unsupported escape in a double-quoted string', { line: l.no, col: col + 1 });
    }
  }
  return s.trim();
}

export function scalar(s: string, at: Pos): unknown {
  if (/^(["']).*\1$/.test(s)) return unquote(s, { no: at.line }, at.col - 1);
  if (/^["']/.test(s)) throw new ConfigSyntaxError('unterminated quoted string', at);
  if (/^(~|null|Null|NULL)$/.test(s)) return null;
  if (/^(true|True|TRUE)$/.test(s)) return true;
  if (/^(false|False|FALSE)$/.test(s)) return false;
  if (/^[-+]?\d+$/.test(s)) return Number(s);
  if (/^[-+]?(\.\d+|\d+\.\d*)([eE][-+]?\d+)?$/.test(s)) return Number(s);
  if (/^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$|^0o[0-7]+$|^0x[0-9a-fA-F]+$/.test(s)) return Number.NaN;
  if (/^[[\]{}&*!|>%@`,]/.test(s)) throw new ConfigSyntaxError(`anchors, tags and \`${s[0]}\` are not supported here`, at);
  if (/:(\s|$)/.test(s)) throw new ConfigSyntaxError('unexpected `:` in a value (quote it)', at);
  return s;
}
