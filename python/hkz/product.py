"""Heat kernels on SU(2)^n and SU(2)^infinity (the CLI's `hkz product heat`)."""
from decimal import Decimal
from fractions import Fraction

import flint

from . import _core as c
from ._hkz import ffi, lib

__all__ = ["heat", "ProductHeat"]

_KINDS = ("finite", "divergent", "partial")


class ProductHeat:
    """mu_t(x): .value (arb; +inf for a divergent family, a lower bound for
    kind 'partial'), .kind, .nfactors, .certified."""

    def __init__(self, value, kind, nfactors):
        self.value = value
        self.kind = _KINDS[kind]
        self.nfactors = nfactors
        self.certified = kind != 2 and (kind == 1 or value.is_finite())

    def __repr__(self):
        return "ProductHeat(%s, kind=%r, nfactors=%d)" % (
            self.value, self.kind, self.nfactors)


def _quarter(t, bits):
    """t / 4 exactly (spin normalization: h^spin_t = h_{t/4})."""
    if isinstance(t, str):
        try:
            t = Fraction(Decimal(t.strip()))
        except (ArithmeticError, ValueError):
            raise c.HkzArgumentError(c.ERR_ARG, "t: spin=True needs a decimal "
                                     "t (got %r)" % t) from None
    if isinstance(t, flint.arb):
        return t * flint.arb(0.25)
    if isinstance(t, flint.fmpq):
        t = Fraction(int(t.p), int(t.q))
    if isinstance(t, (int, float, Fraction)) and not isinstance(t, bool):
        return Fraction(t) / 4
    raise TypeError("t: expected a number, got %r" % (t,))


def heat(t, delta_weights=None, sub_weights=None, at=None, spin=False,
         digits=30):
    """mu_t(x) = density of exp(-t Delta_a) (delta_weights) or exp(-t L_b)
    (sub_weights) on the product (weight SPEC of the CLI: "1,2,3", "i^2",
    "0.5*2^i", "log(1+i)", ...), at the POINT x (CLI syntax "r,z; r,phi,z;
    e"; None: the identity e).  spin: weights in the spin normalization
    ([X,Y] = Z: a weight a there is a/4 here, i.e. t becomes t/4)."""
    if (delta_weights is None) == (sub_weights is None):
        raise c.HkzArgumentError(c.ERR_ARG, "give exactly one of "
                                 "delta_weights and sub_weights")
    c.check_digits(digits)
    spec = delta_weights if delta_weights is not None else sub_weights
    op = 0 if delta_weights is not None else 1
    bits = c.input_bits(digits)
    if spin:
        t = _quarter(t, bits)
    res = c.Vec(1)
    info = ffi.new("hkz_su2n_info_t *")
    st = lib.hkz_su2n_heat_digits(res[0], info, c.cstr(str(spec)), op,
                                  c.cstr(c.number(t, "t", bits)), c.cstr(at),
                                  digits)
    c.check(st, allow=(c.ERR_PREC, c.ERR_NOT_CERTIFIED))
    return ProductHeat(c.ball(res[0]), info.kind, info.nfactors)
