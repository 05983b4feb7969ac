#!/bin/bash
# Issue 5: `hkz compare sweep` (spec 6.3 P1, P2; 6.4 X2): a small run
# passes, every ratio is below the certified (P2) bound, the data files
# have the contracted columns; reference values R35, R36, R42; bad input is
# one error line and exit 2.
HKZ="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }
# the value of a JSON key of a one-record file (the last line)
jkey() { tail -n 1 "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^\",]*\).*/\1/p"; }

# (a) default weights (E-a: a = b = i^2), head 10, 40 samples
"$HKZ" compare sweep --samples 40 --data-dir "$tmp/d" > "$tmp/out" 2> "$tmp/err"
rc=$?
ok "E-a rc 0" "[ $rc -eq 0 ]"
ok "E-a PASS line" "grep -qx 'sweep: PASS' '$tmp/out'"
ok "E-a nothing on stderr" "[ ! -s '$tmp/err' ]"
D="$tmp/d/sweep"
ok "data files" "[ -s $D/sweep.csv ] && [ -s $D/sweep.jsonl ] && [ -s $D/sweep_summary.jsonl ]"
ok "csv metadata header" "grep -q '^# normalization: N_unit' $D/sweep.csv && grep -q '^# command: ' $D/sweep.csv"
hdr=$(grep -v '^#' $D/sweep.csv | head -n 1)
for col in sample kind eps d_delta d_delta_mid d_L d_L_mid ratio ratio_mid; do
    ok "csv column $col" "echo '$hdr' | tr ',' '\n' | grep -qx '$col'"
done
ok "csv 40 rows" "[ \$(grep -v '^#' $D/sweep.csv | wc -l) -eq 41 ]"
ok "jsonl meta + 40 rows" "[ \$(wc -l < $D/sweep.jsonl) -eq 41 ] && head -n 1 $D/sweep.jsonl | grep -q '^{\"record\":\"meta\"'"
ok "both kinds" "grep -q '\"kind\":\"random\"' $D/sweep.jsonl && grep -q '\"kind\":\"fibre\"' $D/sweep.jsonl"
ok "ball columns" "grep -q '\"d_L\":\"\[[0-9.e-]* +/- [0-9.e-]*\]\"' $D/sweep.jsonl"
S=$D/sweep_summary.jsonl
for key in S C_upper C_upper_mid C_sample_max C_sample_max_mid c_hat C_hat samples verdict; do
    ok "summary key $key" "grep -q '\"$key\":' $S"
done
ok "summary verdict PASS" "[ \"\$(jkey $S verdict)\" = PASS ]"
# R35 (C_10 = sqrt(2 pi) S_10^{1/4}) and R36 (C_inf, S = pi^2/6)
ok "C_head = R35" "grep -q '\"C_head\":\"\[2\.796768938733018556652' $S"
ok "C_upper = R36" "grep -q '\"C_upper\":\"\[2\.838749416309706354552' $S"
ok "S = pi^2/6" "grep -q '\"S\":\"\[1\.64493406684822643647' $S"
# every ratio <= C_upper (doubles; the certified test is the verdict)
cu=$(jkey $S C_upper_mid)
ok "all ratios <= C_upper" "[ \$(grep -v '^#' $D/sweep.csv | tail -n +2 | cut -d, -f9 | awk -v c=$cu '\$1 > c' | wc -l) -eq 0 ]"
ok "all below_bound true" "[ \$(grep -c '\"below_bound\":\"true\"' $D/sweep.jsonl) -eq 40 ]"
# the sample max is a lower bound close to C_10 (fibre eps = 1e-8)
mx=$(jkey $S C_sample_max_mid)
ok "sample max near C_10" "awk -v m=$mx 'BEGIN { exit !(m > 2.7967 && m <= 2.79676893873302) }'"
# the certified lower bound is the ball's lower end, not its midpoint
ok "summary C_sample_max_lower <= lower end of C_sample_max" "/usr/bin/python3 - '$S' <<'PY'
import json, sys
from fractions import Fraction as F
r = json.loads(open(sys.argv[1]).readlines()[-1])
mid, rad = r['C_sample_max'].strip('[]').split('+/-')
lo = F(mid.strip()) - F(rad.strip())
low = r['C_sample_max_lower']
assert isinstance(low, float) and F(repr(low)) <= lo and lo - F(repr(low)) < F(1, 10**14), (low, lo)
assert 2.7967 < low < 2.79676893873302
PY"
ok "text: lower bound printed as the lower end" "grep -q '^  certified lower bound for C(1/2): C_sample_max_lower = 2\.79676' '$tmp/out'"
ch=$(jkey $S c_hat)
ok "c_hat near 1/2 (P1)" "awk -v c=$ch 'BEGIN { exit !(c > 0.45 && c < 0.55) }'"

# R42: fibre direction of E-a, n = 10, z_i = eps = 0.01 (--decades 0: the
# fibre grid spans 2 decades, eps = 1 and the double nearest 0.01)
"$HKZ" compare sweep --samples 2 --fibre-fraction 1 --decades 0 \
    --data-dir none --out "$tmp/r42.csv" --format csv > /dev/null
r=$(grep '^1,fibre,0.01,' "$tmp/r42.csv" | cut -d, -f9)
ok "R42 fibre ratio" "awk -v r=$r 'BEGIN { d = r - 2.794542454483892291568793; exit !(d < 1e-14 && d > -1e-14) }'"
# (R42 2.794542454483892291568793 at z = 1/100; double(0.01) - 1/100 =
# 2.08e-19 moves the ratio by -4.6e-20: the first 20 digits agree)
ok "R42 ball" "grep '^1,fibre,' '$tmp/r42.csv' | cut -d, -f8 | grep -q '^\[2\.7945424544838922915'"

# E-b (a = i^2, b = i): S = inf, no constant on SU(2)^inf; heads still pass
"$HKZ" compare sweep --delta-weights 'i^2' --sub-weights i --samples 20 \
    --data-dir "$tmp/b" > "$tmp/out"; rc=$?
ok "E-b rc 0" "[ $rc -eq 0 ] && grep -qx 'sweep: PASS' '$tmp/out'"
ok "E-b C_upper inf" "grep -q '\"C_upper\":\"inf\"' $tmp/b/sweep/sweep_summary.jsonl && grep -q '\"S\":\"inf\"' $tmp/b/sweep/sweep_summary.jsonl"
# finite lists: SU(2)^3, the head is the whole group (C_head = C_upper)
"$HKZ" compare sweep --delta-weights 1,4,9 --sub-weights 1,2,3 --samples 20 \
    --data-dir "$tmp/l" > "$tmp/out"; rc=$?
ok "lists rc 0" "[ $rc -eq 0 ] && grep -q 'head n = 3' '$tmp/out'"
# rows to stdout (CSV): the summary moves to stderr
mkdir "$tmp/cwd"
(cd "$tmp/cwd" && "$HKZ" compare sweep --samples 5 --data-dir none --out - \
    --format csv > "$tmp/rows" 2> "$tmp/err"); rc=$?
ok "rows on stdout" "[ $rc -eq 0 ] && [ \$(grep -v '^#' '$tmp/rows' | wc -l) -eq 6 ] && grep -qx 'sweep: PASS' '$tmp/err'"
ok "--data-dir none writes nothing" "[ -z \"\$(ls -A '$tmp/cwd')\" ]"

# (c) bad input: one line "hkz: error: ..." and exit 2
bad() {
    "$HKZ" compare sweep "$@" --data-dir "$tmp/x" > "$tmp/o" 2> "$tmp/e"; rc=$?
    ok "bad $* -> 2" "[ $rc -eq 2 ] && [ \$(wc -l < '$tmp/e') -eq 1 ] && grep -q '^hkz: error: ' '$tmp/e' && [ ! -e '$tmp/x' ]"
}
bad --delta-weights 'i^0.5'
bad --sub-weights 'j^2'
bad --delta-weights 1,4 --sub-weights 1,4,9 --head 3
bad --samples 0
bad --fibre-fraction 1.5
bad --resume
bad --digits x
bad --bogus
"$HKZ" compare sweep --help > "$tmp/o"; rc=$?
ok "--help" "[ $rc -eq 0 ] && grep -q 'c_hat' '$tmp/o'"
exit $fail
