#!/usr/bin/env bash
# cw_mpi.sh DEVDIR [N] [RANKS] [THREADS] -- issue 12.4: all principal
# Curie-Weiss zeros at beta = 1/2 (t = 0.5/N per edge), certified to 15
# digits, under mpirun on RANKS ranks (default 16) of THREADS threads each
# (default 1), N default 10^7, on the 16 cores of the H200 machine (no GPU
# used).  Each rank holds only its block of the zeros (~90 MB per rank at
# N = 10^7 / 16 ranks); the pieces of <= 1024 zeros are taken at run time
# (the ranks end together, issue 20.3); the blocks are written in rank
# order (on one node each rank writes its rows at their place).
#
# Needs only DEVDIR and the machine's mpirun: DEVDIR/bin/hkz from the MPI
# build, packed on the build machine with
#   /work/shared/device/pack-runtime.sh DEVDIR build-mpi/hkz
# (FLINT, Arb, ... in DEVDIR/lib.tar.xz; MPI comes from the machine).
# Writes under $OUT (never the zero list: ~1.3 GB at 10^7):
#   cw_mpi.log   the mpirun stderr (hkz's per-rank lines "hkz: rank R: Z
#                zeros, wall W s, cpu C s, max RSS M MB" after the
#                certification, the straggler line "hkz: ranks R: min, max,
#                imbalance" at the end, GNU time per rank where the
#                machine has /usr/bin/time), the run records, size, md5 and
#                the first and last rows of the list (kept in /tmp);
#   then, when COMPARE=1 (default), the same N on RANKS/2 ranks of
#   2 THREADS threads: its per-rank lines and whether its rows are the
#   same bytes (expected: the rows do not depend on the layout; one rank
#   against 2 and 3 is checked by tests/cli/zeros_mpi.sh and at 10^5 and
#   10^6 in bench/NOTES.md).
# Time: ~0.17 ms of CPU per zero measured on the build machine at 10^5 and
# 10^6 (per rank, 1 thread), so ~55 s per rank at 10^7 on 16 ranks, plus
# start-up and rank 0 writing ~1.3 GB.  Each step has its own timeout
# (T_MPI, T_ONE seconds; defaults 380 and 170: under 600 s in all): what finished is in the log.
# Here (2 cores):  OUT=/tmp/o bench/gpu/cw_mpi.sh build-mpi 100000 2 1
set -u
dev=${1:-.dev}
N=${2:-10000000}
ranks=${3:-16}
threads=${4:-1}
out=${OUT:-/tmp/hkz_out}
T_MPI=${T_MPI:-380}
T_ONE=${T_ONE:-170}
COMPARE=${COMPARE:-1}
mkdir -p "$out"
if [ -f "$dev/lib.tar.xz" ]; then
    mkdir -p /tmp/hkz_rt
    tar -C /tmp/hkz_rt -xJf "$dev/lib.tar.xz"
    export LD_LIBRARY_PATH=/tmp/hkz_rt/lib:${LD_LIBRARY_PATH:-}
fi
hkz=$dev/bin/hkz
[ -x "$hkz" ] || hkz=$dev/hkz          # a build folder works too
hkz=$(cd "$(dirname "$hkz")" && pwd)/$(basename "$hkz")
log=$out/cw_mpi.log
list=/tmp/cw_mpi_zeros.txt
one=/tmp/cw_mpi_zeros2.txt
rm -f "$list" "$one"
mpi="mpirun --allow-run-as-root --oversubscribe --bind-to none -x LD_LIBRARY_PATH"
timer=""
if [ -x /usr/bin/time ]; then
    # one line per rank on stderr
    timer='/usr/bin/time -f "time rank $OMPI_COMM_WORLD_RANK: user %U s, sys %S s, wall %e s, max RSS %M kB"'
fi
args="zeros cw --n $N --beta 0.5 --digits 15"
thin() {      # the progress line every 10% (it is redrawn 4 times a second)
    awk '/^hkz: [0-9]+\/[0-9]+ \([0-9.]+%\)/ { split($0, a, "[(%]"); p = int(a[2] / 10);
         if (p != last) { print; fflush() } last = p; next }
         /^ *$/ { next } { print; fflush() }'
}
summary() {   # file (two passes over it: md5, then the rows)
    echo "--- $1: $(stat -c %s "$1" 2>/dev/null) bytes"
    echo "rows md5: $(grep -v '^#' "$1" | md5sum | cut -c1-32)"
    awk '/^# (wall_s|rank_wall_s|exit_code|threads|ranks|method):/ { print; next }
         /^record = zero/ { z++; if (z <= 2) print substr($0, 1, 240); last = $0;
                            if ($0 ~ /certified = true/) c++; next }
         /^record = summary/ { s = substr($0, 1, 400) }
         END { print substr(last, 1, 240); print s; print "zero rows: " z ", certified: " c }' "$1"
}
{
    echo "=== cw_mpi: N=$N ranks=$ranks threads=$threads host=$(hostname) cores=$(nproc)"
    date -u +%FT%TZ
    uptime
    free -g | head -2
    mpirun --version 2>&1 | head -1
    t0=$(date +%s%N)
    timeout "$T_MPI" $mpi -np "$ranks" sh -c "exec $timer $hkz $args --progress --threads $threads --out $list" 2>&1 | tr '\r' '\n' | thin
    rc=${PIPESTATUS[0]}
    echo "=== cw_mpi: rc $rc, $(( ($(date +%s%N) - t0) / 1000000 )) ms (mpirun, start-up included)"
    [ -f "$list" ] && summary "$list"
    if [ "$COMPARE" = 1 ] && [ "$rc" = 0 ] && [ "$ranks" -ge 2 ]; then
        r2=$((ranks / 2)); th2=$((threads * 2))
        echo "=== the same N on $r2 ranks x $th2 threads (bytes check, second layout)"
        t0=$(date +%s%N)
        timeout "$T_ONE" $mpi -np "$r2" sh -c "exec $timer $hkz $args --no-progress --threads $th2 --out $one" 2>&1
        rc1=$?
        echo "=== $r2 x $th2: rc $rc1, $(( ($(date +%s%N) - t0) / 1000000 )) ms"
        if [ -f "$one" ]; then
            summary "$one"
            if cmp -s <(grep -v '^#' "$list") <(grep -v '^#' "$one"); then
                echo "rows identical ($ranks x $threads vs $r2 x $th2)"
            else
                echo "ROWS DIFFER"
            fi
        fi
    fi
    date -u +%FT%TZ
    uptime
} 2>&1 | tee "$log"
rm -f "$one"
