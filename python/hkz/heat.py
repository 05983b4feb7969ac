"""Certified heat kernels on SU(2) (the CLI's `hkz heat`).

Normalization N_unit (README): Delta = -(X^2+Y^2+Z^2), L = -(X^2+Y^2),
kernels are densities of exp(-t L) (no factor 1/2) with respect to the Haar
probability measure; g = [[a, -conj b], [b, conj a]], cos alpha = Re a,
cylindrical coordinates a = cos r e^{iz}.

Every function returns a python-flint arb ball that contains the true
value, to `digits` significant digits (a HkzPrecisionWarning when the goal
is missed: the ball is still an enclosure).  Numbers: see hkz._core
(str, int, Fraction, flint.fmpq, flint.arb exactly; a float is its exact
binary value).
"""
from . import _core as c
from ._hkz import lib

__all__ = ["su2", "su2_sub", "su2_milnor"]


def _heat(kind, digits, deriv, t, a=None, b=None, w=None, g=None,
          cyl=None):
    c.check_digits(digits)
    c.check_int(deriv, "deriv", 0, 64)
    bits = c.input_bits(digits)
    need = {0: ("t", "alpha"), 1: ("t", "r", "z"), 2: ("t",)}[kind]
    args = [c.cstr(c.number(x, name, bits) if name in need else None)
            for x, name in zip((t, a, b), need + ("", "", ""))]
    lists = [c.cstr(None if x is None else c.number_list(x, name, bits))
             for x, name in ((w, "weights"), (g, "g"), (cyl, "cyl"))]
    res = c.Vec(1)
    st = lib.hkzpy_heat(res[0], kind, *args, *lists, deriv, digits)
    c.check(st, allow=(c.ERR_PREC,))
    return c.ball(res[0])


def su2(t, alpha, digits=30, deriv=0):
    """h_t(alpha) (d^deriv/dt^deriv), the heat kernel of Delta at the class
    angle alpha in [0, pi]."""
    return _heat(0, digits, deriv, t, alpha)


def su2_sub(t, r, z, digits=30, deriv=0):
    """p_t(r, z), the sub-Riemannian heat kernel of L at r in [0, pi/2], z
    (d^deriv/dt^deriv)."""
    return _heat(1, digits, deriv, t, r, z)


def su2_milnor(weights, t, g=None, cyl=None, digits=30):
    """The heat kernel of L = -(a X^2 + b Y^2 + c Z^2), weights = (a, b, c)
    (a, b > 0, c >= 0), at g = (a_re, a_im, b_re, b_im) (|a|^2+|b|^2 = 1
    within 1e-10, then normalized) or cyl = (r, phi, z); exactly one of g
    and cyl.  Each may also be the CLI's comma string."""
    return _heat(2, digits, 0, t, w=weights, g=g, cyl=cyl)
