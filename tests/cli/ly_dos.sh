#!/bin/bash
# Issue 12.2/12.3: density-of-states tables written once (hkz dos --save)
# and reused (--dos) by hkz zeros graph|lattice and hkz track lattice;
# refused (exit 2, one line) for another model or a damaged file;
# hkz track lattice against hkz zeros lattice at its end points;
# hkz dos --device.  Argument: reuse | mismatch | damage | track | device.
HKZ="$1"
case_=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }
bad() {
    local what=$1; shift
    local err rc
    err=$("$HKZ" "$@" 2>&1 >/dev/null); rc=$?
    if [ $rc -ne 2 ] || [ "$(printf '%s\n' "$err" | wc -l)" -ne 1 ] ||
       ! printf '%s' "$err" | grep -q '^hkz: error: '; then
        echo "FAIL: $what: rc=$rc stderr='$err'"; fail=1
    else echo "ok: $what -> $err"; fi
}
# rows without the run record
rows() { grep -v '^#' "$1"; }
printf '0 1 2\n1 2 1\n2 3 2\n3 0 1\n0 2 1\n' > "$tmp/g.txt"
printf '0 1 2\n1 2 1\n2 3 2\n3 0 1\n1 3 1\n' > "$tmp/h.txt"

case $case_ in
reuse)
    "$HKZ" dos --lattice 4x4 --save "$tmp/l44.dos" --out "$tmp/l44.txt"; rc=$?
    ok "dos --save rc" "[ $rc -eq 0 ] && head -1 '$tmp/l44.dos' | grep -q '^hkz-dos 1$'"
    ok "dos --save desc" "sed -n 2p '$tmp/l44.dos' | grep -q '^desc lattice 4x4 torus vertices=16 edges=32 W=16 model-fnv1a64:'"
    ok "dos --save checksum" "tail -1 '$tmp/l44.dos' | grep -q '^checksum [0-9a-f]\{16\}$'"
    for K in 0.3 kc; do
        "$HKZ" zeros lattice --L 4 --M 4 --coupling $K --format csv > "$tmp/a.csv"
        "$HKZ" zeros lattice --L 4 --M 4 --coupling $K --dos "$tmp/l44.dos" --format csv > "$tmp/b.csv"; rc=$?
        ok "zeros lattice --dos K=$K same zeros" "[ $rc -eq 0 ] && diff <(rows '$tmp/a.csv') <(rows '$tmp/b.csv') > /dev/null"
    done
    ok "zeros lattice --dos C8" "grep -q '^zero,lattice,1,\"\?\[0\.187628840877623' <(\"$HKZ\" zeros lattice --L 4 --M 4 --coupling 0.3 --dos '$tmp/l44.dos' --format csv)"
    "$HKZ" dos --graph "$tmp/g.txt" --save "$tmp/g.dos" --out "$tmp/g.out"; rc=$?
    "$HKZ" zeros graph --graph "$tmp/g.txt" --format csv > "$tmp/a.csv"
    "$HKZ" zeros graph --graph "$tmp/g.txt" --dos "$tmp/g.dos" --format csv > "$tmp/b.csv"; rc2=$?
    ok "zeros graph --dos same zeros" "[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && diff <(rows '$tmp/a.csv') <(rows '$tmp/b.csv') > /dev/null"
    "$HKZ" track lattice --L 3 --M 3 --t0 0.2 --t1 0.4 --format csv > "$tmp/a.csv"
    "$HKZ" dos --lattice 3x3 --save "$tmp/l33.dos" --out "$tmp/l33.txt"
    "$HKZ" track lattice --L 3 --M 3 --t0 0.2 --t1 0.4 --dos "$tmp/l33.dos" --format csv > "$tmp/b.csv"; rc=$?
    ok "track lattice --dos same steps" "[ $rc -eq 0 ] && diff <(rows '$tmp/a.csv') <(rows '$tmp/b.csv') > /dev/null"
    ok "zeros --help names --dos" "'$HKZ' zeros lattice --help | grep -q -- '--dos FILE'"
    ok "dos --help names --save" "'$HKZ' dos --help | grep -q -- '--save FILE'"
    ;;
mismatch)
    "$HKZ" dos --lattice 4x4 --save "$tmp/t44.dos" --out "$tmp/x"
    "$HKZ" dos --lattice 4x4 --boundary cylinder --save "$tmp/c44.dos" --out "$tmp/x"
    "$HKZ" dos --graph "$tmp/g.txt" --save "$tmp/g.dos" --out "$tmp/x"
    bad "torus table for a cylinder" zeros lattice --L 4 --M 4 --boundary cylinder --coupling 0.3 --dos "$tmp/t44.dos"
    bad "cylinder table for a torus" zeros lattice --L 4 --M 4 --coupling 0.3 --dos "$tmp/c44.dos"
    bad "4x4 table for 4x5" zeros lattice --L 4 --M 5 --coupling 0.3 --dos "$tmp/t44.dos"
    bad "graph table for another graph (same n, S)" zeros graph --graph "$tmp/h.txt" --dos "$tmp/g.dos"
    bad "graph table for a lattice" zeros lattice --L 4 --M 4 --coupling 0.3 --dos "$tmp/g.dos"
    bad "track lattice: other lattice" track lattice --L 4 --M 5 --t0 0.2 --t1 0.3 --dos "$tmp/t44.dos"
    err=$("$HKZ" zeros lattice --L 4 --M 4 --coupling 0.3 --dos "$tmp/c44.dos" 2>&1 >/dev/null)
    ok "message names both models" "printf '%s' \"\$err\" | grep -q 'another model.*4x4 cylinder.*4x4 torus'"
    ;;
damage)
    "$HKZ" dos --lattice 4x4 --save "$tmp/l.dos" --out "$tmp/x"
    # one count changed by one digit
    awk 'NR == 10 { $3 = $3 + 1 } { print }' "$tmp/l.dos" > "$tmp/d1.dos"
    ok "damaged file differs" "! cmp -s '$tmp/l.dos' '$tmp/d1.dos'"
    bad "one count changed" zeros lattice --L 4 --M 4 --coupling 0.3 --dos "$tmp/d1.dos"
    err=$("$HKZ" zeros lattice --L 4 --M 4 --coupling 0.3 --dos "$tmp/d1.dos" 2>&1 >/dev/null)
    ok "message says checksum" "printf '%s' \"\$err\" | grep -q 'checksum mismatch'"
    head -c 300 "$tmp/l.dos" > "$tmp/d2.dos"
    bad "truncated file" zeros lattice --L 4 --M 4 --coupling 0.3 --dos "$tmp/d2.dos"
    bad "missing file" zeros lattice --L 4 --M 4 --coupling 0.3 --dos "$tmp/none.dos"
    printf 'garbage\n' > "$tmp/d3.dos"
    bad "not a table" track lattice --L 4 --M 4 --t0 0.2 --t1 0.3 --dos "$tmp/d3.dos"
    sed '$d' "$tmp/l.dos" > "$tmp/d4.dos"
    bad "checksum line removed" zeros lattice --L 4 --M 4 --coupling 0.3 --dos "$tmp/d4.dos"
    ;;
track)
    # 3x3 and 4x4 tori: the tracked zeros at t0 and t1 against zeros lattice
    for LM in "3 3 0.2 0.45" "4 4 0.3 0.5"; do
        set -- $LM
        "$HKZ" track lattice --L $1 --M $2 --t0 $3 --t1 $4 --format csv > "$tmp/t.csv"; rc=$?
        n=$(( $1 * $2 / 2 ))
        ok "track ${1}x$2 rc" "[ $rc -eq 0 ]"
        ok "track ${1}x$2 verdicts" "grep -q ',direction_tracked,true,' '$tmp/t.csv' && [ \$(grep -c ',direction,true,' '$tmp/t.csv') -eq $n ]"
        ok "track ${1}x$2 limits" "[ \$(grep -c '^limit,' '$tmp/t.csv') -eq $((2 * n)) ]"
        for K in $3 $4; do
            "$HKZ" zeros lattice --L $1 --M $2 --coupling $K --format csv > "$tmp/z.csv"
            for j in $(seq 1 $n); do
                z=$(awk -F, -v j=$j '$1 == "zero" && $3 == j { print $5 }' "$tmp/z.csv")
                if [ $K = $3 ]; then
                    # the first step's box holds theta_j(t0)
                    box=$(grep "^step,$j," "$tmp/t.csv" | head -1 | cut -d, -f6 | tr -d '[]"')
                    ok "${1}x$2 zero $j at t0 in the first box" "awk -v z=$z -v b='$box' 'BEGIN { split(b, p, \" [+]/- \"); exit !(z >= p[1] - p[2] && z <= p[1] + p[2]) }'"
                else
                    # the last step ends at t1 with a tight enclosure
                    th=$(grep "^step,$j," "$tmp/t.csv" | tail -1 | cut -d, -f5 | tr -d '[]"' | cut -d' ' -f1)
                    ok "${1}x$2 zero $j at t1" "awk -v z=$z -v t=$th 'BEGIN { d = z - t; exit !(d < 1e-20 && d > -1e-20) }'"
                fi
            done
        done
    done
    "$HKZ" track lattice --L 4 --M 4 --t0 0.3 --t1 0.5 --zeros 2:3 --format csv > "$tmp/t.csv"; rc=$?
    ok "track --zeros 2:3" "[ $rc -eq 0 ] && [ \$(grep -c '^limit,' '$tmp/t.csv') -eq 4 ] && ! grep -q '^step,1,' '$tmp/t.csv'"
    "$HKZ" track lattice --L 4 --M 3 --boundary cylinder --t0 0.3 --t1 0.4 --format csv > "$tmp/t.csv"; rc=$?
    ok "track cylinder" "[ $rc -eq 0 ] && grep -q ',direction_tracked,' '$tmp/t.csv'"
    "$HKZ" track lattice --L 3 --M 3 --t0 0.2 --t1 0.3 --checkpoint "$tmp/ck" --format csv > "$tmp/a.csv"
    "$HKZ" track lattice --L 3 --M 3 --t0 0.2 --t1 0.3 --checkpoint "$tmp/ck" --resume --format csv > "$tmp/b.csv"; rc=$?
    ok "track lattice resume" "[ $rc -eq 0 ] && diff <(grep '^step' '$tmp/a.csv') <(grep '^step' '$tmp/b.csv') > /dev/null"
    bad "resume other lattice" track lattice --L 3 --M 4 --t0 0.2 --t1 0.3 --checkpoint "$tmp/ck" --resume
    bad "t0 >= t1" track lattice --L 3 --M 3 --t0 0.3 --t1 0.2
    bad "t1 too large" track lattice --L 3 --M 3 --t0 0.3 --t1 1e6
    bad "torus 2x3" track lattice --L 2 --M 3 --t0 0.2 --t1 0.3
    bad "no --L" track lattice --M 3 --t0 0.2 --t1 0.3
    ok "track --help" "'$HKZ' track lattice --help | grep -q 'usage: hkz track lattice'"
    ;;
device)
    "$HKZ" dos --graph "$tmp/g.txt" --device cpu --format csv > "$tmp/a.csv"; rc=$?
    "$HKZ" dos --graph "$tmp/g.txt" --format csv > "$tmp/b.csv"; rc2=$?
    ok "dos --device cpu = auto" "[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && diff <(rows '$tmp/a.csv') <(rows '$tmp/b.csv') > /dev/null"
    bad "device garbage" dos --graph "$tmp/g.txt" --device gpu
    # issue 12.1: a lattice that would run for days on the CPU is refused
    # at once with the estimate (no computation starts)
    bad "16x16 torus on the CPU" dos --lattice 16x16 --device cpu
    err=$(timeout 20 "$HKZ" dos --lattice 16x16 --device cpu 2>&1 >/dev/null)
    ok "16x16 refusal names the estimate and the ways out" "printf '%s' \"\$err\" | grep -q 'days on 2 threads (1162 first-row runs.*memory plan .* GB.*--device cuda.*--force'"
    # ... and so are zeros / track lattice without --dos (their table would
    # be the same CPU run): the message points to `hkz dos --save` + --dos
    bad "zeros lattice 16x16 without --dos" zeros lattice --L 16 --M 16 --coupling 0.44
    bad "track lattice 16x16 without --dos" track lattice --L 16 --M 16 --t0 0.3 --t1 0.6
    err=$(timeout 20 "$HKZ" zeros lattice --L 16 --M 16 --coupling 0.44 2>&1 >/dev/null)
    ok "zeros lattice refusal points to --save and --dos" "printf '%s' \"\$err\" | grep -q 'days on 2 threads.*--save FILE.*--dos FILE'"
    "$HKZ" dos --lattice 4x4 --device cpu --force --out "$tmp/f.txt"; rc=$?
    ok "--force on a small lattice" "[ $rc -eq 0 ] && grep -q '^b = ' '$tmp/f.txt'"
    err=$("$HKZ" dos --graph "$tmp/g.txt" --device cuda 2>&1 >/dev/null); rc=$?
    if printf '%s' "$err" | grep -q 'built without CUDA'; then
        bad "--device cuda without CUDA" dos --graph "$tmp/g.txt" --device cuda
    else
        echo "CUDA build: --device cuda gave rc=$rc (the GPU comparison is gpu.dos_cli)"
    fi
    ;;
*) echo "unknown case $case_"; exit 1 ;;
esac
exit $fail
