/* The factor at the identity as a holomorphic function of complex s,
 * Re s > 0 (for acb_calc_integrate):
 *   h_s(e) = sum_{n>=1} n^2 e^{-(n^2-1)s}                          (2.1)
 *   p_s(e) = sum_{m>=0} e^{-4m(m+1)s} [(2m+1)(1+y)/(1-y) + 2y/(1-y)^2],
 *            y = e^{-(4m+2)s},
 * the second being (3.1) at e with the geometric sum over k done in
 * closed form: sum_{k in Z} (2m+|k|+1) y^{|k|} = (2m+1)(1+y)/(1-y) +
 * 2y/(1-y)^2.  Every term is bounded by its value at sigma = Re s, so the
 * real tail bounds hold for complex s:
 *   (TB1)  sum_{n>N} n^2 e^{-(n^2-1)sigma} <= e^{-(A^2-1)sigma}
 *          [A^2/(1-rho) + 2A rho/(1-rho)^2 + rho(1+rho)/(1-rho)^3],
 *          A = N+1, rho = e^{-2A sigma};
 *   (L)    with v = e^{-(4M+6)sigma} >= |y_m| (m > M),
 *          B1 = (1+v)/(1-v), B2 = 2v/(1-v)^2 and
 *          rho = e^{-8(M+2)sigma} (2M+5)/(2M+3) (ratio of consecutive
 *          majorants for m > M):
 *          sum_{m>M} |term_m| <= e^{-4(M+1)(M+2)sigma}
 *                                [(2M+3) B1 + B2] / (1 - rho). */
#include <math.h>
#include "hkz_check.h"
#include "su2n_internal.h"

#define MAX_TERMS 200000

static void tail_delta(mag_t B, const arb_t sig, slong N)
{
    arb_t T;
    arb_init(T);
    hkz_su2_tb1(T, sig, (ulong) N, 64);
    if (arb_is_finite(T))
        arb_get_mag(B, T);
    else
        mag_inf(B);
    arb_clear(T);
}

static void tail_sub(mag_t B, const arb_t sig, slong M)
{
    arb_t v, u, B1, B2, rho, T;
    arb_init(v);
    arb_init(u);
    arb_init(B1);
    arb_init(B2);
    arb_init(rho);
    arb_init(T);
    arb_mul_si(v, sig, -(4 * M + 6), 64);
    arb_exp(v, v, 64);
    arb_sub_ui(u, v, 1, 64);
    arb_neg(u, u);                       /* 1 - v */
    arb_add_ui(B1, v, 1, 64);
    arb_div(B1, B1, u, 64);
    arb_mul_2exp_si(B2, v, 1);
    arb_div(B2, B2, u, 64);
    arb_div(B2, B2, u, 64);
    arb_mul_si(rho, sig, -8 * (M + 2), 64);
    arb_exp(rho, rho, 64);
    arb_mul_si(rho, rho, 2 * M + 5, 64);
    arb_div_si(rho, rho, 2 * M + 3, 64);
    arb_mul_si(T, B1, 2 * M + 3, 64);
    arb_add(T, T, B2, 64);
    arb_sub_ui(u, rho, 1, 64);
    arb_neg(u, u);                       /* 1 - rho */
    if (arb_is_positive(u))
    {
        arb_div(T, T, u, 64);
        arb_mul_si(u, sig, -4 * (M + 1) * (M + 2), 64);
        arb_exp(u, u, 64);
        arb_mul(T, T, u, 64);
        arb_get_mag(B, T);
        if (!arb_is_finite(T))
            mag_inf(B);
    }
    else
        mag_inf(B);
    arb_clear(v);
    arb_clear(u);
    arb_clear(B1);
    arb_clear(B2);
    arb_clear(rho);
    arb_clear(T);
}

int hkz_su2n_factor_e_acb(acb_t res, int op, const acb_t s, slong prec)
{
    const char *fn = "hkz_su2n_factor_e_acb";
    arb_t sig;
    arf_t lo;
    mag_t B;
    double sd, need;
    slong N, i;
    int status;

    HKZ_CHECK(res != NULL && s != NULL, HKZ_ERR_ARG, "%s: NULL argument",
              fn);
    status = _hkz_su2n_check_op(op, fn);
    if (status == HKZ_SUCCESS && prec < 2)
        status = hkz_error_set(HKZ_ERR_ARG, "%s: prec must be >= 2", fn);
    if (status != HKZ_SUCCESS)
    {
        acb_indeterminate(res);
        return status;
    }
    arb_init(sig);
    arf_init(lo);
    mag_init(B);
    arb_get_lbound_arf(lo, acb_realref(s), prec);
    if (!acb_is_finite(s) || arf_sgn(lo) <= 0)
    {
        acb_indeterminate(res);
        goto cleanup;
    }
    arb_set_arf(sig, lo);
    sd = arf_get_d(lo, ARF_RND_DOWN);
    need = (prec + 10) * 0.6931471805599453;
    if (op == HKZ_SU2N_DELTA)
    {
        acb_t E, G, g2, u;
        N = (slong) ceil(sqrt(need / sd + 1.0)) + 1;
        if (!(sd > 0) || N > MAX_TERMS)
        {
            acb_indeterminate(res);
            goto cleanup;
        }
        tail_delta(B, sig, N);
        acb_init(E);
        acb_init(G);
        acb_init(g2);
        acb_init(u);
        /* E_n = e^{-(n^2-1)s}, E_{n+1} = E_n G_n, G_n = e^{-(2n+1)s},
           G_{n+1} = G_n e^{-2s} */
        acb_one(E);
        acb_mul_si(u, s, -3, prec);
        acb_exp(G, u, prec);
        acb_mul_si(u, s, -2, prec);
        acb_exp(g2, u, prec);
        acb_one(res);
        for (i = 2; i <= N; i++)
        {
            acb_mul(E, E, G, prec);
            acb_mul(G, G, g2, prec);
            acb_addmul_ui(res, E, (ulong) (i * i), prec);
        }
        acb_clear(E);
        acb_clear(G);
        acb_clear(g2);
        acb_clear(u);
    }
    else
    {
        acb_t y, omy, T, u, v;
        N = (slong) ceil(sqrt(need / (4 * sd) + 1.0)) + 1;
        if (!(sd > 0) || N > MAX_TERMS)
        {
            acb_indeterminate(res);
            goto cleanup;
        }
        tail_sub(B, sig, N);
        acb_init(y);
        acb_init(omy);
        acb_init(T);
        acb_init(u);
        acb_init(v);
        acb_zero(res);
        for (i = 0; i <= N; i++)
        {
            acb_mul_si(u, s, -(4 * i + 2), prec);
            acb_exp(y, u, prec);
            acb_expm1(omy, u, prec);
            acb_neg(omy, omy);                   /* 1 - y */
            acb_add_ui(T, y, 1, prec);
            acb_mul_si(T, T, 2 * i + 1, prec);
            acb_div(T, T, omy, prec);
            acb_mul_2exp_si(v, y, 1);
            acb_div(v, v, omy, prec);
            acb_div(v, v, omy, prec);
            acb_add(T, T, v, prec);
            acb_mul_si(u, s, -4 * i * (i + 1), prec);
            acb_exp(u, u, prec);
            acb_addmul(res, T, u, prec);
        }
        acb_clear(y);
        acb_clear(omy);
        acb_clear(T);
        acb_clear(u);
        acb_clear(v);
    }
    if (mag_is_finite(B))
    {
        arb_add_error_mag(acb_realref(res), B);
        arb_add_error_mag(acb_imagref(res), B);
    }
    else
        acb_indeterminate(res);

cleanup:
    arb_clear(sig);
    arf_clear(lo);
    mag_clear(B);
    return HKZ_SUCCESS;
}
