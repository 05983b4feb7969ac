#!/usr/bin/env bash
# cli_dos_bad.sh HKZ CLASS: every bad `hkz dos` command line of the class
# must exit 2 with exactly one line "hkz: error: ..." on stderr, nothing on
# stdout and no output file.
set -u
hkz=$1; class=$2
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
expect_usage_error() {
  local out=$tmp/out err=$tmp/err rc
  "$hkz" "$@" >"$out" 2>"$err"; rc=$?
  if [ "$rc" -ne 2 ]; then echo "FAIL (exit $rc, want 2): hkz $*"; cat "$err"; fail=1
  elif [ "$(wc -l <"$err")" -ne 1 ] || ! grep -q '^hkz: error: ' "$err"; then
    echo "FAIL (stderr not one 'hkz: error:' line): hkz $*"; cat "$err"; fail=1
  elif [ -s "$out" ]; then echo "FAIL (stdout not empty): hkz $*"; fail=1
  elif [ -e "$tmp/t.out" ] || [ -e "$tmp/t.out.tmp" ]; then echo "FAIL (output file left): hkz $*"; fail=1
  else echo "ok: hkz $* -> $(cat "$err")"; fi
}
g() { printf -- "$2" >"$tmp/$1"; echo "$tmp/$1"; }
case "$class" in
missing)
  expect_usage_error dos
  expect_usage_error dos --format csv
  expect_usage_error dos --graph
  expect_usage_error dos --lattice
  expect_usage_error dos --lattice 4x4 --boundary
  expect_usage_error dos --lattice 4x4 --out ;;
conflicting)
  expect_usage_error dos --graph "$(g a.txt '0 1 1\n')" --lattice 4x4
  expect_usage_error dos --graph "$(g a.txt '0 1 1\n')" --boundary torus
  expect_usage_error dos --lattice 4x4 extra
  expect_usage_error dos --lattice 4x4 --bogus
  expect_usage_error dos --lattice 4x4 --format xml
  expect_usage_error dos --lattice 4x4 --threads 0
  expect_usage_error dos --lattice 4x4 --threads two ;;
lattice)
  expect_usage_error dos --lattice 4
  expect_usage_error dos --lattice 4x
  expect_usage_error dos --lattice x4
  expect_usage_error dos --lattice 4y4
  expect_usage_error dos --lattice 4x4x4
  expect_usage_error dos --lattice -4x4
  expect_usage_error dos --lattice 0x5 --boundary cylinder
  expect_usage_error dos --lattice 2x4
  expect_usage_error dos --lattice 4x2
  expect_usage_error dos --lattice 4x4 --boundary moebius
  expect_usage_error dos --lattice 4x4 --boundary torus,cylinder ;;
graph)
  expect_usage_error dos --graph "$tmp/nonexistent.txt"
  expect_usage_error dos --graph "$(g bad1.txt '0 1 abc\n')"
  expect_usage_error dos --graph "$(g bad2.txt '0 1 1\n1 1 1\n')"
  expect_usage_error dos --graph "$(g bad3.txt '0 1 1\n1 0 2\n')"
  expect_usage_error dos --graph "$(g bad4.txt '-1 2 1\n')"
  expect_usage_error dos --graph "$(g bad5.txt 'vertices 2\n0 2 1\n')"
  expect_usage_error dos --graph "$(g bad6.txt '0 1 nan\n')"
  expect_usage_error dos --graph "$(g bad7.txt '# nothing\n')"
  expect_usage_error dos --graph "$(g bad8.txt '0 1 1 1\n')"
  expect_usage_error dos --graph "$(g bad9.txt 'weight 0 0\n0 1 1\n')"
  expect_usage_error dos --graph "$tmp" ;;
limits)
  # N too large for enumeration, lattice too large for the transfer matrix,
  # couplings too incommensurate for an exact table
  expect_usage_error dos --graph "$(g big.txt '0 41 1\n')"
  expect_usage_error dos --lattice 20x20
  expect_usage_error dos --graph "$(g inc.txt '0 1 1\n1 2 1/999983\n2 3 1/999979\n3 4 1/999961\n')" ;;
*) echo "unknown class $class"; exit 1 ;;
esac
exit $fail
