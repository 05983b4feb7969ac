#!/bin/bash
# Issue 19.6 (label gpu): `hkz bench ssum --device cuda` prints figures,
# not n/a, for max_abs_diff_engine_vs_plain (Chebyshev basis) and
# max_error_bound, for both bases, the difference within the bounds (the
# engine's and the plain DGEMM's errors each stay under the engine's bound;
# the GPU baseline multiplies the engine's own basis, cos included).
# Exit 77 (skipped) without a CUDA build or device.
HKZ="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
pos='[0-9.]+(e[-+]?[0-9]+)?'
ok() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; else echo "ok: $1"; fi; }
run() { "$HKZ" bench ssum --device cuda --P 300 --K 2500 --T 1100 --reps 1 \
        --warmup 0 "$@" > "$tmp/out" 2> "$tmp/err"; }
run; rc=$?
if [ $rc -ne 0 ]; then echo "skip: no usable GPU ($(head -c 200 "$tmp/err"))"; exit 77; fi
cat "$tmp/out" | grep -E '^(backend|max_abs|max_error|efficiency)'
ok "diff is a figure" "grep -Eq '^max_abs_diff_engine_vs_plain $pos\$' '$tmp/out'"
ok "bound is a figure" "grep -Eq '^max_error_bound $pos\$' '$tmp/out'"
ok "diff within the bounds" "awk '/^max_abs_diff_engine_vs_plain /{d=\$2} /^max_error_bound/{b=\$2} END{exit !(b > 0 && d <= 2*b)}' '$tmp/out'"
run --basis cos; rc=$?
ok "cos exit 0" "[ $rc -eq 0 ]"
ok "cos diff is a figure" "grep -Eq '^max_abs_diff_engine_vs_plain $pos\$' '$tmp/out'"
ok "cos diff within the bounds" "awk '/^max_abs_diff_engine_vs_plain /{d=\$2} /^max_error_bound/{b=\$2} END{exit !(b > 0 && d <= 2*b)}' '$tmp/out'"
ok "cos bound is a figure" "grep -Eq '^max_error_bound $pos\$' '$tmp/out'"
exit $fail
