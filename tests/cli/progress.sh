#!/usr/bin/env bash
# progress.sh HKZ: --help states each command's own --digits default once
# and the names of choice options (from their enum tables);
# the --progress line of a long scalar grid run ends with a newline before
# the summary and moves before the end (one tile a block).
set -u
hkz=$1
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }

"$hkz" grid heat su2-sub --help >"$tmp/h.txt"
check "grid heat su2-sub --help: --digits default 10" \
  'grep -A1 "^  --digits D" "$tmp/h.txt" | grep -q "(default 10)"'
check "grid heat su2-sub --help: no other --digits default" \
  '! grep -q "default 30\|default 10 here" "$tmp/h.txt"'
"$hkz" heat su2 --help >"$tmp/h2.txt"
check "heat su2 --help: --digits default 30" \
  'grep -A1 "^  --digits D" "$tmp/h2.txt" | grep -q "(default 30)"'

# choice options from their enum tables: --help lists the names, a wrong
# name is one usage line naming them, the record carries the name
check "heat su2-sub --help lists the methods" \
  '"$hkz" heat su2-sub --help | grep -q -- "--method auto|spectral|fibre|integral"'
"$hkz" bench ssum --P 4 --K 4 --T 2 --overlap bad >"$tmp/o" 2>"$tmp/e"
check "bench ssum --overlap bad: exit 2, one line with the names" \
  '[ $? -eq 2 ] && [ ! -s "$tmp/o" ] && [ "$(cat "$tmp/e")" = "hkz: error: --overlap: expected none|chunked|window (got '"'"'bad'"'"')" ]'
check "dist su2 --metric cc: the record says cc" \
  '"$hkz" dist su2 --metric cc --r 0.3 --z 0.5 --digits 10 --format jsonl | grep -q "\"metric\":\"cc\""'

"$hkz" grid heat su2-sub --r 0:1.5:48 --z -3:3:48 --t 0.5,1 --method scalar \
  --progress --format csv --out "$tmp/g.csv" 2>"$tmp/err"
check "scalar grid exit 0" '[ $? -eq 0 ]'
tr '\r' '\n' <"$tmp/err" >"$tmp/lines"
check "summary on a line of its own" 'grep -q "^hkz grid heat su2-sub: 4608 entries" "$tmp/lines"'
check "progress line ended by a newline" 'grep -q "(100.0%).*   $" "$tmp/lines" && [ "$(tail -c 1 "$tmp/err" | od -An -c | tr -d " ")" = "\\n" ]'
check "progress drawn after the first block (one tile of 256 points x 2 times)" \
  'grep -q "^hkz: 512/4608 " "$tmp/lines"'
# hkz compare gauss: progress per point of every operator (library hook)
"$hkz" compare gauss --data-dir none --progress >/dev/null 2>"$tmp/gerr"
check "compare gauss --progress: exit 0, counts the 31 points to the end" \
  '[ $? -eq 0 ] && tr "\r" "\n" <"$tmp/gerr" | grep -q "^hkz: 31/31 (100.0%)"'
exit $fail
