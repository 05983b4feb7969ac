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
exit $fail
