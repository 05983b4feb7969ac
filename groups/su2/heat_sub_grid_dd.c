/* Double-double sums of the batched fallback (heat_sub_grid_multi.c):
 * the entry's outer sum  sum_{k <= kt} c_k d_k  (c_k = 2 cos(kz), d_k the
 * inner sums of its (r, t)) from Arb balls held as pairs of doubles, with
 * a proven bound, instead of arb_dot at the entry's precision (the
 * fallback's largest cost on 15-digit grids).  The caller keeps the ball
 * only where it meets its accuracy, else it takes arb_dot.
 *
 * Inputs (_hkz_su2_sub_dd_set): for a ball v, h = the top 53 bits of
 * mid(v) and l = the next 53 (truncated, so both exact: integers below
 * 2^53 times powers of 2) and e >= |mid - h - l| + rad, where |mid - h - l|
 * < 2^(E - 106), mid in [2^(E-1), 2^E); so |l| < 2^(E-53) <= 2u |h|
 * (u = 2^-53).  |mid| < 2^-480: h = l = 0, e >= 2^E + rad.  A vector is
 * converted up to its first ball with |mid| >= 2^480 or not finite (the
 * prefix n; the sums use k < n only).
 *
 * The sum (_hkz_su2_sub_dd_dot), n <= 2^16 terms x_k = xh + xl (the c_k),
 * y_k = yh + yl (the d_k), in binary64 with round to nearest:
 *   p = xh yh, e = fma(xh, yh, -p)      (exact: p + e = xh yh; no
 *                                         underflow: |xh|, |yh| are 0 or
 *                                         in [2^-480, 2^480))
 *   (s, q) = TwoSum(s, p)              (Knuth, exact: s' + q = s + p)
 *   c = c + ((e + q) + fma(xh, yl, xl yh))
 * and R = s + c (exact in arf).  With P = sum |xh yh|:
 *   sum (xh yh) = s + sum (e + q)  exactly;
 *   |e| <= u |p| <= u (1+u) |xh yh|, |q| <= u |s'| and |s'| <= (1+u)^(n+1)
 *   P, |xh yl| + |xl yh| <= 4u |xh yh|, so the 4n terms a_i summed into c
 *   have sum |a_i| <= u P ((1+u) + n (1+u)^(n+1) + 4) <= u P (n+5)
 *   (1 + 2^-36);
 *   every term passes at most n + 3 roundings on its way into c (one
 *   product, the fma, two additions of its step, at most n - 1 of c: the
 *   first addition to c = 0 is exact), so
 *   |c - sum a_i| <= gamma_{n+3} sum |a_i| (Higham, Accuracy and
 *   Stability, 2nd ed., Lemma 3.1 and (3.4)), gamma_{n+3} <= (n+3) u
 *   (1 + 2^-35);
 *   the dropped sum |xl yl| <= 4u^2 P;
 * so |R - sum x_k y_k| <= ((n+3)(n+5) + 4) u^2 (1 + 2^-34) P.  The balls'
 * own widths: |X_k Y_k - x_k y_k| <= |x_k| ey_k + |y_k| ex_k + ex_k ey_k
 * for X_k, Y_k in them.  With amax >= max |x_k|, asum >= sum |y_k| (so P
 * <= X.amax Y.asum), emax >= max ex_k, esum >= sum ey_k over k < n
 * (prefix maxima and sums: the bits of an entry depend on its own terms):
 *   rad = (1 + 2^-20) [((n+3)(n+5) + 4) 2^-106 X.amax Y.asum
 *          + X.amax Y.esum + X.emax Y.asum + X.emax Y.esum] + 2^-1000,
 * the (1 + 2^-20) covering the roundings of amax, asum, esum (sums of at
 * most 2^16 doubles >= 0: relative error <= gamma_{2^16} < 2^-36) and of
 * this expression (< 12 operations on doubles >= 0), the 2^-1000 any
 * underflow of xl yh, the fma and c's additions (<= 2^-1075 each, fewer
 * than 2^20 of them; additions of subnormals are exact). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "su2_grid_internal.h"

#define DD_EMAX 480

/* 2^k for |k| < 1022 */
static double pow2(slong k)
{
    union { uint64_t u; double d; } b;
    b.u = (uint64_t) (k + 1023) << 52;
    return b.d;
}

/* an upper bound of a + b, doubles >= 0 */
static double add_up(double a, double b)
{
    return nextafter(a + b, INFINITY);
}

/* h + l + [+-e] contains the ball x; 0 if not representable */
static int dd_of(double *h, double *l, double *e, const arb_t x)
{
    const arf_struct *m = arb_midref(x);
    double r = mag_get_d(arb_radref(x));   /* upper bound */
    mp_srcptr xp;
    mp_size_t xn;
    slong E;
    uint64_t a, b, lo, tail;

    if (!isfinite(r) || arf_is_nan(m) || arf_is_inf(m))
        return 0;
    *h = *l = 0.0;
    if (arf_is_zero(m))
    {
        *e = r;
        return 1;
    }
    if (COEFF_IS_MPZ(ARF_EXP(m)) || ARF_EXP(m) > DD_EMAX)
        return 0;
    E = ARF_EXP(m);
    if (E <= -DD_EMAX)
    {
        *e = add_up(pow2(FLINT_MAX(E, -1000)), r);
        return 1;
    }
    ARF_GET_MPN_READONLY(xp, xn, m);
    a = xp[xn - 1];
    b = xn >= 2 ? xp[xn - 2] : 0;
    /* mid = 0.a b ... 2^E: h = a >> 11 units 2^(E-53), l = the next 53
     * bits in units 2^(E-106), the rest (b's low 22 bits, lower limbs)
     * below 2^(E-106) */
    lo = ((a & 0x7FF) << 42) | (b >> 22);
    tail = (b & ((UINT64_C(1) << 22) - 1)) | (uint64_t) (xn > 2);
    *h = (double) (a >> 11) * pow2(E - 53);
    *l = (double) lo * pow2(E - 106);
    if (ARF_SGNBIT(m))
    {
        *h = -*h;
        *l = -*l;
    }
    *e = tail != 0 ? add_up(pow2(E - 106), r) : r;
    return 1;
}

void _hkz_su2_sub_dd_init(_hkz_su2_sub_dd_t *v)
{
    memset(v, 0, sizeof(*v));
    v->n = -1;
}

void _hkz_su2_sub_dd_clear(_hkz_su2_sub_dd_t *v)
{
    free(v->h);
    _hkz_su2_sub_dd_init(v);
}

int _hkz_su2_sub_dd_vec_room(_hkz_su2_sub_dd_t **v, slong *n, slong need)
{
    slong i;
    _hkz_su2_sub_dd_t *p;

    if (need < 0)
    {
        for (i = 0; i < *n; i++)
            _hkz_su2_sub_dd_clear(*v + i);
        free(*v);
        *v = NULL;
        *n = 0;
        return 1;
    }
    if (need <= *n)
        return 1;
    p = realloc(*v, need * sizeof(*p));
    if (p == NULL)
        return 0;
    for (i = *n; i < need; i++)
        _hkz_su2_sub_dd_init(p + i);
    *v = p;
    *n = need;
    return 1;
}

int _hkz_su2_sub_dd_set(_hkz_su2_sub_dd_t *v, arb_srcptr x, slong n)
{
    slong k;
    double a, am = 0.0, as = 0.0, em = 0.0, es = 0.0;

    n = FLINT_MIN(n, WORD(1) << 16);
    if (n > v->alloc)
    {
        free(v->h);
        v->h = malloc(7 * FLINT_MAX(n, 1) * sizeof(double));
        v->alloc = v->h != NULL ? n : 0;
        if (v->h == NULL)
        {
            v->n = -1;
            return 0;
        }
    }
    v->l = v->h + n;
    v->e = v->l + n;
    v->amax = v->e + n;
    v->asum = v->amax + n;
    v->emax = v->asum + n;
    v->esum = v->emax + n;
    /* the longest convertible prefix; prefix maxima and sums, so that
     * the bound of a sum over k < n depends on those terms only */
    for (k = 0; k < n; k++)
    {
        if (!dd_of(v->h + k, v->l + k, v->e + k, x + k))
            break;
        a = add_up(fabs(v->h[k]), fabs(v->l[k]));
        am = FLINT_MAX(am, a);
        as += a;
        em = FLINT_MAX(em, v->e[k]);
        es += v->e[k];
        v->amax[k] = am;
        v->asum[k] = as;
        v->emax[k] = em;
        v->esum[k] = es;
    }
    v->n = k;
    return 1;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
/* the hardware fma where the CPU has one (fma() is exact either way) */
__attribute__((target_clones("fma", "default")))
#endif
static double dd_loop(double *cc, const double *xh, const double *xl,
                      const double *yh, const double *yl, slong n)
{
    double s = 0.0, c = 0.0;
    slong k;

    for (k = 0; k < n; k++)
    {
        double p = xh[k] * yh[k];
        double e = fma(xh[k], yh[k], -p);
        double s1 = s + p;
        double bb = s1 - s;
        double q = (s - (s1 - bb)) + (p - bb);
        double cr = fma(xh[k], yl[k], xl[k] * yh[k]);
        s = s1;
        c = c + ((e + q) + cr);
    }
    *cc = c;
    return s;
}

void _hkz_su2_sub_dd_dot(arb_t res, const _hkz_su2_sub_dd_t *x,
                         const _hkz_su2_sub_dd_t *y, slong n)
{
    double s, c, g, rad;
    arf_t t;

    s = dd_loop(&c, x->h, x->l, y->h, y->l, n);
    /* (n+3)(n+5) + 4 < 2^33 is exact in a double */
    g = ((double) (n + 3) * (double) (n + 5) + 4.0) * 0x1p-106;
    if (n > 0)
    {
        double xa = x->amax[n - 1], xe = x->emax[n - 1];
        double ya = y->asum[n - 1], ye = y->esum[n - 1];
        rad = g * xa * ya + xa * ye + xe * ya + xe * ye;
    }
    else
        rad = 0.0;
    rad = rad * (1.0 + 0x1p-20) + 0x1p-1000;
    arf_init(t);
    arf_set_d(arb_midref(res), s);
    arf_set_d(t, c);
    arf_add(arb_midref(res), arb_midref(res), t, ARF_PREC_EXACT,
            ARF_RND_DOWN);
    mag_set_d(arb_radref(res), rad);
    arf_clear(t);
}

int _hkz_su2_sub_dd_try(arb_t res, const _hkz_su2_sub_dd_t *x,
        const _hkz_su2_sub_dd_t *y, slong n, const mag_t tail, slong prec)
{
    if (x->n < n || y->n < n)
        return 0;
    _hkz_su2_sub_dd_dot(res, x, y, n);
    arb_add_error_mag(res, tail);
    return arb_rel_accuracy_bits(res) >= prec + 4;
}
