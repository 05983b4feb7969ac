/* The C*(gamma) bracket of X8 from the box's blocks (spec F1, P3). */
#include <string.h>
#include "box_internal.h"
#include "hkz_check.h"

int hkz_su2mix_box_cstar(arb_t res, arb_t lo, arb_t hi,
                         const hkz_su2mix_box_t bx, arb_srcptr a,
                         const arb_t gamma, slong prec)
{
    slong n = bx->n, b, i;
    slong *nvec;
    arb_t lp, r, u, half;
    arf_t best;

    for (i = 0; i < n; i++)
        HKZ_CHECK(arb_is_finite(a + i) && arb_is_positive(a + i),
                  HKZ_ERR_DOMAIN, "hkz_su2mix_box_cstar: a_%ld must be > 0",
                  (long) i + 1);
    HKZ_CHECK(arb_is_finite(gamma) && arb_is_positive(gamma), HKZ_ERR_DOMAIN,
              "hkz_su2mix_box_cstar: gamma must be > 0");
    HKZ_CHECK(bx->mn->type != NULL, HKZ_ERR_ARG,
              "hkz_su2mix_box_cstar: run the box first");
    nvec = flint_malloc(n * sizeof(slong));
    arb_init(lp);
    arb_init(r);
    arb_init(u);
    arb_init(half);
    arf_init(best);
    arf_zero(best);
    /* lower end: each block pi != 1 gives C* >= lambda_pi^gamma / lmin(pi)
     * (spec F1) */
    for (b = 1; b < bx->nblocks; b++)
    {
        hkz_su2mix_box_index(nvec, bx, b);
        arb_zero(lp);
        for (i = 0; i < n; i++)
            arb_addmul_si(lp, a + i, nvec[i] * nvec[i] - 1, prec);
        arb_pow(lp, lp, gamma, prec);
        if (!arb_is_positive(bx->lmin + b))
            continue;
        arb_div(r, lp, bx->lmin + b, prec);
        arb_get_lbound_arf(arb_midref(u), r, prec);
        if (arf_cmp(arb_midref(u), best) > 0)
            arf_set(best, arb_midref(u));
    }
    arb_set_arf(lo, best);
    /* upper end: C*_L <= K C*_{L0}, since lmin(Lhat) >= lmin(Lhat0)/K.  For
     * L0 = sum m_i L0_i, gamma <= 1/2: by subadditivity of x^gamma,
     * lambda_pi^gamma <= sum_i (a_i (n_i^2-1))^gamma, and lmin(Lhat0(pi)) =
     * sum_i m_i l_i(n_i); by the mediant inequality the ratio is at most
     * max_i over active factors of (a_i(n^2-1))^gamma / (m_i l_i(n)), which
     * is non-increasing in n >= 2 for gamma <= 1/2 (sub: a^gamma/(2m)
     * ((n+1)/(n-1))^gamma (n-1)^{2 gamma - 1}; Delta: a^gamma
     * (n^2-1)^{gamma-1}/m): attained at n = 2, (3a)^gamma/(2m) resp.
     * (3a)^gamma/(3m) (P3 of spec 6.3).  For gamma > 1/2 the sub-factor
     * ratio grows like n^{2 gamma - 1}: hi = +inf. */
    arb_set_d(half, 0.5);
    if (!arb_le(gamma, half))
        arb_pos_inf(hi);
    else
    {
        arb_zero(hi);
        for (i = 0; i < n; i++)
        {
            arb_mul_ui(u, a + i, 3, prec);
            arb_pow(u, u, gamma, prec);
            arb_div(u, u, bx->mn->m + i, prec);
            arb_div_ui(u, u, bx->mn->type[i] == HKZ_SU2MIX_FACTOR_DELTA ?
                       3 : 2, prec);
            arb_max(hi, hi, u, prec);
        }
        arb_mul(hi, hi, bx->mn->K, prec);
        arb_get_ubound_arf(arb_midref(hi), hi, prec);
        mag_zero(arb_radref(hi));
    }
    if (arb_is_finite(hi))
        arb_set_interval_arf(res, arb_midref(lo), arb_midref(hi), prec);
    else
    {
        arb_zero_pm_inf(res);
    }
    flint_free(nvec);
    arb_clear(lp);
    arb_clear(r);
    arb_clear(u);
    arb_clear(half);
    arf_clear(best);
    return HKZ_SUCCESS;
}
