#!/usr/bin/env bash
# compare.sh HKZ CASE: hkz compare X1..X7 (spec 6.4).  CASE x1..x7: the
# default run exits 0, prints the data and "Xk: PASS", writes
# notebooks_data/xk/{xk.csv, xk.jsonl, xk_verdict.jsonl} with the contract
# columns, and the spec's reference values (R35-R48) lie in the printed
# balls.  CASE fail: honest negative cases exit 4 with "Xk: FAIL (...)".
# CASE bad: bad input gives one "hkz: error:" line and exit 2.
set -u
hkz=$1; case_=$2
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
. "$(dirname "$0")/lib.sh"

# run_default X: default run in $tmp (default data dir notebooks_data)
run_default() {
  local x=$1 lx
  lx=$(echo "$x" | tr 'X' 'x')
  "$hkz" compare "$x" >"$tmp/$lx.out" 2>"$tmp/$lx.err"; rc=$?
  check "$x default run exits 0" '[ $rc -eq 0 ]'
  check "$x prints '$x: PASS' last" '[ "$(tail -n 1 "$tmp/$lx.out")" = "$x: PASS" ]'
  check "$x prints data rows" '[ $(wc -l <"$tmp/$lx.out") -gt 3 ]'
  for f in "$lx.csv" "$lx.jsonl" "${lx}_verdict.jsonl"; do
    check "$x wrote notebooks_data/$lx/$f" '[ -s "notebooks_data/$lx/$f" ]'
  done
  check "$x csv has the metadata header" \
    'grep -q "^# normalization: N_unit" "notebooks_data/$lx/$lx.csv" && grep -q "^# experiment: $x" "notebooks_data/$lx/$lx.csv"'
  check "$x no temporary files" '! ls notebooks_data/$lx/ | grep -q "\.tmp$"'
  check "$x verdict record PASS" \
    'tail -n 1 "notebooks_data/$lx/${lx}_verdict.jsonl" | grep -q "\"experiment\":\"$x\",\"verdict\":\"PASS\",\"reason\":\"\""'
}

# header NAME COLS...: the CSV header contains these columns (in order)
has_columns() {
  local file=$1; shift
  /usr/bin/python3 - "$file" "$@" <<'PY'
import csv, sys
rows = [l for l in open(sys.argv[1]) if not l.startswith('#')]
head = next(csv.reader(rows[:1]))
want = sys.argv[2:]
missing = [c for c in want if c not in head]
assert not missing, "missing columns %s in %s" % (missing, head)
assert [c for c in head if c in want] == want, "column order %s" % head
print("ok: columns", " ".join(want))
PY
}

# refs FILE.jsonl: python checks on the JSONL rows (stdin: code using
# rows, verdict, inball(ballstring, "ref"))
pycheck() {
  /usr/bin/python3 - "$@" || fail=1
}
PYLIB='
import json, sys
from mpmath import mp, mpf
mp.dps = 60
def load(p):
    return [json.loads(l) for l in open(p) if "\"record\":\"meta\"" not in l]
def inball(b, ref):
    """the ball string contains the spec value (rounded to its digits)"""
    mid, rad = b.strip("[]").split("+/-")
    ref = mpf(ref)
    ok = abs(mpf(mid) - ref) <= mpf(rad) + abs(ref) * mpf("1e-23")
    assert ok, "%s does not contain %s" % (b, ref)
    return ok
'

case "$case_" in
x1)
  run_default X1
  has_columns notebooks_data/x1/x1.csv r z d_R d_R_mid d_sR d_sR_mid ratio ratio_mid fibre_formula fibre_formula_mid ok || fail=1
  check "X1 930 grid rows" '[ $(grep -vc "^#" notebooks_data/x1/x1.csv) -eq 931 ]'
  pycheck notebooks_data/x1/x1_verdict.jsonl <<PY
$PYLIB
v = load(sys.argv[1])[-1]
# grid maximum 6.178 = 2 pi - pi/30 < 2 pi (spec 4.2, 6.4 X1)
inball(v["max_ratio"], mp.nstr(2*mp.pi - mp.pi/30, 40))
assert 6.178 < v["max_ratio_mid"] < 6.1785 and v["grid"] == "31 x 30"
print("ok: X1 max ratio = 2 pi - pi/30 = 6.1785")
PY
  ;;
x2)
  run_default X2
  has_columns notebooks_data/x2/x2.csv sample kind d_delta d_delta_mid d_L d_L_mid ratio ratio_mid C_n C_n_mid || fail=1
  check "X2 sequence and random rows" \
    'grep -q ",sequence," notebooks_data/x2/x2.csv && grep -q ",random," notebooks_data/x2/x2.csv'
  pycheck notebooks_data/x2/x2.jsonl <<PY
$PYLIB
rows = load(sys.argv[1])
r0 = [r for r in rows if r["kind"] == "sequence" and r["sample"] == 0][0]
inball(r0["ratio"], "2.794542454483892291568793")       # R42
inball(r0["C_n"], "2.796768938733018556652118")         # R35
assert all(r["ok"] for r in rows) and len(rows) == 54
assert max(r["ratio_mid"] for r in rows) < r0["C_n_mid"]
print("ok: X2 R42, R35 in the balls; all ratios < C_n")
PY
  ;;
x3)
  run_default X3
  pycheck notebooks_data/x3/x3.jsonl <<PY
$PYLIB
rows = {r["N"]: r for r in load(sys.argv[1])}
R43 = {10: ("0.9934588265796101234433551", "3.782978506624055615625611"),
       100: ("0.3141592653589793238462643", "3.84123138845196243603033"),
       1000: ("0.09934588265796101234433551", "3.847008162122026645823299")}
for N, (dD, dL) in R43.items():
    inball(rows[N]["d_delta"], dD); inball(rows[N]["d_L"], dL)
inball(rows[10]["C_star_half"], "0.8660254037844386467637232")
print("ok: X3 R43 (N = 10, 100, 1000) and C*(1/2) = sqrt3/2 in the balls")
PY
  ;;
x4)
  run_default X4
  pycheck notebooks_data/x4/x4.jsonl <<PY
$PYLIB
rows = load(sys.argv[1])
r = [r for r in rows if r["nmax"] == 20][0]
inball(r["brute"], "0.8660254037844386467637232")      # R48
inball(r["closed"], "0.8660254037844386467637232")
print("ok: X4 R48 in the brute-force ball, argmax", r["argmax"])
PY
  "$hkz" compare X4 --gamma 0.75 --data-dir none >"$tmp/g.out" 2>&1; rc=$?
  check "X4 gamma 0.75 (claim growth) passes" '[ $rc -eq 0 ] && tail -n 1 "$tmp/g.out" | grep -q "^X4: PASS$"'
  ;;
x5)
  run_default X5
  pycheck notebooks_data/x5/x5.jsonl <<PY
$PYLIB
rows = {r["t"]: r for r in load(sys.argv[1])}
inball(rows["0.5"]["mu_L"], "4.376646730330928059680882")     # R44
inball(rows["0.5"]["mu_sub"], "534.4109604322566287995852")
inball(rows["0.2"]["mu_L"], "45.00518637063329394976989")     # R45
inball(rows["0.2"]["mu_sub"], "1566510.023288229579092341")
print("ok: X5 R44, R45 in the balls")
PY
  ;;
x6)
  run_default X6
  has_columns notebooks_data/x6/x6.csv case op weights p t log_mu log_mu_mid scaled scaled_mid bracket_lo bracket_lo_mid bracket_hi bracket_hi_mid in_bracket || fail=1
  pycheck notebooks_data/x6/x6.jsonl notebooks_data/x6/x6_verdict.jsonl <<PY
$PYLIB
rows = load(sys.argv[1]); v = load(sys.argv[2])[-1]
inball(v["limit_R38"], "1.249561413755993546324564")
inball(v["limit_R39"], "2.28036282128570551494916")
inball(v["limit_R40"], "2.547330152164169545294799")
r = [r for r in rows if r["op"] == "delta" and r["p"] == 1 and r["t"] == "0.1"][0]
inball(r["scaled"], "0.9788898893771725393402968")        # R41
inball(r["bracket_lo"], "0.83056659162640574689814")
assert len(rows) == 21 and all(r["in_bracket"] for r in rows)
print("ok: X6 R38-R41 in the balls, 21 rows in their brackets")
PY
  ;;
x7)
  run_default X7
  has_columns notebooks_data/x7/x7.csv op weights t threshold kind log_mu log_mu_mid expected pass || fail=1
  check "X7 divergent rows print +inf and inf" \
    'grep -q "^delta,log(1+i),0.3,.*,divergent,+inf,inf,divergent," notebooks_data/x7/x7.csv'
  check "X7 Delta finite at 0.4, L +inf at 0.4 and finite at 0.6" \
    'grep -q "^delta,log(1+i),0.4,.*,finite,\[" notebooks_data/x7/x7.csv && grep -q "^sub,log(1+i),0.4,.*,divergent,+inf," notebooks_data/x7/x7.csv && grep -q "^sub,log(1+i),0.6,.*,finite,\[" notebooks_data/x7/x7.csv'
  pycheck notebooks_data/x7/x7.jsonl <<PY
$PYLIB
rows = load(sys.argv[1])
assert len(rows) == 24 and all(r["pass"] for r in rows)
for r in rows:
    thr = 1/3 if r["op"] == "delta" else 1/2
    assert r["kind"] == ("finite" if float(r["t"]) > thr else "divergent"), r
    assert (r["log_mu_mid"] == "inf") == (r["kind"] == "divergent"), r
print("ok: X7 kinds follow the thresholds 1/3, 1/2; +inf as the string inf")
PY
  # a scaled family moves the Delta threshold to 1/(3 * 0.9) = 0.370...
  "$hkz" compare X7 --delta-weights '0.9*log(1+i)' --format csv --data-dir none >"$tmp/g.out" 2>&1; rc=$?
  check "X7 with 0.9*log(1+i): Delta +inf at 0.36, finite at 0.4, PASS" \
    '[ $rc -eq 0 ] && grep -q "^delta,0.9\*log(1+i),0.36,.*,divergent,+inf," "$tmp/g.out" && grep -q "^delta,0.9\*log(1+i),0.4,.*,finite," "$tmp/g.out" && tail -n 1 "$tmp/g.out" | grep -q "^X7: PASS$"'
  ;;
fail)
  # an honest negative: claim that the brute force equals the P3 formula
  # for gamma = 3/4 (it grows like n^{2 gamma - 1})
  "$hkz" compare X4 --gamma 0.75 --claim equal --data-dir nd >"$tmp/f.out" 2>"$tmp/f.err"; rc=$?
  check "X4 --gamma 0.75 --claim equal exits 4" '[ $rc -eq 4 ]'
  check "X4 prints 'X4: FAIL (reason)'" 'tail -n 1 "$tmp/f.out" | grep -q "^X4: FAIL (claim equal: brute force .* != closed form"'
  check "X4 FAIL verdict written" 'grep -q "\"verdict\":\"FAIL\",\"reason\":\"claim equal" nd/x4/x4_verdict.jsonl'
  # equalities need balls accurate to --digits: a wide gamma ball around
  # 0.6 contains 0.69 (a FAIL), so it must not PASS vacuously
  "$hkz" compare X4 --gamma '[0.6 +/- 0.09]' --claim equal --data-dir none >"$tmp/w.out" 2>&1; rc=$?
  check "X4 wide gamma --claim equal: exit 4, undecided" \
    '[ $rc -eq 4 ] && tail -n 1 "$tmp/w.out" | grep -q "^X4: FAIL (claim equal: brute force .* undecided (balls wider than --digits) vs closed form"'
  "$hkz" compare X4 --gamma 0.69 --claim equal --data-dir none >"$tmp/w.out" 2>&1; rc=$?
  check "X4 gamma 0.69 (inside that ball) --claim equal: exit 4" \
    '[ $rc -eq 4 ] && tail -n 1 "$tmp/w.out" | grep -q "^X4: FAIL (claim equal: brute force .* != closed form"'
  "$hkz" compare X4 --gamma '[0.4 +/- 1e-40]' --claim equal --data-dir none >"$tmp/w.out" 2>&1; rc=$?
  check "X4 gamma ball narrower than --digits: PASS" '[ $rc -eq 0 ] && [ "$(tail -n 1 "$tmp/w.out")" = "X4: PASS" ]'
  # an unsupported pair of weight families says what is unsupported
  "$hkz" compare X5 --delta-weights 1,4 --sub-weights 'log(1+i)' --data-dir none >"$tmp/u.out" 2>"$tmp/u.err"; rc=$?
  check "X5 unsupported weight pair: exit 1, says what" \
    '[ $rc -eq 1 ] && grep -q "^hkz: error: unsupported: hkz_su2n_form_const: unsupported pair of weight families" "$tmp/u.err" && ! grep -q "not built" "$tmp/u.err"'
  ;;
bad)
  expect_usage_error compare
  expect_usage_error compare X9
  expect_usage_error compare frobnicate
  expect_usage_error compare X1 --nr 1
  expect_usage_error compare X1 --bogus
  expect_usage_error compare X1 --data-dir ''
  expect_usage_error compare X2 --delta-weights 'i^2' --sub-weights 'i^2'
  expect_usage_error compare X2 --delta-weights 'i^0.5@10'
  expect_usage_error compare X2 --eps 0
  expect_usage_error compare X2 --eps 5
  expect_usage_error compare X2 --sub-weights 'i^2@9'
  expect_usage_error compare X3 --N 0
  expect_usage_error compare X3 --N 10,x
  expect_usage_error compare X4 --claim maybe
  expect_usage_error compare X4 --gamma -1
  expect_usage_error compare X5 --t 0
  expect_usage_error compare X5 --t 0.5,-1
  expect_usage_error compare X6 --t 0.1,,0.2
  expect_usage_error compare X6 --t nan
  expect_usage_error compare X7 --delta-weights 'i^2'
  expect_usage_error compare X7 --t 0
  expect_usage_error compare X3 --data-dir /proc/nonexistent/x
  check "no data written by failing runs" '[ ! -e notebooks_data ]'
  for x in X1 X2 X3 X4 X5 X6 X7; do
    "$hkz" compare $x --help >"$tmp/h.txt" 2>&1
    check "compare $x --help" '[ $? -eq 0 ] && grep -q "^usage: hkz compare $x" "$tmp/h.txt" && grep -q -- "--data-dir" "$tmp/h.txt"'
  done
  "$hkz" compare --help >"$tmp/h.txt" 2>&1
  check "compare --help lists X1..X8 and sweep" \
    '[ $? -eq 0 ] && [ $(grep -cE "^  (X[1-8]|sweep) " "$tmp/h.txt") -eq 9 ]'
  ;;
*) echo "unknown case $case_"; exit 1 ;;
esac
exit $fail
