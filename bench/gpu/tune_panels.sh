#!/usr/bin/env bash
# tune_panels.sh DEVDIR -- the CUDA engine's DGEMM call shape (modes per
# call HKZ_CUDA_KBLOCK x columns per call HKZ_CUDA_TPANEL, engine_cuda.h;
# since issue 19.3 the modes per call are all K unless HKZ_CUDA_KBPAN asks
# for mode blocks: bench_engine_plan compares plans in one process)
# against plain cuBLAS at P = K = T = 8192, one `hkz bench ssum` per shape
# (same packed executables as device_run.sh).  Prints the shape and the
# engine / cuBLAS lines of each run; log in $OUT/tune_panels.log.
set -u
dev=${1:-.dev}
out=${OUT:-/tmp/hkz_out}
mkdir -p "$out" /tmp/hkz_rt
[ -d /tmp/hkz_rt/lib ] || tar -C /tmp/hkz_rt -xJf "$dev/lib.tar.xz"
NCCL_LIB=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib
export LD_LIBRARY_PATH=/tmp/hkz_rt/lib:$NCCL_LIB:${LD_LIBRARY_PATH:-}
export NCCL_NVLS_ENABLE=0
shapes=${SHAPES:-"2048x1024 4096x1024 8192x1024 2048x2048 4096x2048 8192x2048 8192x4096"}
{
    for s in $shapes; do
        echo "=== kblock x tpanel $s"
        HKZ_CUDA_KBLOCK=${s%x*} HKZ_CUDA_TPANEL=${s#*x} timeout 120 \
            "$dev/bin/hkz" bench ssum --device cuda --reps 10 --warmup 2 \
            --P 8192 --K 8192 --T 8192 --overlap none |
            grep -E '^(engine_s|plain_dgemm_s|engine_flop|plain_dgemm_flop|efficiency)'
    done
} 2>&1 | tee "$out/tune_panels.log"
