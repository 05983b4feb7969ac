#!/usr/bin/env bash
# device_run.sh DEVDIR [STEPS] -- run the GPU tests and the GPU benchmarks of
# issues 4 and 11 on an H200 machine, from executables packed on the build
# machine with
#   /work/shared/device/pack-runtime.sh DEVDIR build-gpu/tests/gpu/t_gpu_* \
#       build-gpu/bench/bench_gpu build-gpu/bench/bench_grid_gpu build-gpu/hkz
# (the `run` tool sends the session's checkout, not a helper's worktree:
# copy DEVDIR and this script into an ignored folder there and carry it)
# Writes the whole log to $OUT/device_run.log (and prints it).  STEPS, if
# given, is a space-separated list of step names (see run below) to run.  Uses the
# NCCL 2.28.9 of the PyTorch wheel (the system libnccl there is 2.28.3).
set -u
dev=${1:-.dev}
steps=${2:-}
out=${OUT:-/tmp/hkz_out}
mkdir -p "$out" /tmp/hkz_rt
tar -C /tmp/hkz_rt -xJf "$dev/lib.tar.xz"
NCCL_LIB=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib
export LD_LIBRARY_PATH=/tmp/hkz_rt/lib:$NCCL_LIB:${LD_LIBRARY_PATH:-}
export NCCL_NVLS_ENABLE=0
bin=$dev/bin
log=$out/${HKZ_LOG:-device_run}.log
run() {  # run NAME TIMEOUT CMD...
    local name=$1 t=$2; shift 2
    if [ -n "$steps" ] && [[ " $steps " != *" $name "* ]]; then
        return
    fi
    # opt_* steps (slow or diagnostic) only when named
    if [ -z "$steps" ] && [[ $name == opt_* ]]; then
        return
    fi
    echo "=== $name: $*"
    local t0=$(date +%s%N)
    timeout "$t" "$@"
    local rc=$?
    echo "=== $name: rc $rc, $(( ($(date +%s%N) - t0) / 1000000 )) ms"
}
mpi="mpirun --allow-run-as-root --oversubscribe --bind-to none"
# several ranks on one GPU: distinct NCCL_HOSTID per rank (socket transport,
# host API only; the window mode must fall back), overlap_kernels.md 5
hostid='export NCCL_HOSTID=hkz$OMPI_COMM_WORLD_RANK NCCL_SOCKET_IFNAME=lo NCCL_IB_DISABLE=1;'
{
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit --format=csv
    nvidia-smi topo -m 2>/dev/null | head -5
    run signal 60 "$bin/t_gpu_engine_signal"
    run engine_run 240 "$bin/t_gpu_engine_run"
    run engine_scan 60 "$bin/t_gpu_engine_scan"
    if command -v compute-sanitizer >/dev/null; then
        run memcheck_scan 120 compute-sanitizer --tool memcheck --error-exitcode 9 "$bin/t_gpu_engine_scan"
        run memcheck_nccl 240 compute-sanitizer --tool memcheck --error-exitcode 9 "$bin/t_gpu_engine_nccl"
    fi
    run nccl_1rank 120 "$bin/t_gpu_engine_nccl"
    # one rank keeps the reduction path (window kernel, NCCL one-rank
    # all-reduce) only when asked: the test covers it this way
    run nccl_1rank_self 120 env HKZ_NCCL_SELF_REDUCE=1 "$bin/t_gpu_engine_nccl"
    run nccl_2ranks 180 $mpi -np 2 sh -c "$hostid exec $bin/t_gpu_engine_nccl"
    run nccl_3ranks 180 $mpi -np 3 sh -c "$hostid exec $bin/t_gpu_engine_nccl"
    run heat_bi_grid 60 "$bin/t_gpu_heat_bi_grid"
    run dos_enum 120 "$bin/t_gpu_dos_enum"
    run bench_8192 240 "$bin/bench_gpu" --P 8192 --K 8192 --T 8192 --nchunks 8 --iters 10
    run bench_cos 120 "$bin/bench_gpu" --P 8192 --K 8192 --T 8192 --nchunks 8 --iters 5 --basis cos --no-dist
    run bench_kloc1k 120 "$bin/bench_gpu" --P 8192 --K 1024 --T 8192 --nchunks 8 --iters 10 --no-single
    run bench_kloc2k 120 "$bin/bench_gpu" --P 8192 --K 2048 --T 8192 --nchunks 8 --iters 10 --no-single
    # issue 11.3: the command users run (pack build*/hkz too); figures as key value lines
    ssum="$bin/hkz bench ssum --device cuda --reps 10 --warmup 2"
    run ssum_8192 300 $ssum --P 8192 --K 8192 --T 8192
    run ssum_8192_cos 300 $ssum --P 8192 --K 8192 --T 8192 --basis cos
    # diagnostics of the engine's gap to cuBLAS (kernels/cuda/engine_create.cu):
    # the _64 cuBLAS entry point, the aux stream at normal priority
    run ssum_8192_gemm64 300 env HKZ_CUDA_GEMM64=1 $ssum --P 8192 --K 8192 --T 8192
    run ssum_8192_auxlow 300 env HKZ_CUDA_AUX_PRIO=0 $ssum --P 8192 --K 8192 --T 8192
    run ssum_kloc1k_window 120 $ssum --P 8192 --K 1024 --T 8192 --overlap window
    run ssum_kloc1k_chunked 120 $ssum --P 8192 --K 1024 --T 8192 --overlap chunked
    run ssum_kloc2k_window 120 $ssum --P 8192 --K 2048 --T 8192 --overlap window
    run ssum_kloc2k_chunked 120 $ssum --P 8192 --K 2048 --T 8192 --overlap chunked
    # where the engine's gap to cuBLAS goes: every kernel's duration in one
    # round of the bench (plain DGEMM; engine: checkpoints, basis blocks,
    # panel DGEMMs, bounds), with Nsight Compute (named steps only)
    if command -v ncu >/dev/null; then
        run opt_profile_8192 300 ncu --metrics gpu__time_duration.sum --csv \
            $bin/hkz bench ssum --device cuda --reps 1 --warmup 0 \
            --P 8192 --K 8192 --T 8192 --overlap none
    fi
    # issue 11.4: the library grid on the GPU with a timed engine
    # (bench_grid_gpu: engine share of the time, effective TFLOP/s)
    run grid_lib_1e5 60 "$bin/bench_grid_gpu" 32 32 100 0.01
    run grid_lib_1e6 90 "$bin/bench_grid_gpu" 100 100 100 0.01
    run grid_lib_1e7 120 "$bin/bench_grid_gpu" 100 100 1000 0.01
    # issue 11.4: the GPU grid at P x T = 10^6 and 10^7 entries, t >= 0.01
    # (wall and CPU seconds: bash's time)
    grid="$bin/hkz grid heat su2-sub --device cuda --digits 8 --format csv"
    run opt_grid_cli_1e6 120 bash -c "time $grid --r 0.05:1.5:100 --z 0:6:100 --t 0.01:1:100 --out $out/g6.csv"
    run opt_grid_cli_1e7 240 bash -c "time $grid --r 0.05:1.5:100 --z 0:6:100 --t 0.01:1:1000 --out $out/g7.csv"
    ls -l "$out"/g*.csv 2>/dev/null; rm -f "$out"/g*.csv
    nvidia-smi --query-gpu=clocks.sm --format=csv
} 2>&1 | tee "$log"
