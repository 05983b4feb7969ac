#!/bin/bash
# hkz compare X8 under mpiexec: the blocks of the box are split over the
# ranks; the verdict and the certified balls agree with a single run.
HKZ="$1"
command -v mpiexec > /dev/null || { echo "no mpiexec"; exit 77; }
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
MPI="mpiexec --oversubscribe --allow-run-as-root"
args="compare X8 --n 2 --nmax 5 --t 0.5,1 --format jsonl"
"$HKZ" $args --data-dir "$D/one" > "$D/one.txt" || fail "single run"
$MPI -n 3 "$HKZ" $args --data-dir "$D/three" > "$D/three.txt" \
  || fail "3 ranks: exit $?"
grep -q '^{"record":"verdict","experiment":"X8","verdict":"PASS"' \
  "$D/three.txt" || fail "verdict"
[ -s "$D/three/x8/x8_verdict.jsonl" ] || fail "verdict file (rank 0)"
[ "$(grep -c '"row":"t"' "$D/three.txt")" -eq 2 ] || fail "rows"
# the mu_L_mid values agree (bitwise: tests/cli/x8_mpi.sh)
paste <(grep -o '"mu_L_box":"[^"]*"' "$D/one.txt") \
      <(grep -o '"mu_L_box":"[^"]*"' "$D/three.txt") > "$D/p"
[ "$(wc -l < "$D/p")" -eq 2 ] || fail "box columns"
python3 - "$D/one.txt" "$D/three.txt" <<'PY' || fail "values differ"
import json, sys
def rows(p):
    return [json.loads(l) for l in open(p) if l.startswith('{"row":"t"')]
a, b = rows(sys.argv[1]), rows(sys.argv[2])
assert len(a) == len(b) == 2
for x, y in zip(a, b):
    assert abs(x["mu_L_mid"] - y["mu_L_mid"]) <= 1e-12 * x["mu_L_mid"]
    assert abs(x["mu_L_double"] - y["mu_L_double"]) <= 1e-12 * x["mu_L_double"]
PY
echo "su2mix.x8_mpi....PASS"
