#!/usr/bin/env bash
# hostile.sh HKZ CASE: the faults and bad inputs of issue 17 ("tried as a
# new user"), one case per item.
set -u
hkz=$1; case_=$2
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib.sh"
cd "$tmp" || exit 1
wait_for() {  # wait_for EXPR: until EXPR holds, at most 120 s
  local i; for i in $(seq 1 1200); do eval "$1" && return 0; sleep 0.1; done
  return 1; }
case "$case_" in
given_common)
  # item 6: --digits reaches compare varadhan (hkz_cli_given knows the
  # common options)
  "$hkz" compare varadhan --digits 5 --data-dir none --format csv \
    | grep '^delta' >d5.csv
  "$hkz" compare varadhan --digits 12 --data-dir none --format csv \
    | grep '^delta' >d12.csv
  check "compare varadhan: --digits 5 and 12 give other values" \
    '[ -s d5.csv ] && ! cmp -s d5.csv d12.csv' ;;
paths)
  # items 5 and 8: unusable output and checkpoint paths are refused before
  # any work (exit 2, one line)
  mkdir adir
  expect_usage_error heat su2 --t 1 --alpha 0 --out /nonexistent/dir/x
  expect_usage_error heat su2 --t 1 --alpha 0 --out adir
  expect_usage_error heat su2 --t 1 --alpha 0 --out adir/no/x.csv
  expect_usage_error dos --lattice 3x3 --save adir
  expect_usage_error dos --lattice 3x3 --save /nonexistent/x.dos
  expect_usage_error grid heat su2 --alpha 0:1:3 --t 1 --checkpoint /nonexistent/ck
  expect_usage_error zeros cw --n 10 --checkpoint /nonexistent/ck
  expect_usage_error track cw --n 10 --t0 0.1 --t1 0.2 --checkpoint adir
  expect_usage_error compare sweep --checkpoint /nonexistent/ck
  "$hkz" heat su2 --t 1 --alpha 0 --out ok.txt
  check "a plain file name in the working folder is fine" '[ -s ok.txt ]' ;;
interrupt)
  # item 4: SIGINT on stdout: the rows get their closing record (exit_code
  # 130); the resume line only when a checkpoint exists
  args="grid heat su2 --alpha 0:3:20000 --t 0.1:1:1000 --format jsonl"
  "$hkz" $args >o.jsonl 2>e.txt & p=$!
  wait_for '[ $(wc -l <o.jsonl) -gt 1000 ]'; kill -INT $p; wait $p; rc=$?
  check "SIGINT: exit 130" '[ $rc -eq 130 ]'
  check "SIGINT on stdout: closing record with exit_code 130" \
    'tail -n 1 o.jsonl | grep -q "^{\"record\":\"end\".*\"exit_code\":130}$"'
  check "no checkpoint: no resume line" \
    'grep -qx "hkz: interrupted" e.txt && ! grep -q resume e.txt'
  "$hkz" $args --checkpoint ck --out o2.jsonl 2>e2.txt & p=$!
  wait_for '[ -e ck ]'; kill -TERM $p; wait $p; rc=$?
  check "SIGTERM with --checkpoint: exit 130, resume line, file gone" \
    '[ $rc -eq 130 ] && [ -e ck ] && grep -q "resume with: hkz grid heat su2 .* --resume$" e2.txt && [ ! -e o2.jsonl ]'
  # track cw without a checkpoint runs every zero in one round: progress
  # from inside it, and SIGINT stops it there (exit 130, no verdict)
  "$hkz" track cw --n 500 --t0 2e-4 --t1 2e-3 --progress >t.txt 2>te.txt & p=$!
  wait_for 'tr "\r" "\n" <te.txt | grep -q "^hkz: [0-9]*/250 "'
  kill -INT $p; wait $p; rc=$?
  check "track cw, no checkpoint: progress within the round, SIGINT: exit 130" \
    '[ $rc -eq 130 ] && ! grep -q "verifier = cw_decrease" t.txt' ;;
caps)
  # item 1: graph files are read with a size cap (as --g and --points)
  expect_usage_error dos --graph /dev/zero
  expect_usage_error zeros graph --graph /dev/zero
  expect_usage_error track edge --graph /dev/zero --edge 0,1 --t0 0.1 --t1 0.2 ;;
grid_units)
  # item 3: default row blocks are timed (about a second), so a stop, a
  # checkpoint and progress come early; the bytes equal --block 256's
  args="grid heat su2-sub --r 0:1.5:40 --z -3:3:40 --t 0.005:1:8 --log --digits 25 --format csv"
  # 1600 points: 7 tiles of 256
  "$hkz" $args --block 256 --out ref.csv 2>/dev/null
  tiles() { grep -c '^tile ' ck 2>/dev/null || echo 0; }
  "$hkz" $args --checkpoint ck --out a.csv 2>/dev/null & p=$!
  wait_for '[ "$(tiles)" -ge 1 ]'; kill -9 $p; wait $p 2>/dev/null
  check "kill -9 after the first block: the checkpoint holds it" \
    '[ "$(tiles)" -ge 1 ] && [ "$(tiles)" -lt 7 ] && [ ! -e a.csv ]'
  rm -f ck
  "$hkz" $args --checkpoint ck --out a.csv --progress 2>e.txt & p=$!
  wait_for 'tr "\r" "\n" <e.txt | grep -q "^hkz: [1-9][0-9]*/12800 "'
  kill -TERM $p; wait $p; rc=$?
  check "progress before the end; SIGTERM stops early (exit 130, tiles left)" \
    '[ $rc -eq 130 ] && [ "$(tiles)" -lt 7 ] && grep -q "resume with" e.txt'
  "$hkz" $args --checkpoint ck --out a.csv --resume 2>/dev/null
  check "resumed output = --block 256 output (rows)" \
    'cmp -s <(grep -v "^#" a.csv) <(grep -v "^#" ref.csv)' ;;
pi)
  # item 7: the grid refuses only values certainly outside the domain, as
  # hkz heat does; pi/N is an input
  for a in pi 3.14159265358979323846 0:pi:3; do
    "$hkz" grid heat su2 --alpha $a --t 1 --format csv >g.csv 2>/dev/null
    check "grid heat su2 --alpha $a accepted" '[ $? -eq 0 ] && grep -q "^su2,pi\|^su2,3.14159265358979323846," g.csv'
  done
  "$hkz" grid heat su2 --alpha pi --t 1 --format csv --digits 15 | grep '^su2' | cut -d, -f7 >a.txt
  "$hkz" heat su2 --alpha pi --t 1 --format csv --digits 15 | grep '^su2' | cut -d, -f7 >b.txt
  /usr/bin/python3 - a.txt b.txt <<'PY' || fail=1
import sys
from mpmath import mp, mpf
mp.dps = 40
def ball(f):
    m, r = open(f).read().strip().strip('"[]').split("+/-")
    return mpf(m), mpf(r)
(a, ra), (b, rb) = ball(sys.argv[1]), ball(sys.argv[2])
assert abs(a - b) <= ra + rb, (a, b)
print("ok: grid and heat agree at alpha = pi")
PY
  "$hkz" grid heat su2-sub --r 0:pi/2:3 --z 0,1 --t 0.5 --format csv >s.csv 2>/dev/null
  check "grid heat su2-sub --r 0:pi/2:3 accepted" '[ $? -eq 0 ] && grep -q "^su2-sub,pi/2,1," s.csv'
  "$hkz" heat su2-sub --r pi/2 --z 1 --t 0.5 >/dev/null
  check "heat su2-sub --r pi/2 accepted" '[ $? -eq 0 ]'
  expect_usage_error grid heat su2 --alpha 3.1415926535897932384626433833 --t 1
  expect_usage_error grid heat su2 --alpha 3.2 --t 1
  expect_usage_error grid heat su2 --alpha -0.001 --t 1
  expect_usage_error grid heat su2-sub --r 1.5707963267948967 --z 0 --t 1
  expect_usage_error heat su2 --alpha pi/0 --t 1
  expect_usage_error heat su2 --alpha pi/-2 --t 1
  expect_usage_error heat su2 --alpha 2pi --t 1 ;;
sizes)
  # item 2: huge work is refused up front with the estimate (exit 2)
  expect_usage_error grid heat su2 --alpha 0:3:100000 --t 0.1:1:100000
  expect_usage_error bench ssum --P 1000000000 --K 1000000000 --T 1000000000
  expect_usage_error bench ssum --P 20000 --K 20000 --T 20000 --reps 100
  "$hkz" grid heat su2 --alpha 0:3:100000 --t 0.1:1:100000 2>e.txt >/dev/null
  check "the estimate names rows, GB and hours, and --force" \
    'grep -q "1e+10 rows: about .* GB of output and at least .* h .*--force" e.txt'
  # item 10: small benchmark steps are repeated inside a timing; the
  # efficiency says whether it is stable
  "$hkz" bench ssum --P 512 --K 512 --T 16 --reps 2 --warmup 0 >b.txt
  check "bench ssum: timing_runs and efficiency_stable (counts depend on the load: not checked)" \
    'grep -Eq "^timing_runs engine [0-9]+ plain_dgemm [0-9]+$" b.txt && grep -Eq "^efficiency_stable (yes|no) \(spread engine" b.txt' ;;
messages)
  # item 11: the messages say what is wrong
  printf '\357\273\2771,0,0,0\n0.5,0.5,0.5,0.5\n' >bom.txt
  "$hkz" grid heat su2-milnor --weights 1,1,1 --g bom.txt --t 1 --format csv >g.csv 2>/dev/null
  check "--g: a UTF-8 byte-order mark is skipped" '[ $? -eq 0 ] && [ $(grep -c "^su2-milnor," g.csv) -eq 2 ]'
  printf '1,0,0,0\n0.5,0.5,0.5,0.5\0009\n' >nul.txt
  expect_usage_error grid heat su2-milnor --weights 1,1,1 --g nul.txt --t 1
  "$hkz" grid heat su2-milnor --weights 1,1,1 --g nul.txt --t 1 2>e.txt
  check "--g: 'line 2: NUL byte'" 'grep -q "line 2: NUL byte" e.txt'
  printf '0 1 1\n1 2 1\0002 3 1\n' >gr.txt
  "$hkz" dos --graph gr.txt 2>e.txt
  check "--graph: 'line 2: NUL byte'" 'grep -q "line 2: NUL byte" e.txt'
  # a truncated record, a --method mismatch (a last line cut without its
  # newline is what a kill while appending leaves: the resume drops it and
  # computes that tile again)
  "$hkz" grid heat su2 --alpha 0:3:600 --t 0.1,1 --checkpoint ck >/dev/null 2>&1
  head -c 3000 ck >ckt
  echo >>ckt
  "$hkz" grid heat su2 --alpha 0:3:600 --t 0.1,1 --checkpoint ckt --resume >/dev/null 2>e.txt
  check "truncated checkpoint: exit 2, 'truncated'" '[ $? -eq 2 ] && grep -q "truncated grid tile record" e.txt'
  head -c 3000 ck >ckt
  "$hkz" grid heat su2 --alpha 0:3:600 --t 0.1,1 --checkpoint ckt --resume >/dev/null 2>e.txt
  check "a last line cut by a kill: dropped, resumed" '[ $? -eq 0 ] && cmp -s ck ckt'
  "$hkz" grid heat su2 --alpha 0:3:600 --t 0.1,1 --checkpoint ck --resume --method scalar >/dev/null 2>e.txt
  check "--method mismatch named with both values" '[ $? -eq 2 ] && grep -q "made without method (its default); this run has method = scalar" e.txt'
  "$hkz" grid heat su2 --alpha 0:3:6 --t 1 --checkpoint ck2 --method scalar >/dev/null 2>&1
  "$hkz" grid heat su2 --alpha 0:3:6 --t 1 --checkpoint ck2 --resume >/dev/null 2>e.txt
  check "--method mismatch, the other way" '[ $? -eq 2 ] && grep -q "made with method = scalar; this run has no method" e.txt'
  # statuses of values no double holds and of +inf
  "$hkz" heat su2 --t 1e-400 --alpha 0 --format jsonl >h.jsonl
  check "mid null: status beyond_double" 'sed -n 2p h.jsonl | grep -q "\"mid\":null,.*\"status\":\"beyond_double\""'
  echo "0.5,0.5" >pts.txt
  "$hkz" grid heat product --delta-weights "log(1+i)" --points pts.txt --t 0.3 --format jsonl >p.jsonl 2>/dev/null
  check "+inf: status infinite" 'sed -n 2p p.jsonl | grep -q "\"value\":\"+inf\".*\"status\":\"infinite\""'
  # rank_wall_s of writers closed inside the command
  "$hkz" compare varadhan --data-dir none --format jsonl >c.jsonl 2>/dev/null
  check "compare: rank_wall_s filled" 'tail -n 1 c.jsonl | grep -q "\"rank_wall_s\":\[[0-9.]*\]"' ;;
track_direct)
  # item 9: the direct method certifies the decrease where the integral
  # method does (F_t's sign on sub-boxes of the Taylor model's box)
  "$hkz" track cw --n 40 --t0 0.0025 --t1 0.025 --method direct --format jsonl >d.jsonl
  check "track cw --method direct: exit 0, decrease certified" \
    '[ $? -eq 0 ] && grep -q "\"verifier\":\"cw_decrease\",\"verdict\":\"true\"" d.jsonl && ! grep -q "\"record\":\"step\".*\"dir\":0" d.jsonl'
  "$hkz" track cw --n 40 --t0 0.0025 --t1 0.025 --method integral --format jsonl >i.jsonl
  /usr/bin/python3 - d.jsonl i.jsonl <<'PY' || fail=1
import json, sys
from mpmath import mp, mpf
mp.dps = 40
def ends(f):
    last = {}
    for l in open(f):
        r = json.loads(l)
        if r.get("record") == "step":
            last[r["j"]] = r["theta"]
    return last
a, b = ends(sys.argv[1]), ends(sys.argv[2])
assert a.keys() == b.keys() and len(a) == 20
for j in a:
    (ma, ra), (mb, rb) = [map(mpf, x.strip("[]").split("+/-")) for x in (a[j], b[j])]
    assert abs(ma - mb) <= ra + rb, (j, a[j], b[j])
print("ok: direct and integral theta_j(t1) overlap for all 20 zeros")
PY
  ;;
*) echo "unknown case $case_"; exit 1 ;;
esac
exit $fail
