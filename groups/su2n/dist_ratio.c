/* The ratio d_L / d_Delta^{1/2} of (P2) (spec 6.3) and its comparison
 * with the constant sqrt(2 pi) S^{1/4} (hkz_su2n_dist_const). */
#include "hkz_check.h"
#include "su2n_internal.h"

int hkz_su2n_dist_ratio(arb_t ratio, const arb_t d_delta, const arb_t d_L,
                        slong prec)
{
    arb_t u;
    if (!arb_is_finite(d_delta) || !arb_is_finite(d_L) ||
        !arb_is_positive(d_delta))
        return hkz_error_set(HKZ_ERR_DOMAIN, "hkz_su2n_dist_ratio: need "
                             "finite distances with d_Delta > 0");
    arb_init(u);
    arb_sqrt(u, d_delta, prec);
    arb_div(ratio, d_L, u, prec);
    arb_clear(u);
    return HKZ_SUCCESS;
}

int hkz_su2n_dist_ratio_le(const arb_t ratio, const arb_t C)
{
    return arb_le(ratio, C) ? 1 : arb_gt(ratio, C) ? 0 : -1;
}
