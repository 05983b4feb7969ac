# lib.sh -- helpers shared by the CLI test scripts (sourced; they set
# hkz=<binary> and fail=0 first).

# check NAME EXPR: evaluates EXPR; prints ok/FAIL and sets fail=1 on FAIL.
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }

# expect_usage_error ARGS...: hkz ARGS must exit 2 with exactly one
# 'hkz: error: ...' line on stderr and nothing on stdout.
expect_usage_error() {
  local out err rc
  out=$(mktemp); err=$(mktemp)
  "$hkz" "$@" >"$out" 2>"$err"; rc=$?
  if [ "$rc" -ne 2 ]; then echo "FAIL (exit $rc, want 2): hkz $*"; cat "$err"; fail=1
  elif [ "$(wc -l <"$err")" -ne 1 ] || ! grep -q '^hkz: error: ' "$err"; then
    echo "FAIL (stderr not one 'hkz: error:' line): hkz $*"; cat "$err"; fail=1
  elif [ -s "$out" ]; then echo "FAIL (stdout not empty): hkz $*"; fail=1
  else echo "ok: hkz $* -> $(cat "$err")"; fi
  rm -f "$out" "$err"
}

# norun FILE: FILE without the run-dependent parts of the run record (command
# line, start time, git revision, threads, ranks, backend) and without the
# closing record, so outputs of two runs (resumed, other rank counts) can be
# compared byte for byte (issue 10).
norun() {
  sed -E 's/"(command|start_utc|git_revision|threads|blas_threads|ranks|backend)":("[^"]*"|[0-9]+),?//g; s/,\}$/}/; /^\{"record":"end"/d; /^# (command|start_utc|git_revision|threads|blas_threads|ranks|backend|wall_s|rank_wall_s|exit_code): /d' "$1"
}
