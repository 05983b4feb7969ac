/* Argument checks shared by the certified h_t(alpha) routes. */
#include "heat_bi_internal.h"
#include "hkz_check.h"

static int domain_error(const char *fn, const char *what, const arb_t x)
{
    char *s = arb_get_str(x, 15, 0);
    int status = hkz_error_set(HKZ_ERR_DOMAIN, "%s: %s (got %s)", fn, what, s);
    flint_free(s);
    return status;
}

int _hkz_su2_heat_bi_args(arb_t a, const arb_t t, const arb_t alpha,
        ulong deriv, slong prec, const char *fn)
{
    arf_t lo, hi;
    arb_t pi;
    slong pp;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(t != NULL && alpha != NULL, HKZ_ERR_ARG, "%s: NULL argument",
              fn);
    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "%s: prec must be >= 2 (got %ld)", fn,
              (long) prec);
    HKZ_CHECK(deriv <= HKZ_SU2_HEAT_BI_MAX_DERIV, HKZ_ERR_ARG,
              "%s: deriv must be <= %d (got %lu)", fn,
              HKZ_SU2_HEAT_BI_MAX_DERIV, (unsigned long) deriv);
    if (!arb_is_finite(t) || !arb_is_positive(t))
        return domain_error(fn, "t must be a finite ball with t > 0", t);
    if (!arb_is_finite(alpha))
        return domain_error(fn, "alpha must be a finite ball in [0, pi]",
                            alpha);

    arf_init(lo);
    arf_init(hi);
    arb_init(pi);
    arb_get_lbound_arf(lo, alpha, ARF_PREC_EXACT);
    arb_get_ubound_arf(hi, alpha, ARF_PREC_EXACT);
    /* pi to more bits than lo has, so that lo > pi is decided whenever
     * lo is not within a rounding error of pi */
    pp = FLINT_MAX(prec, arf_bits(lo)) + 64;
    arb_const_pi(pi, pp);
    arb_get_ubound_arf(arb_midref(pi), pi, pp);   /* pi rounded up */
    if (arf_sgn(hi) < 0 || arf_cmp(lo, arb_midref(pi)) > 0)
    {
        status = domain_error(fn, "alpha must lie in [0, pi]", alpha);
        goto cleanup;
    }
    /* keep only the part in [0, pi]: the formulas and their tail bounds
     * assume it (h is even in alpha and symmetric about pi anyway) */
    if (arf_sgn(lo) < 0 || arf_cmp(hi, arb_midref(pi)) > 0)
    {
        if (arf_sgn(lo) < 0)
            arf_zero(lo);
        if (arf_cmp(hi, arb_midref(pi)) > 0)
            arf_set(hi, arb_midref(pi));
        arb_set_interval_arf(a, lo, hi, pp);
    }
    else
        arb_set(a, alpha);

cleanup:
    arf_clear(lo);
    arf_clear(hi);
    arb_clear(pi);
    return status;
}
