"""Distances from the identity on SU(2) (the CLI's `hkz dist su2`)."""
from . import _core as c
from ._hkz import lib

__all__ = ["su2"]


def su2(metric, r, z, digits=30):
    """d(e, g) at g = exp(r X) exp(z Z) (cylindrical coordinates, phi
    irrelevant): metric 'riem' (arccos(cos r cos z)) or 'cc' (the
    Carnot-Caratheodory distance of X, Y orthonormal).  An arb ball."""
    m = c.choice(metric, "metric", ("riem", "cc"))
    c.check_digits(digits)
    bits = c.input_bits(digits)
    res = c.Vec(1)
    f = lib.hkz_su2_dist_cc_digits if m else lib.hkz_su2_dist_riem_digits
    st = f(res[0], c.cstr(c.number(r, "r", bits)),
           c.cstr(c.number(z, "z", bits)), digits)
    c.check(st, allow=(c.ERR_PREC,))
    return c.ball(res[0])
