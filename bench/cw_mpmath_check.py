#!/usr/bin/env python3
"""cw_mpmath_check.py HKZ [N BETA SAMPLES]...

Checks random certified Curie-Weiss zeros of `hkz zeros cw` (15 digits)
against mpmath, independently of hkz's arithmetic: the cosine sum of spec
lee_yang_zeros.md 3.1,
  F(theta) = sum_{k <= N/2} eps_k C(N,k) q^{k(N-k)} cos((N - 2k) theta),
  q = exp(-2t), t = BETA/N,
at mp.dps = 0.75 N + 40 digits (the cancellation is at most ~0.69 N digits,
spec 6.3), must change sign between the two ends of every sampled ball
[mid - rad, mid + rad] (so the ball holds a zero), and mpmath's Newton
zero from the midpoint must lie inside the ball.  Samples: the first and
last zero and random ones (fixed seed).  Exit 0 when all pass.

Default cases: N = 1000, 2001 at beta 0.5; N = 1500 at beta 0.1 and 2.
"""
import random
import re
import subprocess
import sys

import mpmath as mp


def hkz_zeros(hkz, n, beta):
    out = subprocess.run([hkz, "zeros", "cw", "--n", str(n), "--beta",
                          str(beta), "--digits", "15", "--no-progress"],
                         check=True, capture_output=True, text=True).stdout
    z = {}
    for line in out.splitlines():
        m = re.search(r"record = zero .*j = (\d+)  theta = \[([0-9.e+-]+) "
                      r"\+/- ([0-9.e+-]+)\].*certified = (\w+)", line)
        if m:
            z[int(m.group(1))] = (m.group(2), m.group(3), m.group(4))
    return z


def cos_sum(n, t):
    q = mp.exp(-2 * t)
    c = []
    for k in range(n // 2 + 1):
        e = 1 if 2 * k == n else 2
        c.append((n - 2 * k, e * mp.binomial(n, k) * q ** (k * (n - k))))
    f = lambda th: mp.fsum(a * mp.cos(m * th) for m, a in c)
    df = lambda th: mp.fsum(-a * m * mp.sin(m * th) for m, a in c)
    return f, df


def check(hkz, n, beta, samples):
    z = hkz_zeros(hkz, n, beta)
    npz = n // 2
    ok = len(z) == npz and all(v[2] == "true" for v in z.values())
    print(f"N={n} beta={beta}: {len(z)}/{npz} zeros listed, all certified: "
          f"{ok}")
    mp.mp.dps = int(0.75 * n) + 40
    f, df = cos_sum(n, mp.mpf(beta) / n)
    rnd = random.Random(12 + n)
    js = sorted({1, npz} | {rnd.randint(1, npz) for _ in range(samples)})
    for j in js:
        mid, rad = mp.mpf(z[j][0]), mp.mpf(z[j][1])
        lo, hi = mid - rad, mid + rad
        flo, fhi = f(lo), f(hi)
        x = mid
        for _ in range(6):
            x -= f(x) / df(x)
        inside = lo <= x <= hi
        good = mp.sign(flo) * mp.sign(fhi) < 0 and inside
        ok &= good
        print(f"  j={j:6d} theta={z[j][0]} +/- {z[j][1]}: sign change "
              f"{int(mp.sign(flo)):+d}/{int(mp.sign(fhi)):+d}, mpmath zero "
              f"{mp.nstr(x, 20)} inside: {inside} {'ok' if good else 'FAIL'}")
    return ok


def main():
    hkz = sys.argv[1]
    rest = sys.argv[2:]
    cases = [(int(rest[i]), float(rest[i + 1]), int(rest[i + 2]))
             for i in range(0, len(rest) - 2, 3)]
    if not cases:
        cases = [(1000, 0.5, 10), (2001, 0.5, 10), (1500, 0.1, 6),
                 (1500, 2.0, 6)]
    ok = all([check(hkz, n, b, s) for n, b, s in cases])
    print("all passed" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
