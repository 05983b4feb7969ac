#!/bin/bash
# Lee-Yang zero benchmark (bench/NOTES.md): hkz vs MPSolve, Arb and PARI/GP
# on the Curie-Weiss polynomial at t = 0.5/N, 15 digits, 2 threads.
#   bench/run_ly.sh [BUILD_DIR] [N...]
# Needs: apt-get install -y mpsolve pari-gp (peers missing from PATH are
# reported as "failed").  Peers are capped at CAP seconds (default 120);
# MPSolve and PARI run up to N = 10000, Arb up to N = MAX_ARB (default
# 1000: it already times out at N = 300).
set -e
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../build}
shift || true
sizes=${*:-"100 300 1000 2000 10000 100000"}
bin=$build/bench/bench_ly
if [ ! -x "$bin" ]; then
    cmake --build "$build" --target bench_ly -j2
fi
echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(uname -n), $(nproc) cores; mpsolve: $(command -v mpsolve || echo none), gp: $(command -v gp || echo none)"
exec "$bin" --threads "${THREADS:-2}" --cap "${CAP:-120}" --digits "${DIGITS:-15}" \
    --max-mpsolve "${MAX_MPSOLVE:-10000}" --max-arb "${MAX_ARB:-1000}" \
    --max-pari "${MAX_PARI:-10000}" --tmp "${TMPDIR:-/tmp}" $sizes
