#!/usr/bin/env bash
# gridcpu.sh DEVDIR -- the su2-sub grid with the double basis (issue 11.4) on
# the H200 machine, for the lead's final batch.  Pack on the build machine:
#   /work/shared/device/pack-runtime.sh .dev build-gpu/hkz \
#       build-gpu/tests/grid/t_grid_cuda
# then run with carry [".dev"]: bash bench/gpu/gridcpu.sh .dev
# Writes $OUT/gridcpu.log.  The basis is built on the CPU in double (16
# cores there) and the GEMM runs on the GPU (one engine run per batch on
# CUDA; chunked sums on CPUs only).
set -u
dev=${1:-.dev}
out=${OUT:-/tmp/hkz_out}
mkdir -p "$out" /tmp/hkz_rt
tar -C /tmp/hkz_rt -xJf "$dev/lib.tar.xz"
export LD_LIBRARY_PATH=/tmp/hkz_rt/lib:${LD_LIBRARY_PATH:-}
bin=$dev/bin
run() {  # run NAME TIMEOUT CMD...
    local name=$1 t=$2; shift 2
    echo "=== $name: $*"
    local t0=$(date +%s%N)
    timeout "$t" "$@"
    echo "=== $name: rc $?, $(( ($(date +%s%N) - t0) / 1000000 )) ms"
}
{
    nvidia-smi --query-gpu=name,clocks.max.sm --format=csv
    run grid_cuda_test 120 "$bin/t_grid_cuda"
    # 10^6 entries, CPU engine (16 threads) and CUDA, HDF5 to the local disk
    for d in cpu cuda; do
        run "sub_1e6_$d" 120 "$bin/hkz" grid heat su2-sub \
            --r 0.05:1.5:100 --z 0:3:100 --t 0.2:1:100 --digits 10 \
            --device $d --no-progress --out /tmp/g_$d.h5
    done
    # the size: P x T = 10^7 (t >= 0.01; scalar recomputes of the
    # far small-t entries are expected to dominate)
    run sub_1e7_cuda 300 "$bin/hkz" grid heat su2-sub \
        --r 0.05:1.5:100 --z 0:3:100 --t 0.01:1:1000 --digits 10 \
        --device cuda --no-progress --out /tmp/g_1e7.h5
} 2>&1 | tee "$out/gridcpu.log"
