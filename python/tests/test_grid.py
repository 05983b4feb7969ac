"""hkz.grid: shapes, coordinates, enclosures ([mid - rad, mid + rad] holds
the scalar kernel's ball) and the CLI's rows."""
import flint
import numpy as np
import pytest

import hkz
from conftest import cli_rows


def inside(g, idx, x):
    """x lies in [mid - rad, mid + rad] (exact: the ball mid +/- rad)."""
    return flint.arb(float(g.mid[idx]), float(g.rad[idx])).contains(x)


def test_su2_sub():
    g = hkz.grid.heat_su2_sub(r="0:1.5:4", z="-1,0,2.5", t="0.25,0.5",
                              digits=10)
    assert g.mid.shape == g.rad.shape == g.certified.shape == (4, 3, 2)
    assert list(g.r) == [0, 0.5, 1, 1.5] and list(g.z) == [-1, 0, 2.5]
    assert list(g.t) == [0.25, 0.5] and g.certified.all()
    for i, r in enumerate(["0", "0.5", "1", "1.5"]):
        for k, z in enumerate(["-1", "0", "2.5"]):
            for j, t in enumerate(["0.25", "0.5"]):
                assert inside(g, (i, k, j), hkz.heat.su2_sub(t=t, r=r, z=z))
    assert (g.rad <= 1e-9 * np.abs(g.mid)).all()


def test_su2_and_cli():
    g = hkz.grid.heat_su2(alpha=[0, "0.5", 3], t="0.1", digits=12,
                          device="cpu")
    assert g.mid.shape == (3, 1)
    rows = cli_rows("grid", "heat", "su2", "--alpha", "0,0.5,3", "--t", "0.1",
                    "--digits", "12", "--no-progress", "--device", "cpu")
    for p, r in enumerate(rows):
        assert r["mid"] == g.mid[p, 0] or abs(r["mid"] - g.mid[p, 0]) <= \
            r["rad"] + g.rad[p, 0]
        assert inside(g, (p, 0), hkz.heat.su2(t="0.1", alpha=r["alpha"]))


def test_milnor_and_product(tmp_path):
    g = hkz.grid.heat_su2_milnor(weights="1,2,0.5", t="0.4", r="0,0.3",
                                 z="1.2", method="scalar")
    assert g.mid.shape == (2, 1, 1) and g.scalar.all()
    x = hkz.heat.su2_milnor(weights="1,2,0.5", t="0.4", cyl="0.3,0,1.2")
    assert inside(g, (1, 0, 0), x)
    f = tmp_path / "points.txt"
    f.write_text("0.3,1.2; 0.5,0.1\ne\n")
    p = hkz.grid.heat_product(t="0.3,0.5", points=str(f),
                              delta_weights="i^2")
    assert p.mid.shape == (2, 2)
    y = hkz.product.heat(t="0.3", delta_weights="i^2", at="0.3,1.2; 0.5,0.1")
    assert inside(p, (0, 0), y.value)


def test_deriv():
    g = hkz.grid.heat_su2_sub(r="0.3", z="1", t="0.5", deriv=1, digits=10)
    assert inside(g, (0, 0, 0), hkz.heat.su2_sub(t="0.5", r="0.3", z="1",
                                                 deriv=1))


@pytest.mark.parametrize("call", [
    lambda: hkz.grid.heat_su2_sub(r="0:1:x", z="0", t="1"),
    lambda: hkz.grid.heat_su2_sub(r="0", z="0", t="-1"),
    lambda: hkz.grid.heat_su2_sub(r="0", z="0", t="1", device="tpu"),
    lambda: hkz.grid.heat_su2_milnor(weights="1,2", t="1", r="0", z="0"),
    lambda: hkz.grid.heat_product(t="1", points="/nonexistent",
                                  delta_weights="i^2"),
])
def test_bad_input_raises(call):
    with pytest.raises(hkz.HkzError):
        call()
