#!/bin/bash
# hkz grid heat (issue 11 section 1): rows, csv columns, bitwise identical
# outputs for any --block / --overlap / --threads, checkpoint + resume,
# HDF5, --g / --points files, bad input.
hkz=$1
fail=0
. "$(dirname "$0")/../cli/lib.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

"$hkz" grid heat su2 --alpha 0:3.1:7 --t 0.05,0.5,2 --format jsonl \
  --out "$d/a.jsonl" 2>"$d/a.err"
check "su2 exit 0" "[ $? -eq 0 ]"
check "su2 21 rows" "[ \$(grep -c '\"kernel\":\"su2\"' $d/a.jsonl) -eq 21 ]"
check "su2 engine rows" "grep -q '\"method\":\"engine\"' $d/a.jsonl"
check "su2 certified" "! grep -q '\"certified\":false' $d/a.jsonl"
check "su2 summary" "grep -q '21 entries' $d/a.err"
check "su2 row shape" "grep -q '\"alpha\":\"31/60\",\"t\":\"0.05\",\"deriv\":0,\"method\":\"engine\",\"digits\":10,\"value\":\"\[' $d/a.jsonl"

"$hkz" grid heat su2-sub --r 0,0.5 --z 0:1:3 --t 0.3 --format csv \
  --out "$d/s.csv" 2>/dev/null
check "su2-sub csv columns" "grep -q '^kernel,r,z,t,deriv,method,digits,value,mid,rad,rel_acc_bits,certified,status' $d/s.csv"
check "su2-sub 6 rows" "[ \$(grep -c '^su2-sub,' $d/s.csv) -eq 6 ]"

# time derivatives of su2 on the engine; --method scalar: no engine entry
"$hkz" grid heat su2 --alpha 0.3,1.2,2.5 --t 0.1,0.8 --deriv 2 --format csv \
  --out "$d/d2.csv" 2>/dev/null
check "su2 deriv 2 engine rows" "grep -q '^su2,0.3,0.1,2,engine,' $d/d2.csv"
"$hkz" grid heat su2 --alpha 0.3,1.2,2.5 --t 0.1,0.8 --deriv 2 --method scalar \
  --format csv --out "$d/d2s.csv" 2>"$d/d2s.err"
check "--method scalar: scalar rows only" "! grep -q ',engine,' $d/d2s.csv && [ \$(grep -c ',scalar,' $d/d2s.csv) -eq 6 ]"
check "--method scalar summary" "grep -q '0 engine, 6 recomputed' $d/d2s.err"

# bitwise the same for any blocking, chunking, threads, shard
args="grid heat su2-sub --r 0:1.5:20 --z -3:3:15 --t 0.5,1 --format jsonl"
"$hkz" $args --out "$d/b1" 2>/dev/null
"$hkz" $args --block 256 --overlap chunked --threads 2 --shard k \
  --out "$d/b2" 2>/dev/null
"$hkz" $args --block 1000 --overlap window --threads 1 --out "$d/b3" \
  2>/dev/null
norun "$d/b1" >"$d/n1"; norun "$d/b2" >"$d/n2"; norun "$d/b3" >"$d/n3"
check "300 points, 600 rows" "[ \$(grep -c '\"kernel\":' $d/n1) -eq 600 ]"
check "blocking invariance" "cmp -s $d/n1 $d/n2 && cmp -s $d/n1 $d/n3"

# checkpoint, then resume with the last tile lost
"$hkz" $args --block 256 --checkpoint "$d/ck" --out "$d/c1" 2>/dev/null
check "checkpoint written" "[ \$(grep -c '^tile ' $d/ck) -eq 2 ]"
head -n -1 "$d/ck" >"$d/ck2" && mv "$d/ck2" "$d/ck"
"$hkz" $args --checkpoint "$d/ck" --resume --out "$d/c2" 2>"$d/c2.err"
norun "$d/c2" >"$d/m2"
check "resume exit 0" "[ $? -eq 0 ] && grep -q 'from the checkpoint' $d/c2.err"
check "resume identical" "cmp -s $d/n1 $d/m2"
"$hkz" grid heat su2-sub --r 0:1.5:20 --z -3:3:15 --t 0.5,2 --format jsonl \
  --checkpoint "$d/ck" --resume --out "$d/c3" 2>"$d/c3.err"
check "resume with other --t: exit 2" "[ $? -eq 2 ] && grep -q 'hkz: error: .*t' $d/c3.err"

# --g and --points files (coordinate i = line number)
printf '# elements\n0.6,0,0.8,0\n\n0,0.6,0,0.8\n' >"$d/g.txt"
"$hkz" grid heat su2-milnor --weights 1,2,0.5 --g "$d/g.txt" --t 0.5 \
  --format jsonl --out "$d/m.jsonl" 2>/dev/null
check "milnor --g rows" "grep -q '\"i\":2,' $d/m.jsonl && grep -q '\"i\":4,' $d/m.jsonl"
printf '0.3,0.2; 0.1,0.5\ne; 1.2,-2\n' >"$d/p.txt"
"$hkz" grid heat product --delta-weights 1,2 --points "$d/p.txt" --t 0.5 \
  --format jsonl --out "$d/p.jsonl" 2>/dev/null
check "product rows" "[ \$(grep -c '\"kernel\":\"product\"' $d/p.jsonl) -eq 2 ]"
# time derivatives on the scalar path: Milnor, products (an infinite family)
"$hkz" grid heat su2-milnor --weights 1,2,0.5 --g "$d/g.txt" --t 0.5 --deriv 2 \
  --format csv --out "$d/md.csv" 2>/dev/null
check "milnor --deriv rows" "[ \$(grep -c '^su2-milnor,[24],0.5,2,scalar,.*,true,ok' $d/md.csv) -eq 2 ]"
"$hkz" grid heat product --delta-weights 'i^2' --points "$d/p.txt" --t 0.5 \
  --deriv 3 --format csv --out "$d/pd.csv" 2>/dev/null
check "product --deriv rows" "[ \$(grep -c '^product,[12],0.5,3,scalar,.*,true,ok' $d/pd.csv) -eq 2 ]"

# HDF5
if "$hkz" grid heat su2 --alpha 0:3:5 --t 0.5,1 --out "$d/h.h5" 2>/dev/null
then
  check "h5 file" "[ -s $d/h.h5 ] && [ ! -e $d/h.h5.tmp ]"
  if /usr/bin/python3 -c 'import h5py' 2>/dev/null; then
    check "h5py reads it" "/usr/bin/python3 -c \"import h5py; f = h5py.File('$d/h.h5'); assert f['mid'].shape == (5, 2) and list(f['alpha'][:2]) == [0.0, 0.75] and list(f['t'][:]) == [0.5, 1.0] and f.attrs['kernel'] == 'su2' and f.attrs['digits'] == 10\""
    # chunked datasets (a chunk: a run of rows, 2^17 elements at most),
    # written tile by tile, the same values as a CSV of the grid and for
    # other row blocks
    g="grid heat su2 --alpha 0:3:300 --t 0.01:1:600"
    "$hkz" $g --out "$d/c.h5" 2>/dev/null
    "$hkz" $g --block 768 --out "$d/c2.h5" 2>/dev/null
    "$hkz" $g --format csv --out "$d/c.csv" 2>/dev/null
    check "h5: chunked, values = csv, any row block" "/usr/bin/python3 -c \"
import h5py, numpy as np
f, g = h5py.File('$d/c.h5'), h5py.File('$d/c2.h5')
for k in ('mid', 'rad', 'certified', 'scalar'):
    assert f[k].shape == (300, 600) and f[k].chunks == (218, 600), f[k].chunks
    assert np.array_equal(f[k][:], g[k][:])
c = np.genfromtxt('$d/c.csv', delimiter=',', names=True, dtype=None, encoding='ascii', comments='#')
m = f['mid'][:].ravel()
assert len(c) == m.size and np.all(np.abs(c['mid'] - m) <= 1e-8 * np.abs(m))
\""
  fi
else
  check "no HDF5: usage error" "[ $? -eq 2 ]"
fi

expect_usage_error grid heat su2 --alpha 0:1:x --t 1
expect_usage_error grid heat su2 --alpha 4 --t 1
expect_usage_error grid heat su2 --alpha 1 --t 0,1
expect_usage_error grid heat su2-sub --r 0 --z 0 --t 1 --resume
expect_usage_error grid heat su2-milnor --weights 1,1,1 --t 1
expect_usage_error grid heat su2-milnor --weights 1,1 --r 0 --z 0 --t 1
expect_usage_error grid heat su2-milnor --weights 1,1,0 --r 0 --z 0 --t 1 --deriv 1
expect_usage_error grid heat su2-milnor --weights 1,1,1 --r 0 --z 0 --t 1 --deriv 9
expect_usage_error grid heat product --delta-weights 1 --sub-weights 1 --points "$d/p.txt" --t 1
expect_usage_error grid heat product --delta-weights 1 --points "$d/p.txt" --t 1
expect_usage_error grid heat product --delta-weights 1,2 --points "$d/none" --t 1
expect_usage_error grid heat su2 --alpha 1 --t 1 --device gpu
if ! "$hkz" version | grep -q "CUDA on"; then
  expect_usage_error grid heat su2 --alpha 1 --t 1 --device cuda
fi
exit $fail
