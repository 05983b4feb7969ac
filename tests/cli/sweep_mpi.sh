#!/bin/bash
# Issue 5: `hkz compare sweep` under mpiexec: each rank computes a block of
# the samples, rank 0 gathers and writes; the output equals a one-rank
# run's; a checkpoint of a 2-rank run (interrupted) resumes with 3 ranks.
HKZ="$1"
command -v mpiexec > /dev/null || { echo "no mpiexec"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }
. "$(dirname "$0")/lib.sh"   # norun: a file without its run record
MPI="mpiexec --oversubscribe --allow-run-as-root"
args="compare sweep --samples 30 --digits 20 --seed 3"
same() {
    local f
    for f in sweep.csv sweep.jsonl sweep_summary.jsonl; do
        cmp -s <(norun "$1/sweep/$f") <(norun "$2/sweep/$f") || return 1
    done
    cmp -s "$1.out" "$2.out"
}

"$HKZ" $args --data-dir "$tmp/one" > "$tmp/one.out"; rc1=$?
$MPI -n 2 "$HKZ" $args --data-dir "$tmp/two" > "$tmp/two.out"; rc2=$?
ok "rc 0 on 1 and 2 ranks" "[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ]"
ok "PASS" "grep -qx 'sweep: PASS' '$tmp/two.out'"
ok "1 vs 2 ranks identical" "same '$tmp/one' '$tmp/two'"
$MPI -n 3 "$HKZ" $args --data-dir "$tmp/three" > "$tmp/three.out"; rc3=$?
ok "1 vs 3 ranks identical" "[ $rc3 -eq 0 ] && same '$tmp/one' '$tmp/three'"
ok "one meta line" "[ \$(grep -c '\"record\":\"meta\"' '$tmp/two/sweep/sweep.jsonl') -eq 1 ]"

# 2 ranks, each stops after 4 samples (as if interrupted), then 3 ranks
$MPI -n 2 "$HKZ" $args --checkpoint "$tmp/ck" --stop-after 4 \
    --data-dir "$tmp/r" > /dev/null 2> "$tmp/err"; rc=$?
ok "interrupted 2-rank run fails" "[ $rc -ne 0 ] && grep -q 'hkz: interrupted; resume with: hkz compare sweep .* --resume' '$tmp/err' && [ ! -e '$tmp/r/sweep/sweep.csv' ]"
ok "both ranks checkpointed" "[ \$(grep -c ' end$' '$tmp/ck.r0') -eq 4 ] && [ \$(grep -c ' end$' '$tmp/ck.r1') -eq 4 ]"
$MPI -n 3 "$HKZ" $args --checkpoint "$tmp/ck" --resume --data-dir "$tmp/r" \
    > "$tmp/r.out" 2> "$tmp/err"; rc=$?
ok "3-rank resume rc 0" "[ $rc -eq 0 ]"
ok "3-rank resume identical" "same '$tmp/one' '$tmp/r'"
ok "every sample once or more in the checkpoints" "[ \$(cat '$tmp'/ck.r[0-9] | grep ' end$' | cut -d' ' -f1 | sort -un | wc -l) -eq 30 ]"
# and a 1-rank resume of the same files
"$HKZ" $args --checkpoint "$tmp/ck" --resume --data-dir "$tmp/s" \
    > "$tmp/s.out" 2> /dev/null; rc=$?
ok "1-rank resume identical" "[ $rc -eq 0 ] && same '$tmp/one' '$tmp/s'"

# other parameters: one error line (rank 0), exit 2
$MPI -n 2 "$HKZ" compare sweep --samples 30 --digits 20 --seed 4 \
    --checkpoint "$tmp/ck" --resume --data-dir "$tmp/x" > /dev/null 2> "$tmp/err"; rc=$?
ok "mismatch refused" "[ $rc -eq 2 ] && [ \$(grep -c '^hkz: error:' '$tmp/err') -eq 1 ] && [ ! -e '$tmp/x' ]"

# a rank that fails (rank 1 cannot write its checkpoint: a directory is in
# the way) makes every rank exit 1, rank 0 reporting rank 1's message
mkdir -p "$tmp/cf.r1" && touch "$tmp/cf.r1/keep"
$MPI -n 2 "$HKZ" $args --checkpoint "$tmp/cf" --data-dir "$tmp/y" \
    > /dev/null 2> "$tmp/err"; rc=$?
ok "failing rank 1: exit 1, its message" "[ $rc -eq 1 ] && [ \$(grep -c '^hkz: error:' '$tmp/err') -eq 1 ] && grep -q 'rank 1: .*cf.r1' '$tmp/err' && [ ! -e '$tmp/y/sweep/sweep.csv' ]"
exit $fail
