#!/bin/bash
# Issue 11.3: `hkz bench ssum` prints every figure once as a `key value`
# line with a sane value (no timing assertions), refuses bad input with
# exit 2; `mpi`: under mpiexec -n 2 the per-rank lines appear.
#   bench_ssum.sh HKZ [unit|mpi]
hkz="$1"
what="${2:-unit}"
fail=0
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

num='-?[0-9.]+(e[-+]?[0-9]+)?'
pos='[0-9.]+(e[-+]?[0-9]+)?'
# key REGEX: the line "key value" appears exactly once, value matches
key() {
  local n
  n=$(grep -c "^$1 " "$tmp/out")
  if [ "$n" -ne 1 ]; then echo "FAIL: key $1 printed $n times"; fail=1; return; fi
  if ! grep -Eq "^$1 $2\$" "$tmp/out"; then
    echo "FAIL: $1: '$(grep "^$1 " "$tmp/out")' does not match '$2'"; fail=1
  else echo "ok: $(grep "^$1 " "$tmp/out")"; fi
}

common_keys() {  # ranks
  key command '.*hkz bench ssum .*'
  key hkz_version '[0-9]+\.[0-9]+\.[0-9]+.*'
  key git_revision '.+'
  key start_utc '[0-9-]+T[0-9:]+Z'
  key ranks "$1"
  key threads '[1-9][0-9]*'
  key blas_threads '[1-9][0-9]*'
  key backend 'cpu'
  key P 64; key K 64; key T 64
  key basis 'cheb|cos'; key shard 'k|p'; key overlap 'none|chunked'
  key P_loc '[1-9][0-9]*'; key K_loc '[1-9][0-9]*'
  key nchunks '[1-9][0-9]*'; key reps '[1-9][0-9]*'
  key flop 524288
  key engine_s "$pos"
  key engine_flop_per_s "$pos"
  key plain_dgemm_via openblas
  key blas_core '.+'
  key blas_config '.+'
  key plain_dgemm_s "$pos"
  key plain_dgemm_flop_per_s "$pos"
  key efficiency_vs_plain_dgemm '[0-9]+\.[0-9]%'
  key max_error_bound "$pos"
  key reduction '.+'
  key gemm_alone_s "$pos"
  key allreduce_alone_s "$pos"
  key gemm_then_allreduce_s "$pos"
  key overlapped_s "$pos"
  key max_abs_diff_overlapped_vs_sequential "$pos"
  key ect_sequential_s "$num"
  key ect_overlap_s "$num"
  key overlap_efficiency "($num|n/a)"
  key straggler_engine "ranks $1: .*"
  key rank_0_cpu "plain_dgemm_s $pos engine_s $pos allreduce_alone_s $pos gemm_then_allreduce_s $pos overlapped_s $pos"
}

if [ "$what" = mpi ]; then
  command -v mpiexec > /dev/null || { echo "no mpiexec"; exit 77; }
  MPI="mpiexec -n 2 --oversubscribe --allow-run-as-root"
  $MPI "$hkz" bench ssum --P 64 --K 64 --T 64 --reps 2 > "$tmp/out" 2> "$tmp/err"
  rc=$?
  check "mpi exit 0" "[ $rc -eq 0 ]"
  cat "$tmp/err"
  common_keys 2
  key K_loc 32
  key max_abs_diff_engine_vs_plain "$pos"
  rl="plain_dgemm_s $pos engine_s $pos allreduce_alone_s $pos gemm_then_allreduce_s $pos overlapped_s $pos"
  key rank_0 "$rl"
  key rank_1 "$rl"
  check "reduction over MPI" "grep -q '^reduction MPI' '$tmp/out'"
  key max_abs_diff_overlapped_vs_sequential 0
  # split P with MPI's all-reduce
  $MPI "$hkz" bench ssum --P 128 --K 64 --T 64 --shard p --reduce mpi \
      --reps 1 > "$tmp/out" 2> "$tmp/err"
  rc=$?
  check "mpi split p exit 0" "[ $rc -eq 0 ]"
  key P_loc 64
  key rank_1 "$rl"
  exit $fail
fi

"$hkz" bench ssum --P 64 --K 64 --T 64 > "$tmp/out" 2> "$tmp/err"
rc=$?
check "exit 0" "[ $rc -eq 0 ]"
check "stderr empty" "[ ! -s '$tmp/err' ]"
common_keys 1
key K_loc 64
key max_abs_diff_engine_vs_plain "$pos"
key rank_0 "plain_dgemm_s $pos engine_s $pos allreduce_alone_s $pos gemm_then_allreduce_s $pos overlapped_s $pos"
check "engine within its bound of plain" "awk '/^max_abs_diff/{d=\$2} /^max_error_bound/{b=\$2} END{exit !(d <= 2*b)}' '$tmp/out'"

# the cos basis, overlap none, split p, explicit threads and chunks
"$hkz" bench ssum --P 64 --K 64 --T 64 --basis cos --overlap none \
    --shard p --threads 1 --nchunks 2 --reps 1 --warmup 0 > "$tmp/out"
rc=$?
check "cos exit 0" "[ $rc -eq 0 ]"
key basis cos
key overlap none
key threads 1
key max_abs_diff_engine_vs_plain 'n/a'

check "--help exit 0" "'$hkz' bench ssum --help | grep -q -- '--overlap'"
expect_usage_error bench ssum --K 64 --T 64
expect_usage_error bench ssum --P 0 --K 64 --T 64
expect_usage_error bench ssum --P 64 --K x --T 64
expect_usage_error bench ssum --P 64 --K 64 --T 64 --basis legendre
expect_usage_error bench ssum --P 64 --K 64 --T 64 --overlap window
expect_usage_error bench ssum --P 64 --K 64 --T 64 --device gpu
expect_usage_error bench ssum --P 64 --K 64 --T 64 --reps 0
expect_usage_error bench ssum --P 64 --K 64 --T 64 --P 32
expect_usage_error bench ssum --P 64 --K 64 --T 64 extra
expect_usage_error bench
exit $fail
