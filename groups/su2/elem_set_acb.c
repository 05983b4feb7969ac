/* g = [[a, -conj b], [b, conj a]] from its first column. */
#include "hkz_check.h"
#include "hkz/su2.h"

int hkz_su2_elem_set_acb(hkz_su2_elem_t g, const acb_t a, const acb_t b,
                         slong prec)
{
    arb_t n, t;
    int ok;

    arb_init(n);
    arb_init(t);
    /* |a|^2 + |b|^2 must be able to equal 1 (spec 1.1) */
    arb_sqr(n, acb_realref(a), prec);
    arb_sqr(t, acb_imagref(a), prec);
    arb_add(n, n, t, prec);
    arb_sqr(t, acb_realref(b), prec);
    arb_add(n, n, t, prec);
    arb_sqr(t, acb_imagref(b), prec);
    arb_add(n, n, t, prec);
    ok = acb_is_finite(a) && acb_is_finite(b) && arb_contains_si(n, 1);
    if (!ok)
    {
        double nd = arf_get_d(arb_midref(n), ARF_RND_NEAR);
        arb_clear(n);
        arb_clear(t);
        acb_indeterminate(&g->a);
        acb_indeterminate(&g->b);
        return hkz_error_set(HKZ_ERR_DOMAIN, "hkz_su2_elem_set_acb: "
                             "|a|^2+|b|^2 must contain 1 (got about %.17g)",
                             nd);
    }
    acb_set(&g->a, a);
    acb_set(&g->b, b);
    arb_clear(n);
    arb_clear(t);
    return HKZ_SUCCESS;
}
