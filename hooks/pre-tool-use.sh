# Butler's PreToolUse pre-filter, written by `butler install` (`butler uninstall` removes it).
# The hook runs before every shell command, and starting Node costs more than the decision for a
# command that cannot run git. This script answers those itself (exit 0, no output = allow) and hands
# every other input, unchanged, to the Node hook beside it, which alone decides (src/guard/).
# One awk process reads the client's JSON, checks it is well-formed JSON it fully understands, takes
# tool_input.command the way the Node hook does, decodes it and applies the fast-path rule of
# src/guard/quick.ts (needsParse; why it is sound is written there). Anything else (invalid,
# truncated, unusual keys, an argv array, over 64 KB, a BOM, a NUL byte) goes to Node. No awk: Node.
# The guard event names and shell tool names below are the client table's (src/shared/clients/;
# test/clients-table.test.ts checks that they match).
# Stdin deadline, as the Node hook's: a line that completes the JSON object is decided at once, even
# when the client keeps stdin open; if no decision is made within 1 s, a watchdog denies
# (fail closed: the input is not known, so it may mention git).
# The installed command checks this file's SHA-256 before it runs it (src/install/guard-launcher.ts,
# docs/decisions.md D34) and sets BUTLER_BIN to its folder. This file carries the SHA-256 of the Node
# hook (BUTLER_SUM, filled in by `butler install`), and BUTLER_RUN starts Node on the loader BUTLER_LOAD
# (this file's text, so checked with it): it reads the hook once into memory, hashes those bytes and runs
# the same bytes (no window between check and run). Node's hash is cheaper than the shell's: reading 59 KB
# through `$(cat)` (dash reads command output 128 bytes at a time), piping it to sha256sum and copying it
# into node's argv cost more than hashing in the process that runs the hook (see scripts/bench/prefilter.mjs).
# An altered or missing hook is not run (the loader exits 3 before reading stdin): the answer is a deny
# (exit 2, as the watchdog's). The placeholder (a file run straight from the build, never an installed
# one) runs the hook unchecked.
if [ -n "${BUTLER_BIN:-}" ]; then BUTLER_HOOK=$BUTLER_BIN/pre-tool-use.cjs
else case $0 in */*) BUTLER_HOOK=${0%/*}/pre-tool-use.cjs ;; *) BUTLER_HOOK=pre-tool-use.cjs ;; esac; fi
BUTLER_SUM=@BUTLER_CJS_SHA256@
BUTLER_DENY='{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"The Butler guard runtime is missing or altered, so git and the guard verbs stay blocked. Ask the user to run butler install, then butler status."}}'
# `node -e` runs the loader as a script with require and module set, the way it ran the hook's text before.
# The loader reads at most 512 KB (the hook is about 60 KB; test/install/guard-slow-read.test.ts keeps it
# under half) and only from a regular file, opened without waiting (a FIFO would block the open, /dev/zero
# never ends): a hook the agent made huge or endless fails at once instead of outliving the client's timeout.
BUTLER_LOAD='const fs=require("fs"),f=process.argv[1];let b;try{const d=fs.openSync(f,fs.constants.O_RDONLY|fs.constants.O_NONBLOCK),t=fs.fstatSync(d)
if(!t.isFile()||t.size>524288)process.exit(3);b=Buffer.alloc(t.size);b=b.subarray(0,fs.readSync(d,b,0,t.size,0))}catch{process.exit(3)}
if(require("crypto").createHash("sha256").update(b).digest("hex")!==process.argv[2])process.exit(3)
require("vm").runInThisContext(String(b),{filename:f})'
BUTLER_RUN='case $BUTLER_SUM in @*) exec node "$BUTLER_HOOK" ;; esac
node -e "$BUTLER_LOAD" "$BUTLER_HOOK" "$BUTLER_SUM" && exit 0
cat >/dev/null; printf "%s" "$BUTLER_DENY"; printf "%s\n" "The Butler guard runtime is missing or altered: ask the user to run butler install." >&2
[ -z "$BUTLER_MAIN" ] || kill -USR2 "$BUTLER_MAIN" 2>/dev/null; exit 2'
# The deny for an altered hook (or a failed Node run) is also exit 2 with the reason on stderr, so every
# client blocks (Gemini CLI reads the JSON above as allow). Run from awk, whose exit status does not carry
# the shell's everywhere (one-true-awk's close() does not return it), it tells this shell by USR2.
BUTLER_MAIN=
export BUTLER_HOOK BUTLER_SUM BUTLER_DENY BUTLER_LOAD BUTLER_RUN BUTLER_MAIN
command -v awk >/dev/null 2>&1 || { eval "$BUTLER_RUN"; exit 0; }
# The watchdog does not know the client (its input never came whole), so it answers in a way every client
# takes as a block: exit 2 with the reason on stderr (Gemini CLI reads Claude Code's JSON below as allow).
trap 'kill "$BUTLER_AWK" 2>/dev/null; printf "%s\n" "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"Raw git is blocked by Butler: the hook input did not arrive in time. Use the butler MCP tools (work_*)\"}}"; printf "%s\n" "Raw git is blocked by Butler: the hook input did not arrive in time." >&2; exit 2' USR1
trap 'kill "$BUTLER_WATCH" 2>/dev/null; exit 2' USR2
BUTLER_MAIN=$$
(sleep 1; kill -USR1 $$) </dev/null >/dev/null 2>&1 &
BUTLER_WATCH=$!
export BUTLER_WATCH
# A background job's stdin is /dev/null before its redirections: hand it the real one through fd 3.
exec 3<&0
LC_ALL=C awk '
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
# The raw content of a JSON string, decoded and in lower case, with "\002" for a backslash: ASCII escapes
# become their character, any other escape a neutral byte. No loop over escapes: linear in the length.
function dec(c,   v, h) {
  c = tolower(c); gsub(/\\\\/, "\002", c)
  if (index(c, "\\u") > 0) {
    for (v = 32; v < 127; v++) {
      h = sprintf("\\\\u%04x", v)
      if (c ~ h) gsub(h, v == 92 ? "\002" : v == 38 ? "\\&" : tolower(sprintf("%c", v)), c)
    }
    gsub(/\\u000a/, "\n", c); gsub(/\\u0009/, "\t", c); gsub(/\\u000d/, "\r", c); gsub(/\\u[0-9a-f][0-9a-f][0-9a-f][0-9a-f]/, "\003", c)
  }
  gsub(/\\n/, "\n", c); gsub(/\\t/, "\t", c); gsub(/\\r/, "\r", c); gsub(/\\"/, "\"", c); gsub(/\\\//, "/", c); gsub(/\\[bf]/, "\003", c)
  return c
}
# The fast-path rule of src/guard/quick.ts (needsParse), on the decoded command in lower case; the
# regular expressions are built in BEGIN. Anything it flags goes to Node.
function mentions(c,   w, n, k, a, last, pre) {
  # A NUL (never part of a shell command) goes to Node, which decides on it.
  if (index(c, "\\u0000") > 0) return 1
  c = dec(c)
  if (c ~ /[$`]|[<>]\(|\{[^}]*(,|\.\.)|[?*+@!]\(/ || c ~ ESC) return 1
  gsub(/\002\n/, "\001", c)
  if (c ~ GIT || c ~ GUARD || c ~ APPROVE || c ~ RUNNER || c ~ DOT || c ~ EXECF) return 1
  if (c ~ INTERP && c ~ INLINE) return 1
  if (c ~ SED && c ~ SEDE) return 1
  w = c; gsub(/[ \t\n\r\v\f;&|<>()]+/, " ", w); n = split(w, a, " ")
  for (k = 1; k <= n; k++) {
    if (a[k] !~ /[*?[]/) continue
    last = a[k]; gsub(/[\\"\001\002]/, "", last); gsub(Q, "", last); sub(/.*\//, "", last)
    gsub(/\[(:|=|[.])[^]]*(:|=|[.])\]/, "?", last); gsub(/\[([!^]?\]|[!^]?)[^]]*\]/, "?", last)
    if (last !~ /^[a-z0-9*?!^+@-]*$/) continue
    pre = last; sub(/[*?].*/, "", pre)
    # busybox awk: index(s, "") is 0, not 1, so the empty prefix (`*`, `?it`) is said apart.
    if (pre == "" || index("git-", pre) == 1 || index(pre, "git-") == 1) return 1
  }
  return 0
}
# Sets DONE when the text is one complete JSON value (then the answer is final).
function allowed(   c) {
  s = text; L = length(s); p = 1; DONE = 0; TN_T = ""; HE_T = ""; TI_T = ""; CMD_T = ""; CMDX_T = ""
  if (L > 65536 || (length(Z) == 1 && index(s, Z) > 0) || val(0, "top") != "o") return 0
  ws(); if (p <= L) return 0
  DONE = 1
  if (TN_T != "s" || index(TN, "\\") > 0) return 0
  if (HE_T != "" && (HE_T != "s" || HE !~ /^(PreToolUse|BeforeTool)$/)) return HE_T != "s" || index(HE, "\\") == 0
  if (TN !~ /^(Bash|exec_command|shell|shell_command|local_shell|unified_exec|run_shell_command)$/) return 1
  if (TI_T != "o") return 0
  if (CMD_T == "s") c = CMD
  else if ((CMD_T == "" || CMD_T == "l") && CMDX_T == "s") c = CMDX
  else return 0
  # A long command goes to Node: its checks stay fast there, and this awk stays well inside the deadline.
  return length(c) <= 4096 && !mentions(c)
}
# Z: a NUL byte, where this awk can hold one in a string (mawk, gawk); JSON never has one raw.
BEGIN {
  Q = sprintf("%c", 39); Z = sprintf("%c", 0); CTL = "["; for (i = 1; i < 32; i++) CTL = CTL sprintf("%c", i); CTL = CTL "]"
  WS = " \t\n\r\v\f"; J = "[^" WS "a-z0-9;&|<>]*"; B = "(^|[^a-z0-9_./-])("; E = ")([^a-z0-9_.-]|$)"
  ESC = "\002[0-7xu]"
  GIT = "g" J "i" J "t"; GUARD = "g" J "u" J "a" J "r" J "d"; APPROVE = "a" J "p" J "p" J "r" J "o" J "v" J "e"
  RUNNER = B "sh|bash|dash|zsh|ksh|mksh|ash|yash|fish|csh|tcsh|rbash|busybox|eval|source|exec|xargs|parallel|awk|gawk|mawk|nawk|vim?|nvim|view|ex|emacs|gdb|lldb|expect|version|scalar|hub|gh|husky|lint-staged|pre-commit|lerna|tig|lazygit|cz|release-it|semantic-release|standard-version|changeset" E
  DOT = "(^|[;&|({!]|then|do|else|if|elif|while|until|time)[" WS "]*[.][" WS "]"
  EXECF = "-(exec|execdir|ok|okdir)([" WS "]|$)"
  INTERP = B "perl|python[0-9.]*|ruby|node|nodejs|deno|bun|php|lua|luajit|tclsh|osascript|pwsh|rscript|julia" E
  INLINE = "[" WS "]-[a-z]*[cepr]([" WS Q "\"=]|$)|[" WS "]--(eval|print|command|run)|[" WS "]-([" WS "]|$)|<<|[|]"
  SED = B "sed" E; SEDE = "(^|[^a-z0-9_-])e($|[" WS ";" Q "\"}])|/[gpimw0-9]*e($|[" WS ";" Q "\"}])"
}
function decide() {
  FINAL = 1
  if (allowed()) exit 0
  # The shell that runs Node stops the watchdog first: from here on, the Node hook has the input and its
  # own deadline. One shell for both (a system() call for the kill cost a second one).
  node = "kill \"$BUTLER_WATCH\" 2>/dev/null; eval \"$BUTLER_RUN\""
  printf "%s", text | node
  close(node)
  exit 0
}
{ text = text $0 "\n" }
# A line that may close the object: decide now if the JSON is complete (the client may keep stdin open).
/}[ \t\r]*$/ && ++TRIES <= 16 { allowed(); if (DONE) decide() }
END { if (!FINAL) decide() }
' <&3 3<&- &
BUTLER_AWK=$!
wait "$BUTLER_AWK"
BUTLER_RC=$?
kill "$BUTLER_WATCH" 2>/dev/null
exit "$BUTLER_RC"
