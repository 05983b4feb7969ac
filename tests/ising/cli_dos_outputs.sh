#!/usr/bin/env bash
# cli_dos_outputs.sh HKZ: `hkz dos` tables (spec 4.3 / 5 C12) in the three
# formats, --out files, metadata.
set -u
hkz=$1
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }

"$hkz" dos --lattice 4x4 --energy-only --format csv --out "$tmp/a.csv"
check "4x4 csv exit 0" '[ $? -eq 0 ]'
check "4x4 counts by b (spec 4.3)" \
  '[ "$(grep -v "^#" "$tmp/a.csv" | tr "\n" " ")" = "b,E,g 0,32,2 4,24,32 6,20,64 8,16,424 10,12,1728 12,8,6688 14,4,13568 16,0,20524 18,-4,13568 20,-8,6688 22,-12,1728 24,-16,424 26,-20,64 28,-24,32 32,-32,2 " ]'
check "metadata: method and total" 'grep -q "^# method: transfer matrix" "$tmp/a.csv" && grep -q "^# total: 65536" "$tmp/a.csv"'
check "no temporary file left" '[ ! -e "$tmp/a.csv.tmp" ]'

"$hkz" dos --lattice 6x6 --energy-only --format jsonl >"$tmp/b.jsonl"
check "6x6 exit 0" '[ $? -eq 0 ]'
/usr/bin/python3 - "$tmp/b.jsonl" <<'PY' || fail=1
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert rows[0]["record"] == "meta" and rows[0]["total"] == 2**36
rows = [r for r in rows if r.get("record") != "end"]
g = {r["b"]: r["g"] for r in rows[1:]}
assert [g.get(b, 0) for b in range(11)] == [2, 0, 0, 0, 72, 0, 144, 0, 1620, 0, 6048], g
assert sum(g.values()) == 2**36
print("ok: 6x6 jsonl counts = C12, total 2^36")
PY

printf '# triangle J01=1, J12=1/2, J02=2: unit 1/2, multipliers 2, 1, 4\n0 1 1\n1 2 0.5\n0 2 2\n' >"$tmp/tri.txt"
"$hkz" dos --graph "$tmp/tri.txt" --format jsonl >"$tmp/c.jsonl"
check "graph exit 0" '[ $? -eq 0 ]'
/usr/bin/python3 - "$tmp/c.jsonl" <<'PY' || fail=1
import itertools, json, sys
from fractions import Fraction
rows = [json.loads(l) for l in open(sys.argv[1])]
rows = [r for r in rows if r.get("record") != "end"]
meta = rows[0]
assert meta["J0"] == "1/2" and meta["S"] == 7 and meta["total"] == 8, meta
J0 = Fraction(1, 2)
edges = [(0, 1, Fraction(1)), (1, 2, Fraction(1, 2)), (0, 2, Fraction(2))]
want = {}
for s in itertools.product([1, -1], repeat=3):
    E = sum(J * s[u] * s[v] for u, v, J in edges) / J0
    M = sum(s)
    want[(E, M)] = want.get((E, M), 0) + 1
got = {(r["E"], r["M"]): r["g"] for r in rows[1:]}
assert got == want, (got, want)
print("ok: triangle g(M, E) = brute force")
PY
"$hkz" dos --lattice 3x3 --boundary cylinder >"$tmp/d.txt"
check "cylinder text: 15 bonds, 512 states" 'grep -q "^# S: 15" "$tmp/d.txt" && grep -q "^# total: 512" "$tmp/d.txt" && grep -q "^b = 0  E = 15  k = 0  M = 9  g = 1" "$tmp/d.txt"'
"$hkz" dos --help >"$tmp/h.txt"
check "--help exits 0 and prints usage" '[ $? -eq 0 ] && grep -q "^usage: hkz dos" "$tmp/h.txt"'
exit $fail
