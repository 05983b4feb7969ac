"""Certified trajectories of Lee-Yang zeros (the CLI's `hkz track cw`).

A Track holds, per tracked zero j (1-based), the certified steps: for
every t in [ta, tb] the box holds theta_j(t), simple (alone in the box,
or for the integral and lockstep methods alone in the slice at t of a
wedge or tube whose hull the box is); theta is a tight enclosure of theta_j(tb); dir = sign
of d theta_j/dt on the step (0: not certified).  Beyond t* every zero
stays within its limit (2j-1) pi/(2N) +/- the goal: the steps stop there
and .tail[j] is the enclosure over [t*, t1].  .decreasing: the verifier
cw_decrease (every step has dir = -1 and every zero reached t1).
"""
from collections import namedtuple

from . import _core as c
from ._hkz import ffi, lib

__all__ = ["Track", "Step", "cw"]

Step = namedtuple("Step", "j ta tb theta box dir")


class Track:
    """.steps {j: [Step]}, .limit_zero_coupling (pi/2), .limit_inf {j:
    (2j-1) pi/(2N)}, .tstar, .tail {j: ball}, .done {j: bool},
    .decreasing, .certified."""

    def __repr__(self):
        return "Track(N=%d, zeros %d..%d, steps=%d, decreasing=%s)" % (
            self.N, self.j0, self.j1, sum(map(len, self.steps.values())),
            self.decreasing)


def cw(n, t0, t1, zeros=None, digits=15, method="auto", threads=2,
       progress=None):
    """Trajectories theta_j(t), t in [t0, t1], of the Curie-Weiss zeros of
    K_n (coupling t per edge); zeros = (J0, J1) tracks J0..J1 (1-based,
    default all n/2).  method "lockstep" moves all zeros together by their
    equation of motion (a few steps per unit of ln t for any n).
    progress(done, total) per round of steps."""
    c.check_int(n, "n", 2, 100000)
    c.check_digits(digits)
    c.check_int(threads, "threads", 1, 256)
    m = c.choice(method, "method", ("auto", "direct", "integral", "lockstep"))
    j0, j1 = (1, n // 2) if zeros is None else zeros
    c.check_int(j0, "zeros J0", 1, max(n // 2, 1))
    c.check_int(j1, "zeros J1", j0, max(n // 2, 1))
    bits = 8 * n + 2048 + c.input_bits(digits)
    trp = ffi.new("hkz_ly_track_t *")
    Np = ffi.new("slong *")
    tstar = c.Vec(1)
    tail = c.Vec(j1 - j0 + 1)
    has_tail = ffi.new("int *")
    with c.progress_call(progress) as (fn, ctx, call):
        st = lib.hkzpy_track_cw(trp, Np, tstar[0], tail[0], has_tail, n,
                                c.cstr(c.number(t0, "t0", bits)),
                                c.cstr(c.number(t1, "t1", bits)), j0 - 1, j1,
                                m, digits, threads, fn, ctx)
        c.run_status(call, st, allow=(c.ERR_NOT_CERTIFIED,))
    tr = trp[0]
    out = Track()
    out.N, out.j0, out.j1 = n, j0, j1
    try:
        out.steps = {}
        out.done = {}
        for j in range(j0 - 1, j1):
            steps = []
            for k in range(lib.hkz_ly_track_nsteps(tr, j)):
                s = lib.hkz_ly_track_step(tr, j, k)
                steps.append(Step(j + 1, c.ball(ffi.addressof(s.ta)),
                                  c.ball(ffi.addressof(s.tb)),
                                  c.ball(ffi.addressof(s.theta_b)),
                                  c.ball(ffi.addressof(s.box)), s.dir))
            out.steps[j + 1] = steps
            out.done[j + 1] = lib.hkz_ly_track_done(tr, j) == 1
        out.decreasing = bool(lib.hkz_ly_track_all_decreasing(tr))
    finally:
        lib.hkz_ly_track_destroy(trp)
    out.tstar = c.ball(tstar[0])
    out.tail = ({j: c.ball(tail[j - j0]) for j in range(j0, j1 + 1)}
                if has_tail[0] else {})
    lim = c.Vec(2)
    out.limit_inf = {}
    for j in range(j0, j1 + 1):
        lib.hkzpy_cw_limits(lim[0], lim[1], j, n, c.input_bits(digits) // 16)
        out.limit_zero_coupling = c.ball(lim[0])
        out.limit_inf[j] = c.ball(lim[1])
    out.status = ffi.string(lib.hkz_status_name(st)).decode()
    out.certified = st == c.SUCCESS and out.decreasing
    return out
