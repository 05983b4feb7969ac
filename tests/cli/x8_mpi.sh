#!/bin/bash
# Issue 10: `hkz compare X8 --blocks` under mpiexec with 2 and 3 ranks:
# the blocks are split over the ranks, rank 0 gathers their exact records
# and lists ALL blocks; stdout and the data files are byte-identical to a
# one-rank run (the run record aside).
HKZ="$1"
command -v mpiexec > /dev/null || { echo "no mpiexec"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }
MPI="mpiexec --oversubscribe --allow-run-as-root"
. "$(dirname "$0")/lib.sh"   # norun: a file without its run record
strip() { norun "$1"; }
same() {
    local f
    for f in x8.csv x8.jsonl x8_verdict.jsonl; do
        cmp -s <(strip "$1/x8/$f") <(strip "$2/x8/$f") || return 1
    done
    cmp -s <(strip "$1.out") <(strip "$2.out")
}
for fmt in jsonl csv; do
    args="compare X8 --n 2 --nmax 5 --t 0.5,1 --blocks --format $fmt"
    "$HKZ" $args --data-dir "$tmp/one" > "$tmp/one.out"; rc1=$?
    ok "$fmt: one rank rc 0" "[ $rc1 -eq 0 ]"
    for np in 2 3; do
        $MPI -n $np "$HKZ" $args --data-dir "$tmp/n$np" > "$tmp/n$np.out"
        rc=$?
        ok "$fmt: $np ranks rc 0" "[ $rc -eq 0 ]"
        ok "$fmt: $np ranks identical to one" "same '$tmp/one' '$tmp/n$np'"
    done
    rm -rf "$tmp/one" "$tmp/n2" "$tmp/n3"
done
# all 24 non-trivial blocks of the 5 x 5 box, once each
ok "every block listed" "[ \$(grep -c '^block,' '$tmp/n3.out') -eq 24 ]"
# a FAIL verdict: the same exit code (4) and line on every rank count
args="compare X8 --example ii --n 2 --b 1,1 --eps 2 --nmax 4 --K-check 1.5 --data-dir none"
"$HKZ" $args > "$tmp/f1.out"; rc1=$?
$MPI -n 3 "$HKZ" $args > "$tmp/f3.out"; rc3=$?
ok "FAIL: exit 4 on 1 and 3 ranks" "[ $rc1 -eq 4 ] && [ $rc3 -eq 4 ]"
ok "FAIL: same output" "cmp -s <(strip '$tmp/f1.out') <(strip '$tmp/f3.out')"
exit $fail
