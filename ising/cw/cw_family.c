/* The Curie-Weiss family t -> G_N(t, .) for the tracker: folded
 * coefficients b_k and their t-derivatives (-2k(N-k))^r b_k. */
#include "zeros/zeros_internal.h"

int hkz_ly_cw_family(arb_ptr c, slong nder, const arb_t t, void *param,
                     slong prec)
{
    const slong *N = param;
    return hkz_ly_cw_coeffs(c, nder, *N, t, prec);
}

/* The same coefficients; as a tracker family it selects the steps by the
 * saddle-line integral (ising/track/track_cw_step.c). */
int hkz_ly_cw_family_integral(arb_ptr c, slong nder, const arb_t t,
                              void *param, slong prec)
{
    return hkz_ly_cw_family(c, nder, t, param, prec);
}

/* The same coefficients; as a tracker family it moves all zeros in
 * lockstep (ising/track/track_lockstep_run.c). */
int hkz_ly_cw_family_lockstep(arb_ptr c, slong nder, const arb_t t,
                              void *param, slong prec)
{
    return hkz_ly_cw_family(c, nder, t, param, prec);
}
