#!/usr/bin/env bash
# run.sh HKZ: generate fresh data with the built hkz (compare X6, X7, X2, sweep, varadhan, gauss; grid heat su2-sub;
# track lattice)
# into a temporary
# folder, execute every notebook of notebooks_data/ headless on it (HKZ_DATA_DIR), check that the
# PNG files exist and are not blank, and that a notebook without data ends cleanly with a
# "MISSING DATA" message.  Exit 77 (skip) without jupyter-nbconvert / matplotlib / ipykernel.
set -u
hkz=$1
src=${HKZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
nbdir=$src/notebooks_data
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3) || { echo "skip: no python3"; exit 77; }
jup=/usr/bin/jupyter
[ -x "$jup" ] || jup=$(command -v jupyter) || { echo "skip: jupyter not installed"; exit 77; }
"$jup" nbconvert --version >/dev/null 2>&1 || { echo "skip: jupyter-nbconvert not installed"; exit 77; }
"$py" -c "import numpy, matplotlib, ipykernel" 2>/dev/null || {
  echo "skip: python3-numpy, python3-matplotlib or python3-ipykernel not installed"; exit 77; }

fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# keep jupyter / matplotlib / ipython state out of $HOME and away from parallel tests
export JUPYTER_RUNTIME_DIR=$tmp/rt IPYTHONDIR=$tmp/ipy MPLCONFIGDIR=$tmp/mpl
export PYTHONDONTWRITEBYTECODE=1 MPLBACKEND=Agg PYDEVD_DISABLE_FILE_VALIDATION=1
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }

data=$tmp/data
"$hkz" compare X6 --data-dir "$data" >"$tmp/x6.txt" 2>&1
check "hkz compare X6 exit 0" '[ $? -eq 0 ]' || cat "$tmp/x6.txt"
"$hkz" compare X7 --data-dir "$data" >"$tmp/x7.txt" 2>&1
check "hkz compare X7 exit 0" '[ $? -eq 0 ]' || cat "$tmp/x7.txt"
"$hkz" compare X2 --data-dir "$data" >"$tmp/x2.txt" 2>&1
check "hkz compare X2 exit 0" '[ $? -eq 0 ]' || cat "$tmp/x2.txt"
"$hkz" compare sweep --samples 24 --data-dir "$data" >"$tmp/sweep.txt" 2>&1
check "hkz compare sweep exit 0" '[ $? -eq 0 ]' || cat "$tmp/sweep.txt"
mkdir -p "$data/grid"
"$hkz" grid heat su2-sub --r 0:1.5:16 --z -3.14:3.14:33 --t 0.25,0.5,1 --digits 10 --no-progress \
  --out "$data/grid/su2_sub_surfaces.h5" >"$tmp/grid.txt" 2>&1
check "hkz grid heat su2-sub exit 0" '[ $? -eq 0 ]' || cat "$tmp/grid.txt"
"$hkz" compare varadhan --alpha 1,2 --sub 0.8,0.3 --fibre 1 --t0 0.04 --nt 4 --digits 12 \
  --data-dir "$data" >"$tmp/varadhan.txt" 2>&1
check "hkz compare varadhan exit 0" '[ $? -eq 0 ]' || cat "$tmp/varadhan.txt"
"$hkz" compare gauss --ops "1,1,1;1,1,2" --alpha 0,1,2 --eps 0.5 --J 3 --J-delta 6 \
  --per-octave 1 --data-dir "$data" >"$tmp/gauss.txt" 2>&1
check "hkz compare gauss exit 0" '[ $? -eq 0 ]' || cat "$tmp/gauss.txt"
mkdir -p "$data/trajectories_lattice"
"$hkz" track lattice --L 4 --M 4 --t0 0.3 --t1 0.6 --digits 15 --no-progress --format csv \
  --out "$data/trajectories_lattice/track_4x4.csv" >"$tmp/track.txt" 2>&1
check "hkz track lattice exit 0" '[ $? -eq 0 ]' || cat "$tmp/track.txt"
# python_package.ipynb uses the Python package: the venv of README command 2 (build/venv, or
# HKZ_VENV); without it that notebook is left out
venv=${HKZ_VENV:-$(dirname "$hkz")/venv}
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import hkz" 2>/dev/null; then
  export HKZ_VENV=$venv
  mkdir -p "$data/python"
  "$hkz" zeros cw --n 40 --t 0.02 --digits 20 --format jsonl --no-progress \
    --out "$data/python/cw_zeros.jsonl" >"$tmp/py.txt" 2>&1
  check "hkz zeros cw (python/cw_zeros.jsonl) exit 0" '[ $? -eq 0 ]' || cat "$tmp/py.txt"
else
  echo "skip: python_package.ipynb (no venv with the package hkz at $venv)"
fi
for f in trajectories_lattice/track_4x4.csv x6/x6.csv x6/x6_verdict.jsonl x7/x7.csv x2/x2.csv sweep/sweep.csv sweep/sweep_summary.jsonl \
         varadhan/varadhan.csv gauss/gauss.csv grid/su2_sub_surfaces.h5; do
  check "data file $f written" '[ -s "$data/$f" ]'
done

# the notebooks run from a copy (their folder is the default data folder: it must not be used)
work=$tmp/nb_src; mkdir -p "$work"
cp "$nbdir"/*.ipynb "$nbdir"/hkzdata.py "$work"/
[ -n "${HKZ_VENV:-}" ] || rm -f "$work/python_package.ipynb"
nbs=$(cd "$work" && ls *.ipynb)
check "three or more notebooks" '[ $(echo $nbs | wc -w) -ge 3 ]'
(cd "$work" && HKZ_DATA_DIR=$data "$jup" nbconvert --to notebook --execute \
   --ExecutePreprocessor.timeout=120 --output-dir "$tmp/nb" $nbs) >"$tmp/nbconvert.log" 2>&1
check "nbconvert --execute of every notebook exit 0" '[ $? -eq 0 ]' || tail -n 40 "$tmp/nbconvert.log"

pngs="x6/ck_star.png x6/log_mu.png x7/thresholds.png sweep/dl_vs_ddelta.png sweep/ratio.png x2/x2_ratio.png
      varadhan/varadhan.png gauss/gauss_ck.png grid/p_t_surfaces.png grid/p_t_relrad.png
      trajectories_lattice/trajectories_lattice.png trajectories_lattice/first_zero.png"
[ -n "${HKZ_VENV:-}" ] && pngs="$pngs python/cw_zeros.png"
"$py" - "$data" "$tmp/nb" $pngs <<'PY' || fail=1
import glob, json, os, sys
import numpy as np
import matplotlib.image as mpimg
data, nbout, pngs = sys.argv[1], sys.argv[2], sys.argv[3:]
bad = 0
for rel in pngs:
    p = os.path.join(data, rel)
    if not os.path.isfile(p):
        print("FAIL: %s not written" % rel); bad = 1; continue
    size = os.path.getsize(p)
    img = mpimg.imread(p)[..., :3]                   # floats in [0, 1]
    h, w = img.shape[:2]
    ink = np.mean(np.any(img < 0.9, axis=2))         # share of non-white pixels
    colored = np.mean(np.ptp(img, axis=2) > 0.25)   # share of clearly colored pixels (the data)
    ok = size > 15000 and h > 300 and w > 400 and ink > 0.02 and colored > 0.0005 and img.std() > 0.05
    print("%s: %s (%d bytes, %dx%d, ink %.3f, colored %.4f, std %.3f)"
          % ("ok" if ok else "FAIL", rel, size, w, h, ink, colored, img.std()))
    bad |= not ok
# every executed notebook displayed its figures and did not miss data
for nb in sorted(glob.glob(os.path.join(nbout, "*.ipynb"))):
    cells = json.load(open(nb))["cells"]
    outs = [o for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])]
    text = "".join("".join(o.get("text", "")) for o in outs)
    nimg = sum("image/png" in o.get("data", {}) for o in outs)
    errs = [o for o in outs if o.get("output_type") == "error"]
    ok = nimg >= 1 and not errs and "MISSING DATA" not in text
    print("%s: %s displays %d image(s)%s" % ("ok" if ok else "FAIL", os.path.basename(nb), nimg,
          "" if "MISSING DATA" not in text else ", says MISSING DATA"))
    bad |= not ok
sys.exit(1 if bad else 0)
PY

# without data every notebook ends cleanly and says which file is missing
mkdir -p "$tmp/empty"
(cd "$work" && HKZ_DATA_DIR=$tmp/empty "$jup" nbconvert --to notebook --execute \
   --ExecutePreprocessor.timeout=120 --output-dir "$tmp/nb_empty" $nbs) >"$tmp/nbconvert_empty.log" 2>&1
check "notebooks without data exit 0" '[ $? -eq 0 ]' || tail -n 40 "$tmp/nbconvert_empty.log"
check "notebooks without data say MISSING DATA" \
  '[ $(grep -l "MISSING DATA" "$tmp"/nb_empty/*.ipynb | wc -l) -eq $(echo $nbs | wc -w) ]'
check "no PNG drawn without data" '[ -z "$(find "$tmp/empty" -name "*.png")" ]'
exit $fail
