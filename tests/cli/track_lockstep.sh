#!/bin/bash
# hkz track cw --method lockstep: the run record names the method; a few
# steps per unit of ln t; every step certified and the decrease verdict
# true; theta_j(t1) overlaps the saddle-line method's; --checkpoint with
# --every 1 stopped after its first step (SIGINT) and --resume'd gives the
# same rows as one run; a checkpoint of the other method is refused (exit
# 2, one line).
HKZ="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; else echo "ok: $1"; fi; }
rows() { grep -v '^#' "$1"; }
A=(track cw --n 120 --t0 0.0008 --t1 0.008 --digits 20 --no-progress)

"$HKZ" "${A[@]}" --method lockstep --out "$tmp/ls.txt"; rc=$?
ok "lockstep rc 0" "[ $rc -eq 0 ]"
ok "method lockstep" "grep -q '^# method: lockstep' '$tmp/ls.txt'"
ok "verdict true" "grep 'verifier = cw_decrease' '$tmp/ls.txt' | grep -q 'verdict = true'"
ok "no uncertified step" "! rows '$tmp/ls.txt' | grep -q 'certified = false'"
rate=$(sed -n 's/^# steps_per_zero_per_ln_t: //p' "$tmp/ls.txt")
ok "a few steps per ln t ($rate)" "awk -v r='$rate' 'BEGIN { exit !(r > 0 && r < 3) }'"
"$HKZ" "${A[@]}" --method integral --out "$tmp/in.txt"
python3 - "$tmp/ls.txt" "$tmp/in.txt" > "$tmp/cmp.txt" <<'PY'
import re, sys
from fractions import Fraction as Q
def last(p):
    d = {}
    for l in open(p):
        if l.startswith('record = step'):
            j = int(re.search(r' j = (\d+)', l).group(1))
            m, r = re.search(r'theta = \[(\S+) \+/- (\S+)\]', l).groups()
            d[j] = (Q(m), Q(r))
    return d
a, b = last(sys.argv[1]), last(sys.argv[2])
bad = [j for j in a if abs(a[j][0] - b[j][0]) > a[j][1] + b[j][1]]
print(len(a), len(b), len(bad))
PY
ok "theta(t1) overlaps the integral method's" "[ \"\$(cat '$tmp/cmp.txt')\" = '60 60 0' ]"

# a checkpointed run stopped after one step, then resumed
"$HKZ" "${A[@]}" --method lockstep --checkpoint "$tmp/ck" --every 1 \
    --out "$tmp/part.txt" & pid=$!
for _ in $(seq 1 200); do
    [ -s "$tmp/ck" ] && grep -q '^step' "$tmp/ck" 2>/dev/null && break
    sleep 0.05
done
kill -INT $pid 2>/dev/null; wait $pid; rc=$?
ok "stopped or finished (rc $rc)" "[ $rc -eq 130 ] || [ $rc -eq 0 ]"
"$HKZ" "${A[@]}" --method lockstep --checkpoint "$tmp/ck" --resume \
    --out "$tmp/res.txt"; rc=$?
ok "resume rc 0" "[ $rc -eq 0 ]"
ok "resumed rows = one run's" "diff <(rows '$tmp/ls.txt') <(rows '$tmp/res.txt') > /dev/null"
err=$("$HKZ" "${A[@]}" --method integral --checkpoint "$tmp/ck" --resume \
      2>&1 >/dev/null); rc=$?
ok "the other method's resume refused (rc $rc: $err)" \
   "[ $rc -eq 2 ] && [ \$(printf '%s\n' \"\$err\" | wc -l) -eq 1 ]"
exit $fail
