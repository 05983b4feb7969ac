"""Heat kernels on SU(2)^n and SU(2)^infinity (the CLI's `hkz product heat`)."""
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


def heat(t, delta_weights=None, sub_weights=None, at=None, spin=False,
         digits=30):
    """mu_t(x) = density of exp(-t Delta_a) (delta_weights) or exp(-t L_b)
    (sub_weights) on the product (weight SPEC of the CLI: "1,2,3", "i^2",
    "0.5*2^i", "log(1+i)", ...), at the POINT x (CLI syntax "r,z; r,phi,z;
    e"; None: the identity e).  spin: weights in the spin normalization."""
    if (delta_weights is None) == (sub_weights is None):
        raise c.HkzArgumentError(c.ERR_ARG, "give exactly one of "
                                 "delta_weights and sub_weights")
    c.check_digits(digits)
    spec = delta_weights if delta_weights is not None else sub_weights
    op = 0 if delta_weights is not None else 1
    bits = c.input_bits(digits)
    res = c.Vec(1)
    kind = ffi.new("int *")
    nf = ffi.new("slong *")
    st = lib.hkzpy_product_heat(res[0], kind, nf, op, c.cstr(str(spec)),
                                bool(spin), c.cstr(c.number(t, "t", bits)),
                                c.cstr(at), 0, digits)
    c.check(st, allow=(c.ERR_PREC,))
    return ProductHeat(c.ball(res[0]), kind[0], nf[0])
