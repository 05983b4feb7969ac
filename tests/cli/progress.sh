#!/usr/bin/env bash
# progress.sh HKZ: --help states each command's own --digits default once;
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

"$hkz" grid heat su2-sub --r 0:1.5:48 --z -3:3:48 --t 0.5,1 --method scalar \
  --progress --format csv --out "$tmp/g.csv" 2>"$tmp/err"
check "scalar grid exit 0" '[ $? -eq 0 ]'
tr '\r' '\n' <"$tmp/err" >"$tmp/lines"
check "summary on a line of its own" 'grep -q "^hkz grid heat su2-sub: 4608 entries" "$tmp/lines"'
check "progress line ended by a newline" 'grep -q "(100.0%).*   $" "$tmp/lines" && [ "$(tail -c 1 "$tmp/err" | od -An -c | tr -d " ")" = "\\n" ]'
check "progress drawn after the first block (one tile of 256 points x 2 times)" \
  'grep -q "^hkz: 512/4608 " "$tmp/lines"'
exit $fail
