#!/bin/bash
# Issue 12.3 (label gpu): hkz dos --device cuda (GPU Gray-code enumeration)
# gives the same exact table as --device cpu on small graphs: the 4x4
# torus as a graph file, K_12, a weighted graph with unequal couplings and
# site weights, a 3-regular graph on 30 vertices; lattices: the GPU
# transfer matrix equals the CPU table, or (a build without it) exit 2 in
# one line.  Exit 77 (skipped) without a CUDA build or device.
HKZ="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; else echo "ok: $1"; fi; }
# the data rows (no run record, no method/backend lines)
rows() { grep -v '^#' "$1"; }
printf '0 1 1\n' > "$tmp/probe.txt"
err=$("$HKZ" dos --graph "$tmp/probe.txt" --device cuda 2>&1 >/dev/null); rc=$?
if printf '%s' "$err" | grep -q 'without CUDA'; then echo "skip: no CUDA build"; exit 77; fi
if [ $rc -ne 0 ]; then echo "skip: no usable GPU ($err)"; exit 77; fi

# 4x4 torus as an edge list
for r in 0 1 2 3; do for c in 0 1 2 3; do
    v=$((4 * r + c)); echo "$v $((4 * r + (c + 1) % 4)) 1"; echo "$v $((4 * ((r + 1) % 4) + c)) 1"
done; done > "$tmp/t44.txt"
# K_12
for u in $(seq 0 11); do for v in $(seq $((u + 1)) 11); do echo "$u $v 1"; done; done > "$tmp/k12.txt"
# unequal couplings (unit 1/4, multipliers 1..3) and site weights
{ echo "vertices 14"; echo "weight 3 2"; echo "weight 7 3"
  for u in $(seq 0 13); do echo "$u $(( (u + 1) % 14 )) 0.$(( 25 * (1 + u % 3) ))"; done
  echo "0 7 0.5"; echo "2 9 0.75"; echo "4 11 0.25"; } > "$tmp/w14.txt"
# 3-regular circulant on 30 vertices
for u in $(seq 0 29); do echo "$u $(( (u + 1) % 30 )) 1"; [ $u -lt 15 ] && echo "$u $((u + 15)) 1"; done > "$tmp/c30.txt"
for g in t44 k12 w14 c30; do
    "$HKZ" dos --graph "$tmp/$g.txt" --device cpu --format csv --out "$tmp/$g.cpu"; rc1=$?
    "$HKZ" dos --graph "$tmp/$g.txt" --device cuda --format csv --out "$tmp/$g.gpu"; rc2=$?
    ok "$g: both exit 0" "[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ]"
    ok "$g: same table" "cmp -s <(rows '$tmp/$g.cpu') <(rows '$tmp/$g.gpu')"
    ok "$g: GPU method named" "grep -q '^# method: Gray-code enumeration (GPU)' '$tmp/$g.gpu'"
done
# --device auto uses the GPU from 28 vertices: same bytes
"$HKZ" dos --graph "$tmp/c30.txt" --format csv --out "$tmp/c30.auto"
ok "c30: auto = cuda" "cmp -s <(rows '$tmp/c30.auto') <(rows '$tmp/c30.gpu') && grep -q '(GPU)' '$tmp/c30.auto'"
# a saved GPU table is reused by hkz zeros graph
"$HKZ" dos --graph "$tmp/k12.txt" --device cuda --save "$tmp/k12.dos" --out "$tmp/x"
"$HKZ" zeros graph --graph "$tmp/k12.txt" --dos "$tmp/k12.dos" --format csv > "$tmp/a.csv"; rc=$?
"$HKZ" zeros graph --graph "$tmp/k12.txt" --format csv > "$tmp/b.csv"
ok "GPU table reused" "[ $rc -eq 0 ] && cmp -s <(rows '$tmp/a.csv') <(rows '$tmp/b.csv')"
# lattices: the GPU transfer matrix (helper tm) or one line, exit 2
"$HKZ" dos --lattice 4x4 --device cpu --format csv --out "$tmp/l.cpu"
err=$("$HKZ" dos --lattice 4x4 --device cuda --format csv --out "$tmp/l.gpu" 2>&1); rc=$?
if [ $rc -eq 0 ]; then
    ok "lattice 4x4: GPU transfer = CPU" "cmp -s <(rows '$tmp/l.cpu') <(rows '$tmp/l.gpu')"
    # the torus with a checkpoint (issue 20.2), resumed when complete,
    # refused for another lattice
    "$HKZ" dos --lattice 6x7 --device cpu --format csv --out "$tmp/t67.cpu"
    "$HKZ" dos --lattice 6x7 --device cuda --checkpoint "$tmp/ck" --format csv --out "$tmp/t67.gpu"; rc=$?
    ok "6x7 torus with --checkpoint = CPU" "[ $rc -eq 0 ] && cmp -s <(rows '$tmp/t67.cpu') <(rows '$tmp/t67.gpu')"
    "$HKZ" dos --lattice 6x7 --device cuda --checkpoint "$tmp/ck" --resume --format csv --out "$tmp/t67.res"; rc=$?
    ok "6x7 torus resumed = CPU" "[ $rc -eq 0 ] && cmp -s <(rows '$tmp/t67.cpu') <(rows '$tmp/t67.res')"
    "$HKZ" dos --lattice 6x8 --device cuda --checkpoint "$tmp/ck" --resume --out "$tmp/x" 2> "$tmp/err"; rc=$?
    ok "checkpoint of another lattice: exit 2" "[ $rc -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ]"
else
    ok "lattice without GPU transfer: exit 2, one line" "[ $rc -eq 2 ] && [ \$(printf '%s\n' \"\$err\" | wc -l) -eq 1 ]"
fi
exit $fail
