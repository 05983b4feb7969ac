"""hkz.track and hkz.dos against the CLI and the zero lists."""
import flint
import pytest

import hkz
from conftest import arb_str, cli_rows


def test_track_cw():
    tr = hkz.track.cw(n=6, t0="0.1", t1="0.5", digits=15)
    assert tr.decreasing and tr.certified and all(tr.done.values())
    assert sorted(tr.steps) == [1, 2, 3] and not tr.tail
    # each step's box holds theta_j(t) for t in [ta, tb]: the zero list
    # at a point inside a step lies in the box
    t = flint.arb(0.3)            # the binary 0.3, exact on both sides
    z = hkz.zeros.cw(n=6, t=0.3)
    for j, steps in tr.steps.items():
        s = [s for s in steps if s.ta <= t <= s.tb]
        if s:
            assert s[0].box.contains(z[j - 1]) and s[0].dir == -1
        assert steps[-1].theta.overlaps(hkz.zeros.cw(n=6, t="0.5")[j - 1])


def test_track_lockstep():
    # all zeros together: a few steps for a decade of t, the boxes hold the
    # zero lists inside a step, theta(t1) as the integral method's
    tr = hkz.track.cw(n=40, t0="0.0025", t1="0.025", digits=15,
                      method="lockstep")
    it = hkz.track.cw(n=40, t0="0.0025", t1="0.025", digits=15,
                      method="integral")
    assert tr.decreasing and tr.certified and all(tr.done.values())
    assert all(len(s) <= 5 for s in tr.steps.values())
    t = flint.arb(0.01)           # the binary 0.01, exact on both sides
    z = hkz.zeros.cw(n=40, t=0.01)
    for j, steps in tr.steps.items():
        s = [s for s in steps if s.ta <= t <= s.tb]
        if s:
            assert s[0].box.contains(z[j - 1]) and s[0].dir == -1
        assert steps[-1].theta.overlaps(it.steps[j][-1].theta)


def test_track_cli():
    tr = hkz.track.cw(n=4, t0="0.1", t1="0.2", digits=10)
    rows = cli_rows("track", "cw", "--n", "4", "--t0", "0.1", "--t1", "0.2",
                    "--digits", "10", "--no-progress")
    steps = [r for r in rows if r["record"] == "step"]
    assert len(steps) == sum(map(len, tr.steps.values()))
    for r in steps:
        s = tr.steps[r["j"]][[st.tb.contains(arb_str(r["tb"])) or
                              arb_str(r["tb"]).contains(st.tb)
                              for st in tr.steps[r["j"]]].index(True)]
        assert arb_str(r["box"]).contains(s.box) and r["dir"] == s.dir
    v = [r for r in rows if r["record"] == "verifier"][0]
    assert v["verdict"] == "true" and tr.decreasing


def test_track_tail():
    tr = hkz.track.cw(n=4, t0="0.5", t1="1000", digits=10)
    assert tr.tail and tr.tstar < 1000
    for j, x in tr.tail.items():
        assert x.contains(tr.limit_inf[j])


def test_dos_lattice_cli():
    d = hkz.dos.lattice(L=3, M=3)
    assert d.total == 2 ** 9 and d.g.shape == (len(d.b), len(d.k))
    rows = cli_rows("dos", "--lattice", "3x3")
    for r in rows:
        assert d.g[r["b"] - d.bmin, r["k"]] == int(r["g"])
    assert sum(int(r["g"]) for r in rows) == d.total


def test_dos_graph():
    d = hkz.dos.graph([(0, 1), (1, 2), (2, 0)])
    assert d.total == 8


def test_track_bad():
    with pytest.raises(hkz.HkzError):
        hkz.track.cw(n=6, t0="0.5", t1="0.1")
    with pytest.raises(hkz.HkzError):
        hkz.track.cw(n=6, t0="0.1", t1="0.5", zeros=(2, 9))
