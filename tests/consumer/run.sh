#!/usr/bin/env bash
# Installs the build in BUILD_DIR into a temporary prefix, runs the installed
# hkz, then builds the consumer with find_package(hkz) and with pkg-config,
# and runs both. No LD_LIBRARY_PATH anywhere: the installed executables carry
# RPATH $ORIGIN/../lib, the .pc file's Libs -Wl,-rpath,${libdir}.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
unset LD_LIBRARY_PATH
cmake --install "$src/$build" --prefix "$prefix" >/dev/null
if [ -x "$prefix/bin/hkz" ]; then
  "$prefix/bin/hkz" version
  if [ -d "$src/$build/man" ]; then
    [ -s "$prefix/share/man/man1/hkz.1" ] || { echo "consumer: share/man/man1/hkz.1 not installed"; exit 1; }
  fi
fi
cmake -S "$src/tests/consumer" -B "$prefix/consumer-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$prefix/consumer-build" >/dev/null
"$prefix/consumer-build/consumer"
pcdir=$(dirname "$(find "$prefix" -name hkz.pc | head -n 1)")
cc -std=c11 "$src/tests/consumer/consumer.c" -o "$prefix/consumer-pc" \
   $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs hkz)
"$prefix/consumer-pc"
echo "consumer: installed hkz, find_package and pkg-config all run without LD_LIBRARY_PATH"
