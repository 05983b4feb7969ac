#!/usr/bin/env bash
# cw_mpi.sh DEVDIR [N] [RANKS] [THREADS] -- issue 12.4: all principal
# Curie-Weiss zeros at beta = 1/2 (t = 0.5/N per edge), certified to 15
# digits, under mpirun on RANKS ranks (default 8) of THREADS threads each
# (default 2), N default 10^7, on the 16 cores of the H200 machine (no GPU
# used).  Memory: every rank holds the records of all N/2 zeros (checkpoint
# keys, the gathered records: ~1.7 kB per zero measured at N = 10^5 and
# 10^6, i.e. ~8.5 GB per rank at N = 10^7), so 16 ranks x 1 thread would
# need ~140 GB of the 128 GiB; 8 x 2 needs ~70 GB.
# Executables packed on the build machine from the MPI build with
#   /work/shared/device/pack-runtime.sh DEVDIR build-mpi/hkz
# (the same pattern as device_run.sh).  Writes $OUT/cw_mpi.log: per-rank
# user/sys/wall/max RSS (GNU time, where the machine has it), the
# "hkz: ranks R: ..." straggler line of hkz zeros, the run record
# (wall_s, rank_wall_s) and the summary record.  The zero list itself
# (~0.4 GB per 10^6 zeros as text) stays in /tmp; $OUT gets its first and
# last zero records only.  Here (2 cores) test it with
#   OUT=/tmp/o bench/gpu/cw_mpi.sh DEVDIR 100000 2 1
set -u
dev=${1:-.dev}
N=${2:-10000000}
ranks=${3:-8}
threads=${4:-2}
out=${OUT:-/tmp/hkz_out}
mkdir -p "$out"
if [ -f "$dev/lib.tar.xz" ]; then
    mkdir -p /tmp/hkz_rt
    tar -C /tmp/hkz_rt -xJf "$dev/lib.tar.xz"
    export LD_LIBRARY_PATH=/tmp/hkz_rt/lib:${LD_LIBRARY_PATH:-}
fi
hkz=$dev/bin/hkz
[ -x "$hkz" ] || hkz=$dev/hkz          # a build folder works too
log=$out/cw_mpi.log
list=/tmp/cw_mpi_zeros.txt
mpi="mpirun --allow-run-as-root --oversubscribe --bind-to none"
timer=""
if [ -x /usr/bin/time ]; then
    # one line per rank on stderr
    timer='/usr/bin/time -f "rank $OMPI_COMM_WORLD_RANK: user %U s, sys %S s, wall %e s, max RSS %M kB"'
fi
{
    echo "=== cw_mpi: N=$N ranks=$ranks threads=$threads host=$(hostname) cores=$(nproc)"
    date -u +%FT%TZ
    uptime
    t0=$(date +%s%N)
    timeout 590 $mpi -np "$ranks" sh -c "exec $timer $hkz zeros cw --n $N --beta 0.5 --digits 15 --threads $threads --no-progress --out $list"
    rc=$?
    echo "=== cw_mpi: rc $rc, $(( ($(date +%s%N) - t0) / 1000000 )) ms (mpirun, start-up included)"
    grep -E '^# (wall_s|rank_wall_s|exit_code|threads|mpi)' "$list"
    grep -m 1 '^record = zero' "$list" | cut -c1-200
    grep '^record = zero' "$list" | tail -n 1 | cut -c1-200
    grep '^record = summary' "$list" | cut -c1-400
    echo "certified zeros: $(grep -c '^record = zero.*certified = true' "$list")"
    uptime
} 2>&1 | tee "$log"
