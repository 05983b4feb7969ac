#!/bin/bash
# Issue 5, resume test: kill `hkz compare sweep --checkpoint` midway
# (SIGTERM, then SIGKILL), restart with --resume, and get exactly the
# uninterrupted output (every line but the command-line metadata).
# A checkpoint of other parameters is refused (one error line, exit 2).
HKZ="$1"
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -KILL $pid 2> /dev/null; rm -rf "$tmp"' EXIT
fail=0
ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }
. "$(dirname "$0")/lib.sh"   # norun: a file without its run record
N=40
args="compare sweep --samples $N --digits 20 --seed 7"
# all files equal but for the command line (CSV "# command:", JSONL meta)
same() {
    local f
    for f in sweep.csv sweep.jsonl sweep_summary.jsonl; do
        cmp -s <(norun "$1/sweep/$f") <(norun "$2/sweep/$f") || return 1
    done
    cmp -s "$1.out" "$2.out"
}
# sample lines in the checkpoint (the header is line 1)
done_lines() { grep -c ' end$' "$tmp/ck.r0" 2> /dev/null || echo 0; }

"$HKZ" $args --data-dir "$tmp/A" > "$tmp/A.out"; rc=$?
ok "uninterrupted rc 0" "[ $rc -eq 0 ]"

# $1 = signal: start a slowed-down run, kill it once some samples are on
# disk, check what it left, resume
kill_resume() {
    local sig=$1 dir="$tmp/$1" i n
    rm -f "$tmp"/ck.r*
    "$HKZ" $args --checkpoint "$tmp/ck" --throttle-ms 80 --data-dir "$dir" \
        > "$dir.out" 2> "$tmp/err" &
    pid=$!
    for i in $(seq 400); do
        [ "$(done_lines)" -ge 5 ] && break
        sleep 0.05
    done
    kill -$sig $pid
    { wait $pid; } 2> /dev/null; rc=$?
    pid=
    n=$(done_lines)
    ok "$sig: killed midway ($n of $N samples)" "[ $n -ge 5 ] && [ $n -lt $N ]"
    ok "$sig: no output written" "[ ! -e '$dir/sweep/sweep.csv' ] && [ ! -e '$dir/sweep/sweep.jsonl' ]"
    if [ $sig = TERM ]; then
        ok "TERM: exit 130 and the resume line" "[ $rc -eq 130 ] && grep -qx 'hkz: interrupted; resume with: hkz compare sweep .* --resume' '$tmp/err'"
    else
        ok "KILL: exit 137" "[ $rc -eq 137 ]"
        # a write cut short by SIGKILL: a partial last line is ignored
        printf '%s 0x1 0 0' "$((N - 1))" >> "$tmp/ck.r0"
    fi
    "$HKZ" $args --checkpoint "$tmp/ck" --resume --data-dir "$dir" \
        > "$dir.out" 2> "$tmp/err"; rc=$?
    ok "$sig: resume rc 0" "[ $rc -eq 0 ]"
    ok "$sig: resumed from the checkpoint" "grep -q 'resuming: $n samples' '$tmp/err'"
    ok "$sig: output identical to the uninterrupted run" "same '$tmp/A' '$dir'"
    ok "$sig: checkpoint complete" "[ \$(done_lines) -eq $N ] && [ \$(tail -c 4 '$tmp/ck.r0') = end ]"
}
kill_resume TERM
kill_resume KILL

# a resume of a finished checkpoint computes nothing and gives the same
"$HKZ" $args --checkpoint "$tmp/ck" --resume --data-dir "$tmp/C" \
    > "$tmp/C.out" 2> /dev/null; rc=$?
ok "resume of a complete checkpoint" "[ $rc -eq 0 ] && same '$tmp/A' '$tmp/C'"

# other parameters: refused with one line, exit 2, nothing written
refused() {
    "$HKZ" $1 --checkpoint "$tmp/ck" --resume --data-dir "$tmp/R" \
        > /dev/null 2> "$tmp/err"; rc=$?
    ok "refused: $2" "[ $rc -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ] && grep -q '^hkz: error: --resume: .*made with $2' '$tmp/err' && [ ! -e '$tmp/R' ]"
}
refused "compare sweep --samples $N --digits 20 --seed 8" "seed = 7; this run has 8"
refused "compare sweep --samples 41 --digits 20 --seed 7" "samples = 40; this run has 41"
refused "compare sweep --samples $N --digits 25 --seed 7" "digits = 20; this run has 25"
refused "$args --sub-weights i^3" "sub = i^2; this run has i^3"
# not a checkpoint
echo "garbage" > "$tmp/bad.r0"
"$HKZ" $args --checkpoint "$tmp/bad" --resume --data-dir "$tmp/R" \
    > /dev/null 2> "$tmp/err"; rc=$?
ok "refused: not a checkpoint" "[ $rc -eq 2 ] && [ \$(wc -l < '$tmp/err') -eq 1 ]"
exit $fail
