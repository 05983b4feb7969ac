#!/usr/bin/env bash
# grid_cli.sh HKZ: hkz compare varadhan / gauss: --help states the
# definitions, bad input exits 2 with one 'hkz: error:' line, a small run
# writes the data files and the verdict (exit 0 on PASS).
set -u
hkz=$1
fail=0
case $hkz in /*) ;; *) hkz=$PWD/$hkz ;; esac
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../cli/lib.sh" || exit 1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

"$hkz" compare varadhan --help >vh.out 2>&1; rc=$?
check "varadhan --help exit 0" '[ $rc -eq 0 ]'
check "varadhan --help: the definition of e" \
  'grep -q "e(g, t) =" vh.out && grep -q "4 t log p_t(g) - d(g)^2" vh.out'
check "varadhan --help: the closed form, the fit, the fibre" \
  'grep -q "closed form" vh.out && grep -q "fit_A_double" vh.out &&
   grep -q "fibre" vh.out && grep -q -- "--preset" vh.out'
"$hkz" compare gauss --help >gh.out 2>&1; rc=$?
check "gauss --help exit 0" '[ $rc -eq 0 ]'
check "gauss --help: R_k, C_k, both c0" \
  'grep -q "R_k(g, t)      = t^k |d^k/dt^k p_t(g)| t^(3/2) exp" gh.out &&
   grep -q "C_k(c0, t_min) = max of R_k" gh.out &&
   grep -q "4 lambda_max (1 + eps)" gh.out &&
   grep -q "4 lambda_min (1 - eps)" gh.out'
"$hkz" compare --help >ch.out 2>&1
check "compare --help lists both" \
  'grep -q "^  varadhan" ch.out && grep -q "^  gauss" ch.out'

expect_usage_error compare varadhan --nt 2
expect_usage_error compare varadhan --nt x
expect_usage_error compare varadhan --alpha 4
expect_usage_error compare varadhan --alpha 1,,2
expect_usage_error compare varadhan --sub 0.8
expect_usage_error compare varadhan --sub 0,0.3
expect_usage_error compare varadhan --t0 2
expect_usage_error compare varadhan --tol -1
expect_usage_error compare varadhan --preset huge
expect_usage_error compare varadhan --bogus
expect_usage_error compare varadhan --digits 0
expect_usage_error compare gauss --ops 1,1
expect_usage_error compare gauss --ops 1,0,1
expect_usage_error compare gauss --eps 1
expect_usage_error compare gauss --alpha 3.5
expect_usage_error compare gauss --J 1
expect_usage_error compare gauss --per-octave 0
expect_usage_error compare gauss --grow abc
expect_usage_error compare gauss --preset x
expect_usage_error compare gauss extra

"$hkz" compare varadhan --alpha 1 --sub 0.8,0.3 --fibre 1 --t0 0.04 --nt 4 \
  --digits 12 --format jsonl --data-dir d >v.out 2>v.err; rc=$?
check "varadhan small run exit 0 (PASS)" '[ $rc -eq 0 ] && grep -qx "varadhan: PASS" v.err'
check "varadhan data files" \
  '[ -s d/varadhan/varadhan.csv ] && [ -s d/varadhan/varadhan.jsonl ] &&
   [ -s d/varadhan/varadhan_verdict.jsonl ]'
"$hkz" compare gauss --ops 1,1,1 --alpha 0,1,2 --eps 0.5 --J-delta 6 \
  --per-octave 1 --data-dir d >g.out 2>&1; rc=$?
check "gauss small run exit 0 (PASS)" '[ $rc -eq 0 ] && grep -qx "gauss: PASS" g.out'
check "gauss data files" '[ -s d/gauss/gauss.csv ] && [ -s d/gauss/gauss_verdict.jsonl ]'
"$hkz" compare gauss --ops 1,1,1 --alpha 0,1 --eps 0.5 --J-delta 3 \
  --per-octave 1 --grow 1e200 --data-dir none >f.out 2>&1; rc=$?
check "gauss impossible growth: FAIL exit 4" '[ $rc -eq 4 ] && grep -q "^gauss: FAIL (" f.out'
exit $fail
