#!/usr/bin/env bash
# lyuse.sh DEVDIR [STEPS] -- issue 12.2/12.3 on the H200 machine (the lead
# runs it in the final batch; helper lyuse had no device budget).
# Pack on the build machine (CUDA + MPI build, build-gpu):
#   cmake -S . -B build-gpu -DHKZ_CUDA=ON -DHKZ_MPI=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
#         -DCMAKE_C_COMPILER_LAUNCHER=ccache && cmake --build build-gpu -j2 --target hkz_cli
#   /work/shared/device/pack-runtime.sh .dev build-gpu/hkz
#   then, from the repository root on the device: bench/gpu/lyuse.sh .dev (carry [".dev"]).
# Steps (all by default; a space-separated list picks some):
#   dos_gpu     the GPU test cli.dos_gpu: hkz dos --device cuda = the CPU tables
#   enum_time   hkz dos --graph (3-regular, 32/36/40 vertices) --device cuda; CPU at 32
#   lattice     hkz dos --lattice 14x14 / 16x16 --device cuda --save (needs helper tm's
#               hkz_ising_dos_transfer_cuda; without it: exit 2, one line)
#   traj        hkz track lattice for the notebook (16 ranks) on every table present:
#               files under $OUT/trajectories_lattice/ (copy to notebooks_data/)
# Logs: $OUT/lyuse.log.
set -u
dev=${1:-.dev}
steps=${2:-}
out=${OUT:-/tmp/hkz_out}
mkdir -p "$out/trajectories_lattice" /tmp/hkz_rt
tar -C /tmp/hkz_rt -xJf "$dev/lib.tar.xz"
export LD_LIBRARY_PATH=/tmp/hkz_rt/lib:${LD_LIBRARY_PATH:-}
hkz=$dev/bin/hkz
log=$out/lyuse.log
tl=$out/trajectories_lattice
mpi="mpirun --allow-run-as-root --oversubscribe --bind-to none"
run() {  # run NAME TIMEOUT CMD...
    local name=$1 t=$2; shift 2
    if [ -n "$steps" ] && [[ " $steps " != *" $name "* ]]; then return; fi
    echo "=== $name: $*"
    local t0=$(date +%s%N)
    timeout "$t" "$@"
    echo "=== $name: rc $?, $(( ($(date +%s%N) - t0) / 1000000 )) ms"
}
circ() {  # 3-regular circulant on $1 vertices (ring + diameters)
    local n=$1 u
    for u in $(seq 0 $((n - 1))); do
        echo "$u $(( (u + 1) % n )) 1"
        if [ $u -lt $((n / 2)) ]; then echo "$u $((u + n / 2)) 1"; fi
    done
}
{
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
    run dos_gpu 300 bash tests/cli/dos_gpu.sh "$hkz"
    for n in 32 36 40; do circ $n > "/tmp/c$n.txt"; done
    run enum_time 60 /usr/bin/time -v "$hkz" dos --graph /tmp/c32.txt --device cuda --out /tmp/c32.gpu
    run enum_time 120 /usr/bin/time -v "$hkz" dos --graph /tmp/c32.txt --device cpu --threads 16 --out /tmp/c32.cpu
    run enum_time 5 cmp <(grep -v '^#' /tmp/c32.gpu) <(grep -v '^#' /tmp/c32.cpu)
    run enum_time 60 /usr/bin/time -v "$hkz" dos --graph /tmp/c36.txt --device cuda --out /tmp/c36.gpu
    run enum_time 120 /usr/bin/time -v "$hkz" dos --graph /tmp/c40.txt --device cuda --out /tmp/c40.gpu
    for L in 14 16; do
        run lattice 600 /usr/bin/time -v "$hkz" dos --lattice ${L}x$L --device cuda --energy-only \
            --save "$tl/dos_${L}x$L.dos" --out "/tmp/dos_${L}x$L.txt"
    done
    # 8x8 .. 12x12 from the CPU tables (computed here if absent), 14 and 16 if the GPU made them
    for L in 8 10 12 14 16; do
        if [ ! -s "$tl/dos_${L}x$L.dos" ] && [ $L -le 12 ]; then
            run traj 900 "$hkz" dos --lattice ${L}x$L --threads 16 --energy-only \
                --save "$tl/dos_${L}x$L.dos" --out "/tmp/dos_${L}x$L.txt"
        fi
        [ -s "$tl/dos_${L}x$L.dos" ] || continue
        run traj 600 $mpi -np 16 "$hkz" track lattice --L $L --M $L --t0 0.3 --t1 0.6 --digits 15 \
            --threads 1 --dos "$tl/dos_${L}x$L.dos" --format csv --out "$tl/track_${L}x$L.csv"
    done
} 2>&1 | tee "$log"
