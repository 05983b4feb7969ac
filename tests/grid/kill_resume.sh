#!/bin/bash
# hkz grid heat killed midway by SIGTERM (after its first checkpointed row
# block): exit 130 with the resume line, no output file under the final
# name (HDF5) or a checkpoint short of the whole grid; --resume then gives
# exactly the bytes of an uninterrupted run (text and HDF5 datasets, and
# the checkpoint itself), also after a SIGKILL left half a record.
# Usage: kill_resume.sh HKZ
hkz=$1
fail=0
. "$(dirname "$0")/../cli/lib.sh"
d=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -KILL $pid 2>/dev/null; rm -rf "$d"' EXIT
# 20 tiles of 256 points on the scalar path (about 0.1 s each)
args="grid heat su2-sub --r 0:1.5:40 --z -3:3:128 --t 0.1 --block 256 --method scalar --threads 1"
"$hkz" $args --format jsonl --out "$d/ref" 2>/dev/null
norun "$d/ref" >"$d/nref"
# (the checkpoint of an uninterrupted run: a resumed one ends with its bytes)
"$hkz" $args --format jsonl --checkpoint "$d/ckref" --out "$d/ref2" 2>/dev/null
check "reference: 5120 rows" "[ \$(grep -c '\"kernel\":' $d/nref) -eq 5120 ]"
h5=0
"$hkz" grid heat su2 --alpha 1 --t 1 --out "$d/x.h5" 2>/dev/null && h5=1
for out in jsonl h5; do
  [ $out = h5 ] && [ $h5 = 0 ] && continue
  # (--out picks HDF5 from .h5; --format jsonl would contradict it)
  if [ $out = h5 ]; then o="$d/k.h5"; f=; else o="$d/k"; f="--format jsonl"; fi
  rm -f "$d/ck"
  "$hkz" $args $f --checkpoint "$d/ck" --out "$o" 2>"$d/err" &
  pid=$!
  for i in $(seq 1 600); do
    [ -s "$d/ck" ] && grep -q '^tile ' "$d/ck" 2>/dev/null && break
    sleep 0.02
  done
  kill -TERM $pid; wait $pid; rc=$?; pid=
  n=$(grep -c '^tile ' "$d/ck")
  check "$out: killed midway ($n of 20 tiles)" "[ $n -ge 1 ] && [ $n -lt 20 ]"
  check "$out: exit 130 and the resume line" "[ $rc -eq 130 ] && grep -q 'resume' $d/err"
  [ $out = h5 ] && check "h5: no file under the final name" "[ ! -e $o ] && [ ! -e $o.tmp ]"
  "$hkz" $args $f --checkpoint "$d/ck" --resume --out "$o" \
    2>"$d/err"
  check "$out: resume exit 0" "[ $? -eq 0 ] && grep -q 'from the checkpoint' $d/err"
  check "$out: checkpoint complete" "[ \$(grep -c '^tile ' $d/ck) -eq 20 ]"
  check "$out: resumed checkpoint = uninterrupted" "cmp -s $d/ck $d/ckref"
  if [ $out = jsonl ]; then
    norun "$o" >"$d/nk"
    check "jsonl: resumed bytes = uninterrupted" "cmp -s $d/nref $d/nk"
  elif /usr/bin/python3 -c 'import h5py' 2>/dev/null; then
    "$hkz" $args --out "$d/ref.h5" 2>/dev/null
    check "h5: resumed datasets = uninterrupted" "/usr/bin/python3 -c \"
import h5py, numpy as np
a, b = h5py.File('$d/ref.h5'), h5py.File('$o')
assert sorted(a.keys()) == sorted(b.keys()) and a['mid'].shape == (40, 128, 1)
assert all(np.array_equal(a[k][:], b[k][:]) for k in a.keys())
\""
  fi
done
# SIGKILL while a record is appended: the half record is cut on resume
head -n -3 "$d/ckref" >"$d/ck"
head -c 200 <(tail -n 1 "$d/ckref") >>"$d/ck"
"$hkz" $args --format jsonl --checkpoint "$d/ck" --resume --out "$d/k" \
  2>/dev/null
norun "$d/k" >"$d/nk"
check "half a record: resumed bytes and checkpoint = uninterrupted" \
  "cmp -s $d/nref $d/nk && cmp -s $d/ck $d/ckref"
exit $fail
