"""hkz.heat, hkz.dist, hkz.product: the spec's references (heat_kernels_su2.md
section 7) inside the balls, and the CLI's balls (printed, rounded
outward) containing the package's for the same inputs."""
import math
from fractions import Fraction

import flint
import pytest

import hkz
from conftest import accurate, arb_str, cli_rows, ref

# (t, alpha) -> value: R1, R2, R4, R6, R7
R_BI = [("1", "0", "1.20217233250351274223932"),
        ("0.01", "0", "447.5668270640233905768847"),
        ("0.1", "1", "1.510668046007660347152826"),
        ("0.5", "pi", "0.2636234626801400783094266"),
        ("0.05", "2.5", "4.666251804017563390770274e-12")]
# (t, r, z) -> value: R10, R11, R14, R15, R16, R17, R18
R_SUB = [("1", "0", "0", "1.676079176957747290819961"),
         ("0.2", "0", "0", "18.83556568350045893632653"),
         ("0.5", "0", "2", "0.2236976727828851377466778"),
         ("0.1", "0", "3", "5.516323631754389847863847e-9"),
         ("0.3", "0.7", "1.1", "0.6719835642883336876528524"),
         ("1", "1.2", "-2.5", "0.8464841842282522899274085"),
         ("0.25", "0.4", "3.0", "0.007121379572874950635372957")]
# (r, z) -> d_R, d_sR: R19, R20, R21, R26
R_DIST = [("0.3", "0.5", "0.5764797514967706987419415",
           "1.411918697885628323065327"),
          ("0.7", "2.0", "1.894717929805496862421794",
           "2.237226266351433902977342"),
          ("1.2", "-1.0", "1.373740762954194803726338",
           "1.4634191552925389250472"),
          ("0.2", "0.05", "0.2060741903386398628428873",
           "0.4021419529162170907439403")]


@pytest.mark.parametrize("t,alpha,value", R_BI)
def test_su2_spec(t, alpha, value):
    x = hkz.heat.su2(t=t, alpha=alpha, digits=30)
    assert isinstance(x, flint.arb)
    assert accurate(x, 30) and x.overlaps(ref(value, 24))


@pytest.mark.parametrize("t,r,z,value", R_SUB)
def test_su2_sub_spec(t, r, z, value):
    x = hkz.heat.su2_sub(t=t, r=r, z=z, digits=25)
    assert accurate(x, 25) and x.overlaps(ref(value, 22))


@pytest.mark.parametrize("r,z,riem,cc", R_DIST)
def test_dist_spec(r, z, riem, cc):
    assert hkz.dist.su2(metric="riem", r=r, z=z).overlaps(ref(riem, 24))
    assert hkz.dist.su2(metric="cc", r=r, z=z).overlaps(ref(cc, 22))


def test_product_spec():
    # R27, R30 (infinite products, certified tails)
    x = hkz.product.heat(t="0.1", delta_weights="i^2", digits=25)
    assert x.kind == "finite" and x.certified
    assert x.value.overlaps(ref("53.43942425755931410494466", 24))
    y = hkz.product.heat(t="0.1", sub_weights="i^2", digits=25)
    assert y.value.overlaps(ref("888.1159689756738066882605", 24))
    # spin: weights a/4, i.e. t/4 (R3 = R46: h^spin_1(e) = h_{1/4}(e))
    s = hkz.product.heat(t="0.4", delta_weights="i^2", spin=True, digits=25)
    assert s.value.overlaps(x.value)


def contains_cli(x, row):
    return arb_str(row["value"]).contains(x)


@pytest.mark.parametrize("args", [
    ("heat", "su2", "--t", "0.5", "--alpha", "1"),
    ("heat", "su2", "--t", "0.3", "--alpha", "2", "--deriv", "2"),
    ("heat", "su2-sub", "--t", "0.1", "--r", "0.3", "--z", "1.2"),
    ("heat", "su2-sub", "--t", "0.2", "--r", "0.5", "--z", "-1", "--deriv",
     "1"),
    ("heat", "su2-milnor", "--weights", "1,2,0.5", "--t", "0.4", "--cyl",
     "0.3,0.2,1.2"),
    ("heat", "su2-milnor", "--weights", "1,1,3", "--t", "0.2", "--g",
     "0.6,0,0,0.8"),
    ("dist", "su2", "--metric", "cc", "--r", "0.3", "--z", "1.2"),
    ("dist", "su2", "--metric", "riem", "--r", "1", "--z", "0.25"),
])
@pytest.mark.parametrize("digits", [15, 40])
def test_scalar_cli(args, digits):
    row = cli_rows(*args, "--digits", str(digits))[0]
    kw = dict(zip((a[2:].replace("-", "_") for a in args[2::2]), args[3::2]))
    if args[0] == "dist":
        x = hkz.dist.su2(digits=digits, **kw)
    elif args[1] == "su2":
        x = hkz.heat.su2(digits=digits, deriv=int(kw.pop("deriv", 0)), **kw)
    elif args[1] == "su2-sub":
        x = hkz.heat.su2_sub(digits=digits, deriv=int(kw.pop("deriv", 0)),
                             **kw)
    else:
        x = hkz.heat.su2_milnor(digits=digits, **kw)
    assert row["status"] == "ok" and accurate(x, digits)
    assert contains_cli(x, row)


def test_product_cli():
    row = cli_rows("product", "heat", "--delta-weights", "i^2", "--t", "0.3",
                   "--at", "0.3,1.2; 0.5,0.1", "--digits", "20")[0]
    x = hkz.product.heat(t="0.3", delta_weights="i^2", at="0.3,1.2; 0.5,0.1",
                         digits=20)
    assert contains_cli(x.value, row)


def test_exact_inputs():
    """int, Fraction, fmpq, dyadic float, exact arb: the same ball as the
    decimal string; a float is its binary value."""
    s = hkz.heat.su2(t="0.5", alpha="0.25")
    for t, a in [(Fraction(1, 2), Fraction(1, 4)), (0.5, 0.25),
                 (flint.fmpq(1, 2), flint.fmpq(1, 4)),
                 (flint.arb(0.5), flint.arb(0.25)), ("1/2" and "0.50", "0.250")]:
        x = hkz.heat.su2(t=t, alpha=a)
        assert x.mid() == s.mid() and x.rad() == s.rad()
    assert hkz.heat.su2(t=1, alpha=0).overlaps(ref(R_BI[0][2], 24))
    # 0.1 (binary) is not 1/10: the balls are disjoint at 30 digits
    a = hkz.heat.su2(t=0.1, alpha=1)
    b = hkz.heat.su2(t="0.1", alpha=1)
    assert not a.overlaps(b)
    assert hkz.heat.su2(t=Fraction(1, 10), alpha=1).overlaps(b)
    # 1/3 has no finite decimal: a tight ball around it
    c = hkz.heat.su2(t=Fraction(1, 3), alpha=1, digits=30)
    with flint.ctx.workprec(200):
        d = hkz.heat.su2(t=flint.arb(1) / 3, alpha=1, digits=30)
    assert accurate(c, 30) and c.overlaps(d)


def test_arb_input_is_a_ball():
    """A wide arb input gives the enclosure over the whole ball: the goal
    cannot be met (warning), the value stays an enclosure."""
    t = flint.arb(0.5, 1e-3)
    with pytest.warns(hkz.HkzPrecisionWarning):
        x = hkz.heat.su2(t=t, alpha=1, digits=30)
    assert x.contains(hkz.heat.su2(t="0.5", alpha=1))
    assert x.contains(hkz.heat.su2(t="0.5009", alpha=1))


@pytest.mark.parametrize("call", [
    lambda: hkz.heat.su2(t="-1", alpha=1),
    lambda: hkz.heat.su2(t="x", alpha=1),
    lambda: hkz.heat.su2(t="", alpha=1),
    lambda: hkz.heat.su2(t="0.5\0", alpha=1),
    lambda: hkz.heat.su2(t="[0.5 +/- ", alpha=1),
    lambda: hkz.heat.su2(t=float("nan"), alpha=1),
    lambda: hkz.heat.su2(t=math.inf, alpha=1),
    lambda: hkz.heat.su2(t="0.5", alpha=1, digits=0),
    lambda: hkz.heat.su2(t="0.5", alpha=1, deriv=-1),
    lambda: hkz.heat.su2_sub(t="0.5", r="2", z=1),
    lambda: hkz.heat.su2_milnor(weights="1,2", t=1, cyl="0,0,0"),
    lambda: hkz.heat.su2_milnor(weights="1,2,3", t=1),
    lambda: hkz.heat.su2_milnor(weights="1,2,3", t=1, g="1,1,1,1"),
    lambda: hkz.dist.su2(metric="taxi", r=0, z=0),
    lambda: hkz.product.heat(t=1, delta_weights="i^0.5"),
    lambda: hkz.product.heat(t=1),
])
def test_bad_input_raises(call):
    with pytest.raises(hkz.HkzError) as e:
        call()
    assert e.value.name.startswith("HKZ_ERR_") and e.value.message
    assert isinstance(e.value, ValueError)


def test_type_errors():
    for bad in (None, True, [1], object()):
        with pytest.raises(TypeError):
            hkz.heat.su2(t=bad, alpha=1)
