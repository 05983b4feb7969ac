#!/bin/bash
# Issues 3, 10: `hkz track` under mpiexec splits the zero indices over the
# ranks (hkz/dist.h; records hkz_ly_track_pack/unpack); rank 0 alone
# writes, and the records equal a single-rank run's byte for byte.
HKZ="$1"
command -v mpiexec > /dev/null || { echo "no mpiexec"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }
MPI="mpiexec -n 2 --oversubscribe --allow-run-as-root"
# every record but the meta line
records() { grep -v '^{"record":"\(meta\|end\)"' "$1"; }

args="track cw --n 8 --t0 0.1 --t1 0.2 --format jsonl"
"$HKZ" $args > "$tmp/one.jsonl"; rc1=$?
$MPI "$HKZ" $args --checkpoint "$tmp/ck" > "$tmp/two.jsonl"; rc2=$?
ok "cw rc" "[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ]"
ok "cw one meta line" "[ \$(grep -c '\"record\":\"meta\"' '$tmp/two.jsonl') -eq 1 ]"
ok "cw has steps of zeros 1 and 4" "grep -q '\"record\":\"step\",\"j\":1,' '$tmp/two.jsonl' && grep -q '\"record\":\"step\",\"j\":4,' '$tmp/two.jsonl'"
ok "cw verdict" "grep -q '\"verifier\":\"cw_decrease\",\"verdict\":\"true\"' '$tmp/two.jsonl'"
ok "cw records identical" "cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/two.jsonl')"
# pieces, one checkpoint file each (PATH declares the run and the pieces)
ok "cw pieces checkpointed" "head -1 '$tmp/ck' | grep -q 'track-pieces' && grep -q '^param pieces 4$' '$tmp/ck' && [ -s '$tmp/ck.p0' ] && [ -s '$tmp/ck.p3' ] && ! cmp -s '$tmp/ck.p0' '$tmp/ck.p3'"
$MPI "$HKZ" $args --checkpoint "$tmp/ck" --resume > "$tmp/res.jsonl"; rc=$?
ok "cw resume on 2 ranks" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/res.jsonl')"
# a piece resumes on whichever rank takes it: another rank count
mpiexec -n 3 --oversubscribe --allow-run-as-root "$HKZ" $args --checkpoint "$tmp/ck" --resume > "$tmp/res.jsonl"; rc=$?
ok "cw resume on 3 ranks" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/res.jsonl')"
# 3 ranks, all zeros, --out written by rank 0 alone
mpiexec -n 3 --oversubscribe --allow-run-as-root "$HKZ" $args --out "$tmp/three_out.jsonl"; rc=$?
ok "cw 3 ranks --out" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/three_out.jsonl')"
# other parameters: refused, one line naming the first that differs
$MPI "$HKZ" track cw --n 8 --t0 0.1 --t1 0.3 --format jsonl --checkpoint "$tmp/ck" --resume > /dev/null 2> "$tmp/err"; rc=$?
ok "resume other t1 refused" "[ $rc -eq 2 ] && [ \$(grep -c '^hkz: error:' '$tmp/err') -eq 1 ] && grep -q 'was made with t1 = ' '$tmp/err'"
# a checkpoint of several ranks resumed by one process, and the converse:
# one line saying how to resume it
"$HKZ" $args --checkpoint "$tmp/ck" --resume > /dev/null 2> "$tmp/err"; rc=$?
ok "pieces resumed by one process refused" "[ $rc -eq 2 ] && grep -q 'made under several ranks: resume it under mpiexec' '$tmp/err'"
"$HKZ" $args --checkpoint "$tmp/ck1" > /dev/null
$MPI "$HKZ" $args --checkpoint "$tmp/ck1" --resume > /dev/null 2> "$tmp/err"; rc=$?
ok "one process resumed by ranks refused" "[ $rc -eq 2 ] && [ \$(grep -c '^hkz: error:' '$tmp/err') -eq 1 ] && grep -q 'made by one process: resume it without mpiexec' '$tmp/err'"
# a failing rank (a piece's file of another piece): exit 2 everywhere,
# its message
cp "$tmp/ck.p0" "$tmp/ck.p1"
timeout 60 $MPI "$HKZ" $args --checkpoint "$tmp/ck" --resume > /dev/null 2> "$tmp/err"; rc=$?
ok "failing rank exit 2" "[ $rc -eq 2 ] && [ \$(grep -c '^hkz: error:' '$tmp/err') -eq 1 ] && grep -q \"ck.p1' was made with j0 = 0; this run has 1\" '$tmp/err'"

# stopped mid-run by SIGINT on 2 ranks (every 2 steps committed), resumed
# on 3: the same records (if the run ended before the signal, the resume
# still must give them)
args="track cw --n 300 --t0 5e-4 --t1 2e-3 --threads 1 --format jsonl"
"$HKZ" $args > "$tmp/one.jsonl"
$MPI "$HKZ" $args --checkpoint "$tmp/ck2" --every 2 > /dev/null 2>&1 &
pid=$!
sleep 1.5
pkill -INT -f "hkz track cw --n 300 --t0 5e-4" 2> /dev/null
wait $pid
mpiexec -n 3 --oversubscribe --allow-run-as-root "$HKZ" $args --checkpoint "$tmp/ck2" --resume > "$tmp/res.jsonl"; rc=$?
ok "cw stopped, resumed on 3 ranks" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/res.jsonl')"

# 3 ranks, a sub-range
args="track cw --n 10 --t0 0.1 --t1 0.2 --zeros 2:5 --format jsonl"
"$HKZ" $args > "$tmp/one.jsonl"
mpiexec -n 3 --oversubscribe --allow-run-as-root "$HKZ" $args > "$tmp/three.jsonl"; rc=$?
ok "cw zeros 2:5 on 3 ranks" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/three.jsonl')"

# without a checkpoint: pieces taken at run time (60 zeros in 48 pieces on
# 3 ranks, a rank out of its own takes another's), the same records
args="track cw --n 120 --t0 1e-3 --t1 2e-3 --format jsonl"
"$HKZ" $args > "$tmp/one.jsonl"
mpiexec -n 3 --oversubscribe --allow-run-as-root "$HKZ" $args > "$tmp/three.jsonl"; rc=$?
ok "cw pieces on 3 ranks" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/three.jsonl')"

# edge: directions, disjointness from all zeros
printf '# C4 of spec B9\n0 1 2\n1 2 1\n2 3 2\n3 0 0.05\n' > "$tmp/c4.txt"
args="track edge --graph $tmp/c4.txt --edge 1,2 --t0 0.5 --t1 2 --format jsonl"
"$HKZ" $args > "$tmp/one.jsonl"
$MPI "$HKZ" $args > "$tmp/two.jsonl"; rc=$?
ok "edge rc" "[ $rc -eq 0 ]"
ok "edge records identical" "cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/two.jsonl')"
mpiexec -n 3 --oversubscribe --allow-run-as-root "$HKZ" $args > "$tmp/three.jsonl"; rc=$?
ok "edge 3 ranks identical" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/three.jsonl')"
ok "edge verdicts" "grep -q '\"verifier\":\"direction_tracked\",\"verdict\":\"true\"' '$tmp/two.jsonl' && grep -q '\"verifier\":\"disjoint\",\"verdict\":\"strict\"' '$tmp/two.jsonl'"

# issue 12: track lattice (uniform coupling), 2 and 3 ranks, with --dos
"$HKZ" dos --lattice 4x4 --save "$tmp/l44.dos" --out "$tmp/l44.txt"
args="track lattice --L 4 --M 4 --t0 0.3 --t1 0.45 --format jsonl"
"$HKZ" $args > "$tmp/one.jsonl"
$MPI "$HKZ" $args --dos "$tmp/l44.dos" > "$tmp/two.jsonl"; rc=$?
ok "lattice rc" "[ $rc -eq 0 ]"
ok "lattice records identical" "cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/two.jsonl')"
mpiexec -n 3 --oversubscribe --allow-run-as-root "$HKZ" $args > "$tmp/three.jsonl"; rc=$?
ok "lattice 3 ranks identical" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/three.jsonl')"
ok "lattice verdict" "grep -q '\"verifier\":\"direction_tracked\",\"verdict\":\"true\"' '$tmp/two.jsonl'"
$MPI "$HKZ" $args --dos "$tmp/none.dos" > /dev/null 2> "$tmp/err"; rc=$?
ok "lattice --dos missing: exit 2 once" "[ $rc -eq 2 ] && [ \$(grep -c '^hkz: error:' '$tmp/err') -eq 1 ]"

# usage error: exit 2, one error line (rank 0 only)
$MPI "$HKZ" track cw --n 8 --t0 0.3 --t1 0.2 > /dev/null 2> "$tmp/err"; rc=$?
ok "usage error rc" "[ $rc -eq 2 ]"
ok "usage error once" "[ \$(grep -c '^hkz: error:' '$tmp/err') -eq 1 ]"
# lockstep: every rank takes part in each step; the bytes of one process
# on 2 and 3 ranks; a checkpoint of 3 ranks stopped by SIGINT resumes on 2
# ranks and on one process with the same bytes
L="track cw --n 120 --t0 0.0008 --t1 0.008 --method lockstep --threads 1 --no-progress"
"$HKZ" $L > "$tmp/l1.txt"; rc=$?
ok "lockstep one process rc" "[ $rc -eq 0 ]"
for np in 2 3; do
  mpiexec -n $np --oversubscribe --allow-run-as-root "$HKZ" $L > "$tmp/l$np.txt" 2>/dev/null; rc=$?
  ok "lockstep $np ranks = one process" "[ $rc -eq 0 ] && diff <(grep -v '^#' '$tmp/l1.txt') <(grep -v '^#' '$tmp/l$np.txt') > /dev/null"
done
mpiexec -n 3 --oversubscribe --allow-run-as-root "$HKZ" $L --checkpoint "$tmp/lck" --every 1 > /dev/null 2>&1 & pid=$!
for _ in $(seq 1 200); do grep -q '^step' "$tmp/lck" 2>/dev/null && break; sleep 0.05; done
kill -INT $pid 2>/dev/null; wait $pid
$MPI "$HKZ" $L --checkpoint "$tmp/lck" --resume > "$tmp/lr2.txt" 2>/dev/null; rc=$?
ok "lockstep resumed on 2 ranks" "[ $rc -eq 0 ] && diff <(grep -v '^#' '$tmp/l1.txt') <(grep -v '^#' '$tmp/lr2.txt') > /dev/null"
"$HKZ" $L --checkpoint "$tmp/lck" --resume > "$tmp/lr1.txt"; rc=$?
ok "lockstep resumed by one process" "[ $rc -eq 0 ] && diff <(grep -v '^#' '$tmp/l1.txt') <(grep -v '^#' '$tmp/lr1.txt') > /dev/null"
exit $fail
