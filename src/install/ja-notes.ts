/** The notes of src/install/*.ts plans, in Japanese; a note not listed shows as written. */
const JA_NOTES: [RegExp, string][] = [
  [/^vendored runtime$/, 'Butler の実行ファイル'],
  [/^vendored runtime updated$/, 'Butler の実行ファイルを更新'],
  [/^vendored runtime removed$/, 'Butler の実行ファイルを削除'],
  [/^older hook bundle removed$/, '古い hook ファイルを削除'],
  [/^version (\S+) -> (\S+)$/, 'バージョン $1 → $2'],
  [/^version (\S+)$/, 'バージョン $1'],
  [/^Claude Code hooks \(([^)]*)\) and MCP approval$/, 'Claude Code の hook（$1）と MCP の承認'],
  [/^Codex hooks \(([^)]*)\)$/, 'Codex の hook（$1）'],
  [/^Gemini CLI hooks \(([^)]*)\) and MCP server "butler"$/, 'Gemini CLI の hook（$1）と MCP サーバー "butler"'],
  [/^Butler hooks moved to (.+)$/, 'Butler の hook を $1 へ移動'],
  [/^Butler hooks removed$/, 'Butler の hook を削除'],
  [/^MCP server "butler" for Claude Code$/, 'Claude Code 用 MCP サーバー "butler"'],
  [/^MCP server "butler" for Codex \(\[mcp_servers\.butler\]\)$/, 'Codex 用 MCP サーバー "butler"（[mcp_servers.butler]）'],
  [/^MCP server "butler" removed$/, 'MCP サーバー "butler" を削除'],
  [/^startup guidance between butler markers$/, 'butler マーカー間の起動時ガイド'],
  [/^startup guidance removed$/, '起動時ガイドを削除'],
  [/^ignore session_logs\/ \(private snapshots\)$/, 'session_logs/ を無視（snapshot は非公開）'],
  [/^ignore (\S+) \(personal (.+) settings\)$/, '$1 を無視（$2 の個人設定）'],
  [/^language of Butler's messages and snapshots: (\w+)$/, 'Butler のメッセージと snapshot の言語: $1'],
];

export function jaNote(note: string): string {
  const [head, removed] = note.split(' (file removed: nothing else in it)');
  const parts = (head ?? '').split('; ').map((p) => {
    const hit = JA_NOTES.find(([re]) => re.test(p));
    return hit ? p.replace(hit[0], hit[1]) : p;
  });
  return `${parts.join('、')}${removed === undefined ? '' : '（ほかに何もないためファイルを削除）'}`;
}
