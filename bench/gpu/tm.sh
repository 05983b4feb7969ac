#!/usr/bin/env bash
# tm.sh DEVDIR [STEPS] -- the GPU transfer matrix of issue 12 on an H200:
# the GPU test (CUDA tables == CPU tables on small lattices), the 16 x 16
# cylinder (all primes, checked) and the 16 x 16 torus per-run time (the
# full torus is ~1162 runs x 5 primes: see bench/NOTES.md).  Executables
# packed on the build machine with
#   /work/shared/device/pack-runtime.sh DEVDIR build-gpu/tests/gpu/t_gpu_transfer \
#       build-gpu/bench/bench_transfer [build-gpu/hkz]
# (libhkz_cuda.so must be among the packed libraries: it is loaded by its
# soname).  The device call sends the session's checkout (/work/main), not
# a helper's worktree: copy DEVDIR and this script into a folder of that
# checkout ignored by .git/info/exclude (e.g. .dev-tm) and carry it:
#   run: bash .dev-tm/tm.sh .dev-tm     carry: [".dev-tm"]
# Log in $OUT/tm.log.  STEPS: space-separated step names.
set -u
dev=${1:-.dev}
steps=${2:-}
out=${OUT:-/tmp/hkz_out}
mkdir -p "$out" /tmp/hkz_rt
tar -C /tmp/hkz_rt -xJf "$dev/lib.tar.xz"
export LD_LIBRARY_PATH=/tmp/hkz_rt/lib:${LD_LIBRARY_PATH:-}
bin=$dev/bin
log=$out/tm.log
run() {  # run NAME TIMEOUT CMD...
    local name=$1 t=$2; shift 2
    if [ -n "$steps" ] && [[ " $steps " != *" $name "* ]]; then
        return
    fi
    echo "=== $name: $*"
    local t0=$(date +%s%N)
    timeout "$t" "$@"
    local rc=$?
    echo "=== $name: rc $rc, $(( ($(date +%s%N) - t0) / 1000000 )) ms"
}
{
    nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
    run test 40 "$bin/t_gpu_transfer"
    run t12 30 "$bin/bench_transfer" 12 12 torus cuda runs 4
    run c16 120 /usr/bin/time -v "$bin/bench_transfer" 16 16 cylinder cuda
    run t16 60 "$bin/bench_transfer" 16 16 torus cuda runs 1
    # the CLI path (lyuse's --device cuda), when build-gpu/hkz is packed too:
    # 12 x 12 torus = 122 runs x 3 primes x ~0.05 s
    if [ -x "$bin/hkz" ]; then
        run cli12 90 /usr/bin/time -v "$bin/hkz" dos --lattice 12x12 \
            --device cuda --out "$out/12x12_cuda.txt"
    fi
} 2>&1 | tee "$log"
