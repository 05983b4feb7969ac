#!/usr/bin/env bash
# hostile.sh HKZ CASE: the faults and bad inputs of issue 17 ("tried as a
# new user"), one case per item.
set -u
hkz=$1; case_=$2
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib.sh"
cd "$tmp" || exit 1
case "$case_" in
given_common)
  # item 6: --digits reaches compare varadhan (hkz_cli_given knows the
  # common options)
  "$hkz" compare varadhan --digits 5 --data-dir none --format csv \
    | grep '^delta' >d5.csv
  "$hkz" compare varadhan --digits 12 --data-dir none --format csv \
    | grep '^delta' >d12.csv
  check "compare varadhan: --digits 5 and 12 give other values" \
    '[ -s d5.csv ] && ! cmp -s d5.csv d12.csv' ;;
*) echo "unknown case $case_"; exit 1 ;;
esac
exit $fail
