#!/usr/bin/env python3
"""Certified hkz vs uncertified mpmath on SU(2)^n / SU(2)^infinity (issue 5), in one run.

usage: bench/su2n_vs_mpmath.py [build dir] [--digits 30,100] [--budget S] [--spec-tail] [--wall]

hkz side: build/bench/bench_su2n (in-process, hkz_goal_eval to D significant digits, median of
single calls after a warm-up; also the double path where the library has one: products of the
hkz_su2_heat_*_d factors, distances from hkz_su2_dist_*_d, NOT certified), one JSON line per case.
bench_su2n is called once per case, right before mpmath computes that case, so that both sides of a
ratio see the same load on a shared machine. Clock: CPU time of each process (both single-threaded;
--wall: wall time).

mpmath side: the methods of the spec's section 8 script (heat_kernels_su2.md), at mp.dps = D + 10:
  - factors h_s(e) / p_s(e): character sum with the TB1 stop (s >= 1) or the paired image form
    with 8 images (s < 1); Wigner sum (3.1) (s >= 1) or the closed form (3.3) with mp.nsum (s < 1);
  - "inf" products: direct products, adding factors until the remaining delta-bound sum is below
    10^-(D+5) (the script's stop rule, with 1e-70 replaced by 10^-(D+5) so that it fits D digits;
    --spec-tail uses min(1e-70, 10^-(D+5)) as the script literally does at D <= 65);
  - R33 distances: arccos(cos r cos z) and the bisection for the CC distance of section 4.2;
  - R34: the head factors at the point times the product at e of the factors i >= 4 (same stop);
  - R44/R45: mp.quad of prod_e * eta_s with the script's breakpoints (F3), and a second mpmath row
    "(mu-1)": 1 + mp.quad of (prod_e - 1) * eta_s (the script's form loses digits on [10, inf));
  - R38-R40: mp.quad of log F(s) (resp. log F(x^2)) with the script's breakpoints.
No certificate. Times: median of calls until ~S seconds per case (at least one call).
'agree' = -log10 |mid - x_mp| / |x_mp| (digits shared by hkz's midpoint and mpmath's value),
'in@D' = whether mpmath's value lies in hkz's ball widened by 10^-D relative (containment to the
requested D digits; mpmath's own error, ~10^-(D+9), exceeds the radius of hkz's balls, which the
Ziv loop makes ~10^-(D+9) too, so strict containment is not a meaningful test here),
'cert' = digits certified by hkz's ball (-log10 rad/|mid|).
"""
import json, math, subprocess, sys, time
import mpmath as mp

args = sys.argv[1:]
BUILD = "./build"
DIGITS = [30, 100]
BUDGET = 0.3
SPEC_TAIL = False
WALL = False
i = 0
while i < len(args):
    a = args[i]
    if a == "--digits":
        DIGITS = [int(x) for x in args[i + 1].split(",")]; i += 1
    elif a == "--budget":
        BUDGET = float(args[i + 1]); i += 1
    elif a == "--spec-tail":
        SPEC_TAIL = True
    elif a == "--wall":
        WALL = True
    else:
        BUILD = a
    i += 1
BENCH = BUILD + "/bench/bench_su2n"
pi = mp.pi

def eps():
    return mp.mpf(10) ** (-mp.mp.dps - 5)

# ---- single factors (spec 2, 3; the section 8 methods) -----------------------------------------
def tb1(t, N):
    A = N + 1; rho = mp.exp(-2 * A * t)
    return mp.exp(-(A * A - 1) * t) * (A * A / (1 - rho) + 2 * A * rho / (1 - rho) ** 2 + rho * (1 + rho) / (1 - rho) ** 3)

def h_spec(t, alpha):
    s = mp.mpf(0); n = 1
    while True:
        chi = n if alpha == 0 else mp.sin(n * alpha) / mp.sin(alpha)
        s += n * mp.exp(-(n * n - 1) * t) * chi
        if tb1(t, n) < eps() * abs(s):
            return s
        n += 1

def h_img(t, alpha, K=8):
    pref = mp.exp(t) * mp.sqrt(pi) / (4 * t ** mp.mpf(1.5))
    sinhc = lambda x: mp.mpf(1) if x == 0 else mp.sinh(x) / x
    if alpha <= pi / 2:
        a = alpha; ratio = mp.mpf(1) if a == 0 else a / mp.sin(a)
        S = 1 + sum(mp.exp(-pi ** 2 * k * k / t) * (2 * mp.cosh(pi * k * a / t) - (4 * pi ** 2 * k * k / t) * sinhc(pi * k * a / t))
                    for k in range(1, K + 1))
        return pref * mp.exp(-a * a / (4 * t)) * ratio * S
    b = pi - alpha; ratio = mp.mpf(1) if b == 0 else b / mp.sin(b); S = mp.mpf(0)
    for k in range(0, K + 1):
        y = (2 * k + 1) * pi
        S += mp.exp(-y * y / (4 * t)) * ((y * y / t) * sinhc(y * b / (2 * t)) - 2 * mp.cosh(y * b / (2 * t)))
    return pref * mp.exp(-b * b / (4 * t)) * ratio * S

def h(t, alpha):
    return h_spec(t, alpha) if t >= 1 else h_img(t, alpha)

def jacobi(M, k, x):
    P = [mp.mpf(1), ((k + 2) * x - k) / 2]
    for n in range(1, M):
        c1 = 2 * (n + 1) * (n + k + 1) * (2 * n + k); c2 = (2 * n + k + 1) * (-k * k)
        c3 = (2 * n + k) * (2 * n + k + 1) * (2 * n + k + 2); c4 = 2 * n * (n + k) * (2 * n + k + 2)
        P.append(((c2 + c3 * x) * P[n] - c4 * P[n - 1]) / c1)
    return P[:M + 1]

def p_spec(t, r, z):
    c = mp.cos(r); x = mp.cos(2 * r); total = mp.mpf(0); k = 0
    while True:
        M = 2
        while (2 * M + k + 1) * mp.exp(-(4 * M * (M + k + 1) + 2 * k) * t) > eps():
            M += 1
        P = jacobi(M, k, x)
        sk = sum((2 * m + k + 1) * mp.exp(-(4 * m * (m + k + 1) + 2 * k) * t) * P[m] for m in range(M + 1))
        total += sk * c ** k * (1 if k == 0 else 2 * mp.cos(k * z))
        if k > 2 and (k + 1) * mp.exp(-2 * k * t) * (1 + 1 / (1 - mp.exp(-2 * t))) < eps() * abs(total):
            return total
        k += 1

def p_e_closed(t):
    S = 1 + 2 * mp.nsum(lambda k: mp.exp(-pi ** 2 * k * k / t) * (mp.sech(pi ** 2 * k / (2 * t)) ** 2 - 4 * k * mp.tanh(pi ** 2 * k / (2 * t))), [1, mp.inf])
    return pi ** 2 * mp.exp(t) / (16 * t * t) * S

def h_e(t):
    return h_spec(t, 0) if t >= 1 else h_img(t, 0)

def p_e(t):
    return p_spec(t, 0, 0) if t >= 1 else p_e_closed(t)

def delta_R(s):
    q = mp.exp(-3 * s); return q * (4 - 3 * q + q * q) / (1 - q) ** 3

def delta_L(s):
    q = mp.exp(-2 * s)
    return (4 * q - 2 * q ** 2 + q ** 4 - 2 * q ** 5 + q ** 6) / ((1 - q) ** 2 * (1 - q ** 4)) + 2 * q ** 4 * (1 + q) / ((1 - q ** 4) ** 2 * (1 - q))

# ---- distances (spec 4) -------------------------------------------------------------------------
def d_R(r, z):
    return mp.acos(mp.cos(r) * mp.cos(z))

def d_sR(r, z):
    z = abs(z)
    if r == 0:
        return mp.sqrt(2 * pi * z - z * z)
    def psi(th):
        s = mp.sqrt(max(mp.sin(th) ** 2 - mp.sin(r) ** 2, 0)); c = min(max(mp.cos(th) / mp.cos(r), -1), 1)
        return mp.acos(c) - th * s / mp.sin(th)
    lo, hi = r, pi - r
    for _ in range(mp.mp.prec + 10):
        mid = (lo + hi) / 2
        if psi(mid) > z: hi = mid
        else: lo = mid
    th = (lo + hi) / 2
    return th * mp.sin(r) / mp.sin(th)

# ---- products, subordination, (CK*) (spec 5, 6.2 F3) ------------------------------------------
FAM = {"sq": lambda i: i * i, "geom": lambda i: 2 ** i, "lin": lambda i: i}
PT = [("0.3", "0.5"), ("0.7", "2.0"), ("0", "1")]   # P1, P2, P4 (R33, R34)

def tail_stop(D):
    return min(mp.mpf(10) ** -70, mp.mpf(10) ** (-D - 5)) if SPEC_TAIL else mp.mpf(10) ** (-D - 5)

def n_inf(op, wf, t, n0, D):
    """the script's rule: add factors until the remaining delta-bound sum is < the stop"""
    dB = delta_R if op == "D" else delta_L
    n2 = n0; stop = tail_stop(D)
    while True:
        n2 += 1
        d1 = dB(mp.mpf(wf(n2 + 1)) * t); d2 = dB(mp.mpf(wf(n2 + 2)) * t)
        if d1 / (1 - d2 / d1) < stop:
            return n2

def prod_e(op, t, ws):
    f = h_e if op == "D" else p_e
    return mp.fprod(f(w * t) for w in ws)

def mp_prod(op, fam, t, n, D, inf):
    t = mp.mpf(t); wf = FAM[fam]
    if inf:
        n = n_inf(op, wf, t, 0, D)
    return prod_e(op, t, [mp.mpf(wf(i)) for i in range(1, n + 1)])

def mp_dist(op):
    d = d_R if op == "D" else d_sR
    return mp.sqrt(sum(d(mp.mpf(r), mp.mpf(z)) ** 2 / (i + 1) ** 2 for i, (r, z) in enumerate(PT)))

def mp_heat_pt(op, t, D):
    t = mp.mpf(t); wf = FAM["sq"]
    if op == "D":
        head = mp.fprod(h((i + 1) ** 2 * t, d_R(mp.mpf(r), mp.mpf(z))) for i, (r, z) in enumerate(PT))
    else:
        head = mp.fprod(p_spec((i + 1) ** 2 * t, mp.mpf(r), mp.mpf(z)) for i, (r, z) in enumerate(PT))
    n = max(n_inf(op, wf, t, 3, D), 3)
    return head * prod_e(op, t, [mp.mpf(wf(i)) for i in range(4, n + 1)])

def eta_half(s, u):
    return s / (2 * mp.sqrt(pi)) * u ** mp.mpf(-1.5) * mp.exp(-s * s / (4 * u))

def mp_subord(t, minus_one=False):
    """the script's subordinated_e; minus_one: 1 + int (mu - 1) eta_s (the same breakpoints), whose
    integrand decays like e^{-3u} instead of u^{-3/2} on [10, inf) (hkz integrates this form)"""
    s = mp.mpf(t) / (mp.sqrt(3) / 2); ws = [mp.mpf(1), mp.mpf(4), mp.mpf(9)]
    c = 1 if minus_one else 0
    f = lambda u: (prod_e("D", u, ws) - c) * eta_half(s, u)
    return c + mp.quad(f, [0, s * s / 64, s * s / 16, s * s / 4, s * s, 4 * s * s, 1, 10, mp.inf])

def mp_ck(op, p):
    if p == 1:
        f = (lambda s: mp.log(h_e(s))) if op == "D" else (lambda s: mp.log(p_e(s)))
        return mp.quad(f, [0, 0.01, 0.1, 1, 5, 30, mp.inf])
    return mp.quad(lambda x: mp.log(h_e(x * x)), [0, 0.1, 0.3, 1, 2, 6, mp.inf])

# the cases of bench_su2n.c, in its order: id -> mpmath function of D
CASES = {
    "R27 D i^2 t=.1 n=10": lambda D: mp_prod("D", "sq", "0.1", 10, D, False),
    "R27 D i^2 t=.1 inf": lambda D: mp_prod("D", "sq", "0.1", 0, D, True),
    "R28 D i^2 t=.01 n=10": lambda D: mp_prod("D", "sq", "0.01", 10, D, False),
    "R28 D i^2 t=.01 inf": lambda D: mp_prod("D", "sq", "0.01", 0, D, True),
    "R29 D 2^i t=.01 n=20": lambda D: mp_prod("D", "geom", "0.01", 20, D, False),
    "R29 D 2^i t=.01 inf": lambda D: mp_prod("D", "geom", "0.01", 0, D, True),
    "R30 L i^2 t=.1 n=10": lambda D: mp_prod("L", "sq", "0.1", 10, D, False),
    "R30 L i^2 t=.1 inf": lambda D: mp_prod("L", "sq", "0.1", 0, D, True),
    "R31 L 2^i t=.01 n=20": lambda D: mp_prod("L", "geom", "0.01", 20, D, False),
    "R31 L 2^i t=.01 inf": lambda D: mp_prod("L", "geom", "0.01", 0, D, True),
    "R32 D i t=.1 n=10": lambda D: mp_prod("D", "lin", "0.1", 10, D, False),
    "R32 D i t=.1 inf": lambda D: mp_prod("D", "lin", "0.1", 0, D, True),
    "R33 d_Delta(e,x)": lambda D: mp_dist("D"),
    "R33 d_L(e,x)": lambda D: mp_dist("L"),
    "R34 mu^D_.5(x) inf": lambda D: mp_heat_pt("D", "0.5", D),
    "R34 mu^L_.5(x) inf": lambda D: mp_heat_pt("L", "0.5", D),
    "R44 mu^L_.5(e) n=3": lambda D: mp_prod("L", "sq", "0.5", 3, D, False),
    "R44 subord s=.5/C*": [("", lambda D: mp_subord("0.5")), (" (mu-1)", lambda D: mp_subord("0.5", True))],
    "R45 mu^L_.2(e) n=3": lambda D: mp_prod("L", "sq", "0.2", 3, D, False),
    "R45 subord s=.2/C*": [("", lambda D: mp_subord("0.2")), (" (mu-1)", lambda D: mp_subord("0.2", True))],
    "R38 CK D p=1": lambda D: mp_ck("D", 1),
    "R39 CK L p=1": lambda D: mp_ck("L", 1),
    "R40 CK D p=2": lambda D: mp_ck("D", 2),
}

def clock():
    return time.perf_counter() if WALL else time.process_time()

def time_mp(f, D):
    """median of calls of f at dps D + 10 (first call included only if it is the only one)"""
    mp.mp.dps = D + 10
    t0 = clock(); x = f(D); first = clock() - t0
    times = []; start = clock()
    while first < BUDGET / 3 and len(times) < 15 and (len(times) < 3 or clock() - start < BUDGET):
        t0 = clock(); x = f(D); times.append(clock() - t0)
    if not times:
        times = [first]
    times.sort()
    n = len(times)
    return (times[n // 2] if n % 2 else 0.5 * (times[n // 2 - 1] + times[n // 2])), len(times), x

def parse_ball(s):
    mp.mp.dps = 200
    body = s.strip().strip("[]")
    mid, rad = body.split("+/-") if "+/-" in body else (body, "0")
    return mp.mpf(mid.strip()), mp.mpf(rad.strip())

def digits_of(err, x):
    mp.mp.dps = 200
    if err == 0:
        return 999
    return int(mp.floor(-mp.log10(err / abs(x))))

def fmt_t(sec):
    if sec < 0:
        return "-"
    if sec < 1e-3:
        return f"{1e6 * sec:.1f}us"
    if sec < 1:
        return f"{1e3 * sec:.2f}ms"
    return f"{sec:.2f}s"

def report(r, fs):
    """prints the rows of one hkz result (one per mpmath variant); returns the failing labels"""
    D = r["digits"]; bad = []
    if callable(fs):
        fs = [("", fs)]
    mid, rad = parse_ball(r["ball"])
    th = r["hkz_s"]; td = r["dbl_s"]
    for suffix, f in fs:
        tm, nrep, x = time_mp(f, D)
        mp.mp.dps = 200
        x = mp.mpf(x)
        agree = digits_of(abs(mid - x), x)
        inside = abs(mid - x) <= rad + abs(x) * mp.mpf(10) ** (-D)
        cert = digits_of(rad, mid)
        dd = digits_of(abs(mp.mpf(r["dbl"]) - x), x) if td > 0 else None
        agree_s = ">D+9" if agree >= D + 10 else str(agree)
        label = (r["id"] + suffix) if not suffix else ("  mpmath" + suffix)
        if not inside:
            bad.append(f"{r['id']}{suffix} D={D} ({agree} digits)")
        print(f"{label:22s} {D:4d} {r['nfactors'] if r['nfactors'] else '':>4} {fmt_t(th):>9s} {fmt_t(tm):>9s} "
              f"{tm / th:8.1f} {agree_s:>5s} {'yes' if inside else 'NO':>4s} {min(cert, 999):4d} "
              f"{fmt_t(td) if td > 0 else '-':>8s} {(f'{tm / td:8.0f}') if td > 0 else '-':>8s} "
              f"{(str(min(dd, 17)) if dd is not None else '-'):>7s}", flush=True)
    return bad

def main():
    t_start = time.perf_counter()
    t_hkz = 0.0
    try:
        load = open("/proc/loadavg").read().split()[:3]
    except OSError:
        load = ["?"]
    print(f"hkz (certified, bench_su2n) vs mpmath {mp.__version__} (uncertified, spec section 8 methods), "
          f"digits {','.join(map(str, DIGITS))}; load avg at start {' '.join(load)}")
    print(f"times ({'wall' if WALL else 'CPU'}): median of single calls; ratio = mpmath / hkz; dbl = hkz double path (not certified), "
          "dbl.dig = its digits vs mpmath")
    hdr = f"{'case':22s} {'D':>4s} {'n':>4s} {'hkz':>9s} {'mpmath':>9s} {'mp/hkz':>8s} {'agree':>5s} {'in@D':>4s} {'cert':>4s} {'dbl':>8s} {'mp/dbl':>8s} {'dbl.dig':>7s}"
    print(hdr)
    print("-" * len(hdr))
    bad = []
    for k, cid in enumerate(CASES):
        t0 = time.perf_counter()
        out = subprocess.run([BENCH, "--case", str(k)] + (["--wall"] if WALL else []) + [str(d) for d in DIGITS],
                             capture_output=True, text=True, check=True).stdout
        t_hkz += time.perf_counter() - t0
        for r in [json.loads(l) for l in out.splitlines() if l.startswith("{")]:
            assert r["id"] == cid, (r["id"], cid)
            bad += report(r, CASES[cid])
    print(f"whole run {time.perf_counter() - t_start:.1f} s (bench_su2n {t_hkz:.1f} s); "
          + ("every mpmath value lies in hkz's ball to D digits" if not bad else
             "rows where mpmath's value is NOT within 10^-D of hkz's certified ball (mpmath short of D digits): " + "; ".join(bad)))
    return 0 if not bad else 1

if __name__ == "__main__":
    sys.exit(main())
