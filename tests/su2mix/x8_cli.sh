#!/bin/bash
# hkz compare X8 (src/cli/cmd_compare_x8.c): default verdict and files,
# --fields, --double, exit codes 1 (no minorant), 2 (bad input), 4 (FAIL).
set -u
HKZ="$1"
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

out=$("$HKZ" compare X8 --data-dir "$D") || fail "default run exit $?"
echo "$out" | tail -1 | grep -qx "X8: PASS" || fail "default verdict: $out"
for f in x8.csv x8.jsonl x8_verdict.jsonl; do
  [ -s "$D/x8/$f" ] || fail "missing $D/x8/$f"
done
grep -q '"verdict":"PASS"' "$D/x8/x8_verdict.jsonl" || fail "verdict file"
grep -q '"mu_L":"\[' "$D/x8/x8.jsonl" || fail "mu_L ball in jsonl"
grep -q '"mu_L_mid":' "$D/x8/x8.jsonl" || fail "mu_L_mid in jsonl"

"$HKZ" compare X8 --fields "X1; Y1 + 0.5*X2; 2*X2; Y2" --nmax 5 --t 1 \
  --data-dir none --format jsonl | grep -q '"certified":true' \
  || fail "--fields run"
"$HKZ" compare X8 --double --data-dir none | tail -1 | grep -qx "X8: PASS" \
  || fail "--double run"
"$HKZ" compare X8 --example ii --n 2 --b 1,1 --eps 2 --nmax 5 --blocks \
  --data-dir none --format csv | grep -q '^block,' || fail "--blocks rows"

# --at e: the engine's value at e equals the double box sum
"$HKZ" compare X8 --n 2 --nmax 4 --t 0.5 --at "e; 0.3,0.2,0.5" --data-dir none \
  --format jsonl > "$D/at" || fail "--at run"
python3 - "$D/at" <<'PY' || fail "--at rows"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith('{"row"')]
t = [r for r in rows if r["row"] == "t"]
p = [r for r in rows if r["row"] == "point"]
assert len(t) == 1 and len(p) == 1 and p[0]["certified"] is False
# |mu_t(x)| <= mu_t(e), both box sums
assert abs(p[0]["mu_L_mid"]) <= t[0]["mu_L_double"] * (1 + 1e-12)
assert 0 < p[0]["mu_L_mid"]
PY
"$HKZ" compare X8 --n 2 --nmax 4 --t 0.5 --at "e" --data-dir none \
  --format jsonl | python3 -c '
import json, sys
rows = [json.loads(l) for l in sys.stdin if l.startswith("{\"row")]
t = [r for r in rows if r["row"] == "t"][0]
p = [r for r in rows if r["row"] == "point"][0]
assert abs(p["mu_L_mid"] - t["mu_L_double"]) <= 1e-12 * t["mu_L_double"]
' || fail "--at e differs from the box sum"
"$HKZ" compare X8 --at "0.3,0,0; e; e; e" --n 2 --data-dir none >/dev/null 2>&1
rc=$?; [ $rc -eq 2 ] || fail "--at too many coordinates: exit $rc"

"$HKZ" compare X8 --fields "X1; Y1 + X2" --data-dir none >/dev/null 2>"$D/e"
rc=$?; [ $rc -eq 1 ] || fail "no minorant: exit $rc"
grep -q "tail not certified" "$D/e" || fail "no minorant message"
"$HKZ" compare X8 --fields "X1; Q1" --data-dir none >/dev/null 2>&1
rc=$?; [ $rc -eq 2 ] || fail "bad fields: exit $rc"
"$HKZ" compare X8 --nmax 0 --data-dir none >/dev/null 2>&1
rc=$?; [ $rc -eq 2 ] || fail "bad nmax: exit $rc"
"$HKZ" compare X8 --example ii --n 2 --b 1,1 --eps 2 --nmax 4 \
  --K-check 1.5 --data-dir none > "$D/o" 2>&1
rc=$?; [ $rc -eq 4 ] || fail "K-check too small: exit $rc"
tail -1 "$D/o" | grep -q "^X8: FAIL (" || fail "FAIL line"
# a wide input ball gives wide enclosures: the double-vs-enclosure checks
# cannot confirm anything and must not pass vacuously
"$HKZ" compare X8 --b "[1 +/- 0.1],4,9" --data-dir none > "$D/w" 2>&1
rc=$?; [ $rc -eq 4 ] || fail "wide --b: exit $rc"
tail -1 "$D/w" | grep -q "^X8: FAIL (.*not checked: enclosure wider than --digits)" \
  || fail "wide --b reason: $(tail -1 "$D/w")"
echo "su2mix.cli_x8....PASS"
