#!/usr/bin/env bash
# outputs.sh HKZ: output formats, certified flags, metadata, --out files.
set -u
hkz=$1
fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/lib.sh"

"$hkz" heat su2 --t 1 --alpha 0 --digits 30 --format jsonl >"$tmp/a.jsonl"
check "heat su2 exit 0" '[ $? -eq 0 ]'
check "jsonl has a meta record with version and normalization" \
  'head -n 1 "$tmp/a.jsonl" | grep -q "\"record\":\"meta\".*\"hkz_version\".*\"normalization\":\"N_unit"'
check "jsonl result: inputs as given, ball string, certified true" \
  'sed -n 2p "$tmp/a.jsonl" | grep -q "\"t\":\"1\",\"alpha\":\"0\".*\"value\":\"\[1.2021723325035127422393.* +/- .*\]\".*\"certified\":true"'
/usr/bin/python3 - "$tmp/a.jsonl" <<'PY' || fail=1
import json, sys
from mpmath import mp, mpf
mp.dps = 50
lines = [json.loads(l) for l in open(sys.argv[1])]
assert lines[0]["record"] == "meta"
r = lines[1]
mid, rad = r["value"].strip("[]").split("+/-")
ref = mpf("1.20217233250351274223932")
assert abs(mpf(mid) - ref) <= mpf(rad) + mpf("1e-23"), r["value"]
assert r["certified"] is True and r["status"] == "ok" and r["rel_acc_bits"] >= 100
print("ok: jsonl parses, ball contains R1, 100+ bits")
PY

"$hkz" heat su2-sub --t 0.5 --r 0 --z 2 --format csv --out "$tmp/b.csv"
check "su2-sub csv exit 0" '[ $? -eq 0 ]'
check "csv: metadata comments, header, certified" \
  'grep -q "^# normalization: N_unit" "$tmp/b.csv" && grep -q "^kernel,t,r,z,deriv,method,digits,value,mid,rad,rel_acc_bits,certified,status$" "$tmp/b.csv" && grep -q ",true,ok$" "$tmp/b.csv"'
check "no temporary file left" '[ ! -e "$tmp/b.csv.tmp" ]'

"$hkz" zeros cw --n 6 --beta 0.5 --digits 10 --format jsonl --no-progress >"$tmp/z.jsonl"
check "Ising outputs: run record without the SU(2) normalization" \
  'head -n 1 "$tmp/z.jsonl" | grep -q "\"hkz_version\"" && ! grep -q "normalization" "$tmp/z.jsonl"'

"$hkz" heat su2 --t 0.3 --alpha 1 --double --format jsonl >"$tmp/c.jsonl"
check "--double is labelled not certified" 'sed -n 2p "$tmp/c.jsonl" | grep -q "\"certified\":false"'

"$hkz" dist su2 --metric cc --r 0 --z 1 --format jsonl >"$tmp/d.jsonl"
check "dist cc on the fibre = sqrt(2 pi - 1)" \
  'sed -n 2p "$tmp/d.jsonl" | grep -q "\"value\":\"\[2.29851806762087177571439"'

"$hkz" heat su2 --t 1 --alpha 0 --deriv 1 --format jsonl >"$tmp/e.jsonl"
check "--deriv 1 is certified and negative" 'sed -n 2p "$tmp/e.jsonl" | grep -q "\"value\":\"\[-.*\"certified\":true"'

"$hkz" heat su2-milnor --weights 2,0.7,1.5 --t 0.8 --cyl 1.1,2.0,2.5 --digits 20 --format jsonl >"$tmp/f.jsonl"
check "milnor M4" 'sed -n 2p "$tmp/f.jsonl" | grep -q "\"value\":\"\[0.95046373510657700"'

(cd "$tmp" && "$hkz" report --digits 20 >report.txt)
check "report exit 0 and file written" '[ $? -eq 0 ] && [ -s "$tmp/notebooks_data/report/su2_report.jsonl" ]'
check "report text lists values" 'grep -q "R14" "$tmp/report.txt"'

for c in "heat su2" "heat su2-sub" "heat su2-milnor" "dist su2" "report" "heat" "dist"; do
  $hkz $c --help >"$tmp/h.txt" 2>&1
  check "hkz $c --help exit 0, usage on stdout" '[ $? -eq 0 ] && grep -q "^usage: hkz" "$tmp/h.txt"'
done

# issue 10: SIGINT stops a long command through its progress callback:
# exit 130, one 'hkz: interrupted' line, no partial --out file
T=$(printf '0.001,%.0s' $(seq 255))0.001
"$hkz" product heat --delta-weights 'i^2' --t "$T" --digits 3000 --no-progress --out "$tmp/i.txt" 2>"$tmp/i.err" & ipid=$!
sleep 1; kill -INT $ipid; wait $ipid; rc=$?
check "SIGINT: exit 130, interrupted line, no output file" \
  '[ $rc -eq 130 ] && grep -q "^hkz: interrupted$" "$tmp/i.err" && [ ! -e "$tmp/i.txt" ] && [ ! -e "$tmp/i.txt.tmp" ]'

# issue 10: --help is generated from the option tables: every option
helpall() { # CMD... -- OPTIONS...
  local c=() o
  while [ "$1" != "--" ]; do c+=("$1"); shift; done; shift
  "$hkz" "${c[@]}" --help >"$tmp/h.txt" 2>&1 || { echo "FAIL: ${c[*]} --help"; fail=1; return; }
  for o in "$@" help; do
    grep -q -- "^  --$o\b" "$tmp/h.txt" || { echo "FAIL: hkz ${c[*]} --help lacks --$o"; fail=1; }
  done
  grep -q "^Exit codes: 0 ok" "$tmp/h.txt" || { echo "FAIL: hkz ${c[*]} --help lacks the exit codes"; fail=1; }
}
helpall heat su2 -- t alpha method digits format out double deriv
helpall heat su2-sub -- t r z method digits format out double deriv
helpall heat su2-milnor -- weights t g cyl digits format out double
helpall dist su2 -- metric r z digits format out double
helpall product heat -- delta-weights sub-weights factors t at spin digits format out double progress no-progress
helpall product dist -- delta-weights sub-weights at tail-range spin digits format out
helpall dos -- graph lattice boundary energy-only threads digits format out
helpall version --
echo "ok: generated --help lists every option"

# issue 10: run record (numbers are JSON numbers) and closing record
"$hkz" dist su2 --metric cc --r 0.1 --z 0.2 --format jsonl --out "$tmp/g.jsonl"
check "dist --out exit 0" '[ $? -eq 0 ]'
/usr/bin/python3 - "$tmp/g.jsonl" <<'PY' || fail=1
import json, sys, re
l = [json.loads(x) for x in open(sys.argv[1])]
m, r, e = l[0], l[1], l[-1]
assert m["record"] == "meta" and m["digits"] == 30 and m["ranks"] == 1, m
assert isinstance(m["threads"], int) and m["backend"] == "cpu", m
assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$", m["start_utc"]), m
assert m["git_revision"] != "", m
assert e["record"] == "end" and e["exit_code"] == 0 and e["wall_s"] >= 0, e
assert len(e["rank_wall_s"]) == 1 and len(l) == 3, l
assert isinstance(r["mid"], float) and isinstance(r["rel_acc_bits"], int), r
print("ok: run record and closing record in jsonl")
PY
"$hkz" dist su2 --metric cc --r 0.1 --z 0.2 --format jsonl >"$tmp/g2.jsonl"
check "norun (lib.sh): two runs equal but for their run records" \
  'cmp -s <(norun "$tmp/g.jsonl") <(norun "$tmp/g2.jsonl") && norun "$tmp/g.jsonl" | head -n 1 | /usr/bin/python3 -c "import json,sys; json.loads(sys.stdin.read())"'
"$hkz" heat su2 --t 1 --alpha 1 --format csv >"$tmp/g.csv"
check "csv: run record and closing lines" \
  'grep -q "^# start_utc: 20" "$tmp/g.csv" && grep -q "^# ranks: 1$" "$tmp/g.csv" && tail -n 3 "$tmp/g.csv" | head -n 1 | grep -q "^# wall_s: " && tail -n 1 "$tmp/g.csv" | grep -q "^# exit_code: 0$"'

# issue 10, bad input: printed balls carry the requested digits
"$hkz" heat su2 --t 100 --alpha 1 --digits 50 --format jsonl >"$tmp/p.jsonl"
check "--digits 50 prints 50 digits" \
  'sed -n 2p "$tmp/p.jsonl" | grep -q "\"value\":\"\[1\.0\{49\} +/- "'
# exact balls: rel_acc_bits null, status exact (not INT64_MAX)
"$hkz" dist su2 --metric riem --r 0 --z 0 --format jsonl >"$tmp/x.jsonl"
check "exact ball: rel_acc_bits null, status exact" \
  'sed -n 2p "$tmp/x.jsonl" | grep -q "\"rel_acc_bits\":null,\"certified\":true,\"status\":\"exact\"" && ! grep -q 9223372036854775807 "$tmp/x.jsonl"'
# a ball wider than its midpoint: a few digits, flagged wide, exit 3
"$hkz" heat su2-sub --t 1e-6 --r 0.3 --z 0.2 --format jsonl >"$tmp/w.jsonl" 2>/dev/null; rc=$?
check "wide ball: short value, status wide, exit 3" \
  '[ $rc -eq 3 ] && [ $(sed -n 2p "$tmp/w.jsonl" | wc -c) -lt 400 ] && sed -n 2p "$tmp/w.jsonl" | grep -q "\"status\":\"wide\""'
# --out onto a FIFO (or a device such as /dev/null) is written in place:
# the file is not replaced by a renamed temporary
mkfifo "$tmp/fifo"
cat "$tmp/fifo" >"$tmp/fifo.out" &
"$hkz" heat su2 --t 1 --alpha 1 --out "$tmp/fifo" >/dev/null 2>&1; rc=$?
wait
check "--out FIFO: written in place, still a FIFO" \
  '[ $rc -eq 0 ] && [ -p "$tmp/fifo" ] && grep -q "alpha" "$tmp/fifo.out"'
exit $fail
