/* The spec's exact closed form of e(alpha, t) = -4 t log h_t(alpha) -
 * alpha^2 for Delta (grid_experiments.md section 1), 0 < alpha < pi,
 * 0 < t <= 1:
 *
 *   e = 6 t log(4 pi t) - 4 t log(2 pi^2) - 4 t log(alpha / sin alpha)
 *       - 4 t^2 - 4 t log(1 + I),
 *   I = sum_{k != 0} ((alpha + 2 pi k)/alpha)
 *                    exp(-((alpha + 2 pi k)^2 - alpha^2)/(4t)).
 *
 * Tail of I.  For m = |k| >= 2: ((alpha + 2 pi k)^2 - alpha^2)/(4t) is
 * pi m (pi m + alpha)/t (k > 0) or pi m (pi m - alpha)/t (k < 0), both
 * >= pi^2 m (m-1)/t, and |alpha + 2 pi k|/alpha <= (2m+1) pi/alpha.  The
 * majorants 2 (2m+1)(pi/alpha) e^{-pi^2 m(m-1)/t} of the pair +-m shrink
 * by a factor (2m+3)/(2m+1) e^{-2 pi^2 m/t} < 1/2 (t <= 1), so
 *   sum_{|k| > K} |.| <= 4 (2K+3) (pi/alpha) e^{-pi^2 K (K+1)/t}. */
#include "compare_grid_internal.h"

int hkz_compare_varadhan_closed(arb_t e, const arb_t alpha, const arb_t t,
                                slong prec)
{
    arb_t pi, I, u, v, a2;
    mag_t m;
    slong K, k, wp = prec + 20;
    int status = HKZ_SUCCESS;

    arb_init(pi); arb_init(I); arb_init(u); arb_init(v); arb_init(a2);
    mag_init(m);
    arb_const_pi(pi, wp);
    if (!arb_is_positive(alpha) || !arb_lt(alpha, pi) ||
        !arb_is_positive(t))
    {
        status = hkz_error_set(HKZ_ERR_DOMAIN, "hkz_compare_varadhan_closed:"
                               " needs 0 < alpha < pi and 0 < t <= 1");
        goto cleanup;
    }
    arb_set_ui(u, 1);
    if (!arb_le(t, u))
    {
        status = hkz_error_set(HKZ_ERR_DOMAIN, "hkz_compare_varadhan_closed:"
                               " needs t <= 1");
        goto cleanup;
    }
    /* K with pi^2 K (K+1) >= (wp + 20) ln 2 (t <= 1) */
    for (K = 2; 9.8696 * K * (K + 1) < (wp + 20) * 0.6932; K++)
        ;
    arb_sqr(a2, alpha, wp);
    arb_zero(I);
    for (k = -K; k <= K; k++)
    {
        if (k == 0)
            continue;
        arb_mul_si(u, pi, 2 * k, wp);
        arb_add(u, u, alpha, wp);          /* alpha + 2 pi k */
        arb_sqr(v, u, wp);
        arb_sub(v, v, a2, wp);
        arb_div(v, v, t, wp);
        arb_mul_2exp_si(v, v, -2);
        arb_neg(v, v);
        arb_exp(v, v, wp);
        arb_mul(v, v, u, wp);
        arb_div(v, v, alpha, wp);
        arb_add(I, I, v, wp);
    }
    /* tail: 4 (2K+3) (pi/alpha) e^{-pi^2 K (K+1)/t} */
    arb_sqr(u, pi, wp);
    arb_mul_si(u, u, K * (K + 1), wp);
    arb_div(u, u, t, wp);
    arb_neg(u, u);
    arb_exp(u, u, wp);
    arb_mul_si(u, u, 4 * (2 * K + 3), wp);
    arb_mul(u, u, pi, wp);
    arb_div(u, u, alpha, wp);
    arb_get_mag(m, u);
    arb_add_error_mag(I, m);
    arb_add_ui(I, I, 1, wp);
    if (!arb_is_positive(I))
    {
        status = hkz_error_set(HKZ_ERR_DOMAIN, "hkz_compare_varadhan_closed:"
                               " 1 + I not certified positive");
        goto cleanup;
    }
    arb_log(I, I, wp);                    /* log(1 + I) */
    /* e = 6 t log(4 pi t) - 4 t log(2 pi^2) - 4 t log(alpha/sin alpha)
     *     - 4 t^2 - 4 t log(1 + I) */
    arb_mul(u, pi, t, wp);
    arb_mul_2exp_si(u, u, 2);
    arb_log(u, u, wp);
    arb_mul_si(e, u, 6, wp);              /* 6 log(4 pi t) */
    arb_sqr(u, pi, wp);
    arb_mul_2exp_si(u, u, 1);
    arb_log(u, u, wp);
    arb_submul_si(e, u, 4, wp);           /* - 4 log(2 pi^2) */
    arb_sin(u, alpha, wp);
    arb_div(u, alpha, u, wp);
    arb_log(u, u, wp);
    arb_submul_si(e, u, 4, wp);           /* - 4 log(alpha / sin alpha) */
    arb_submul_si(e, t, 4, wp);           /* - 4 t */
    arb_submul_si(e, I, 4, wp);           /* - 4 log(1 + I) */
    arb_mul(e, e, t, prec);

cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(e);
    arb_clear(pi); arb_clear(I); arb_clear(u); arb_clear(v); arb_clear(a2);
    mag_clear(m);
    return status;
}
