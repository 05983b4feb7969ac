#!/usr/bin/env python3
"""Times `hkz heat` (certified, Arb) against a direct mpmath evaluation of the same
spectral sums at 30 and 100 digits, in one run, and prints the ratio table.

usage: bench/heat_vs_mpmath.py [build dir] [repeats]

mpmath side: the character sum (2.1) / the Wigner sum (3.1) summed until the terms drop
below 10^-(dps+5), at dps = digits + (digits lost to cancellation) + 10, the way one would
evaluate them directly in mpmath (no certificate). hkz side: the whole `hkz heat` process
(start-up included), best of `repeats` runs, and the library alone in-process
(bench/bench_heat: hkz_goal_eval, best batch). Agreement: digits shared by both results.
"""
import subprocess, sys, time, math
import mpmath as mp

BUILD = sys.argv[1] if len(sys.argv) > 1 else "./build"
HKZ = BUILD + "/hkz"
BENCH = BUILD + "/bench/bench_heat"
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 3

def h_direct(t, alpha, dps):
    mp.mp.dps = dps
    t = mp.mpf(t); a = mp.mpf(alpha); s = mp.mpf(0); n = 1
    eps = mp.mpf(10) ** (-dps - 5)
    while True:
        chi = n if a == 0 else mp.sin(n * a) / mp.sin(a)
        term = n * mp.exp(-(n * n - 1) * t) * chi
        s += term
        if n > 3 and n * n * mp.exp(-(n * n - 1) * t) < eps:
            return s
        n += 1

def jacobi(M, k, x):
    P = [mp.mpf(1), ((k + 2) * x - k) / 2]
    for n in range(1, M):
        c1 = 2 * (n + 1) * (n + k + 1) * (2 * n + k); c2 = (2 * n + k + 1) * (-k * k)
        c3 = (2 * n + k) * (2 * n + k + 1) * (2 * n + k + 2); c4 = 2 * n * (n + k) * (2 * n + k + 2)
        P.append(((c2 + c3 * x) * P[n] - c4 * P[n - 1]) / c1)
    return P[:M + 1]

def p_direct(t, r, z, dps):
    mp.mp.dps = dps
    t = mp.mpf(t); r = mp.mpf(r); z = mp.mpf(z)
    eps = mp.mpf(10) ** (-dps - 5)
    c = mp.cos(r); x = mp.cos(2 * r); total = mp.mpf(0); k = 0
    while True:
        M = 2
        while (2 * M + k + 1) * mp.exp(-(4 * M * (M + k + 1) + 2 * k) * t) > eps:
            M += 1
        P = jacobi(M, k, x)
        sk = sum((2 * m + k + 1) * mp.exp(-(4 * m * (m + k + 1) + 2 * k) * t) * P[m] for m in range(M + 1))
        total += sk * c ** k * (1 if k == 0 else 2 * mp.cos(k * z))
        if k > 2 and (k + 1) * mp.exp(-2 * k * t) * (1 + 1 / (1 - mp.exp(-2 * t))) < eps:
            return total
        k += 1

CASES = [  # (label, hkz args, mpmath function, extra digits for cancellation)
    ("h_1(0)      R1", ["heat", "su2", "--t", "1", "--alpha", "0"], lambda d: h_direct("1", 0, d), 0),
    ("h_0.1(1)    R4", ["heat", "su2", "--t", "0.1", "--alpha", "1"], lambda d: h_direct("0.1", 1, d), 2),
    ("h_0.05(2.5) R7", ["heat", "su2", "--t", "0.05", "--alpha", "2.5"], lambda d: h_direct("0.05", "2.5", d), 16),
    ("p_1(e)      R10", ["heat", "su2-sub", "--t", "1", "--r", "0", "--z", "0"], lambda d: p_direct("1", 0, 0, d), 0),
    ("p_0.5(2Z)   R14", ["heat", "su2-sub", "--t", "0.5", "--r", "0", "--z", "2"], lambda d: p_direct("0.5", 0, 2, d), 4),
    ("p_0.3(.7,1.1) R16", ["heat", "su2-sub", "--t", "0.3", "--r", "0.7", "--z", "1.1"], lambda d: p_direct("0.3", "0.7", "1.1", d), 4),
]

def run_hkz(args, digits):
    best = math.inf; out = None
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        res = subprocess.run([HKZ] + args + ["--digits", str(digits), "--format", "csv"],
                             capture_output=True, text=True, check=True)
        best = min(best, time.perf_counter() - t0); out = res.stdout
    row = [l for l in out.splitlines() if not l.startswith("#")][1]
    value = row.split(",")[-6]
    return best, value

def agree_digits(ball, x):
    mid, rad = ball.strip("[]").split("+/-") if "+/-" in ball else (ball, "0")
    mp.mp.dps = 120
    d = abs(mp.mpf(mid) - x) + mp.mpf(rad)
    return 99 if d == 0 else int(-mp.log10(d / abs(x)))

def run_lib(args, digits):
    kernel = args[1]
    if kernel == "su2":
        t, x1, x2 = args[3], args[5], "0"
    else:
        t, x1, x2 = args[3], args[5], args[7]
    res = subprocess.run([BENCH, kernel, t, x1, x2, str(digits)], capture_output=True, text=True, check=True)
    return float(res.stdout.split()[0])

print(f"hkz heat vs direct mpmath {mp.__version__} (best of {REPEATS}; 'hkz heat' = whole process incl. start-up,")
print("'hkz lib' = hkz_goal_eval in-process; ratios = mpmath time / hkz time)")
print(f"{'case':20s} {'digits':>6s} {'hkz heat':>9s} {'hkz lib':>9s} {'mpmath':>9s} {'mp/heat':>8s} {'mp/lib':>8s} {'agree':>6s}")
print(f"{'':20s} {'':>6s} {'[ms]':>9s} {'[ms]':>9s} {'[ms]':>9s}")
for label, args, f, extra in CASES:
    for digits in (30, 100):
        th, ball = run_hkz(args, digits)
        best = math.inf
        for _ in range(REPEATS):
            t0 = time.perf_counter(); x = f(digits + extra + 10); best = min(best, time.perf_counter() - t0)
        tl = run_lib(args, digits)
        print(f"{label:20s} {digits:6d} {1e3*th:9.2f} {1e3*tl:9.3f} {1e3*best:9.2f} {best/th:8.1f} {best/tl:8.0f} {agree_digits(ball, x):6d}")
