/* Exact summation of the tail sum_{i>n} log F(w_i t) for the families
 * c log(1+i) and c i (an acceleration of spec 5.5; [der] here).
 *
 * F(s) = H(e^{-s}) with H a power series with nonnegative integer
 * coefficients: h_s(e) = sum_n n^2 x^{n^2-1} (2.1) and p_s(e) =
 * sum_{m,k} (2m+|k|+1) x^{4m(m+|k|+1)+2|k|} (3.1), x = e^{-s}.  On the
 * disc |x| <= r = 1/4, |H(x) - 1| <= H(r) - 1 = F(log 4) - 1 <= D =
 * delta(log 4) < 1, so log H = sum_{k>=k0} l_k x^k is holomorphic there
 * with |log H| <= M = -log(1 - D) and, by Cauchy, |l_k| <= M r^{-k}
 * (k0 = 3 for Delta, 2 for L).  With x_i = e^{-w_i t} <= x_{n+1} <= r/4:
 *   sum_{i>n} log F(w_i t) = sum_{k0<=k<=K} l_k S_k + E,
 *   |E| <= M r^{-(K+1)} S_{K+1} / (1 - x_{n+1}/r)
 *       <= M r^{-(K+1)} x_{n+1}^{K+1-k0} S_{k0} / (1 - x_{n+1}/r),
 * where the power sums S_k = sum_{i>n} x_i^k are
 *   c log(1+i): S_k = zeta(c t k, n+2) (Hurwitz; finite iff c t k > 1),
 *   c i:        S_k = e^{-c t k (n+1)} / (1 - e^{-c t k}). */
#include <math.h>
#include "hkz_check.h"
#include "su2n_internal.h"

int _hkz_su2n_has_series(const hkz_su2n_weights_t w)
{
    if (w->family == HKZ_SU2N_LOG)
        return 1;
    return w->family == HKZ_SU2N_POW && arb_is_one(&w->p);
}

slong _hkz_su2n_series_n(const hkz_su2n_weights_t w, const arb_t t,
        slong n0, slong prec)
{
    double ct = arf_get_d(arb_midref(&w->c), ARF_RND_DOWN)
                * arf_get_d(arb_midref(t), ARF_RND_DOWN);
    double L16 = log(16.0) * 1.001, need;

    if (!(ct > 0))
        return WORD_MAX;
    if (w->family == HKZ_SU2N_LOG)
        need = exp(L16 / ct) - 2.0;     /* c t log(n+2) >= log 16 */
    else
        need = L16 / ct - 1.0;          /* c t (n+1) >= log 16 */
    if (!(need < 1e15))
        return WORD_MAX;
    return FLINT_MAX(n0, (slong) ceil(need));
}

/* S_k for the family (see above) */
static void power_sum(arb_t res, const hkz_su2n_weights_t w, const arb_t ct,
                      ulong k, slong n, slong prec)
{
    arb_t u, v;
    arb_init(u);
    arb_init(v);
    arb_mul_ui(u, ct, k, prec);
    if (w->family == HKZ_SU2N_LOG)
    {
        arb_set_ui(v, (ulong) (n + 2));
        arb_hurwitz_zeta(res, u, v, prec);
    }
    else
    {
        arb_mul_ui(v, u, (ulong) (n + 1), prec);
        arb_neg(v, v);
        arb_exp(v, v, prec);
        arb_neg(u, u);
        arb_expm1(u, u, prec);
        arb_neg(u, u);
        arb_div(res, v, u, prec);
    }
    arb_clear(u);
    arb_clear(v);
}

/* H truncated to degree K (exact integer coefficients) */
static void factor_series(arb_poly_t H, int op, slong K)
{
    arb_poly_zero(H);
    if (op == HKZ_SU2N_DELTA)
    {
        ulong n;
        for (n = 1; (slong) (n * n - 1) <= K; n++)
        {
            arb_t c;
            arb_init(c);
            arb_set_ui(c, n * n);
            arb_poly_set_coeff_arb(H, (slong) (n * n - 1), c);
            arb_clear(c);
        }
    }
    else
    {
        slong m, j, e;
        arb_t c, d;
        arb_init(c);
        arb_init(d);
        for (m = 0; 4 * m * (m + 1) <= K; m++)
            for (j = 0; (e = 4 * m * (m + j + 1) + 2 * j) <= K; j++)
            {
                arb_poly_get_coeff_arb(c, H, e);
                arb_set_si(d, (2 * m + j + 1) * (j == 0 ? 1 : 2));
                arb_add(c, c, d, 64);
                arb_poly_set_coeff_arb(H, e, c);
            }
        arb_clear(c);
        arb_clear(d);
    }
}

int _hkz_su2n_log_tail_series(arb_t res, double *err,
        const hkz_su2n_weights_t w, int op, const arb_t t, slong n,
        slong prec)
{
    arb_t ct, x1, S0, Sk, M, B, u;
    arb_poly_t H, Lg;
    arf_t ub;
    slong k0 = (op == HKZ_SU2N_DELTA) ? 3 : 2, K, k, wp, lg;
    double rho;
    int ok = 1;

    arb_init(ct);
    arb_init(x1);
    arb_init(S0);
    arb_init(Sk);
    arb_init(M);
    arb_init(B);
    arb_init(u);
    arb_poly_init(H);
    arb_poly_init(Lg);
    arf_init(ub);
    wp = prec + 20;

    /* x_{n+1} = e^{-w_{n+1} t} must be <= r/4 = 1/16 */
    arb_mul(ct, &w->c, t, wp);
    if (w->family == HKZ_SU2N_LOG)
    {
        arb_set_ui(u, (ulong) (n + 2));
        arb_log(u, u, wp);
        arb_mul(u, u, ct, wp);
    }
    else
        arb_mul_ui(u, ct, (ulong) (n + 1), wp);
    arb_neg(u, u);
    arb_exp(x1, u, wp);
    arb_get_ubound_arf(ub, x1, wp);
    if (arf_cmpabs_2exp_si(ub, -4) > 0)
    {
        ok = 0;
        goto cleanup;
    }
    rho = arf_get_d(ub, ARF_RND_UP) * 4.0;          /* x_{n+1}/r <= 1/4 */

    /* M = -log(1 - delta(log 4)) */
    arb_set_ui(u, 4);
    arb_log(u, u, wp);
    if (hkz_su2n_delta(M, op, u, wp) != HKZ_SUCCESS)
    {
        ok = 0;
        goto cleanup;
    }
    arb_neg(M, M);
    arb_log1p(M, M, wp);
    arb_neg(M, M);

    power_sum(S0, w, ct, (ulong) k0, n, wp);
    if (!arb_is_finite(S0))
    {
        ok = 0;
        goto cleanup;
    }
    /* K from 2^{-prec-10} >= M 4^{K+1} rho^{K+1-k0} 4^{-(K+1-k0)}... in
       the form M 4^{k0} rho^{K+1-k0} S_{k0} / (1 - rho), rho <= 1/4 */
    lg = arf_abs_bound_lt_2exp_si(arb_midref(S0));
    K = k0 - 1 + (slong) ceil((prec + 12 + 2 * k0 + FLINT_MAX(lg, -prec))
                               / (-log2(rho))) + 1;
    K = FLINT_MAX(K, k0);

    /* the coefficients l_k of log H (|l_k| <= M 4^k: 2K guard bits) */
    factor_series(H, op, K);
    arb_poly_log_series(Lg, H, K + 1, wp + 2 * K + 10);

    arb_zero(res);
    for (k = k0; k <= K; k++)
    {
        arb_poly_get_coeff_arb(u, Lg, k);
        if (arb_is_zero(u))
            continue;
        if (k == k0)
            arb_set(Sk, S0);
        else
            power_sum(Sk, w, ct, (ulong) k, n, wp);
        arb_addmul(res, u, Sk, wp);
    }

    /* |E| <= M 4^{K+1} x1^{K+1-k0} S_{k0} / (1 - 4 x1) */
    arb_pow_ui(B, x1, (ulong) (K + 1 - k0), wp);
    arb_mul(B, B, S0, wp);
    arb_mul(B, B, M, wp);
    arb_mul_2exp_si(B, B, 2 * (K + 1));
    arb_mul_2exp_si(u, x1, 2);
    arb_sub_ui(u, u, 1, wp);
    arb_neg(u, u);
    arb_div(B, B, u, wp);
    arb_get_ubound_arf(ub, B, wp);
    arb_add_error_arf(res, ub);
    if (err != NULL)
        *err = arf_get_d(ub, ARF_RND_UP);
    ok = arb_is_finite(res);

cleanup:
    if (!ok)
        arb_indeterminate(res);
    arb_clear(ct);
    arb_clear(x1);
    arb_clear(S0);
    arb_clear(Sk);
    arb_clear(M);
    arb_clear(B);
    arb_clear(u);
    arb_poly_clear(H);
    arb_poly_clear(Lg);
    arf_clear(ub);
    return ok;
}
