#!/usr/bin/env bash
# verdict.sh HKZ: hkz compare Xk --format csv|jsonl keeps stdout data only:
# the verdict is the data's final record, just before the run's closing
# record (jsonl: {"record":"verdict",...} then {"record":"end",...}; csv:
# the comment line "# verdict: PASS|FAIL (reason)" then the "# wall_s:",
# "# rank_wall_s:", "# exit_code:" lines), and one line "Xk: PASS" /
# "Xk: FAIL (reason)" goes to stderr.  Text keeps the line on stdout.  The
# data files are not changed by the format.
set -u
hkz=$1
fail=0
case $hkz in /*) ;; *) hkz=$PWD/$hkz ;; esac
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../cli/lib.sh" || exit 1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

"$hkz" compare X3 --N 5,50 --format jsonl --data-dir d >j.out 2>j.err; rc=$?
check "X3 jsonl exit 0" '[ $rc -eq 0 ]'
check "X3 jsonl: every stdout line is JSON, the last the verdict record" \
  '/usr/bin/python3 - j.out <<PY
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
assert recs[0]["record"] == "meta", recs[0]
assert recs[-1]["record"] == "end" and recs[-1]["exit_code"] == 0, recs[-1]
v = recs[-2]
assert v["record"] == "verdict" and v["experiment"] == "X3", v
assert v["verdict"] == "PASS" and v["reason"] == "", v
assert "C_star_half" in v and "C_star_half_mid" in v, v
assert [r["N"] for r in recs[1:-2]] == [5, 50]
PY'
check "X3 jsonl: stderr has the verdict line" 'grep -qx "X3: PASS" j.err'
check "X3 jsonl: no verdict line on stdout" '! grep -q "^X3: " j.out'

"$hkz" compare X4 --gamma 0.75 --claim equal --format csv --data-dir none \
  >c.out 2>c.err; rc=$?
check "X4 FAIL csv exit 4" '[ $rc -eq 4 ]'
# data lines: without the closing record's comment lines
data() { grep -v '^# \(wall_s\|rank_wall_s\|exit_code\): ' "$1"; }
check "X4 csv: last data line is the verdict comment, closing record exit 4" \
  'data c.out | tail -n 1 | grep -q "^# verdict: FAIL (claim equal: brute force .* != closed form" && [ "$(tail -n 1 c.out)" = "# exit_code: 4" ]'
check "X4 csv parses (comments skipped): 3 rows, the contract columns" \
  '/usr/bin/python3 - c.out <<PY
import csv, sys
rows = list(csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#")))
assert len(rows) == 3 and [r["nmax"] for r in rows] == ["5", "10", "20"], rows
assert all(r["claim"] == "equal" for r in rows)
PY'
check "X4 csv: stderr has the FAIL line" \
  'grep -q "^X4: FAIL (claim equal: brute force" c.err && [ $(wc -l <c.err) -eq 1 ]'

# --out FILE: the verdict record goes into the file too
"$hkz" compare X3 --N 5 --format csv --out o.csv --data-dir none >o.out 2>o.err
check "X3 csv --out: verdict comment in the file, nothing on stdout" \
  '[ "$(data o.csv | tail -n 1)" = "# verdict: PASS" ] && [ ! -s o.out ] && grep -qx "X3: PASS" o.err'
"$hkz" compare X3 --N 5 --format jsonl --out o.jsonl --data-dir none >/dev/null 2>&1
check "X3 jsonl --out: verdict record last in the file" \
  'tail -n 2 o.jsonl | head -n 1 | grep -q "^{\"record\":\"verdict\",\"experiment\":\"X3\",\"verdict\":\"PASS\",\"reason\":\"\""'

# text: the line stays on stdout
"$hkz" compare X3 --N 5 --data-dir t >t.out 2>t.err
check "X3 text: 'X3: PASS' last on stdout" '[ "$(tail -n 1 t.out)" = "X3: PASS" ]'
check "X3 text: not on stderr" '! grep -q "^X3:" t.err'

# the data files do not depend on --format
"$hkz" compare X3 --N 5,50 --format csv --data-dir d2 >/dev/null 2>&1
for f in x3.csv x3.jsonl x3_verdict.jsonl; do
  check "data file $f independent of --format" \
    'diff <(grep -v "^#\|\"record\":\"meta\"" d/x3/$f) <(grep -v "^#\|\"record\":\"meta\"" d2/x3/$f)'
done
exit $fail
