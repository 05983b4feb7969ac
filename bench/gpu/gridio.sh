#!/bin/bash
# hkz grid heat over ranks, for the lead's final device batch (gridio has no
# device budget): --shard p against --shard k (modes split in fixed chunks,
# hkz/dist_ksum.h) on 1 and N GPUs, the same bytes, and one HDF5 file
# written collectively by all ranks.  Logs in $OUT/gridio.log.
# Usage (device machine, runtime packed in DEV by pack-runtime.sh):
#   bash bench/gpu/gridio.sh DEV [N]      N ranks (default: GPUs visible)
dev=${1:-.dev}; n=${2:-$(nvidia-smi -L 2>/dev/null | wc -l)}; [ "$n" -ge 1 ] || n=1
out=${OUT:-/tmp}; log="$out/gridio.log"; hkz="$dev/hkz"
[ -x "$hkz" ] || hkz=$(ls "$dev"/*/hkz "$dev"/hkz* 2>/dev/null | head -1)
export LD_LIBRARY_PATH="$dev/lib:$LD_LIBRARY_PATH" NCCL_NVLS_ENABLE=0
mpi="mpiexec --oversubscribe --allow-run-as-root"
t() { local s=$(date +%s.%N); "$@"; local rc=$?; echo "rc $rc wall $(echo "$(date +%s.%N) - $s" | bc) s: $*" >>"$log"; }
: >"$log"
# su2: K = 7746 modes at t = 1e-6 (31 chunks of 256); su2-sub at t = 0.01
for args in "su2 --alpha 0:3.1:20000 --t 0.000001:1:64 --log --digits 6" \
            "su2-sub --r 0.05:1.5:200 --z -3:3:200 --t 0.01:1:64 --log --digits 6"; do
  for np in 1 $n; do
    for sh in p k; do
      t $mpi -n $np "$hkz" grid heat $args --device cuda --shard $sh --format csv \
        --out "$out/g_${np}_$sh.csv" 2>>"$log"
      grep -v '^#' "$out/g_${np}_$sh.csv" | md5sum >>"$log"
    done
  done
  t $mpi -n $n "$hkz" grid heat $args --device cuda --shard k --out "$out/g.h5" 2>>"$log"
  ls -l "$out/g.h5" >>"$log"
done
cat "$log"
