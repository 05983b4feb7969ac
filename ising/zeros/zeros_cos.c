/* Cosine sums F(theta) = sum_j c_j cos((W - 2j) theta) on balls (spec 3.1):
 * powers of exp(-2 i theta) on the unit circle and dot products, never the
 * Chebyshev three-term recurrence (its ball radii grow like (1+sqrt2)^W). */
#include "zeros_internal.h"

void hkz_ly_fold(arb_ptr c, arb_srcptr a, slong W, slong prec)
{
    slong j;
    for (j = 0; 2 * j < W; j++)
        arb_add(c + j, a + j, a + W - j, prec);
    if (W % 2 == 0)
        arb_set(c + W / 2, a + W / 2);
}

void _hkz_ly_cos_trunc(slong *jlo, slong *jhi, mag_t tail, arb_srcptr c,
                       slong len, slong prec)
{
    mag_t mx, thr, m;
    slong lo, hi;

    mag_init(mx);
    mag_init(thr);
    mag_init(m);
    mag_zero(tail);
    for (lo = 0; lo < len; lo++)
    {
        arb_get_mag(m, c + lo);
        if (mag_cmp(m, mx) > 0)
            mag_set(mx, m);
    }
    /* drop only terms below 2^-prec max|c|: their sum is at most
     * len 2^-prec max|c|, the size of the rounding errors anyway */
    mag_mul_2exp_si(thr, mx, -prec);
    for (lo = 0; lo < len; lo++)
    {
        arb_get_mag(m, c + lo);
        if (mag_cmp(m, thr) > 0)
            break;
        mag_add(tail, tail, m);
    }
    for (hi = len - 1; hi > lo; hi--)
    {
        arb_get_mag(m, c + hi);
        if (mag_cmp(m, thr) > 0)
            break;
        mag_add(tail, tail, m);
    }
    if (lo == len)      /* all zero: keep nothing */
        hi = lo - 1;
    *jlo = lo;
    *jhi = hi;
    mag_clear(mx);
    mag_clear(thr);
    mag_clear(m);
}

void _hkz_ly_cos_powers(acb_ptr E, slong W, slong jlo, slong n,
                        const arb_t theta, slong prec)
{
    arb_t x;
    acb_t w;
    slong i;

    if (n <= 0)
        return;
    arb_init(x);
    acb_init(w);
    arb_mul_si(x, theta, W - 2 * jlo, prec);
    arb_sin_cos(acb_imagref(E), acb_realref(E), x, prec);
    if (n > 1)
    {
        arb_mul_2exp_si(x, theta, 1);
        arb_sin_cos(acb_imagref(w), acb_realref(w), x, prec);
        arb_neg(acb_imagref(w), acb_imagref(w));
        for (i = 1; i < n; i++)
            acb_mul(E + i, E + i - 1, w, prec);
    }
    arb_clear(x);
    acb_clear(w);
}

void _hkz_ly_cos_sums(arb_ptr res, slong nder, arb_srcptr c, acb_srcptr E,
                      slong W, slong jlo, slong n, slong prec)
{
    arb_ptr v;
    slong r, i;

    if (n <= 0)
    {
        for (r = 0; r <= nder; r++)
            arb_zero(res + r);
        return;
    }
    /* Re(i^r z) = Re z, -Im z, -Re z, Im z for r = 0, 1, 2, 3 mod 4 */
    arb_dot(res, NULL, 0, c, 1, acb_realref(E), 2, n, prec);
    if (nder == 0)
        return;
    v = _arb_vec_init(n);
    for (i = 0; i < n; i++)
        arb_mul_si(v + i, c + i, W - 2 * (jlo + i), prec);
    for (r = 1; r <= nder; r++)
    {
        int q = (int) (r & 3);
        if (q == 1 || q == 3)
            arb_dot(res + r, NULL, q == 1, v, 1, acb_imagref(E), 2, n, prec);
        else
            arb_dot(res + r, NULL, q == 2, v, 1, acb_realref(E), 2, n, prec);
        if (r < nder)
            for (i = 0; i < n; i++)
                arb_mul_si(v + i, v + i, W - 2 * (jlo + i), prec);
    }
    _arb_vec_clear(v, n);
}

/* res[r] for r = 0..nder by direct evaluation at the ball theta. */
static void eval_direct(arb_ptr res, slong nder, arb_srcptr c, slong W,
                        slong jlo, slong jhi, const mag_t tail,
                        const arb_t theta, slong prec)
{
    slong n = jhi - jlo + 1, r;
    acb_ptr E;
    mag_t t;

    if (n > 0)
    {
        E = _acb_vec_init(n);
        _hkz_ly_cos_powers(E, W, jlo, n, theta, prec);
        _hkz_ly_cos_sums(res, nder, c + jlo, E, W, jlo, n, prec);
        _acb_vec_clear(E, n);
    }
    else
        for (r = 0; r <= nder; r++)
            arb_zero(res + r);
    /* dropped terms: |d^r/dtheta^r c_j cos(m theta)| <= |c_j| W^r */
    mag_init(t);
    mag_set(t, tail);
    for (r = 0; r <= nder; r++)
    {
        arb_add_error_mag(res + r, t);
        mag_mul_ui(t, t, (ulong) FLINT_MAX(W, 1));
    }
    mag_clear(t);
}

void _hkz_ly_cos_eval_trunc(arb_ptr res, slong nder, arb_srcptr c, slong W,
                            slong jlo, slong jhi, const mag_t tail,
                            const arb_t theta, slong prec)
{
    arb_t m, dx, term;
    arb_ptr pt, hi;
    slong r, i, R;
    double lw;

    if (arb_is_exact(theta))
    {
        eval_direct(res, nder, c, W, jlo, jhi, tail, theta, prec);
        return;
    }
    /* Taylor form of order R at the midpoint m (point values, accurate)
     * with the remainder F^(r+R)(X) (X - m)^R / R! from a direct ball
     * evaluation: the first-order mean-value form would need rad(X) below
     * the cancellation level, Taylor order R only its R-th root.  R is
     * chosen so that (W rad)^R ~ 2^-prec. */
    lw = mag_get_d_log2_approx(arb_radref(theta)) +
         FLINT_BIT_COUNT(FLINT_MAX(W, 1));
    if (lw >= -1)
        R = 1;
    else
        R = FLINT_MIN(64, (slong) (prec / (-lw)) + 1);
    arb_init(m);
    arb_init(dx);
    arb_init(term);
    pt = _arb_vec_init(nder + R);
    hi = _arb_vec_init(nder + R + 1);
    arf_set(arb_midref(m), arb_midref(theta));
    eval_direct(pt, nder + R - 1, c, W, jlo, jhi, tail, m, prec);
    eval_direct(hi, nder + R, c, W, jlo, jhi, tail, theta, prec);
    mag_set(arb_radref(dx), arb_radref(theta));
    for (r = 0; r <= nder; r++)
    {
        /* sum_{i<R} F^(r+i)(m) dx^i/i! + F^(r+R)(X) dx^R/R!, by Horner */
        arb_set(term, hi + r + R);
        for (i = R; i >= 1; i--)
        {
            arb_mul(term, term, dx, prec);
            arb_div_ui(term, term, (ulong) i, prec);
            arb_add(term, term, pt + r + i - 1, prec);
        }
        arb_set(res + r, term);
    }
    _arb_vec_clear(pt, nder + R);
    _arb_vec_clear(hi, nder + R + 1);
    arb_clear(m);
    arb_clear(dx);
    arb_clear(term);
}
