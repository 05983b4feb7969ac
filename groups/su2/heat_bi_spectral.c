/* d^k/dt^k h_t(alpha) by the character sum (2.1),
 *   sum_{n>=1} n (-lambda_n)^k e^{-lambda_n t} chi_n(alpha),
 *   lambda_n = n^2 - 1, chi_n(alpha) = sin(n alpha)/sin(alpha),
 * with the proven tail bound TB1 (spec heat_kernels_su2.md section 2).
 * Tails: heat_bi_tail.c; truncated sums: heat_bi_sums.c. */
#include <math.h>
#include "heat_bi_internal.h"
#include "hkz_check.h"

/* Estimate of log|d^k/dt^k h_t(alpha)| (natural log; it only steers the
 * truncation and the working precision, never the enclosure). */
static double log_value_est(double t, double a, ulong k, double v,
        double lscale, double labs)
{
    double est, D;

    if (k == 0 && t < 1.0)
        est = _hkz_su2_heat_bi_images_log_d(t, a);
    else if (k == 0 || t >= 0.2)
        /* the double sum loses at most ~18 bits to cancellation here */
        est = FLINT_MAX(v != 0.0 ? lscale + log(fabs(v)) : -HUGE_VAL,
                        labs - 30.0 * M_LN2);
    else
    {
        /* h ~ t^{-3/2} e^{-a^2/(4t)}: d/dt log h ~ a^2/(4t^2) - 3/(2t) + 1;
         * a rough guess, corrected by one retry in the caller */
        D = a * a / (4.0 * t * t) - 1.5 / t + 1.0;
        est = _hkz_su2_heat_bi_images_log_d(t, a)
              + k * log(FLINT_MAX(fabs(D), 0.5 / t));
    }
    if (!isfinite(est))
        est = labs - 30.0 * M_LN2;
    return est;
}

int _hkz_su2_heat_bi_spectral(arb_t res, const arb_t t, const arb_t a,
        ulong k, slong prec, const char *fn)
{
    double td, tl, ad, v, lscale, labs, est, e2, extra;
    arb_t s, st, sa, tm, am;
    arf_t tlo;
    mag_t B, err;
    ulong N;
    slong wp;
    int retried = 0, precise, exact, status = HKZ_SUCCESS;

    arb_init(s); arb_init(st); arb_init(sa); arb_init(tm); arb_init(am);
    arf_init(tlo);
    mag_init(B); mag_init(err);

    arb_get_lbound_arf(tlo, t, 64);
    /* doubles only steer; t >= 1e6 behaves like t = 1e6 for that purpose */
    td = FLINT_MIN(arf_get_d(arb_midref(t), ARF_RND_NEAR), 1.0e6);
    tl = FLINT_MIN(arf_get_d(tlo, ARF_RND_DOWN), 1.0e6);
    ad = arf_get_d(arb_midref(a), ARF_RND_NEAR);
    ad = FLINT_MAX(0.0, FLINT_MIN(ad, M_PI));
    if (!(tl > 1.0e-300) ||
        sqrt((k + 2.0) / tl + 1.0) > (double) HKZ_SU2_BI_MAX_TERMS)
    {
        status = hkz_error_set(HKZ_ERR_PREC, "%s: t (lower bound %g) is "
                "too small for the character sum", fn, tl);
        goto cleanup;
    }

    v = _hkz_su2_heat_bi_spectral_d(&lscale, &labs, td, ad, k);
    est = log_value_est(td, ad, k, v, lscale, labs);
    exact = arb_is_exact(t) && arb_is_exact(a);
    precise = arb_rel_accuracy_bits(t) >= prec / 2
              && mag_cmp_2exp_si(arb_radref(a), -prec / 2) <= 0;
    arf_set(arb_midref(tm), arb_midref(t));
    arf_set(arb_midref(am), arb_midref(a));

again:
    /* the terms are of size up to e^labs, the value e^est: that many bits
     * cancel (about alpha^2/(4t ln 2) for k = 0 at small t) */
    extra = FLINT_MAX(0.0, (labs - est) / M_LN2);
    N = _hkz_su2_heat_bi_choose_N(tl, k, est - (prec + 4) * M_LN2);
    /* the derivative sums below need lambda0 >= 2(k+1)/t for their tail */
    N = FLINT_MAX(N, (ulong) ceil(sqrt(2.0 * (k + 1) / tl + 1.0)));
    wp = prec + (slong) ceil(extra) + 2 * FLINT_BIT_COUNT(N) + 30
         + HKZ_SU2_BI_ROT_BLOCK / 2;
    if (N > (ulong) HKZ_SU2_BI_MAX_TERMS ||
        (double) N * (double) wp > HKZ_SU2_BI_MAX_WORK)
    {
        status = hkz_error_set(HKZ_ERR_PREC, "%s: the character sum at "
                "t = %g, alpha = %g, deriv = %lu needs %lu terms at %ld bits "
                "(too expensive)", fn, td, ad, (unsigned long) k,
                (unsigned long) N, (long) wp);
        goto cleanup;
    }

    if (exact)
    {
        _hkz_su2_heat_bi_partial_sums(s, NULL, NULL, t, a, N, k, wp);
        _hkz_su2_heat_bi_tail_bound(B, tlo, N, k);
        arb_add_error_mag(s, B);
    }
    else
    {
        /* Centered form: evaluating the cancelling sum on the input balls
         * would multiply their radii by the size of the terms (e^labs), so
         * take the sum at the exact midpoints and add, by the mean value
         * theorem on the box t x a,
         *   rad(t) sup|d/dt| + rad(a) sup|d/dalpha|,
         * where the sums for the two partial derivatives over the box have
         * tails <= B(k+1) resp. B(k+1)/2 (|chi_n'| <= n^2/2 and
         * n^3 <= n^2 lambda_n for n >= 2). */
        _hkz_su2_heat_bi_partial_sums(s, NULL, NULL, tm, am, N, k, wp);
        _hkz_su2_heat_bi_tail_bound(B, arb_midref(tm), N, k);
        arb_add_error_mag(s, B);
        _hkz_su2_heat_bi_partial_sums(NULL, arb_is_exact(t) ? NULL : st,
                     arb_is_exact(a) ? NULL : sa, t, a, N, k, wp);
        _hkz_su2_heat_bi_tail_bound(B, tlo, N, k + 1);
        arb_add_error_mag(st, B);
        mag_mul_2exp_si(B, B, -1);
        arb_add_error_mag(sa, B);
        arb_get_mag(err, st);
        mag_mul(err, err, arb_radref(t));
        arb_get_mag(B, sa);
        mag_mul(B, B, arb_radref(a));
        mag_add(err, err, B);
        arb_add_error_mag(s, err);
    }
    if (k & 1)
        arb_neg(s, s);

    /* a derivative much smaller than guessed: redo once with its size */
    if (!retried && k > 0 && precise
        && arb_rel_accuracy_bits(s) < prec - 16)
    {
        if (arb_contains_zero(s))
            arb_get_mag(B, s);
        else
            arb_get_mag_lower(B, s);
        e2 = mag_get_d_log2_approx(B) * M_LN2;
        if (e2 < est - 8.0 * M_LN2)
        {
            est = e2 - 2.0 * M_LN2;
            retried = 1;
            goto again;
        }
    }
    arb_set_round(res, s, prec);

cleanup:
    arb_clear(s); arb_clear(st); arb_clear(sa); arb_clear(tm); arb_clear(am);
    arf_clear(tlo);
    mag_clear(B); mag_clear(err);
    return status;
}

int hkz_su2_heat_bi_spectral(arb_t res, const arb_t t, const arb_t alpha,
        ulong deriv, slong prec)
{
    arb_t a;
    int status;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG,
              "hkz_su2_heat_bi_spectral: res is NULL");
    arb_init(a);
    status = _hkz_su2_heat_bi_args(a, t, alpha, deriv, prec,
                                   "hkz_su2_heat_bi_spectral");
    if (status == HKZ_SUCCESS)
        status = _hkz_su2_heat_bi_spectral(res, t, a, deriv, prec,
                                           "hkz_su2_heat_bi_spectral");
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(a);
    return status;
}
