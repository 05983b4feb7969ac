#!/bin/bash
# Issue 10: `hkz zeros` under mpiexec splits the zeros over the ranks in
# blocks (hkz/dist.h); the records equal a single rank's byte for byte
# (run records aside); a failing rank makes every rank exit with its
# message.
HKZ="$1"
command -v mpiexec > /dev/null || { echo "no mpiexec"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }
mpi() { local n=$1; shift; mpiexec -n "$n" --oversubscribe --allow-run-as-root "$@"; }
# every record but the run records (meta, end)
records() { grep -v '^{"record":"\(meta\|end\)"' "$1"; }

same() {   # name, then the hkz arguments
    local name=$1; shift
    "$HKZ" "$@" --format jsonl > "$tmp/one.jsonl"; local rc1=$?
    for n in 2 3; do
        mpi $n "$HKZ" "$@" --format jsonl > "$tmp/n.jsonl" 2> "$tmp/err"; local rc=$?
        ok "$name: $n ranks rc" "[ $rc -eq $rc1 ]"
        ok "$name: $n ranks records identical" "cmp -s <(records '$tmp/one.jsonl') <(records '$tmp/n.jsonl')"
        ok "$name: $n ranks timing line" "grep -q '^hkz: ranks $n:' '$tmp/err'"
    done
}

same "cw direct" zeros cw --n 40 --t 0.05
same "cw integral" zeros cw --n 21 --beta 2.5 --method integral
# issue 12.4: the block driver (each rank predicts, certifies, holds and
# formats only its block; rank 0 writes the blocks in order) in every format
same "cw integral, blocks" zeros cw --n 2001 --beta 0.5 --digits 15
# t a ball: some zeros are missed, every rank falls back to the whole list
same "cw blocks, fallback" zeros cw --n 40 --method integral --t "[0.0125 +/- 1e-13]" --digits 10
for fmt in csv; do
    "$HKZ" zeros cw --n 1000 --beta 0.5 --format $fmt > "$tmp/one.$fmt"
    mpi 3 "$HKZ" zeros cw --n 1000 --beta 0.5 --format $fmt > "$tmp/n.$fmt" 2> "$tmp/err"
    ok "cw blocks $fmt: rows identical" "cmp -s <(grep -v '^#' '$tmp/one.$fmt') <(grep -v '^#' '$tmp/n.$fmt')"
done
ok "cw blocks: per-rank lines" "[ \$(grep -c '^hkz: rank [0-2]: [0-9]* zeros\\( ([0-9]* certified here)\\)\\?, wall .* s, cpu .* s, max RSS .* MB, then waited .* s$' '$tmp/err') -eq 3 ]"
# blocks balanced by cost: fewer zeros near the edge (rank 0), 500 in all
ok "cw blocks: counts" "[ \$(sed -n 's/^hkz: rank [0-2]: \\([0-9]*\\) zeros.*/\\1/p' '$tmp/err' | awk '{ s += \$1 } END { print s }') -eq 500 ] && [ \$(sed -n 's/^hkz: rank 0: \\([0-9]*\\) zeros.*/\\1/p' '$tmp/err') -lt 166 ]"
printf '0 1 2\n1 2 1\n2 3 2\n3 0 0.05\n0 4 1\n4 5 0.5\n5 6 1\n6 7 0.25\n7 0 1\n' > "$tmp/g.txt"
same "graph (grid scan)" zeros graph --graph "$tmp/g.txt"
same "lattice" zeros lattice --L 4 --M 4 --coupling 0.3
# issue 12: the table of hkz dos --save, read by every rank
"$HKZ" dos --lattice 4x5 --save "$tmp/l45.dos" --out "$tmp/l45.txt"
same "lattice --dos" zeros lattice --L 4 --M 5 --coupling 0.35 --dos "$tmp/l45.dos"

# per-rank checkpoints; a resume reproduces the bytes
mpi 2 "$HKZ" zeros cw --n 40 --t 0.05 --checkpoint "$tmp/ck" --format jsonl > "$tmp/a.jsonl"; rc=$?
ok "checkpoint rc" "[ $rc -eq 0 ] && [ -s '$tmp/ck.r0' ] && [ -s '$tmp/ck.r1' ]"
mpi 2 "$HKZ" zeros cw --n 40 --t 0.05 --checkpoint "$tmp/ck" --resume --format jsonl > "$tmp/b.jsonl"; rc=$?
ok "resume identical" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/a.jsonl') <(records '$tmp/b.jsonl')"
# the block driver: per-rank checkpoints, resume on 2 ranks and on 3
mpi 2 "$HKZ" zeros cw --n 1000 --beta 0.5 --checkpoint "$tmp/cb" --format jsonl > "$tmp/c.jsonl"; rc=$?
ok "blocks checkpoint rc" "[ $rc -eq 0 ] && [ \$(cat '$tmp/cb.r0' '$tmp/cb.r1' | grep -c '^zb ') -eq 500 ]"
mpi 2 "$HKZ" zeros cw --n 1000 --beta 0.5 --checkpoint "$tmp/cb" --resume --format jsonl > "$tmp/d.jsonl"; rc=$?
ok "blocks resume identical" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/c.jsonl') <(records '$tmp/d.jsonl')"
cp "$tmp/cb.r1" "$tmp/cb.r2"
mpi 3 "$HKZ" zeros cw --n 1000 --beta 0.5 --checkpoint "$tmp/cb" --resume --format jsonl > "$tmp/e.jsonl"; rc=$?
ok "blocks resume on 3 ranks identical" "[ $rc -eq 0 ] && cmp -s <(records '$tmp/c.jsonl') <(records '$tmp/e.jsonl')"
# rank 1 fails (its checkpoint is gone): every rank exits 2, rank 0
# prints rank 1's message once, nothing hangs
rm -f "$tmp/ck.r1"
timeout 60 mpiexec -n 2 --oversubscribe --allow-run-as-root "$HKZ" zeros cw --n 40 --t 0.05 --checkpoint "$tmp/ck" --resume > /dev/null 2> "$tmp/err"; rc=$?
ok "failing rank: exit 2" "[ $rc -eq 2 ]"
ok "failing rank: its message once" "[ \$(grep -c '^hkz: error: rank 1: .*ck.r1' '$tmp/err') -eq 1 ]"
exit $fail
