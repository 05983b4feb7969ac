#!/bin/bash
# hkz grid heat under mpiexec, flat row blocks pipelined (flat_run.c: the
# compute of block b + 1 beside the hand-on of block b): HDF5 datasets,
# CSV rows and checkpoints byte for byte the same for 1, 2 and 3 ranks,
# with timed blocks and with one-tile blocks (many blocks in flight); a
# rank's peak memory does not grow with the grid (/usr/bin/time, if there).
# Usage: flat_mpi.sh HKZ MPIEXEC [launcher flags...]
hkz=$1; mpiexec=$2; shift 2
fail=0
. "$(dirname "$0")/../cli/lib.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
g="grid heat su2-sub --r 0.1:1.5:12 --z -3:3:80 --t 0.2:1:30 --shard p"
for n in 1 2 3; do
  for b in "" "--block 256"; do
    k=$n${b:+b}
    timeout 120 "$mpiexec" -n $n "$@" "$hkz" $g $b --checkpoint "$d/c$k" \
      --format csv --out "$d/o$k.csv" 2>/dev/null
    check "np $n $b: exit 0" "[ $? -eq 0 ]"
    norun "$d/o$k.csv" >"$d/n$k"
  done
done
check "csv rows: 960 points x 30 times" "[ \$(grep -c ',' $d/n1) -ge 28800 ]"
for k in 1b 2 2b 3 3b; do
  check "csv and checkpoint: np 1 = $k" "cmp -s $d/n1 $d/n$k && cmp -s $d/c1 $d/c$k"
done
if "$hkz" grid heat su2 --alpha 1 --t 1 --out "$d/x.h5" 2>/dev/null \
   && /usr/bin/python3 -c 'import h5py' 2>/dev/null; then
  for n in 1 2 3; do
    for b in "" "--block 256"; do
      timeout 120 "$mpiexec" -n $n "$@" "$hkz" $g $b --out "$d/h$n${b:+b}.h5" \
        2>/dev/null
    done
  done
  check "h5 datasets: np 1 = 2 = 3, timed and one-tile blocks" "/usr/bin/python3 -c \"
import h5py, numpy as np
f = [h5py.File('$d/h%s.h5' % k) for k in ('1', '1b', '2', '2b', '3', '3b')]
assert f[0]['mid'].shape == (12, 80, 30)
assert all(np.array_equal(g[k][:], f[0][k][:]) for g in f for k in f[0].keys())
\""
  # peak memory of every rank: a grid 16 times larger (46 MB of columns
  # more) in blocks of the same size (a tile, two in flight a rank) adds
  # less than 12 MB (rank 0's HDF5 chunk caches fill: 2 MiB a dataset)
  if [ -x /usr/bin/time ]; then
    for r in 16 256; do
      timeout 200 "$mpiexec" -n 2 "$@" /usr/bin/time -f "rss %M" "$hkz" grid \
        heat su2-sub --r 0.1:1.5:$r --z -3:3:100 --t 0.3:1:100 --block 256 \
        --out "$d/m$r.h5" 2>&1 >/dev/null | grep -o 'rss [0-9]*' | sort -k2n | tail -1 \
        | cut -d' ' -f2 >"$d/rss$r"
    done
    echo "max RSS of a rank: $(cat $d/rss16) kB (1.6 10^5 entries), $(cat $d/rss256) kB (2.56 10^6)"
    check "flat memory: + < 12 MB for 16 times the grid" \
      "[ \$(( \$(cat $d/rss256) - \$(cat $d/rss16) )) -lt 12288 ]"
  fi
fi
exit $fail
