"""Shared helpers: the CLI as a peer (hkz ... --format jsonl) and ball
comparisons.  HKZ_BIN names the hkz binary (default: build/hkz of this
repository); CLI comparisons are skipped without it."""
import json
import os
import pathlib
import subprocess

import flint
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
HKZ_BIN = os.environ.get("HKZ_BIN", str(REPO / "build" / "hkz"))


def cli_rows(*args):
    """The data records of `hkz ARGS --format jsonl` (meta and end cut)."""
    if not os.access(HKZ_BIN, os.X_OK):
        pytest.skip("no hkz binary at %s (set HKZ_BIN)" % HKZ_BIN)
    out = subprocess.run([HKZ_BIN, *args, "--format", "jsonl"],
                         capture_output=True, text=True, timeout=300)
    rows = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
    return [r for r in rows if r.get("record") not in ("meta", "end")]


def arb_str(s):
    """A decimal ball string of the CLI as an arb (read at 4000 bits: the
    printed ball's decimals are exact there or enclosed)."""
    with flint.ctx.workprec(4000):
        return flint.arb(s)


def ref(s, digits):
    """The spec reference value s (digits correct digits) as a ball."""
    with flint.ctx.workprec(400):
        x = flint.arb(s)
        return flint.arb(x, abs(x) * flint.arb(10) ** (1 - digits))


def accurate(x, digits):
    """x has a relative radius below 10^-digits."""
    return x.rad() <= abs(x.mid()) * flint.arb(10) ** (-digits)


@pytest.fixture
def hkz_cli():
    return cli_rows
