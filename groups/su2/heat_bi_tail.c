/* Tail bounds of the character sum (2.1): TB1 (hkz_su2_tb1), the bound
 * for derivatives, and the choice of N (spec heat_kernels_su2.md 2). */
#include <math.h>
#include "heat_bi_internal.h"
#include "hkz_check.h"

/* log of the tail majorant used below, in double (steering only):
 * k = 0: TB1(t, N); k >= 1: lambda0^k e^{-lambda0 t/2} TB1(t/2, N), which
 * needs lambda0 = (N+1)^2 - 1 >= 2k/t (+inf otherwise). */
static double tail_log_d(double t, ulong N, ulong k)
{
    double A = N + 1.0, lam0 = A * A - 1.0, s = t, pre = 0.0, r, om;

    if (k > 0)
    {
        if (lam0 * t < 2.0 * k)
            return HUGE_VAL;
        pre = k * log(lam0) - lam0 * t / 2.0;
        s = t / 2.0;
    }
    r = exp(-2.0 * A * s);
    om = -expm1(-2.0 * A * s);
    return pre - lam0 * s + log(A * A / om + 2.0 * A * r / (om * om)
                                + r * (1.0 + r) / (om * om * om));
}

/* smallest N (with lambda0 >= 2k/t) whose tail majorant is
 * <= e^{log_target} */
ulong _hkz_su2_heat_bi_choose_N(double t, ulong k, double log_target)
{
    ulong lo, hi, mid;

    hi = (ulong) ceil(sqrt(2.0 * k / t + 1.0));
    hi = FLINT_MAX(hi, 1);
    if (tail_log_d(t, hi, k) <= log_target)
        return hi;
    lo = hi;
    while (tail_log_d(t, hi, k) > log_target)
    {
        lo = hi;
        hi *= 2;
        if (hi > 2 * (ulong) HKZ_SU2_BI_MAX_TERMS)
            return hi;
    }
    while (hi - lo > 1)
    {
        mid = lo + (hi - lo) / 2;
        if (tail_log_d(t, mid, k) <= log_target)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* (TB1): sum_{n>N} n^2 e^{-(n^2-1)s} <= e^{-(A^2-1)s} [A^2/(1-rho)
 * + 2A rho/(1-rho)^2 + rho(1+rho)/(1-rho)^3], A = N+1, rho = e^{-2As}. */
void hkz_su2_tb1(arb_t res, const arb_t s, ulong N, slong prec)
{
    arb_t A, x, rho, om, u, v;

    arb_init(A); arb_init(x); arb_init(rho); arb_init(om); arb_init(u);
    arb_init(v);
    arb_set_ui(A, N + 1);
    arb_mul(x, A, s, prec);
    arb_mul_2exp_si(x, x, 1);
    arb_neg(x, x);
    arb_exp(rho, x, prec);
    arb_expm1(om, x, prec);
    arb_neg(om, om);                        /* 1 - rho, no cancellation */
    arb_sqr(u, A, prec);
    arb_div(u, u, om, prec);                /* A^2/(1-rho) */
    arb_mul(v, A, rho, prec);
    arb_mul_2exp_si(v, v, 1);
    arb_div(v, v, om, prec);
    arb_div(v, v, om, prec);
    arb_add(u, u, v, prec);                 /* + 2A rho/(1-rho)^2 */
    arb_add_ui(v, rho, 1, prec);
    arb_mul(v, v, rho, prec);
    arb_div(v, v, om, prec);
    arb_div(v, v, om, prec);
    arb_div(v, v, om, prec);
    arb_add(u, u, v, prec);                 /* + rho(1+rho)/(1-rho)^3 */
    arb_sqr(x, A, prec);
    arb_sub_ui(x, x, 1, prec);
    arb_mul(x, x, s, prec);
    arb_neg(x, x);
    arb_exp(x, x, prec);
    arb_mul(res, u, x, prec);
    arb_clear(A); arb_clear(x); arb_clear(rho); arb_clear(om); arb_clear(u);
    arb_clear(v);
}

/* Upper bound B >= |sum_{n>N} n (-lambda_n)^k e^{-lambda_n t} chi_n| for
 * every t >= tlo and every alpha (|chi_n| <= n):
 * k = 0: TB1(tlo, N).  k >= 1: for lambda >= lambda0 >= 2k/tlo the map
 * lambda -> lambda^k e^{-lambda tlo/2} decreases, so lambda^k e^{-lambda t}
 * <= lambda0^k e^{-lambda0 tlo/2} e^{-lambda tlo/2} and
 * B = lambda0^k e^{-lambda0 tlo/2} TB1(tlo/2, N), lambda0 = (N+1)^2 - 1.
 * B = +inf if lambda0 tlo >= 2k cannot be proven. */
void _hkz_su2_heat_bi_tail_bound(mag_t B, const arf_t tlo, ulong N, ulong k)
{
    const slong prec = 64;
    arb_t s, lam0, u, v;

    arb_init(s); arb_init(lam0); arb_init(u); arb_init(v);
    arb_set_arf(s, tlo);
    if (k == 0)
        hkz_su2_tb1(u, s, N, prec);
    else
    {
        arb_set_ui(lam0, N + 1);
        arb_sqr(lam0, lam0, prec);
        arb_sub_ui(lam0, lam0, 1, prec);    /* exact: N < 2^21 */
        arb_mul(v, lam0, s, prec);
        arb_set_ui(u, 2 * k);
        if (!arb_ge(v, u))
        {
            mag_inf(B);
            goto cleanup;
        }
        arb_mul_2exp_si(s, s, -1);
        hkz_su2_tb1(u, s, N, prec);
        arb_mul(v, lam0, s, prec);
        arb_neg(v, v);
        arb_exp(v, v, prec);
        arb_mul(u, u, v, prec);
        arb_pow_ui(v, lam0, k, prec);
        arb_mul(u, u, v, prec);
    }
    arb_get_mag(B, u);
cleanup:
    arb_clear(s); arb_clear(lam0); arb_clear(u); arb_clear(v);
}
