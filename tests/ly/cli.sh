#!/bin/bash
# CLI tests of hkz zeros and hkz track: values, formats, checkpoints, and
# bad input (one line on stderr, exit code 2).
HKZ=$1
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }

# usage error: exit 2 and exactly one line on stderr
bad() {
    local what=$1; shift
    local err rc
    err=$("$HKZ" "$@" 2>&1 >/dev/null); rc=$?
    if [ $rc -ne 2 ] || [ "$(printf '%s\n' "$err" | wc -l)" -ne 1 ]; then
        echo "FAIL: $what: rc=$rc stderr='$err'"; fail=1
    fi
}

# ---- zeros cw: spec A7 / A5 values, formats, --out
out=$("$HKZ" zeros cw --n 10 --t 0.05 --format csv); rc=$?
ok "zeros cw rc" "[ $rc -eq 0 ]"
ok "zeros cw theta_1 (A7)" "printf '%s\n' \"\$out\" | grep -q '^zero,cw,1,\"\?\[0\.578434624217724'"
ok "zeros cw theta_5 (A7)" "printf '%s\n' \"\$out\" | grep -q '^zero,cw,5,\"\?\[1\.471360722671373'"
ok "zeros cw 5 certified rows" "[ \$(printf '%s\n' \"\$out\" | grep -c '^zero,.*,true,ok,') -eq 5 ]"
ok "zeros cw summary complete" "printf '%s\n' \"\$out\" | grep -q '^summary,cw,0,.*,true,ok,5,5,true,false,'"
out=$("$HKZ" zeros cw --n 5 --beta 2.5 --method integral --format jsonl)
ok "zeros cw jsonl (A5, integral)" "printf '%s\n' \"\$out\" | grep -q '\"j\":2,\"theta\":\"\[0\.957290556080341'"
ok "zeros cw odd N trivial zero" "printf '%s\n' \"\$out\" | grep -q '\"record\":\"summary\".*\"trivial_pi_2\":true'"
"$HKZ" zeros cw --n 8 --t 0.1 --digits 30 --out "$tmp/z.txt"; rc=$?
ok "zeros --out" "[ $rc -eq 0 ] && grep -q 'rel_acc_bits = 10[0-9]' '$tmp/z.txt'"
ok "zeros --help" "'$HKZ' zeros cw --help | grep -q 'usage: hkz zeros cw'"

# ---- zeros graph / lattice: spec B9, C8, C9
printf '# C4 of spec B9\n0 1 2\n1 2 1\n2 3 2\n3 0 0.05\n' > "$tmp/c4.txt"
out=$("$HKZ" zeros graph --graph "$tmp/c4.txt" --format csv)
ok "zeros graph B9" "printf '%s\n' \"\$out\" | grep -q '^zero,graph,2,\"\?\[1\.153750391741236'"
out=$("$HKZ" zeros lattice --L 4 --M 4 --coupling 0.3 --format csv)
ok "zeros lattice C8" "printf '%s\n' \"\$out\" | grep -q '^zero,lattice,1,\"\?\[0\.187628840877623'"
out=$("$HKZ" zeros lattice --L 4 --M 4 --coupling kc --format csv)
ok "zeros lattice C9 (K_c)" "printf '%s\n' \"\$out\" | grep -q '^zero,lattice,1,\"\?\[0\.114846143286091'"

# ---- track cw: decrease verdict; track edge: directions, disjointness
out=$("$HKZ" track cw --n 6 --t0 0.1 --t1 0.3 --format csv); rc=$?
ok "track cw rc" "[ $rc -eq 0 ]"
ok "track cw verdict" "printf '%s\n' \"\$out\" | grep -q '^verifier,0,.*,cw_decrease,true,'"
ok "track cw limits" "[ \$(printf '%s\n' \"\$out\" | grep -c '^limit,') -eq 6 ]"
out=$("$HKZ" track edge --graph "$tmp/c4.txt" --edge 1,2 --t0 0.5 --t1 2 --format csv); rc=$?
ok "track edge rc" "[ $rc -eq 0 ]"
ok "track edge dir 1 down" "printf '%s\n' \"\$out\" | grep -q '^verifier,1,.*,-1,true,direction,true,'"
ok "track edge dir 2 up (F2)" "printf '%s\n' \"\$out\" | grep -q '^verifier,2,.*,1,true,direction,true,'"
ok "track edge disjoint strict" "printf '%s\n' \"\$out\" | grep -q ',disjoint,strict,'"
printf '0 1 2\n1 2 1\n2 3 2\n' > "$tmp/p4.txt"
out=$("$HKZ" track edge --graph "$tmp/p4.txt" --edge 2,1 --t0 0.5 --t1 1 --format csv)
ok "track edge P4 weak (F3)" "printf '%s\n' \"\$out\" | grep -q ',disjoint,weak,'"

# ---- checkpoint and resume
"$HKZ" track cw --n 6 --t0 0.1 --t1 0.2 --checkpoint "$tmp/ck" --every 2 --format csv > "$tmp/a.csv"; rc=$?
ok "checkpoint run" "[ $rc -eq 0 ] && [ -s '$tmp/ck' ] && head -1 '$tmp/ck' | grep -q 'hkz-checkpoint 1 track'"
"$HKZ" track cw --n 6 --t0 0.1 --t1 0.2 --checkpoint "$tmp/ck" --resume --format csv > "$tmp/b.csv"; rc=$?
ok "resume reproduces the steps" "[ $rc -eq 0 ] && diff <(grep '^step' '$tmp/a.csv') <(grep '^step' '$tmp/b.csv') > /dev/null"
bad "resume other N" track cw --n 8 --t0 0.1 --t1 0.2 --checkpoint "$tmp/ck" --resume
bad "resume missing file" track cw --n 6 --t0 0.1 --t1 0.2 --checkpoint "$tmp/none" --resume
# issue 10: another --digits than the checkpoint was made with is refused
err=$("$HKZ" track cw --n 6 --t0 0.1 --t1 0.2 --checkpoint "$tmp/ck" --resume --digits 20 2>&1 >/dev/null); rc=$?
ok "resume other digits refused, named" "[ $rc -eq 2 ] && printf '%s' \"\$err\" | grep -q 'digits = 30; this run has 20'"
bad "resume other t1" track cw --n 6 --t0 0.1 --t1 0.25 --checkpoint "$tmp/ck" --resume
bad "resume other zeros" track cw --n 6 --t0 0.1 --t1 0.2 --zeros 1:2 --checkpoint "$tmp/ck" --resume

# ---- zeros: checkpoint and resume (issue 10)
"$HKZ" zeros cw --n 12 --t 0.05 --digits 20 --checkpoint "$tmp/zk" --format csv > "$tmp/z1.csv"; rc=$?
ok "zeros checkpoint run" "[ $rc -eq 0 ] && head -1 '$tmp/zk' | grep -q 'hkz-checkpoint 1 zeros' && grep -q '^zb ' '$tmp/zk'"
"$HKZ" zeros cw --n 12 --t 0.05 --digits 20 --checkpoint "$tmp/zk" --resume --format csv > "$tmp/z2.csv"; rc=$?
ok "zeros resume identical" "[ $rc -eq 0 ] && diff <(grep -v '^#\\|^meta' '$tmp/z1.csv') <(grep -v '^#\\|^meta' '$tmp/z2.csv') > /dev/null"
err=$("$HKZ" zeros cw --n 12 --t 0.05 --digits 25 --checkpoint "$tmp/zk" --resume 2>&1 >/dev/null); rc=$?
ok "zeros resume other digits named" "[ $rc -eq 2 ] && printf '%s' \"\$err\" | grep -q 'digits = 20'"
bad "zeros resume other t" zeros cw --n 12 --t 0.06 --digits 20 --checkpoint "$tmp/zk" --resume
bad "zeros resume without checkpoint" zeros cw --n 12 --t 0.05 --resume
"$HKZ" zeros graph --graph "$tmp/c4.txt" --checkpoint "$tmp/gk" > /dev/null; rc=$?
ok "zeros graph checkpoint" "[ $rc -eq 0 ]"
printf '0 1 2\n1 2 1\n2 3 2\n3 0 0.06\n' > "$tmp/c4b.txt"; cp "$tmp/c4b.txt" "$tmp/c4.txt.changed"
bad "zeros graph resume, file changed" zeros graph --graph "$tmp/c4b.txt" --checkpoint "$tmp/gk" --resume

# ---- track: t1 far beyond the t -> infinity limit (issue 10)
out=$(timeout 60 "$HKZ" track cw --n 9 --t0 0.1 --t1 1e400 --format csv); rc=$?
ok "track cw t1 = 1e400 ends" "[ $rc -eq 0 ] && [ \$(printf '%s\n' \"\$out\" | grep -c '^tail,') -eq 4 ]"
ok "track cw t1 = 1e400 verdict" "printf '%s\n' \"\$out\" | grep -q '^verifier,0,.*,cw_decrease,true,'"
out=$(timeout 60 "$HKZ" track cw --n 9 --t0 0.1 --t1 1e6 --format csv); rc=$?
ok "track cw t1 = 1e6 few steps" "[ $rc -eq 0 ] && [ \$(printf '%s\n' \"\$out\" | grep -c '^step,') -lt 2000 ]"
bad "track cw t0 beyond the limit" track cw --n 9 --t0 100 --t1 200
bad "track edge t1 too large" track edge --graph "$tmp/c4.txt" --edge 1,2 --t0 0.5 --t1 1e6
# couplings with many digits are read exactly
long=0.$(printf '1%.0s' $(seq 60))
"$HKZ" track cw --n 6 --t0 "$long" --t1 0.2 > /dev/null; rc=$?
ok "track cw t0 with 60 digits" "[ $rc -eq 0 ]"
"$HKZ" zeros lattice --L 4 --M 4 --coupling "$long" > /dev/null; rc=$?
ok "zeros lattice K with 60 digits" "[ $rc -eq 0 ]"
# too large for this method: exit 2 (HKZ_ERR_TOO_LARGE), one line
for i in $(seq 0 69); do echo "$i $(( (i + 1) % 70 )) 1"; done > "$tmp/big.txt"
bad "zeros graph too large" zeros graph --graph "$tmp/big.txt"
bad "track edge too large" track edge --graph "$tmp/big.txt" --edge 0,1 --t0 0.1 --t1 1
ok "zeros --help documents too large" "'$HKZ' zeros graph --help | grep -q 'too large'"

# ---- bad input
bad "no model" zeros
bad "unknown model" zeros foo
bad "N = 0" zeros cw --n 0 --t 0.1
bad "no --t" zeros cw --n 10
bad "t < 0" zeros cw --n 10 --t -1
bad "t = 0" zeros cw --n 10 --t 0
bad "t garbage" zeros cw --n 10 --t abc
bad "t and beta" zeros cw --n 10 --t 0.1 --beta 1
bad "method" zeros cw --n 10 --t 0.1 --method foo
bad "format" zeros cw --n 10 --t 0.1 --format xml
bad "unknown option" zeros cw --n 10 --t 0.1 --foo
bad "threads" zeros cw --n 10 --t 0.1 --threads 0
bad "digits" zeros cw --n 10 --t 0.1 --digits -3
bad "missing graph file" zeros graph --graph "$tmp/nonexistent"
printf '0 1 1\n1 2 -0.5\n' > "$tmp/neg.txt"
bad "negative coupling" zeros graph --graph "$tmp/neg.txt"
printf '0 0 1\n' > "$tmp/loop.txt"
bad "self loop" zeros graph --graph "$tmp/loop.txt"
bad "lattice too small" zeros lattice --L 2 --M 2 --coupling 0.3
bad "lattice K <= 0" zeros lattice --L 4 --M 4 --coupling -1
bad "lattice boundary" zeros lattice --L 4 --M 4 --coupling 0.3 --boundary moebius
bad "track family" track foo
bad "track t0 > t1" track cw --n 6 --t0 0.3 --t1 0.1
bad "track t0 = 0" track cw --n 6 --t0 0 --t1 0.1
bad "track zeros range" track cw --n 6 --t0 0.1 --t1 0.2 --zeros 2:9
bad "track zeros syntax" track cw --n 6 --t0 0.1 --t1 0.2 --zeros 2
bad "resume without checkpoint" track cw --n 6 --t0 0.1 --t1 0.2 --resume
bad "track edge missing edge" track edge --graph "$tmp/c4.txt" --edge 0,2 --t0 0.1 --t1 1
bad "track edge syntax" track edge --graph "$tmp/c4.txt" --edge 0-1 --t0 0.1 --t1 1

# ---- SIGINT: the checkpoint is committed, exit 130 with the resume line,
# and the resumed run prints what an uninterrupted one prints (issue 10)
sigint() {   # name, then the hkz arguments (with --checkpoint)
    local name=$1; shift
    "$HKZ" "$@" --format csv > "$tmp/full.csv" 2>/dev/null
    rm -f "$tmp/sck"
    "$HKZ" "$@" --checkpoint "$tmp/sck" --format csv > /dev/null 2> "$tmp/serr" &
    local pid=$!
    sleep 1
    kill -INT $pid
    wait $pid; local rc=$?
    if [ $rc -eq 0 ]; then echo "note: $name finished before SIGINT"; return; fi
    ok "$name: SIGINT exit 130" "[ $rc -eq 130 ] && grep -q 'resume with: hkz .* --resume' '$tmp/serr'"
    "$HKZ" "$@" --checkpoint "$tmp/sck" --resume --format csv > "$tmp/res.csv"; rc=$?
    ok "$name: resumed = uninterrupted" "[ $rc -eq 0 ] && diff <(grep -v '^#' '$tmp/full.csv') <(grep -v '^#' '$tmp/res.csv') > /dev/null"
}
sigint "zeros cw" zeros cw --n 2000 --t 0.001 --threads 1
sigint "track cw" track cw --n 30 --t0 0.01 --t1 0.3 --threads 1 --every 4

exit $fail
