#!/usr/bin/env bash
# run.sh HKZ MODE: the Python package hkz (python/) in the venv of README command 2.
#   MODE pytest    python -m pytest python/tests (values against the CLI HKZ and the spec)
#   MODE examples  examples/python_*.py, output compared with examples/python_*.expected
# The venv: $HKZ_PYTHON (a python with hkz installed), else <build>/venv/bin/python next to HKZ.
# Exit 77 (skip) when it is absent or cannot import hkz (and pytest).
set -u
hkz=$1
mode=${2:-pytest}
src=${HKZ_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
py=${HKZ_PYTHON:-$(dirname "$hkz")/venv/bin/python}
[ -x "$py" ] || { echo "skip: no venv python at $py (README command 2: pip install ./python)"; exit 77; }
need="import hkz"
[ "$mode" = pytest ] && need="import hkz, pytest"
"$py" -c "$need" 2>/dev/null || { echo "skip: $py cannot '$need'"; exit 77; }
export PYTHONDONTWRITEBYTECODE=1 HKZ_BIN=$hkz
if [ "$mode" = pytest ]; then
  exec "$py" -m pytest -q -p no:cacheprovider "$src/python/tests"
fi
fail=0
for ex in "$src"/examples/python_*.py; do
  name=$(basename "$ex" .py)
  if out=$("$py" "$ex" 2>&1) && diff <(echo "$out") "$src/examples/$name.expected"; then
    echo "ok: $name"
  else
    echo "FAIL: $name (output above; expected examples/$name.expected)"; echo "$out"; fail=1
  fi
done
exit $fail
