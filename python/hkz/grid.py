"""Certified tables of heat kernels over points x times (the CLI's `hkz
grid heat KIND`).

A Grid has numpy arrays mid, rad (doubles with [mid - rad, mid + rad]
containing the certified ball: rad rounded outward), certified, scalar (the
entry was recomputed by the certified scalar route) and missed (below the
digits goal), shaped like the axes: heat_su2 (alpha, t), heat_su2_sub and
heat_su2_milnor on r x z (r, z, t), a points file (point, t); and the
coordinate arrays t, alpha, r, z (doubles nearest the exact list values).
Lists: the CLI's LIST strings ("0.1,0.2", "A:B:N") or sequences of numbers
(each passed exactly).  device: 'auto' | 'cpu' | 'cuda'.
"""
import numpy as np

from . import _core as c
from ._hkz import ffi, lib

__all__ = ["Grid", "heat_su2", "heat_su2_sub", "heat_su2_milnor",
           "heat_product"]

_DEVICES = ("auto", "cpu", "cuda")


class Grid:
    """mid, rad, certified, scalar, missed shaped shape; t, alpha, r, z."""

    def __repr__(self):
        return "Grid(kind=%r, shape=%s, certified=%d/%d)" % (
            self.kind, self.shape, int(self.certified.sum()),
            self.certified.size)


def _grid(kind, name, shape_of, t, alpha=None, r=None, z=None, weights=None,
          file=None, op=0, spec=None, digits=10, deriv=0, device="auto",
          method="auto", progress=None):
    c.check_digits(digits)
    c.check_int(deriv, "deriv", 0, 64)
    dev = c.choice(device, "device", _DEVICES)
    c.choice(method, "method", ("auto", "scalar"))
    bits = c.input_bits(digits)
    lists = [c.cstr(None if x is None else c.number_list(x, what, bits))
             for x, what in ((t, "t"), (alpha, "alpha"), (r, "r"), (z, "z"),
                             (weights, "weights"))]
    gp = ffi.new("hkzpy_grid_t **")
    P = ffi.new("slong *")
    T = ffi.new("slong *")
    c.check(lib.hkzpy_grid_new(gp, kind, *lists, c.cstr(file), op,
                               c.cstr(spec), deriv, digits, P, T))
    g = ffi.gc(gp[0], lib.hkzpy_grid_free)
    P, T = P[0], T[0]
    out = Grid()
    out.kind = name
    out.digits = digits
    out.deriv = deriv
    for which, axis in enumerate(("t", "alpha", "r", "z")):
        n = lib.hkzpy_grid_axis(g, which, ffi.NULL)
        a = np.zeros(n)
        lib.hkzpy_grid_axis(g, which, ffi.from_buffer("double[]", a))
        setattr(out, axis, a if n else None)
    mid = np.zeros(P * T)
    rad = np.zeros(P * T)
    flags = [np.zeros(P * T, dtype=np.int8) for _ in range(3)]
    counts = ffi.new("slong[3]")
    with c.progress_call(progress) as (fn, ctx, call):
        st = lib.hkzpy_grid_run(
            g, dev, method == "scalar", ffi.from_buffer("double[]", mid),
            ffi.from_buffer("double[]", rad),
            *(ffi.from_buffer("signed char[]", f) for f in flags),
            counts, fn, ctx)
        c.run_status(call, st)
    out.shape = shape_of(out, P, T)
    out.mid = mid.reshape(out.shape)
    out.rad = rad.reshape(out.shape)
    out.certified, out.scalar, out.missed = (
        f.astype(bool).reshape(out.shape) for f in flags)
    out.engine_count, out.scalar_count, out.missed_count = counts
    return out


def _rz_shape(g, P, T):
    if g.r is not None and g.z is not None:
        return (len(g.r), len(g.z), T)
    return (P, T)


def heat_su2(alpha, t, digits=10, deriv=0, device="auto", method="auto",
             progress=None):
    """h_t(alpha) on alpha x t: shape (len(alpha), len(t))."""
    return _grid(0, "su2", lambda g, P, T: (P, T), t, alpha=alpha,
                 digits=digits, deriv=deriv, device=device, method=method,
                 progress=progress)


def heat_su2_sub(r, z, t, digits=10, deriv=0, device="auto", method="auto",
                 progress=None):
    """p_t(r, z) on r x z x t: shape (len(r), len(z), len(t))."""
    return _grid(1, "su2-sub", _rz_shape, t, r=r, z=z, digits=digits,
                 deriv=deriv, device=device, method=method,
                 progress=progress)


def heat_su2_milnor(weights, t, r=None, z=None, g=None, digits=10, deriv=0,
                    device="auto", method="auto", progress=None):
    """The Milnor kernel on r x z x t, or on the elements of the file g
    (one 'a_re,a_im,b_re,b_im' per line): shape (points, len(t))."""
    return _grid(2, "su2-milnor", _rz_shape, t, r=r, z=z, weights=weights,
                 file=g, digits=digits, deriv=deriv, device=device,
                 method=method, progress=progress)


def heat_product(t, points, delta_weights=None, sub_weights=None, digits=10,
                 deriv=0, device="auto", method="auto", progress=None):
    """mu_t(x) on SU(2)^n at the points of the file `points` (one POINT per
    line): shape (points, len(t))."""
    if (delta_weights is None) == (sub_weights is None):
        raise c.HkzArgumentError(c.ERR_ARG, "give exactly one of "
                                 "delta_weights and sub_weights")
    spec = delta_weights if delta_weights is not None else sub_weights
    return _grid(3, "product", lambda g, P, T: (P, T), t, file=points,
                 op=0 if delta_weights is not None else 1, spec=str(spec),
                 digits=digits, deriv=deriv, device=device, method=method,
                 progress=progress)
