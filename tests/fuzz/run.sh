#!/usr/bin/env bash
# run.sh [SECONDS]: builds the libFuzzer target for the graph-file parser
# with clang (no CMake needed) and runs it on a copy of corpus/ for SECONDS
# (default 30).  Exit status 0 if libFuzzer found nothing.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
secs=${1:-30}
command -v clang >/dev/null || { echo "run.sh: clang not found (apt-get install clang)"; exit 77; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/hkz" "$work/corpus"
# the generated config.h: FLINT 3 has Arb inside (flint/arb.h)
if [ -e /usr/include/flint/arb.h ]; then flint3=1; libs="-lflint"; else flint3=0; libs="-lflint-arb -lflint"; fi
cat >"$work/hkz/config.h" <<EOC
#ifndef HKZ_CONFIG_H
#define HKZ_CONFIG_H
#define HKZ_VERSION_STRING "fuzz"
#define HKZ_HAVE_FLINT3 $flint3
#define HKZ_HAVE_MPI 0
#define HKZ_HAVE_CUDA 0
#define HKZ_HAVE_NCCL 0
#define HKZ_API __attribute__((visibility("default")))
#define HKZ_WARN_UNUSED __attribute__((warn_unused_result))
#endif
EOC
clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$work" -I"$root/include" -I"$root/src" -I"$root/ising" \
  "$here/fuzz_graph.c" "$here/stubs.c" "$root"/ising/model/model_*.c "$root"/ising/model/graph_*.c "$root"/ising/dos/dos_*.c \
  "$root"/ising/transfer/transfer_*.c "$root/src/status.c" "$root/src/text.c" "$root/src/parallel.c" "$root/src/progress.c" "$root/src/checkpoint.c" "$root/src/checkpoint_stream.c" "$root/ising/dos/kaufman.c" \
  $libs -lmpfr -lgmp -lpthread -lm -o "$work/fuzz_graph"
cp "$here"/corpus/* "$work/corpus/"
ASAN_OPTIONS=detect_leaks=1 "$work/fuzz_graph" -max_total_time="$secs" -max_len=4096 \
  -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="${TMPDIR:-/tmp}/hkz-fuzz-graph-" "$work/corpus"
