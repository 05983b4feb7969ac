#!/usr/bin/env bash
# Installs the build in BUILD_DIR into a temporary prefix, then builds the
# consumer with find_package(hkz) and with pkg-config, and runs both.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$src/$build" --prefix "$prefix" >/dev/null
cmake -S "$src/tests/consumer" -B "$prefix/consumer-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$prefix/consumer-build" >/dev/null
LD_LIBRARY_PATH="$prefix/lib:$prefix/lib64:${LD_LIBRARY_PATH:-}" "$prefix/consumer-build/consumer"
pcdir=$(dirname "$(find "$prefix" -name hkz.pc | head -n 1)")
cc -std=c11 "$src/tests/consumer/consumer.c" -o "$prefix/consumer-pc" \
   $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs hkz)
LD_LIBRARY_PATH="$prefix/lib:$prefix/lib64:${LD_LIBRARY_PATH:-}" "$prefix/consumer-pc"
echo "consumer: find_package and pkg-config both OK"
