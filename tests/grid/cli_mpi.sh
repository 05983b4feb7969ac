#!/bin/bash
# hkz grid heat under mpiexec (MPI build): the same bytes for 1, 2 and 3
# ranks (also --deriv on the engine), for --shard p / k / auto and other
# row blocks and column chunks, the same checkpoint, a resume under
# another rank count and shard, HDF5 (one file written collectively by all
# ranks with a parallel HDF5) with the same datasets.
# Usage: cli_mpi.sh HKZ MPIEXEC [launcher flags...]
hkz=$1; mpiexec=$2; shift 2
fail=0
. "$(dirname "$0")/../cli/lib.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
args="grid heat su2-sub --r 0:1.5:25 --z -3:3:28 --t 0.5,1 --format jsonl --block 256"
for n in 1 2 3; do
  "$mpiexec" -n $n "$@" "$hkz" $args --checkpoint "$d/ck$n" --out "$d/o$n" \
    2>/dev/null
  check "np $n exit 0" "[ $? -eq 0 ]"
  norun "$d/o$n" >"$d/n$n"
done
check "1400 rows" "[ \$(grep -c '\"kernel\":' $d/n1) -eq 1400 ]"
check "np 1 = np 2 = np 3" "cmp -s $d/n1 $d/n2 && cmp -s $d/n1 $d/n3"
check "same checkpoints" "cmp -s $d/ck1 $d/ck2 && cmp -s $d/ck1 $d/ck3"
head -n -2 "$d/ck3" >"$d/ck" # lose two tiles, resume on 2 ranks
"$mpiexec" -n 2 "$@" "$hkz" $args --checkpoint "$d/ck" --resume \
  --out "$d/r" 2>/dev/null
norun "$d/r" >"$d/nr"
check "resume on 2 ranks" "cmp -s $d/n1 $d/nr && cmp -s $d/ck1 $d/ck"
# time derivatives on the engine: the same bytes for 1, 2 and 3 ranks
for k in su2 su2-sub; do
  if [ $k = su2 ]; then pts="--alpha 0:3.1:600"; else pts="--r 0.1:1.5:20 --z -3:3:30"; fi
  for n in 1 2 3; do
    "$mpiexec" -n $n "$@" "$hkz" grid heat $k $pts --t 0.3,1 --deriv 2 \
      --format csv --out "$d/d$n.csv" 2>/dev/null
    norun "$d/d$n.csv" >"$d/dn$n"
  done
  check "$k --deriv 2: engine rows" "grep -q ',engine,' $d/dn1"
  check "$k --deriv 2: np 1 = np 2 = np 3" "cmp -s $d/dn1 $d/dn2 && cmp -s $d/dn1 $d/dn3"
done
# --shard k (modes split over the ranks in fixed chunks of 256, K = 548
# here: 3 chunks) against --shard p, for 1, 2 and 3 ranks and other row
# blocks / column chunks: the same bytes
ks="grid heat su2 --alpha 0:3:300 --t 0.0002,0.5 --format csv"
"$mpiexec" -n 1 "$@" "$hkz" $ks --shard p --out "$d/k0.csv" 2>/dev/null
norun "$d/k0.csv" >"$d/kn0"
check "shard: engine rows" "grep -q ',engine,' $d/kn0"
for n in 1 2 3; do
  for sh in "p --block 256" "k" "k --block 512 --overlap chunked" "auto"; do
    "$mpiexec" -n $n "$@" "$hkz" $ks --shard $sh --out "$d/k.csv" \
      2>"$d/k.err"
    norun "$d/k.csv" >"$d/kn"
    check "np $n --shard $sh = np 1 --shard p" "cmp -s $d/kn0 $d/kn"
  done
done
check "np 3 --shard auto says its shard" "grep -q 'shard [pk]' $d/k.err"
sub="grid heat su2-sub --r 0.1:1.5:12 --z -3:3:24 --t 0.03,0.5 --format jsonl"
"$mpiexec" -n 1 "$@" "$hkz" $sub --out "$d/u1" 2>/dev/null
"$mpiexec" -n 3 "$@" "$hkz" $sub --shard k --checkpoint "$d/uck" \
  --out "$d/u3" 2>/dev/null
norun "$d/u1" >"$d/un1"; norun "$d/u3" >"$d/un3"
check "su2-sub: np 3 --shard k = np 1" "cmp -s $d/un1 $d/un3"
head -n -1 "$d/uck" >"$d/uck2"   # lose a tile, resume on 2 ranks, split p
"$mpiexec" -n 2 "$@" "$hkz" $sub --shard p --checkpoint "$d/uck2" --resume \
  --out "$d/u2" 2>/dev/null
norun "$d/u2" >"$d/un2"
check "su2-sub: resume --shard p of a --shard k checkpoint" \
  "cmp -s $d/un1 $d/un2"
if "$hkz" grid heat su2 --alpha 1 --t 1 --out "$d/x.h5" 2>/dev/null; then
  "$mpiexec" -n 3 "$@" "$hkz" grid heat su2 --alpha 0:3:700 --t 0.5 \
    --out "$d/h.h5" 2>/dev/null
  check "h5 under 3 ranks" "[ -s $d/h.h5 ] && [ ! -e $d/h.h5.tmp ]"
  if /usr/bin/python3 -c 'import h5py' 2>/dev/null; then
    check "h5py: 700 x 1 entries" "/usr/bin/python3 -c \"import h5py; assert h5py.File('$d/h.h5')['mid'].shape == (700, 1)\""
    # datasets identical for 1, 2 and 3 ranks (parallel HDF5: all ranks
    # write one file; else rank 0 writes), for --shard p and k
    for n in 1 2; do
      "$mpiexec" -n $n "$@" "$hkz" grid heat su2 --alpha 0:3:700 --t 0.5 \
        --out "$d/h$n.h5" 2>/dev/null
    done
    "$mpiexec" -n 3 "$@" "$hkz" grid heat su2 --alpha 0:3:700 --t 0.5 \
      --shard k --block 256 --out "$d/hk.h5" 2>/dev/null
    check "h5 datasets: np 1 = np 2 = np 3 (p, k)" "/usr/bin/python3 -c \"
import h5py, numpy as np
f = [h5py.File(p) for p in ('$d/h1.h5', '$d/h2.h5', '$d/h.h5', '$d/hk.h5')]
assert f[0].attrs['kernel'] == 'su2' and 'command' in f[0].attrs
assert all(sorted(g.keys()) == sorted(f[0].keys()) for g in f)
assert all(np.array_equal(g[k][:], f[0][k][:]) for g in f for k in f[0].keys())
\""
    # flat blocks (tiles packed to rank 0 as columns and records): HDF5
    # with a checkpoint, the same datasets and checkpoint for 1, 2 and 3
    # ranks; a checkpoint cut (two tiles lost, half a record left by a
    # kill while appending) resumed on 2 ranks gives both byte for byte
    fa="grid heat su2-sub --r 0.1:1.5:9 --z -3:3:90 --t 0.2:1:40 --shard p"
    for n in 1 2 3; do
      "$mpiexec" -n $n "$@" "$hkz" $fa --block 256 --checkpoint "$d/fc$n" \
        --out "$d/f$n.h5" 2>/dev/null
    done
    check "flat: np 1 = np 2 = np 3 checkpoints" "cmp -s $d/fc1 $d/fc2 && cmp -s $d/fc1 $d/fc3"
    head -n -2 "$d/fc3" >"$d/fcr"
    printf 'tile 3 1024 1 ' >>"$d/fcr"
    "$mpiexec" -n 2 "$@" "$hkz" $fa --checkpoint "$d/fcr" --resume \
      --out "$d/fr.h5" 2>/dev/null
    check "flat: resumed checkpoint = uninterrupted" "cmp -s $d/fc1 $d/fcr"
    check "flat: h5 datasets np 1 = 2 = 3 = resumed" "/usr/bin/python3 -c \"
import h5py, numpy as np
f = [h5py.File('$d/f%s.h5' % n) for n in ('1', '2', '3', 'r')]
assert f[0]['mid'].shape == (9, 90, 40) and f[0]['mid'].chunks is not None
assert f[3].attrs['resumed'] > 0
assert all(np.array_equal(g[k][:], f[0][k][:]) for g in f for k in f[0].keys())
\""
  fi
fi
exit $fail
