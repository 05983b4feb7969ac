#!/usr/bin/env python3
"""Curie-Weiss Lee-Yang trajectories in lockstep: a measured feasibility study (issue 20.1).

Not a certified method and not part of the library: it measures how long the steps of a
lockstep continuation of ALL zeros could be, by the exact equation of motion of the zeros and
its contraction (bench/NOTES.md, "lockstep").  Needs numpy and a built `hkz`.

The zeros.  Z(t, theta) = sum_M binom(N, (N+M)/2) e^{t M^2/2} e^{i theta M} (the partition
function of `hkz zeros cw`) has N simple zeros theta_m(t) mod pi, all real (Lee-Yang), and
  dZ/dt = -(1/2) d^2Z/dtheta^2,   Z = A(t) prod_m sin(theta - theta_m(t)),
so at a zero theta_k' = -Z_t/Z_theta = Z_thth/(2 Z_th) = sum_{m != k} cot(theta_k - theta_m)
(checked below by finite differences of certified zero lists).

The contraction.  F = grad Phi, Phi = sum_{k<m} log|sin(x_k - x_m)|, is concave on the ordered
configurations, and F(x) - F(y) = A (x - y) with A_km >= 0 (k != m), A_kk = -sum_m A_km, so the
l-infinity logarithmic norm of A is 0.  For any smooth y with y' = F(y) + d:
  |theta(t) - y(t)|_inf <= |theta(ta) - y(ta)|_inf + int_ta^t |d|_inf,
as long as that bound stays below half the smallest gap of y (then theta stays ordered).

What this script does.  A step [ta, tb]: y_k = the Chebyshev interpolant of degree p through
the certified zero lists of `hkz zeros cw` at p + 1 Chebyshev points of [ta, tb] (ends
included).  The defect d = y' - F(y) is SAMPLED at --samples points (a certified version needs a
rigorous sup: Taylor models, see NOTES), eps = (tb - ta) max |d|, and eps/gap is printed.  A step
certifies (in this sampled sense) when eps/gap << 1/2.

  python3 bench/track_cw_lockstep.py --hkz build/hkz --n 2000 --p 12 --ratio 2
  python3 bench/track_cw_lockstep.py --hkz build/hkz --n 2000 --check-ode
"""
import argparse
import functools
import subprocess

import numpy as np

HKZ = 'hkz'


@functools.lru_cache(maxsize=None)
def zeros(n, t):
    """mids of the n/2 certified zeros in (0, pi/2] at coupling t"""
    out = subprocess.run([HKZ, 'zeros', 'cw', '--n', str(n), '--t', repr(t), '--digits', '17',
                          '--no-progress'], capture_output=True, text=True, check=True).stdout
    z = [float(line.split(' mid = ')[1].split()[0]) for line in out.splitlines()
         if line.startswith('record = zero')]
    assert len(z) == n // 2, (n, t, len(z))
    return np.array(z)


def velocity(y, block=500):
    """F_k(y) = sum_{m != k} cot(y_k - y_m) over all zeros (y and the mirrors -y)"""
    allz = np.concatenate([y, -y])
    out = np.empty_like(y)
    for s in range(0, len(y), block):
        e = min(s + block, len(y))
        d = y[s:e, None] - allz[None, :]
        d[np.arange(e - s), np.arange(s, e)] = np.pi / 2      # the self term: cot(pi/2) = 0
        out[s:e] = np.sum(1 / np.tan(d), axis=1)
    return out


def step(n, ta, tb, p, samples):
    """(eps, smallest gap of y, max |d|) for one step"""
    k = np.arange(p + 1)
    ts = (ta + tb) / 2 - (tb - ta) / 2 * np.cos(np.pi * k / p)
    zs = np.array([zeros(n, float(t)) for t in ts])
    x = (2 * ts - ta - tb) / (tb - ta)
    c = np.polynomial.chebyshev.chebfit(x, zs, p)
    dc = np.polynomial.chebyshev.chebder(c) * 2 / (tb - ta)
    dmax, gmin = 0.0, np.inf
    for xx in np.linspace(-1, 1, samples):
        y = np.polynomial.chebyshev.chebval(xx, c)
        d = np.polynomial.chebyshev.chebval(xx, dc) - velocity(y)
        dmax = max(dmax, float(np.max(np.abs(d))))
        ring = np.sort(np.concatenate([y, -y, [y[0] + np.pi]]))
        gmin = min(gmin, float(np.min(np.diff(ring))))
    return dmax * (tb - ta), gmin, dmax


def recipe(n, ta, tb, p, nsamp, rhos):
    """The certificate's recipe in floating point: sup_tau |d| <= sum |c_j| + 4 M rho^-n/(rho - 1)
    (c_j: Chebyshev coefficients of d at nsamp + 1 Chebyshev points; ATAP Thm 8.2), M >= |d| on
    the Bernstein ellipse E_rho, |cot w| <= pi cosh(Im w)/(2 dist(w, pi Z)) (Jordan), the pairs'
    Re and Im on E_rho from their Chebyshev coefficients.  Returns (eps, gap, rho) for the largest
    rho in rhos whose M is finite (eps = inf if none)."""
    k = np.arange(p + 1)
    ts = (ta + tb) / 2 - (tb - ta) / 2 * np.cos(np.pi * k / p)
    zs = np.array([zeros(n, float(t)) for t in ts])
    x = (2 * ts - ta - tb) / (tb - ta)
    c = np.polynomial.chebyshev.chebfit(x, zs, p)            # y in tau units
    dc = np.polynomial.chebyshev.chebder(c)
    h = (tb - ta) / 2
    tau = np.cos(np.pi * np.arange(nsamp + 1) / nsamp)
    ds = np.array([np.polynomial.chebyshev.chebval(u, dc)
                   - h * velocity(np.polynomial.chebyshev.chebval(u, c)) for u in tau])
    coef = np.sum(np.abs(np.polynomial.chebyshev.chebfit(tau, ds, nsamp)), axis=0)
    ring = np.sort(np.concatenate([zs[0], -zs[0], [zs[0][0] + np.pi]]))
    gap = float(np.min(np.diff(ring)))
    half = n // 2
    call = np.concatenate([c, -c], axis=1)
    for rho in sorted(rhos, reverse=True):
        wr = np.array([(rho ** i + rho ** -i) / 2 for i in range(p + 1)])
        wi = np.array([(rho ** i - rho ** -i) / 2 for i in range(p + 1)])
        m = np.sum(np.abs(dc) * wr[:p, None], axis=0)
        ok = True
        for j in range(half):
            d = np.delete(c[:, j:j + 1] - call, j, axis=1)
            var = np.sum(np.abs(d[1:]) * wr[1:, None], axis=0)
            im = np.sum(np.abs(d[1:]) * wi[1:, None], axis=0)
            r0 = np.mod(d[0], np.pi)
            g = np.minimum(r0, np.pi - r0) - var
            if np.min(g) <= 0:
                ok = False
                break
            m[j] += h * np.sum(np.pi * np.cosh(im) / (2 * g))
        if ok:
            sup = coef + 4 * m * rho ** (-nsamp) / (rho - 1)
            return 2 * float(np.max(sup)), gap, rho
    return np.inf, gap, None


def check_ode(n, t, h):
    """theta_k' by central differences of certified lists against the cot sum"""
    v = (zeros(n, t + h) - zeros(n, t - h)) / (2 * h)
    f = velocity(zeros(n, t))
    print(f"N={n} t={t:g}: max |v/F - 1| over the {n // 2} zeros {np.max(np.abs(v / f - 1)):.1e}")
    for j in sorted({0, 1, n // 20, n // 4, (9 * n) // 20, n // 2 - 1}):
        print(f"  j={j + 1}: theta {zeros(n, t)[j]:.12f}  difference quotient {v[j]:.10g}"
              f"  cot sum {f[j]:.10g}")


def main():
    global HKZ
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--hkz', default='hkz')
    ap.add_argument('--n', type=int, default=2000)
    ap.add_argument('--p', type=int, default=12, help='degree of the interpolant')
    ap.add_argument('--ratio', type=float, default=2.0, help='tb/ta of a step')
    ap.add_argument('--t0', type=float, default=0.1, help='start, in units of 1/N')
    ap.add_argument('--t1', type=float, default=1.0, help='end, in units of 1/N')
    ap.add_argument('--samples', type=int, default=24)
    ap.add_argument('--check-ode', action='store_true')
    ap.add_argument('--recipe', action='store_true',
                    help="bound sup|d| by the certificate's recipe (ellipse), adaptive steps")
    ap.add_argument('--tol', type=float, default=1e-2, help='recipe: accept a step when eps < tol x gap')
    a = ap.parse_args()
    HKZ = a.hkz
    if a.check_ode:
        check_ode(a.n, 0.3 / a.n, 1e-9 * 500 / a.n)
        return
    t, t1 = a.t0 / a.n, a.t1 / a.n
    steps, ratio = 0, a.ratio
    while t < t1 * (1 - 1e-12):
        tb = min(t * ratio, t1)
        if a.recipe:
            eps, gap, rho = recipe(a.n, t, tb, a.p, a.samples, [4, 3, 2, 1.5, 1.25])
            if not eps < a.tol * gap:
                print(f"N={a.n} [{t * a.n:.4f}, {tb * a.n:.4f}]/N: not certified (eps/gap {eps / gap:.1e}),"
                      " halved", flush=True)
                ratio = np.sqrt(ratio)
                continue
            print(f"N={a.n} p={a.p} n={a.samples} [{t * a.n:.4f}, {tb * a.n:.4f}]/N: rho {rho}  eps {eps:.2e}"
                  f"  min gap {gap:.2e}  eps/gap {eps / gap:.1e}", flush=True)
            ratio = min(a.ratio, ratio * ratio)
        else:
            eps, gap, dmax = step(a.n, t, tb, a.p, a.samples)
            print(f"N={a.n} p={a.p} [{t * a.n:.3f}, {tb * a.n:.3f}]/N: max|d| {dmax:.2e}  eps {eps:.2e}"
                  f"  min gap {gap:.2e}  eps/gap {eps / gap:.1e}", flush=True)
        steps += 1
        t = tb
    print(f"{steps} steps, {steps / np.log(a.t1 / a.t0):.2f} per unit of ln t; "
          f"{zeros.cache_info().currsize} certified zero lists")


if __name__ == '__main__':
    main()
