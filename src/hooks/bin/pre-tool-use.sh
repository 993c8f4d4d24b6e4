# Butler's PreToolUse pre-filter, written by `butler install` (`butler uninstall` removes it).
# The hook runs before every shell command, and starting Node costs more than the decision for a
# command that cannot run git. This script answers those itself (exit 0, no output = allow) and hands
# every other input, unchanged, to the Node hook beside it, which alone decides (src/guard/).
# One awk process reads the client's JSON to end of input, checks it is well-formed JSON it fully
# understands, takes tool_input.command the way the Node hook does, decodes it and applies the
# fast-path tests of src/guard/quick.ts (quickMentionsGit, quickMentionsGuard): after deleting quotes,
# backslashes and newlines, no "git" and no "guard" in any case, and no "$'". Anything else (invalid,
# truncated, unusual keys, an argv array, over 64 KB, a BOM, a NUL byte) goes to Node. No awk: Node.
# The installed command checks this file's SHA-256 before it runs it (src/install/guard-launcher.ts,
# docs/decisions.md D34) and sets BUTLER_BIN to its folder. This file carries the SHA-256 of the Node
# hook (BUTLER_SUM, filled in by `butler install`), and BUTLER_RUN reads that file once, checks it with
# sha256sum and hands those same bytes to `node -e` (no window between check and run; no crypto module
# for Node to load). An altered or missing hook is not run: the answer is a deny. The placeholder (a
# file run straight from the build, never an installed one) runs the hook unchecked.
if [ -n "${BUTLER_BIN:-}" ]; then BUTLER_HOOK=$BUTLER_BIN/pre-tool-use.cjs
else case $0 in */*) BUTLER_HOOK=${0%/*}/pre-tool-use.cjs ;; *) BUTLER_HOOK=pre-tool-use.cjs ;; esac; fi
BUTLER_SUM=@BUTLER_CJS_SHA256@
BUTLER_DENY='{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"The Butler guard runtime is missing or altered, so git and the guard verbs stay blocked. Ask the user to run butler install, then butler status."}}'
BUTLER_RUN='case $BUTLER_SUM in @*) exec node "$BUTLER_HOOK" ;; esac
c=$(cat "$BUTLER_HOOK" 2>/dev/null) && case $(printf "%s" "$c" | sha256sum 2>/dev/null || printf "%s" "$c" | shasum -a 256 2>/dev/null) in
"$BUTLER_SUM"*) node -e "$c" "$BUTLER_HOOK" && exit 0 ;; esac
cat >/dev/null; printf "%s" "$BUTLER_DENY"'
export BUTLER_HOOK BUTLER_SUM BUTLER_DENY BUTLER_RUN
command -v awk >/dev/null 2>&1 || eval "$BUTLER_RUN"
LC_ALL=C exec awk '
function ws() { while (index(" \t\n\r", substr(s, p, 1)) > 0 && p <= L) p++ }
# A string at p (the opening quote): sets SV to its raw content and p past it; 0 when invalid.
function str(   w, t, k) {
  w = substr(s, p + 1, 4096)
  for (;;) {
    t = w; gsub(/\\\\/, "\001\001", t); gsub(/\\"/, "\001\001", t); k = index(t, "\"")
    if (k > 0 || length(w) == L - p) break
    w = substr(s, p + 1)
  }
  if (k == 0) return 0
  SV = substr(w, 1, k - 1); p += k + 1
  if (SV ~ CTL) return 0
  t = SV; gsub(/\\\\/, "", t); gsub(/\\["\/bfnrt]/, "", t); gsub(/\\u[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]/, "", t)
  return index(t, "\\") == 0
}
# A value at p; returns its kind (s string, o object, a array, n number, b boolean, l null), "" when invalid.
function val(d, ctx,   c) {
  ws(); c = substr(s, p, 1)
  if (c == "\"") return str() ? "s" : ""
  if (c == "{") return obj(d + 1, ctx) ? "o" : ""
  if (c == "[") return arr(d + 1) ? "a" : ""
  c = substr(s, p, 40)
  if (match(c, /^(true|false)/)) { p += RLENGTH; return "b" }
  if (match(c, /^null/)) { p += 4; return "l" }
  if (!match(c, /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) || RLENGTH == 40) return ""
  p += RLENGTH; return "n"
}
function arr(d,   c) {
  if (d > 32) return 0
  p++; ws(); if (substr(s, p, 1) == "]") { p++; return 1 }
  for (;;) {
    if (val(d, "") == "") return 0
    ws(); c = substr(s, p, 1); p++
    if (c == "]") return 1
    if (c != ",") return 0
  }
}
# ctx "top": the input object; "ti": the value of its tool_input (the last one counts, as in JSON.parse).
function obj(d, ctx,   c, k, t) {
  if (d > 32) return 0
  if (ctx == "ti") { CMD_T = ""; CMDX_T = "" }
  p++; ws(); if (substr(s, p, 1) == "}") { p++; return 1 }
  for (;;) {
    ws(); if (substr(s, p, 1) != "\"" || !str()) return 0
    k = SV; if (ctx != "" && index(k, "\\") > 0) return 0
    ws(); if (substr(s, p, 1) != ":") return 0
    p++; t = val(d, ctx == "top" && k == "tool_input" ? "ti" : "")
    if (t == "") return 0
    if (ctx == "top" && k == "tool_name") { TN_T = t; TN = SV }
    if (ctx == "top" && k == "hook_event_name") { HE_T = t; HE = SV }
    if (ctx == "top" && k == "tool_input") TI_T = t
    if (ctx == "ti" && k == "command") { CMD_T = t; CMD = SV }
    if (ctx == "ti" && k == "cmd") { CMDX_T = t; CMDX = SV }
    ws(); c = substr(s, p, 1); p++
    if (c == "}") return 1
    if (c != ",") return 0
  }
}
# Does the decoded command fail the fast-path rule? Escapes that can spell a letter of git or guard, a
# quote, a backslash, a newline or "$" are decoded; every other escape becomes a neutral byte.
function mentions(c) {
  gsub(/\\\\/, "\002", c); gsub(/\\u00[46]7/, "g", c); gsub(/\\u00[46]9/, "i", c); gsub(/\\u00[57]4/, "t", c)
  gsub(/\\u00[57]5/, "u", c); gsub(/\\u00[46]1/, "a", c); gsub(/\\u00[57]2/, "r", c); gsub(/\\u00[46]4/, "d", c)
  gsub(/\\u0024/, "$", c); gsub(/\\u0027/, Q, c); gsub(/\\u0022/, "\002", c); gsub(/\\u005[cC]/, "\002", c)
  gsub(/\\u000[aA]/, "\002", c); gsub(/\\"/, "\002", c); gsub(/\\n/, "\002", c)
  gsub(/\\u[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]/, "\003", c); gsub(/\\./, "\003", c)
  c = tolower(c)
  if (index(c, "$" Q) > 0) return 1
  gsub(/\002/, "", c); gsub(Q, "", c)
  return index(c, "git") > 0 || index(c, "guard") > 0
}
function allowed(   c) {
  s = text; L = length(s); p = 1
  if (L > 65536 || (length(Z) == 1 && index(s, Z) > 0) || val(0, "top") != "o") return 0
  ws(); if (p <= L) return 0
  if (TN_T != "s" || index(TN, "\\") > 0) return 0
  if (HE_T != "" && (HE_T != "s" || HE != "PreToolUse")) return HE_T != "s" || index(HE, "\\") == 0
  if (TN !~ /^(Bash|exec_command|shell|shell_command|local_shell|unified_exec)$/) return 1
  if (TI_T != "o") return 0
  if (CMD_T == "s") c = CMD
  else if ((CMD_T == "" || CMD_T == "l") && CMDX_T == "s") c = CMDX
  else return 0
  return !mentions(c)
}
# Z: a NUL byte, where this awk can hold one in a string (mawk, gawk); JSON never has one raw.
BEGIN { Q = sprintf("%c", 39); Z = sprintf("%c", 0); CTL = "["; for (i = 1; i < 32; i++) CTL = CTL sprintf("%c", i); CTL = CTL "]" }
{ text = text $0 "\n" }
END {
  if (allowed()) exit 0
  node = "eval \"$BUTLER_RUN\""
  printf "%s", text | node
  close(node)
}'
