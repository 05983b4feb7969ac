#!/usr/bin/env bash
# engine_plan.sh [STEPS]: the CUDA engine against plain cuBLAS at P = K = T
# = 8192 (issue 19.3), run on the H200 from a folder holding hkz, the
# libhkz*.so of the build, bench_engine_plan and the GPU test executables
# (LD_LIBRARY_PATH must reach the FLINT/Arb runtime).  Steps:
#   tests   the engine's GPU tests (t_gpu_engine_run also with mode blocks in
#           the first / every panel, one panel stream, early bounds),
#           tests/cli/bench_ssum_gpu.sh
#   plans   bench_engine_plan: call plans on a pregenerated B and engine
#           variants of the tuning environment, both bases
#   ssum    hkz bench ssum --device cuda, RUNS runs per basis (default 5),
#           under each SSUM_ENVS entry NAME:VAR=VAL,... (default: none)
#   main    the same with $MAIN_BIN/hkz (main's build), one run per basis
#   ncu     per-kernel durations (ns) and grids of one untimed round of
#           bench_engine_plan (NCU_ARGS: its variants)
set -u
export LD_LIBRARY_PATH=$PWD:${LD_LIBRARY_PATH:-}
steps=${1:-"tests plans ssum"}
runs=${RUNS:-5}
V=${VARIANTS:-"main_like:HKZ_CUDA_KBPAN=1000000,HKZ_CUDA_BOUND_CTAS=0 hyb"}
S="bench ssum --device cuda --P 8192 --K 8192 --T 8192 ${SSUM_OPTS:-}"
ts() { date -u +%H:%M:%S; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,power.limit \
    --format=csv,noheader
for s in $steps; do
    echo "=== $s $(ts)"
    case $s in
    tests)
        for x in t_gpu_engine_run t_gpu_engine_scan t_gpu_engine_signal \
                 t_gpu_heat_bi_grid t_grid_cuda; do
            timeout 60 ./$x > /tmp/$x.log 2>&1
            echo "$x rc=$? $(tail -n 2 /tmp/$x.log | tr '\n' ' ')"
        done
        for v in HKZ_CUDA_KBPAN=1 HKZ_CUDA_KBPAN=1000000 \
                 HKZ_CUDA_PANEL_STREAMS=1 HKZ_CUDA_BOUNDS_EARLY=1; do
            env $v timeout 60 ./t_gpu_engine_run > /tmp/kp.log 2>&1
            echo "t_gpu_engine_run $v rc=$? $(tail -n 1 /tmp/kp.log)"
        done
        timeout 60 bash ./bench_ssum_gpu.sh ./hkz ;;
    plans)
        timeout 60 ./bench_engine_plan --reps ${REPS:-10} ${PLAN_OPTS:-} $V
        timeout 60 ./bench_engine_plan --reps ${REPS:-10} --basis cos \
            --no-plans $V ;;
    ssum)
        for spec in ${SSUM_ENVS:-default:}; do
            vars=$(echo "${spec#*:}" | tr ',' ' ')
            for b in cheb cos; do
                for i in $(seq $runs); do
                    env $vars timeout 60 ./hkz $S --basis $b > /tmp/ssum.out 2>&1
                    echo "${spec%%:*} $b run $i rc=$? $(grep -E '^(engine_s|plain_dgemm_s|efficiency_vs|max_abs|max_error)' /tmp/ssum.out | tr '\n' ' ')"
                done
            done
        done ;;
    main)
        for b in cheb cos; do
            LD_LIBRARY_PATH=$MAIN_BIN:$HKZ_RT:$NCCL_LIB timeout 60 \
                $MAIN_BIN/hkz $S --basis $b > /tmp/ssum.out 2>&1
            echo "main $b rc=$? $(grep -E '^(engine_s|plain_dgemm_s|efficiency_vs|max_abs|max_error)' /tmp/ssum.out | tr '\n' ' ')"
        done ;;
    ncu)
        timeout 60 ncu --clock-control none --csv --metrics \
            gpu__time_duration.sum,launch__grid_size \
            ./bench_engine_plan --reps 0 ${NCU_ARGS:-} \
            2>/dev/null > /tmp/ncu.csv
        echo "ncu rc=$?"
        python3 - <<'PY'
import csv
rows = [r for r in csv.reader(open('/tmp/ncu.csv')) if len(r) > 10]
if not rows:
    print("no ncu rows")
else:
    h = rows[0]; ki = h.index("Kernel Name"); mi = h.index("Metric Name")
    vi = h.index("Metric Value"); ii = h.index("ID")
    ks = {}
    for r in rows[1:]:
        ks.setdefault(r[ii], [r[ki][:60], {}])[1][r[mi]] = r[vi]
    for i in sorted(ks, key=int):
        n, m = ks[i]
        n = "gemm" if "gemm" in n else n.split("(")[0]
        print(i, n, m.get("gpu__time_duration.sum", "?").replace(",", ""),
              m.get("launch__grid_size", "?").replace(",", ""))
PY
        ;;
    esac
done
echo "=== end $(ts)"
