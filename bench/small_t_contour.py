#!/usr/bin/python3
# Usage: /usr/bin/python3 bench/small_t_contour.py [--hkz build/hkz] [--quick] [--split-only]
#   Feasibility prototype (mpmath, not library code): su2-sub heat kernel p_t(r,z) at small t from the
#   Baudoin-Bonnefont integral (spec 3.3, (3.2)) on a contour through the saddle, trapezoid rule.
#   Prints, per point: value, rel. error against the spectral route (hkz CLI, 30 digits), the cancellation
#   ratio Int|f|/|Int f| on the path, the trapezoid nodes N (line through the saddle) and the nodes S of the
#   split route (Gauss-Legendre centre + per-image steepest-descent tails) for rel. error 1e-10 and 1e-15.
#   --split-only skips the (slow, for small r) trapezoid node search.
#   See bench/NOTES.md, section "contour".
import sys, subprocess, re, time
import mpmath as mp
mp.mp.dps = 30
pi = mp.pi
K_IMG = 2   # images k = -K..K of q_t; principal acosh keeps |Im eta| <= pi, so k = 0, -1 (or +1) dominate

def integrand(t, r, z, y):
    """(4 pi t)^{-1/2} e^{-(y+iz)^2/(4t)} q_t(cos r cosh y), q_t written as the full images sum
       q_t(cosh eta) = pref/sinh(eta) * sum_{k in Z} (eta + 2 pi i k) e^{(eta + 2 pi i k)^2/(4t)}:
       even in eta and invariant under eta -> eta + 2 pi i, hence entire in cos r cosh y (branch-free)."""
    eta = mp.acosh(mp.cos(r)*mp.cosh(y))
    C = mp.e**t*mp.sqrt(pi)/(4*t**mp.mpf(1.5))/mp.sqrt(4*pi*t)
    w = (y + 1j*z)**2
    S = sum((eta + 2j*pi*k)*mp.exp(((eta + 2j*pi*k)**2 - w)/(4*t)) for k in range(-K_IMG, K_IMG+1))
    return C*S/mp.sinh(eta)

def E_axis(t, r, z, u):
    """Exponent of the k = 0 term on the imaginary axis y = iu: ((u+z)^2 - alpha^2)/(4t), cos alpha = cos r cos u."""
    a = mp.acos(mp.cos(r)*mp.cos(u))
    return ((u + z)**2 - a*a)/(4*t)

def saddle(t, r, z):
    """u* = argmin_{u in [-pi, 0]} E_axis (the saddle y* = i u* lies on the imaginary axis: f(-conj y) = conj f(y))."""
    lo, hi = -pi, mp.mpf(0)
    for _ in range(120):
        m1 = lo + (hi - lo)/3; m2 = hi - (hi - lo)/3
        if E_axis(t, r, z, m1) < E_axis(t, r, z, m2): hi = m2
        else: lo = m1
    return (lo + hi)/2

def path(u, s, beta=0, sig=1):
    """y(s) = s + i u* - i beta (sqrt(s^2+sig^2) - sig): horizontal through the saddle, tails bent down at slope beta
       (there the e^{-i y z/(2t)} oscillation turns into decay e^{-(beta z + |log cos r|) s/(2t)})."""
    q = mp.sqrt(s*s + sig*sig)
    return s + 1j*u - 1j*beta*(q - sig), 1 - 1j*beta*s/q

def trap(t, r, z, u, h, tol=mp.mpf(10)**-35, smax=60):
    """h * sum_j f(y(jh)) y'(jh), using f(y(-s)) y'(-s) = conj(f(y(s)) y'(s)). Returns (I, Int|f|, nodes)."""
    y0, d0 = path(u, mp.mpf(0)); g = integrand(t, r, z, y0)*d0
    I = g.real; A = abs(g); j = 1
    while True:
        y, d = path(u, j*h); g = integrand(t, r, z, y)*d
        I += 2*g.real; A += 2*abs(g)
        if abs(g) < tol*abs(I) or j*h > smax: break
        j += 1
    return h*I, h*A, j + 1

# ---- split route: Gauss-Legendre on the central piece |s| <= s0 of the line, each image's tail on its own ray ----
_GL = {}
def gl(deg, a, b):
    """Gauss-Legendre on [a,b], 3*2^(deg-1) nodes (mpmath's tables)."""
    if deg not in _GL:
        from mpmath.calculus.quadrature import GaussLegendre
        _GL[deg] = GaussLegendre(mp.mp).calc_nodes(deg, mp.mp.prec)
    return [(a + (b - a)*(x + 1)/2, (b - a)/2*w) for x, w in _GL[deg]]

def eta_right(r, y):
    """eta with cosh eta = cos r cosh y, analytic in Re y > 0 where |cos r cosh y| > 1 (no jump: unlike the
       principal acosh it follows y, eta = y + log cos r + O(e^{-2y}))."""
    x = mp.cos(r)*mp.cosh(y)
    return y + mp.log(mp.cos(r)) + mp.log((1 + mp.exp(-2*y))/2) + mp.log(1 + mp.sqrt(1 - 1/(x*x)))

def image_term(t, r, z, y, k):
    e = eta_right(r, y); C = mp.e**t*mp.sqrt(pi)/(4*t**mp.mpf(1.5))/mp.sqrt(4*pi*t)
    return C*(e + 2j*pi*k)*mp.exp(((e + 2j*pi*k)**2 - (y + 1j*z)**2)/(4*t))/mp.sinh(e)

def split(t, r, z, u, d1, d2, R=40):
    """p = 2 Re[ int_0^s0 f(s+iu*) ds + sum_k int_ray f_k ], s0 = max(1, acosh(2/cos r)). On the horizontal line
       the tail decays only like e^{-(1+|log cos r|/(2t)) s} and oscillates at (z or pi -+ z)/(2t) (slow for small r);
       each image term f_k ~ exp(y (log cos r + i(2 pi k - z))/(2t) - y) alone is analytic for Re y >= s0 and its tail
       is turned onto its steepest-descent ray y0 + rho e^{i theta_k} (no growth in between). Returns (value, nodes)."""
    s0 = max(mp.mpf(1), mp.acosh(2/mp.cos(r)))
    I = mp.mpf(0); n = 0
    for s, w in gl(d1, 0, s0):
        I += w*integrand(t, r, z, s + 1j*u).real; n += 1
    y0 = s0 + 1j*u; e0 = eta_right(r, y0)
    m = min(abs(e0.imag + 2*pi*j) for j in range(-3, 4))
    ks = [k for k in range(-3, 4) if (e0.imag + 2*pi*k)**2 < m*m + 4*t*100]   # the others are < e^{-100} relative
    tail = mp.mpc(0)
    for k in ks:
        c = (mp.log(mp.cos(r)) + 1j*(2*pi*k - z))/(2*t) - 1; d = -mp.conj(c)/abs(c)
        for rho, w in gl(d2, 0, R/abs(c)):
            tail += w*d*image_term(t, r, z, y0 + rho*d, k); n += 1
    return 2*(I + tail.real), n

def split_nodes(t, r, z, u, ref, eps):
    best = None
    for d1 in range(2, 8):
        for d2 in range(2, 6):
            v, n = split(t, r, z, u, d1, d2)
            if abs(v - ref) < eps*abs(ref) and (best is None or n < best): best = n
    return best

def spectral(hkz, t, r, z):
    out = subprocess.run([hkz, 'heat', 'su2-sub', '--t', str(t), '--r', str(r), '--z', str(z), '--digits', '30'],
                         capture_output=True, text=True).stdout
    m = re.search(r'value = \[([-+0-9.e]+)', out)
    return mp.mpf(m.group(1))

def nodes_for(t, r, z, u, ref, eps):
    """Largest step h on the grid 2^{-k/2}, k = 2..18, with rel. error < eps, also at the next smaller h;
       returns (N, h), N = nodes f is evaluated at (s >= 0 only: the s < 0 half is the conjugate)."""
    best = None
    for k in range(2, 19):
        h = mp.mpf(2)**(-mp.mpf(k)/2)
        I, _, n = trap(t, r, z, u, h, tol=eps/100)
        if abs(I - ref) < eps*abs(ref):
            if best is not None: return best
            best = (n, h)
        else: best = None
    return best if best else (None, None)

POINTS = {'0.01': [(0.05, 0), (0.05, 0.4), (0.05, 1.6), (0.05, 3.2), (0.05, 6.0), (0.3, 0.8), (0.5, 2.0), (0.8, 3.2),
                   (1.0, 1.2), (1.0, 3.2), (1.5, 0.4), (1.5, 3.2), (1.5, 6.0)],
          '0.076': [(0.05, 3.2), (0.5, 2.0), (1.0, 3.2), (1.5, 6.0)],
          '0.2': [(0.05, 3.2), (0.5, 2.0), (1.0, 3.2), (1.5, 6.0)]}

def main():
    hkz = sys.argv[sys.argv.index('--hkz') + 1] if '--hkz' in sys.argv else 'build/hkz'
    quick = '--quick' in sys.argv; split_only = '--split-only' in sys.argv
    print('%-6s %-5s %-4s %-8s %-24s %-9s %-9s %-6s %-6s %-6s %-6s %-6s' % ('t', 'r', 'z', 'u*', 'value (contour)', 'relerr', 'I|f|/|I|', 'N1e-10', 'N1e-15', 'S1e-10', 'S1e-15', 'sec'))
    for ts, pts in POINTS.items():
        t = mp.mpf(ts)
        for (r, z) in (pts[:4] if quick else pts):
            r = mp.mpf(str(r)); z = mp.mpf(str(z)); zr = z if z <= pi else 2*pi - z   # decimal, as the CLI reads it; even, 2 pi-periodic in z
            t0 = time.time()
            u = saddle(t, r, zr)
            ref = spectral(hkz, ts, mp.nstr(r, 6), mp.nstr(z, 6))
            I, A, _ = trap(t, r, zr, u, mp.mpf(2)**-7)
            n10, n15 = (None, None) if split_only else (nodes_for(t, r, zr, u, ref, mp.mpf(10)**-10)[0], nodes_for(t, r, zr, u, ref, mp.mpf(10)**-15)[0])
            s10 = split_nodes(t, r, zr, u, ref, mp.mpf(10)**-10); s15 = split_nodes(t, r, zr, u, ref, mp.mpf(10)**-15)
            print('%-6s %-5s %-4s %-8s %-24s %-9s %-9s %-6s %-6s %-6s %-6s %-6.1f' % (ts, mp.nstr(r, 3), mp.nstr(z, 3), mp.nstr(u, 5), mp.nstr(I, 17),
                  mp.nstr(abs(I - ref)/abs(ref), 2), mp.nstr(A/abs(I), 3), n10, n15, s10, s15, time.time() - t0), flush=True)

if __name__ == '__main__':
    main()
