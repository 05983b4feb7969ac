/* The Curie-Weiss family t -> G_N(t, .) for the tracker: folded
 * coefficients b_k and their t-derivatives (-2k(N-k))^r b_k. */
#include "zeros_internal.h"

int hkz_ly_cw_family(arb_ptr c, slong nder, const arb_t t, void *param,
                     slong prec)
{
    const slong *N = param;
    return hkz_ly_cw_coeffs(c, nder, *N, t, prec);
}
