"""Exact densities of states g(b, k) (the CLI's `hkz dos`).

g[b - bmin, k] = number of configurations with b unsatisfied bonds
(energy E = J0 (S - 2b)) and k down spins (magnetization M = W - 2k);
exact Python ints in a numpy object array.
"""
from fractions import Fraction

import numpy as np

from . import _core as c
from ._hkz import ffi, lib

__all__ = ["Dos", "lattice", "graph"]


class Dos:
    """.g (nb x nk object array of ints), .b (energy indices), .k, .bmin,
    .unit (J0, Fraction), .S, .total (2^n)."""

    def __repr__(self):
        return "Dos(%s, %d x %d, total=%d)" % (self.model, len(self.b),
                                               len(self.k), self.total)


def _dos(mp, threads, force, progress, model):
    m = ffi.gc(mp[0], lib.hkzpy_model_free)
    dp = ffi.new("hkz_ising_dos_struct **")
    with c.progress_call(progress) as (fn, ctx, call):
        st = lib.hkzpy_dos(dp, m, threads, bool(force), fn, ctx)
        c.run_status(call, st)
    d = dp[0]
    try:
        out = Dos()
        out.model = model
        out.bmin = d.bmin
        out.g = np.empty((d.nb, d.nk), dtype=object)
        for i in range(d.nb):
            for k in range(d.nk):
                out.g[i, k] = int(c.take_str(lib.hkzpy_dos_count(d, i, k)))
        out.b = np.arange(d.bmin, d.bmin + d.nb)
        out.k = np.arange(d.nk)
        out.unit = Fraction(c.take_str(lib.hkzpy_dos_unit(d)))
        out.S = int(c.take_str(lib.hkzpy_dos_S(d)))
        out.total = int(sum(out.g.flat))
    finally:
        lib.hkzpy_dos_free(d)
    return out


def lattice(L, M, boundary="torus", threads=2, progress=None):
    """The exact table of the L x M square lattice (transfer matrix; Ctrl-C
    or a True return of progress(done, total) stops it)."""
    c.check_int(L, "L", 1, 64)
    c.check_int(M, "M", 1, 4096)
    c.check_int(threads, "threads", 1, 256)
    cyl = c.choice(boundary, "boundary", ("torus", "cylinder"))
    mp = ffi.new("hkz_ising_model_struct **")
    c.check(lib.hkzpy_model_lattice(mp, L, M, cyl))
    return _dos(mp, threads, False, progress,
                "lattice %dx%d %s" % (L, M, boundary))


def graph(edges, threads=2, force=False):
    """The exact table of a graph (edges as for hkz.zeros.graph) by
    enumeration, which cannot be interrupted: more than 33 vertices only
    with force=True."""
    from .zeros import _edges_text
    c.check_int(threads, "threads", 1, 256)
    mp = ffi.new("hkz_ising_model_struct **")
    c.check(lib.hkzpy_model_graph(mp, c.cstr(_edges_text(edges))))
    return _dos(mp, threads, force, None, "graph")
