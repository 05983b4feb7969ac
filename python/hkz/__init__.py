"""hkz: certified heat kernels on SU(2) and its products, and certified
Lee-Yang zeros, from Python (bindings of libhkz; the CLI's vocabulary).

    import hkz
    hkz.heat.su2(t="0.5", alpha=1, digits=30)        # an arb ball
    hkz.heat.su2_sub(t="0.1", r="0.3", z="1.2")
    hkz.dist.su2(metric="cc", r="0.3", z="1.2")
    hkz.grid.heat_su2_sub(r="0:1.5:16", z="0:3:31", t="0.25,0.5")
    hkz.zeros.cw(n=40, t="0.05")                     # a ZeroList
    hkz.track.cw(n=8, t0="0.1", t1="0.5")
    hkz.dos.lattice(L=4, M=4)

Numbers are exact: str, int, Fraction, flint.fmpq and flint.arb are passed
as given; a float is taken as its exact binary value (0.1 is not 1/10:
pass "0.1").  Results are python-flint arb balls that contain the true
value.  Errors raise hkz.HkzError (.name, .message); Ctrl-C stops long
calls (they run without the GIL).
"""
from . import dist, dos, grid, heat, product, track, zeros
from ._core import HkzArgumentError, HkzError, HkzPrecisionWarning
from ._hkz import ffi as _ffi, lib as _lib

__version__ = _ffi.string(_lib.hkz_version()).decode()

__all__ = ["heat", "dist", "product", "grid", "zeros", "track", "dos",
           "HkzError", "HkzArgumentError", "HkzPrecisionWarning"]
