"""Certified Lee-Yang zeros (the CLI's `hkz zeros`).

Convention (spec lee_yang_zeros.md): z = exp(-2h), F(theta) = Z(i theta);
the principal zeros are 0 < theta_1 < ... < theta_n < pi/2, n = floor(W/2),
z_j = exp(-2 i theta_j).  A ZeroList is a list of arb balls theta_j with
the certificate: .certified (per zero), .status (per zero: 'ok', 'isolated,
index unknown', 'not found'), .complete (n certified sign changes saturate
the Lee-Yang count W: the list is complete, every zero simple), .n, .W,
.found, .trivial_pi_2 (W odd: pi/2 is a zero, not listed), .method, .prec,
.note.  A list that could not be certified complete is returned (complete
False), not raised; other failures raise HkzError.
"""
from decimal import Decimal
from fractions import Fraction

import flint

from . import _core as c
from ._hkz import ffi, lib

__all__ = ["ZeroList", "cw", "graph", "lattice"]

_METHODS = ("auto", "direct", "integral")


class ZeroList(list):
    """theta_j balls plus the certificate fields (module docstring)."""

    def z(self):
        """z_j = exp(-2 i theta_j) as python-flint acb balls (enclosures,
        computed by python-flint at the accuracy of each theta_j)."""
        out = []
        for th in self:
            with flint.ctx.workprec(max(64, th.rel_accuracy_bits() + 32)):
                out.append((flint.acb(0, -2) * th).exp())
        return out

    def __repr__(self):
        return "ZeroList(n=%d, complete=%s, %s)" % (
            self.n, self.complete, list.__repr__(self))


def _zeros(zp, st, model):
    z = zp[0]
    try:
        out = ZeroList(c.ball(z.theta + i) for i in range(z.len))
        out.model = model
        out.j = [z.j0 + i + 1 for i in range(z.len)]
        out.certified = [z.flag[i] == 2 for i in range(z.len)]
        out.status = ["ok" if z.flag[i] == 2 else "isolated, index unknown"
                      if z.flag[i] == 1 else "not found"
                      for i in range(z.len)]
        out.n, out.W, out.found = z.n, z.W, z.nisolated
        out.complete = bool(z.complete)
        out.trivial_pi_2 = bool(z.trivial)
        out.method = _METHODS[z.method] if model == "cw" else "direct"
        out.prec = z.prec
        out.summary_status = ffi.string(lib.hkz_status_name(st)).decode()
        if out.complete:
            out.note = ("%d certified sign changes of F in (0, pi/2) plus "
                        "their mirror images%s account for all %d zeros "
                        "(Lee-Yang count): the list is complete and every "
                        "zero is simple" % (z.n, " and the trivial zero pi/2"
                                            if z.trivial else "", z.W))
        else:
            out.note = "NOT certified complete: " + ffi.string(
                lib.hkz_errmsg()).decode()
    finally:
        lib.hkzpy_zeros_free(z)
    return out


def cw(n, t=None, beta=None, digits=30, method="auto", threads=2,
       progress=None):
    """All principal zeros of the Curie-Weiss model K_n with coupling t PER
    EDGE (or beta = n t).  progress(done, total) is called per zero; a True
    return (or Ctrl-C) stops the run."""
    c.check_int(n, "n", 1, 1 << 24)
    c.check_digits(digits)
    c.check_int(threads, "threads", 1, 256)
    m = c.choice(method, "method", _METHODS)
    if (t is None) == (beta is None):
        raise c.HkzArgumentError(c.ERR_ARG, "give exactly one of t and beta")
    bits = c.input_bits(digits) + 8 * n
    if beta is not None:
        t = _over(beta, n, bits)
    return _run(lib.hkzpy_zeros_cw, "cw", progress, n,
                c.cstr(c.number(t, "t", bits)), m, digits, threads)


def _over(beta, n, bits):
    """beta / n exactly (a ball at bits for an arb or a non-decimal)."""
    if isinstance(beta, flint.arb):
        with flint.ctx.workprec(bits):
            return beta / n
    if isinstance(beta, flint.fmpq):
        beta = Fraction(int(beta.p), int(beta.q))
    elif isinstance(beta, str):
        try:
            beta = Fraction(Decimal(beta.strip()))
        except (ArithmeticError, ValueError):
            raise c.HkzArgumentError(c.ERR_ARG, "beta: not a decimal number: "
                                     "%r" % beta) from None
    elif isinstance(beta, (int, float)) and not isinstance(beta, bool):
        beta = Fraction(beta)
    if not isinstance(beta, Fraction):
        raise TypeError("beta: expected a number, got %r" % (beta,))
    return beta / n


def _edges_text(edges):
    if isinstance(edges, str):
        return edges
    lines = []
    for e in edges:
        if len(e) == 2:
            u, v, J = e[0], e[1], 1
        else:
            u, v, J = e
        lines.append("%d %d %s" % (int(u), int(v), c.number(J, "J")))
    return "\n".join(lines) + "\n"


def _run(f, model, progress, *args):
    zp = ffi.new("hkz_ly_zeros_struct **")
    with c.progress_call(progress) as (fn, ctx, call):
        st = f(zp, *args, fn, ctx)
        c.run_status(call, st, allow=(c.ERR_PREC, c.ERR_NOT_CERTIFIED))
    if zp[0] == ffi.NULL:
        return None
    return _zeros(zp, st, model)


def graph(edges, digits=30, threads=2, progress=None):
    """Zeros of the Ising model on a graph: edges as (u, v) or (u, v, J)
    tuples (J >= 0, exact), or the text of a graph file ('u v J' lines,
    'vertices N', 'weight u w')."""
    c.check_digits(digits)
    c.check_int(threads, "threads", 1, 256)
    return _run(lib.hkzpy_zeros_graph, "graph", progress,
                c.cstr(_edges_text(edges)), digits, threads)


def lattice(L, M, coupling, boundary="torus", digits=30, threads=2,
            force=False, progress=None):
    """Zeros of the L x M square lattice (L columns, M rows) with coupling
    K > 0 on every bond (a number, or 'kc' for K_c = log(1+sqrt 2)/2).
    The exact table is computed first, on the CPU and without Ctrl-C: a
    lattice whose table is estimated above 2 hours is refused
    (HKZ_ERR_TOO_LARGE) unless force=True."""
    c.check_int(L, "L", 1, 64)
    c.check_int(M, "M", 1, 4096)
    c.check_digits(digits)
    c.check_int(threads, "threads", 1, 256)
    cyl = c.choice(boundary, "boundary", ("torus", "cylinder"))
    K = coupling if coupling == "kc" else c.number(coupling, "coupling")
    return _run(lib.hkzpy_zeros_lattice, "lattice", progress, L, M, cyl,
                c.cstr(K), digits, threads, bool(force))
