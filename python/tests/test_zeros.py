"""hkz.zeros: the spec's references (lee_yang_zeros.md section 5) inside
the certified balls, the count certificate, and the CLI's zero lists."""
import flint
import pytest

import hkz
from conftest import accurate, arb_str, cli_rows, ref


def test_cw_a7():
    z = hkz.zeros.cw(n=10, t="0.05", digits=30)
    want = ["0.57843462421772419363", "0.83789104582873816164",
            "1.0618795943096210035", "1.2702888322582967687",
            "1.4713607226713734033"]
    assert isinstance(z, list) and len(z) == 5 and z.n == 5 and z.W == 10
    assert z.complete and all(z.certified) and z.status == ["ok"] * 5
    assert not z.trivial_pi_2 and "complete" in z.note
    for x, w in zip(z, want):
        assert isinstance(x, flint.arb) and accurate(x, 30)
        assert x.overlaps(ref(w, 19))
    assert z.j == [1, 2, 3, 4, 5]
    zz = z.z()
    assert all(isinstance(w, flint.acb) and abs(w).overlaps(flint.arb(1))
               for w in zz)


def test_cw_beta_and_odd():
    a = hkz.zeros.cw(n=10, beta="0.5")
    b = hkz.zeros.cw(n=10, t="0.05")
    assert all(x.mid() == y.mid() and x.rad() == y.rad() for x, y in zip(a, b))
    z = hkz.zeros.cw(n=3, t="0.5")     # A2, with the trivial zero pi/2
    assert z.trivial_pi_2 and len(z) == 1
    assert z[0].overlaps(ref("0.63462502095857435390", 19))


@pytest.mark.parametrize("method", ["direct", "integral"])
def test_cw_a8(method):
    z = hkz.zeros.cw(n=50, t="0.01", digits=20, method=method)
    assert z.complete and len(z) == 25
    assert z[0].overlaps(ref("0.38842025984751393885", 19))
    assert z[24].overlaps(ref("1.5505387416757694388", 19))


def test_graph_b():
    # B1 path P3, J12 = 0.5; B3 cycle C4; B9 C4 with four couplings
    z = hkz.zeros.graph([(0, 1, 1), (1, 2, "0.5")])
    assert z.complete and z[0].overlaps(ref("0.67269670567539589508", 19))
    z = hkz.zeros.graph([(0, 1), (1, 2), (2, 3), (3, 0)])
    assert z[0].overlaps(ref("0.41434624888562524654", 19))
    assert z[1].overlaps(ref("1.1819050744136287180", 19))
    z = hkz.zeros.graph("0 1 2\n1 2 1\n2 3 2\n3 0 0.05\n")
    assert z[0].overlaps(ref("0.42976131062043599625", 19))
    assert z[1].overlaps(ref("1.1537503917412366043", 19))


def same_as_cli(z, rows):
    zr = [r for r in rows if r["record"] == "zero"]
    s = [r for r in rows if r["record"] == "summary"][0]
    assert len(zr) == len(z) and s["complete"] == z.complete
    assert s["n"] == z.n and s["found"] == z.found
    for x, r in zip(z, zr):
        assert r["certified"] and arb_str(r["theta"]).contains(x)


def test_cli_cw():
    same_as_cli(hkz.zeros.cw(n=40, t="0.02", digits=25),
                cli_rows("zeros", "cw", "--n", "40", "--t", "0.02",
                         "--digits", "25", "--no-progress"))


def test_cli_lattice(tmp_path):
    same_as_cli(hkz.zeros.lattice(L=3, M=4, coupling="0.3", digits=20),
                cli_rows("zeros", "lattice", "--L", "3", "--M", "4",
                         "--coupling", "0.3", "--digits", "20",
                         "--no-progress"))
    edges = [(0, 1, 1), (1, 2, "0.5"), (2, 0, 2), (2, 3, "1.5")]
    f = tmp_path / "g.txt"
    f.write_text("".join("%d %d %s\n" % e for e in edges))
    same_as_cli(hkz.zeros.graph(edges, digits=20),
                cli_rows("zeros", "graph", "--graph", str(f), "--digits",
                         "20", "--no-progress"))


def test_kc():
    z = hkz.zeros.lattice(L=3, M=3, coupling="kc", boundary="torus")
    assert z.complete and len(z) == 4


@pytest.mark.parametrize("call", [
    lambda: hkz.zeros.cw(n=10),
    lambda: hkz.zeros.cw(n=10, t="0.1", beta="1"),
    lambda: hkz.zeros.cw(n=10, t="-0.1"),
    lambda: hkz.zeros.cw(n=10, t="0"),
    lambda: hkz.zeros.cw(n=0, t="0.1"),
    lambda: hkz.zeros.cw(n=10, t="0.1", method="magic"),
    lambda: hkz.zeros.graph([(0, 0, 1)]),
    lambda: hkz.zeros.graph([(0, 1, "-1")]),
    lambda: hkz.zeros.graph("0 1 x\n"),
    lambda: hkz.zeros.graph(""),
    lambda: hkz.zeros.lattice(L=3, M=3, coupling="-0.3"),
    lambda: hkz.zeros.lattice(L=3, M=3, coupling="0.3", boundary="sphere"),
    lambda: hkz.zeros.lattice(L=99, M=3, coupling="0.3"),
    lambda: hkz.zeros.lattice(L=16, M=16, coupling="0.3"),
])
def test_bad_input_raises(call):
    with pytest.raises(hkz.HkzError) as e:
        call()
    assert e.value.name.startswith("HKZ_ERR_") and e.value.message


def test_progress_stops():
    seen = []

    def stop(done, total):
        seen.append((done, total))
        return done >= 3

    with pytest.raises(hkz.HkzError) as e:
        hkz.zeros.cw(n=400, t="0.001", digits=15, progress=stop)
    assert e.value.name == "HKZ_ERR_INTERRUPTED"
    assert seen and seen[-1][0] >= 3 and seen[-1][1] == 200


def test_progress_exception_propagates():
    def bad(done, total):
        raise RuntimeError("from the callback")

    with pytest.raises(RuntimeError, match="from the callback"):
        hkz.zeros.cw(n=400, t="0.001", digits=15, progress=bad)
