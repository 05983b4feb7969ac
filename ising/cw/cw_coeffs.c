/* Curie-Weiss coefficients b_k = eps_k C(N,k) q^{k(N-k)}, q = e^{-2t}
 * (spec 2.6, 3.1) and their t-derivatives (-2k(N-k))^r b_k. */
#include "zeros/zeros_internal.h"
#include "hkz_check.h"

int hkz_ly_cw_coeffs(arb_ptr b, slong nder, slong N, const arb_t t,
                     slong prec)
{
    slong len, k, r, wp;
    arb_t x, q1, q2;
    fmpz_t bin;

    len = N / 2 + 1;
    if (N < 1 || nder < 0 || prec < 2 || !arb_is_finite(t) ||
        !arb_is_nonnegative(t))
    {
        if (N >= 1 && nder >= 0)
            _arb_vec_indeterminate(b, len * (nder + 1));
        HKZ_CHECK(N >= 1, HKZ_ERR_ARG, "hkz_ly_cw_coeffs: N must be >= 1 "
                  "(got %ld)", (long) N);
        HKZ_CHECK(nder >= 0, HKZ_ERR_ARG, "hkz_ly_cw_coeffs: nder must be "
                  ">= 0 (got %ld)", (long) nder);
        HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "hkz_ly_cw_coeffs: prec must be "
                  ">= 2");
        return hkz_error_set(HKZ_ERR_DOMAIN, "hkz_ly_cw_coeffs: t must be a "
                             "finite coupling >= 0");
    }
    HKZ_CHECK(N <= WORD(1) << 30, HKZ_ERR_ARG, "hkz_ly_cw_coeffs: N = %ld "
              "too large", (long) N);
    wp = prec + 2 * FLINT_BIT_COUNT(N) + 8;
    arb_init(x);
    arb_init(q1);
    arb_init(q2);
    fmpz_init(bin);
    if (arb_is_exact(t))
    {
        /* b_{k+1} = b_k (N-k)/(k+1) q^{N-1-2k}: products of exact ratios
         * and q-powers, relative error O(k 2^-wp) */
        arb_mul_si(x, t, -2 * (N - 1), wp);
        arb_exp(q1, x, wp);                 /* q^{N-1} */
        arb_mul_2exp_si(x, t, 2);
        arb_exp(q2, x, wp);                 /* q^{-2} */
        arb_one(b);
        for (k = 0; k + 1 < len; k++)
        {
            arb_mul(b + k + 1, b + k, q1, wp);
            arb_mul_ui(b + k + 1, b + k + 1, (ulong) (N - k), wp);
            arb_div_ui(b + k + 1, b + k + 1, (ulong) (k + 1), wp);
            arb_mul(q1, q1, q2, wp);
        }
    }
    else
    {
        /* a ball t: one exponential per k keeps the radius sharp
         * (2 k (N-k) rad t) */
        fmpz_one(bin);
        for (k = 0; k < len; k++)
        {
            arb_mul_si(x, t, -2 * k * (N - k), wp);
            arb_exp(x, x, wp);
            arb_mul_fmpz(b + k, x, bin, wp);
            fmpz_mul_ui(bin, bin, (ulong) (N - k));
            fmpz_divexact_ui(bin, bin, (ulong) (k + 1));
        }
    }
    for (k = 0; k < len; k++)
    {
        if (2 * k < N)
            arb_mul_2exp_si(b + k, b + k, 1);
        arb_set_round(b + k, b + k, prec);
    }
    for (r = 1; r <= nder; r++)
        for (k = 0; k < len; k++)
            arb_mul_si(b + r * len + k, b + (r - 1) * len + k,
                       -2 * k * (N - k), prec);
    arb_clear(x);
    arb_clear(q1);
    arb_clear(q2);
    fmpz_clear(bin);
    return HKZ_SUCCESS;
}
