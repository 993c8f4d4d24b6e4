# Butler's SessionStart at shell speed, vendored by `butler install` (docs/decisions.md D40). The installed
# command checks this file's SHA-256, sets BUTLER_BIN (the vendored folder), BUTLER_BRAIN and BUTLER_FORM
# (text, or json for a client that reads hookSpecificOutput.additionalContext) and runs it; it always
# exits here. It answers from the start memo the Node hook wrote in the git dir
# (`butler/start-<brain>.<start|compact>`, src/handover/start-memo.ts) only when every input the memo
# records still holds: the same project and cwd, BUTLER_LANG, the git files (HEAD, the branch ref or
# packed-refs), the cksum of each file the answer was made from, files that must (not) exist, the time
# it is valid until, and no ended session that recovery would read. Anything else, or anything unusual,
# runs the Node hook with the same input, which answers as it always did. The memo is data: it is
# printed with printf '%s', never run, and refused when it holds what Node's neutralize would remove.
# The session is not lost: its fields go to a queue in the git dir that Node drains into sessions.json.
bn=$BUTLER_BRAIN; bf=$BUTLER_FORM; bb=$BUTLER_BIN; root=${bb%/.butler/bin}
bl() { exec node "$bb/session-start.cjs" --brain "$bn"; }
case $bn in '' | *[!A-Za-z0-9_-]*) bl ;; esac
# The git dir: .git itself, or the one a linked worktree's .git file names. No memo for this brain (a
# first start, a tracked history): the Node hook reads the input itself, nothing else is spent.
g=$root/.git
if [ ! -d "$g" ]; then
  [ -f "$g" ] && IFS= read -r gl <"$g" || bl
  case $gl in 'gitdir: '/?*) g=${gl#gitdir: } ;; 'gitdir: '?*) g=$root/${gl#gitdir: } ;; *) bl ;; esac
fi
[ -f "$g/butler/start-$bn.start" ] || [ -f "$g/butler/start-$bn.compact" ] || bl
nl='
'
# A memo is read as at most 16 KB (Node writes none that long): a longer or endless one (a sparse file, many
# lines) would cost seconds here, as cutting its text (${m#*...}) takes time growing with the square of its header.
# One memo (two: the input's source picks): its files are summed before the input is read, so a change
# since it was made runs the Node hook at once, which reads the input itself (no watchdog, no copy of the
# input); the checks below then take these sums instead of summing again. (A new commit is seen earlier:
# the installed command compares the memo's `h` line with HEAD before it reads this file, start-launcher.ts.)
pm=$g/butler/start-$bn.start; pc=$g/butler/start-$bn.compact
if [ ! -f "$pm" ]; then pm=$pc; elif [ -f "$pc" ]; then pm=; fi
if [ -n "$pm" ]; then
  [ ! -L "$pm" ] && [ ! -L "$g/butler" ] || bl
  pmt=$(dd if="$pm" bs=16384 count=1 2>/dev/null) || bl
  [ ${#pmt} -lt 16384 ] || bl
  set -f; IFS=$nl; set --; pexp=
  for x in ${pmt%%"$nl--$nl"*}; do
    case $x in 'c '*) y=${x#c }; pexp=$pexp$y$nl; y=${y#* }; y=${y#* }; [ -f "$y" ] || bl; set -- "$@" "$y" ;; esac
  done
  unset IFS; set +f
  if [ $# -gt 0 ]; then o=$(cksum -- "$@" 2>/dev/null) || bl; [ "$o$nl" = "$pexp" ] || bl; fi
fi
# The bytes the checks name, from one printf: controls but tab, newline and CR; then tab, CR, the UTF-8
# lead bytes of C1 controls (\302), of U+2028..U+202E and of U+2066..U+2069, and the bytes that follow them;
# last, U+200B..U+200F, U+2060 and U+FEFF, space-separated. The same process then prints the time (the
# memo's `u` line and the queue read it): one fork for both, before the input is read.
x=$(printf '\001\002\003\004\005\006\007\010\013\014\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177.\t.\r.\302.\342\200.\342\201.\200\201\202\203\204\205\206\207\210\211\212\213\214\215\216\217\220\221\222\223\224\225\226\227\230\231\232\233\234\235\236\237.\250\251\252\253\254\255\256.\246\247\250\251.\342\200\213 \342\200\214 \342\200\215 \342\200\216 \342\200\217 \342\201\240 \357\273\277\n'; date -u +%s) || bl
now=${x##*"$nl"}; x=${x%"$nl"*}
CT=${x%%.*}; x=${x#*.}; tab=${x%%.*}; x=${x#*.}; cr=${x%%.*}; x=${x#*.}; C2=${x%%.*}; x=${x#*.}
E2=${x%%.*}; x=${x#*.}; E1=${x%%.*}; x=${x#*.}; C1R=${x%%.*}; x=${x#*.}; E2R=${x%%.*}; x=${x#*.}; E1R=${x%%.*}; ZW=${x#*.}
WS=" $tab$nl$cr"
# Hands the input to the Node hook (which then answers as it always did) and stops here. Input still open
# and not yet a whole object: what was read, then the rest, through a pipe. Otherwise this shell becomes
# Node, the input in a here-document (one final newline more, which JSON skips): no fork for a pipeline.
node_with() {
  [ -n "$w" ] && kill "$w" 2>/dev/null; w=
  if [ "$ok" = 1 ] && [ "$eof" = 0 ]; then { printf '%s' "$i"; exec cat; } | bl; exit 0; fi
  bl <<EOF
$i
EOF
}
# A watchdog: no whole input within a second prints nothing (as the Node hook with no JSON); past that
# (a file that blocks), the Node hook answers.
i=; eof=0; ok=1; got=0
trap 'w=; [ "$got" = 1 ] && node_with; exit 0' USR1
(sleep 1; kill -USR1 $$) </dev/null >/dev/null 2>&1 &
w=$!
# A flat JSON object of strings, plain integers, true, false and null, without a backslash or a control
# character (the clients' SessionStart input); anything else is for Node. Sets the fields Node reads.
skip() { r=${r#"${r%%[!$WS]*}"}; }
flat() {
  r=$1; sid=; sidt=; tp=; cwd=; cwdt=; src=
  case $r in *\\*) return 1 ;; esac
  case $r in *[$CT]*) return 1 ;; esac
  skip; case $r in '{'*) r=${r#?} ;; *) return 1 ;; esac; skip
  case $r in '}'*) return 1 ;; esac
  while :; do
    case $r in '"'*) r=${r#?} ;; *) return 1 ;; esac
    case $r in *'"'*) ;; *) return 1 ;; esac
    k=${r%%'"'*}; r=${r#*'"'}; skip
    case $k in *[$tab$nl$cr]*) return 1 ;; esac
    case $r in :*) r=${r#?} ;; *) return 1 ;; esac; skip
    case $r in
      '"'*) r=${r#?}; case $r in *'"'*) ;; *) return 1 ;; esac
        v=${r%%'"'*}; r=${r#*'"'}; t=s
        case $v in *[$tab$nl$cr]*) return 1 ;; esac ;;
      true*) r=${r#true}; t=b ;; false*) r=${r#false}; t=b ;; null*) r=${r#null}; t=l ;;
      [0-9]*) v=${r%%[!0-9]*}; r=${r#"$v"}; t=n; case $v in 0?*) return 1 ;; esac ;;
      *) return 1 ;;
    esac
    case $k in
      session_id) sidt=$t; sid=$v ;; transcript_path) tp=; [ "$t" = s ] && tp=s$v ;;
      cwd) cwdt=$t; cwd=$v ;; source) src=; [ "$t" = s ] && src=$v ;; cursor_version) return 1 ;;
    esac
    skip
    case $r in ,*) r=${r#?}; skip ;; '}'*) r=${r#?}; skip; [ -z "$r" ]; return ;; *) return 1 ;; esac
  done
}
while :; do
  if IFS= read -r l; then i=$i$l$nl; else i=$i$l; eof=1; fi
  [ ${#i} -gt 65536 ] && node_with
  case $l in *'}' | *'}'[" $tab$cr"]*) flat "$i" && { ok=0; break; } ;; esac
  [ "$eof" = 1 ] && break
done
got=1
[ "$ok" = 0 ] || node_with
# Node records no session without an id and answers nothing for cursor_version or without a cwd.
[ "$sidt" = s ] && [ "$cwdt" = s ] && [ "$cwd" = "$root" ] || node_with
case $sid in '' | *[!A-Za-z0-9._:-]*) node_with ;; esac
[ ${#sid} -le 200 ] && [ ${#tp} -le 4000 ] && [ ${#src} -le 40 ] || node_with
kind=start; [ "$src" = compact ] && kind=compact
memo=$g/butler/start-$bn.$kind
[ -f "$memo" ] && [ ! -L "$memo" ] && [ ! -L "$g/butler" ] || node_with
if [ "$memo" = "$pm" ]; then m=$pmt; else m=$(dd if="$memo" bs=16384 count=1 2>/dev/null) || node_with; fi
[ ${#m} -lt 16384 ] || node_with
case $m in "butler-start-memo 1$nl"*"$nl--$nl"*\#) ;; *) node_with ;; esac
b=${m#*"$nl--$nl"}; b=${b%\#}; h=${m%%"$nl--$nl"*}
case $BUTLER_LANG in [Ee][Nn]) lg=en ;; [Jj][Aa]) lg=ja ;; *) lg=- ;; esac
# The header, line by line: every recorded input is checked; files to checksum are collected.
set -f; IFS=$nl; set --; exp=; until=0; pa=; seen=
for x in $h; do
  case $x in
    'butler-start-memo 1') ;;
    "w $root") seen=${seen}w ;;
    'l '*) [ "${x#l }" = "$lg" ] || node_with; seen=${seen}l ;;
    'u '*) until=${x#u }; case $until in '' | *[!0-9]*) node_with ;; esac ;;
    'a '*) pa=${x#a } ;;
    'r1 '* | 'r2 '*) [ "${x%% *}" = r1 ] && [ "$sid" = "$pa" ] && continue
      [ "${x%% *}" = r2 ] && [ "$sid" != "$pa" ] && continue
      y=${x#r? }; [ "$y" = - ] && { seen=${seen}r; continue; }
      cs=${y%% *}; p=${y#* }; seen=${seen}r
      [ "s$p" = "$tp" ] && continue
      case $cs in '' | *[!0-9]*) node_with ;; esac
      [ -f "$p" ] || node_with
      z=$(wc -c <"$p" 2>/dev/null) || node_with
      [ "${z#"${z%%[! ]*}"}" = "$cs" ] || node_with ;;
    'k '* | 'h '*) ;;
    'e '*) [ -e "${x#e }" ] || node_with ;;
    'n '*) [ -e "${x#n }" ] || [ -L "${x#n }" ] && node_with ;;
    'c '*) [ "$memo" = "$pm" ] && continue
      y=${x#c }; exp=$exp$y$nl; y=${y#* }; y=${y#* }; [ -f "$y" ] || node_with; set -- "$@" "$y" ;;
    *) node_with ;;
  esac
done
IFS=$WS; set +f
[ "$seen" = wlr ] || node_with
# Files: one cksum over the list must print what the memo recorded (the one memo's were, from this text).
if [ $# -gt 0 ]; then o=$(cksum -- "$@" 2>/dev/null) || node_with; [ "$o$nl" = "$exp" ] || node_with; fi
case $now in '' | *[!0-9]*) node_with ;; esac
[ "$until" = 0 ] || [ "$now" -lt "$until" ] || node_with
# What may be printed: no control character (newline and tab aside), no C1, line separator or bidi
# override, no `<` (context framing) and no line that starts as a conversation turn; at most 2,000
# characters and a final newline (bytes first; UTF-8 continuation bytes do not count as characters).
# Nor the invisible U+200B..U+200F, U+2060 or U+FEFF, which could hide a turn's start from the check below.
case $b in *[$CT$cr]* | *"$C2"[$C1R]* | *"$E2"[$E2R]* | *"$E1"[$E1R]* | *'<'*) node_with ;; esac
for y in $ZW; do case $b in *"$y"*) node_with ;; esac; done
if [ ${#b} -gt 2001 ]; then z=$(printf '%s' "$b" | tr -d '\200-\277' | wc -c) && [ "${z#"${z%%[! ]*}"}" -le 2001 ] || node_with; fi
set -f; IFS=$nl
for x in $b; do
  while :; do case $x in [" $tab>"]*) x=${x#?} ;; *) break ;; esac; done
  case $x in [Hh][Uu][Mm][Aa][Nn]* | [Aa][Ss][Ss][Ii][Ss][Tt][Aa][Nn][Tt]* | [Ss][Yy][Ss][Tt][Ee][Mm]* | [Uu][Ss][Ee][Rr]*) node_with ;; esac
done
IFS=$WS; set +f
# The session for sessions.json: no earlier queue line of another session (recovery would weigh it).
q=$g/butler/start-queue; c=0
if [ -e "$q" ] || [ -L "$q" ]; then
  [ -f "$q" ] && [ ! -L "$q" ] || node_with
  while IFS= read -r x; do
    c=$((c + 1)); [ "$c" -le 32 ] || node_with
    case $x in "1$tab"*) ;; *) node_with ;; esac
    y=${x#1"$tab"}; y=${y#*"$tab"}
    case $y in "$bn$tab$sid$tab"*) ;; *) node_with ;; esac
  done <"$q"
fi
printf '1\t%s\t%s\t%s\t%s\t%s\n' "$now" "$bn" "$sid" "${tp#s}" "$src" >>"$q" 2>/dev/null || node_with
if [ "$bf" = json ] && [ -n "$b" ]; then
  # JSON.stringify of text holding no other control character: backslash, quote, newline and tab escaped.
  o=; r=$b
  while [ -n "$r" ]; do
    y=${r%%[\\\"$nl$tab]*}; o=$o$y; r=${r#"$y"}
    case $r in \\*) o=$o'\\' ;; \"*) o=$o'\"' ;; "$nl"*) o=$o'\n' ;; "$tab"*) o=$o'\t' ;; esac
    r=${r#?}
  done
  b='{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"'$o'"}}'
fi
printf '%s' "$b"
kill "$w" 2>/dev/null
exit 0
