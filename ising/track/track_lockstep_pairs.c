/* The pair sums of the lockstep certificate (track_lockstep_cert.c) in
 * doubles with proven rounding bounds: N^2/2 terms per sample, the one
 * place where the lockstep method spends O(N^2).
 *
 * Model: IEEE binary64, round to nearest, no overflow or underflow (every
 * quantity below is within [2^-900, 2^900] or zero), u = 2^-53, and for
 * any operation fl(a op b) = (a op b)(1 + d), |d| <= u; a contracted
 * multiply-add only removes a rounding.  A sum of n terms in any order
 * errs by at most gamma_{n-1} sum |terms|, gamma_n = n u/(1 - n u)
 * (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., Lemma
 * 3.1 and (4.4)).  Sums of nonnegative terms are inflated by 1 + 2^-20 at
 * the end, which covers their relative rounding for fewer than 2^30
 * terms.
 *
 * Pair sums.  For partners P = y_k - y_m (or y_k + y_m for the mirror
 * -y_m) cot P = cos P / sin P with cos P = c_k c_m +- s_k s_m and sin P =
 * s_k c_m -+ c_k s_m.  The inputs S, C are within din of s, c and lie in
 * [-1, 1]; so |C_k C_m| + |S_k S_m| <= (1 + din)^2 (Cauchy-Schwarz), and
 * the computed a = fl(num), b = fl(den) satisfy |a - cos P|, |b - sin P|
 * <= gamma_2 (1 + din)^2 + 4 din <= E = 4 (u + din).  With r = fl(1/b),
 * q = fl(a r) = (a/b)(1 + d1)(1 + d2) and, for |b| >= 2E,
 *   |a/b - cos P/sin P| = |a beta - b alpha| / (|b| |b + beta|)
 *                      <= 2E (|a| + |b|)/b^2       (|alpha|, |beta| <= E),
 *   |q - a/b| <= gamma_2 |a/b| <= 2.01 u |q| (1 + u),
 * and 1/b^2 <= r^2 (1 + 2.01 u).  Summed over the partners, with the
 * summation error gamma_{tot} sum |q|:
 *   |fl(sum q) - sum cot P| <= (2.03 u + 1.01 tot u) A1 + 2E A2,
 *   A1 = sum |q|,  A2 = sum (|a| + |b|) r^2,
 * inflated by 1 + 2^-20 (A1, A2 and the bound itself are computed). */
#include <math.h>
#include "track_lockstep.h"

#define U 0x1p-53
#define INFL (1 + 0x1p-20)

typedef struct
{
    double sum, a1, a2, bmin;
} acc_t;

static inline void add_pair(acc_t *s, double num, double den)
{
    double r = 1 / den, q = num * r;
    s->sum += q;
    s->a1 += fabs(q);
    s->a2 += (fabs(num) + fabs(den)) * r * r;
    s->bmin = fmin(s->bmin, fabs(den));
}

void _hkz_lls_pair_sums(double *fs, double *fb, const double *S,
                        const double *C, slong n, int odd, double din,
                        slong k0, slong k1)
{
    const double E = 4 * (U + din);
    const double tot = (double) (2 * n + odd);
    slong k, m;

    for (k = k0; k < k1; k++)
    {
        acc_t s = {0, 0, 0, INFINITY};
        double sk = S[k], ck = C[k];
        for (m = 0; m < n; m++)
        {
            /* the mirror -y_m: P = y_k + y_m (m = k included) */
            add_pair(&s, ck * C[m] - sk * S[m], sk * C[m] + ck * S[m]);
            if (m != k)         /* P = y_k - y_m */
                add_pair(&s, ck * C[m] + sk * S[m], sk * C[m] - ck * S[m]);
        }
        if (odd)                /* pi/2: sin = 1, cos = 0 exactly */
            add_pair(&s, sk, -ck);
        fs[k] = s.sum;
        fb[k] = s.bmin >= 2 * E
                ? ((2.03 * U + 1.01 * tot * U) * s.a1 + 2 * E * s.a2) * INFL
                : INFINITY;
    }
}

/* Pair bounds.  For a partner P(tau) = sum_i d_i T_i(tau) (d_i = c_ki -+
 * c_mi, or c_k0 - pi/2 and c_ki for pi/2) and z in the closed ellipse
 * E_rho: |T_i(z)| <= (rho^i + rho^-i)/2 and |Im T_i(z)| <= (rho^i -
 * rho^-i)/2 (maximum principle; T_i((w + 1/w)/2) = (w^i + w^-i)/2), so
 * Re P(z) lies within var = sum_{i>=1} |d_i| wr_i of d_0 and |Im P(z)| <=
 * Y = sum_{i>=1} |d_i| wi_i.  P(tau) takes values in (-pi, pi]: the
 * nearest multiples of pi to d_0 are 0 and +-pi, so dist(Re P(z), pi Z) >=
 * g = min(|d_0|, pi - |d_0|) - var when that is positive.  Then (Jordan,
 * |sin(x + iy)|^2 = sin^2 x + sinh^2 y >= (2/pi)^2 dist(x + iy, pi Z)^2, and
 * |cos(x + iy)| <= cosh y <= 1 + y^2 for |y| <= 1, since cosh y - 1 <= y^2
 * (cosh 1 - 1))
 *   |cot P(z)| <= (pi/2) (1 + Y^2)/g.
 * The roundings (the differences d_i, the sums var and Y of at most 2P
 * products, pi's double below pi) move g by less than 2^-40 and Y by a
 * relative 2^-45: g is lowered by 2^-40 and Y must be <= 0.99. */
#define SLACK 0x1p-40
#define PI_D HKZ_LY_PI
#define PI_2 (HKZ_LY_PI / 2)

static inline int bound_pair(double *cs, double *ss, double *g1min,
                             const double *ck, const double *cm, double sg,
                             const double *wr, const double *wi)
{
    double var = 0, v1 = 0, Y = 0, d, ax, d0, g, g1;
    slong i;
    for (i = 1; i <= HKZ_LLS_P; i++)
    {
        d = fabs(ck[i] + sg * (cm != NULL ? cm[i] : 0));
        var += d * wr[i];
        Y += d * wi[i];
        v1 += d;
    }
    ax = fabs(ck[0] + sg * (cm != NULL ? cm[0] : PI_2));
    d0 = fmin(ax, PI_D - ax);
    g = d0 - var - SLACK;
    g1 = d0 - v1 - SLACK;
    if (!(g > 0) || !(g1 > 0) || !(Y <= 0.99))
        return 0;
    *cs += (1 + Y * Y) / g;
    *ss += 1 / (g1 * g1);
    *g1min = fmin(*g1min, g1);
    return 1;
}

void _hkz_lls_pair_bounds(double *cs, double *ss, double *g1,
                          const double *c, slong n, int odd,
                          const double *wr, const double *wi, slong k0,
                          slong k1)
{
    const slong L = HKZ_LLS_P + 1;
    slong k, m;

    for (k = k0; k < k1; k++)
    {
        const double *ck = c + k * L;
        double a = 0, b = 0, gm = INFINITY;
        int ok = 1;
        for (m = 0; m < n && ok; m++)
            ok = bound_pair(&a, &b, &gm, ck, c + m * L, 1, wr, wi) &&
                 (m == k || bound_pair(&a, &b, &gm, ck, c + m * L, -1, wr,
                                       wi));
        /* pi/2 (odd n of spins): d_0 = c_k0 - pi/2 (the double PI_2 is
         * within 2^-53 of pi/2: inside SLACK) */
        if (ok && odd)
            ok = bound_pair(&a, &b, &gm, ck, NULL, -1, wr, wi);
        cs[k] = ok ? PI_2 * a * INFL : INFINITY;
        ss[k] = b * INFL;
        g1[k] = ok ? gm : 0;
    }
}
