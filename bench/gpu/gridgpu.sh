#!/usr/bin/env bash
# gridgpu.sh DEVDIR [STEP...] -- `hkz grid heat su2-sub --device cuda` on the
# H200 machine (issue 11.4, helper gridgpu): GPU grid tests, the library call
# (bench_grid_gpu) and the CLI at 10^6 and 10^7 entries, t in [0.01, 1], the
# bytes of 1 and 2 ranks, and `hkz bench ssum` of the same run for the
# engine's TFLOP/s.  Pack on the build machine (build-gpu: -DHKZ_CUDA=ON
# -DHKZ_MPI=ON -DCMAKE_CUDA_ARCHITECTURES=90):
#   /work/shared/device/pack-runtime.sh /work/main/.dev-gridgpu build-gpu/hkz \
#       build-gpu/tests/grid/t_grid_cuda build-gpu/tests/gpu/t_gpu_engine_run \
#       build-gpu/tests/gpu/t_gpu_heat_bi_grid build-gpu/bench/bench_grid_gpu
#   cp bench/gpu/gridgpu.sh /work/main/.dev-gridgpu/
# then `run` with carry [".dev-gridgpu"]: bash .dev-gridgpu/gridgpu.sh .dev-gridgpu
# Without STEPs every step runs.  Logs: $OUT/gridgpu/*.log, tarred into
# $OUT/gridgpu.tar.gz; one summary line per step on stdout.
set -u
dev=${1:-.dev-gridgpu}
shift || true
steps=${*:-"info test_grid_cuda test_engine_run test_heat_bi_grid lib_1e6 lib_1e7 cli_1e6 cli_1e6_nopipe cli_1e6_nopieces cli_1e7 cli_1e7_z3 ranks ssum cli_1e6_cpu"}
out=${OUT:-/tmp/hkz_out}
logs=$out/gridgpu
mkdir -p "$logs" /tmp/hkz_rt
tar -C /tmp/hkz_rt -xJf "$dev/lib.tar.xz"
nccl=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nccl/lib
export LD_LIBRARY_PATH=/tmp/hkz_rt/lib:$nccl:${LD_LIBRARY_PATH:-}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
bin=$dev/bin
tmp=$(mktemp -d /tmp/gridgpu.XXXXXX)
tv=""
[ -x /usr/bin/time ] && tv="/usr/bin/time -v"
grid="grid heat su2-sub --r 0.05:1.5:100 --z 0:6:100 --digits 10"

run() {  # run NAME TIMEOUT CMD...: log, rc, wall ms
    local name=$1 t=$2; shift 2
    local t0=$(date +%s%N)
    { echo "\$ $*"; timeout "$t" $tv "$@"; echo "rc $?"; } >"$logs/$name.log" 2>&1
    local ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    echo "=== $name: $(grep '^rc ' "$logs/$name.log" | tail -1), ${ms} ms wall"
    grep -E "^(hkz grid|grid_|engine_|entries|effective|PASS|FAIL|flop|plain_dgemm_flop)|entries|Elapsed|Maximum resident|User time|System time|Percent of CPU|efficiency|identical|differ|rror" \
        "$logs/$name.log" | head -30
}

for s in $steps; do
    case $s in
    info) { date -u; nproc; nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv; } \
              >"$logs/info.log" 2>&1; cat "$logs/info.log" ;;
    test_grid_cuda) run $s 100 "$bin/t_grid_cuda" ;;
    test_engine_run) run $s 60 "$bin/t_gpu_engine_run" ;;
    test_heat_bi_grid) run $s 60 "$bin/t_gpu_heat_bi_grid" ;;
    lib_1e6) run $s 120 "$bin/bench_grid_gpu" 100 100 100 0.01 ;;
    lib_1e7) run $s 120 "$bin/bench_grid_gpu" 100 100 1000 0.01 ;;
    cli_1e6) run $s 120 "$bin/hkz" $grid --t 0.01:1:100 --device cuda --out "$tmp/g6.h5" ;;
    cli_1e6_nopipe) HKZ_GRID_PIPE=0 run $s 120 "$bin/hkz" $grid --t 0.01:1:100 --device cuda \
                        --out "$tmp/g6n.h5" ;;
    cli_1e6_nopieces) HKZ_GRID_PIECES=0 run $s 120 "$bin/hkz" $grid --t 0.01:1:100 --device cuda \
                        --out "$tmp/g6p.h5" ;;
    cli_1e7_z3)  # the lead's 10^7 command of the earlier batch (z in [0, 3])
        run $s 150 "$bin/hkz" grid heat su2-sub --r 0.05:1.5:100 --z 0:3:100 --t 0.01:1:1000 \
            --digits 10 --device cuda --out "$tmp/g7z3.h5" ;;
    cli_1e7) run $s 150 "$bin/hkz" $grid --t 0.01:1:1000 --device cuda --out "$tmp/g7.h5" ;;
    cli_1e6_cpu) run $s 120 "$bin/hkz" $grid --t 0.01:1:100 --device cpu --out "$tmp/g6c.h5" ;;
    ranks)  # the same bytes on 1 and 2 ranks (CUDA; fallback entries included)
        for n in 1 2; do
            run "ranks_np$n" 120 mpirun -np $n "$bin/hkz" grid heat su2-sub --r 0.05:1.5:12 \
                --z 0:6:60 --t 0.01:1:30 --digits 10 --device cuda --format csv \
                --out "$tmp/r$n.csv"
            grep -v '^#' "$tmp/r$n.csv" | md5sum >"$tmp/r$n.md5"
        done
        if cmp -s "$tmp/r1.md5" "$tmp/r2.md5"; then echo "ranks 1/2: identical $(cat "$tmp/r1.md5")"
        else echo "ranks 1/2: differ"; fi | tee "$logs/ranks.log" ;;
    ssum) run $s 120 "$bin/hkz" bench ssum --device cuda --P 8192 --K 8192 --T 8192 --reps 5 ;;
    *) echo "unknown step $s" ;;
    esac
done
rm -rf "$tmp"
tar -C "$out" -czf "$out/gridgpu.tar.gz" gridgpu && rm -rf "$logs"
