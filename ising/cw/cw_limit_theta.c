/* The limits of the Lee-Yang zeros in the coupling (spec 2.6): every zero
 * tends to pi/2 as t -> 0+; the Curie-Weiss zero j tends to
 * (2j-1) pi/(2N) as t -> infinity (ising/cw/cw_limit.c bounds the approach). */
#include "hkz/ly.h"
#include "hkz/status.h"

void hkz_ly_limit_zero_coupling(arb_t x, slong prec)
{
    arb_const_pi(x, prec);
    arb_mul_2exp_si(x, x, -1);
}

void hkz_ly_cw_limit_theta(arb_t x, slong j, slong N, slong prec)
{
    arb_const_pi(x, prec);
    arb_mul_si(x, x, 2 * j - 1, prec);
    arb_div_si(x, x, 2 * N, prec);
}

void hkz_ly_cw_tail_theta(arb_t x, slong j, slong N, const mag_t rad,
                          slong prec)
{
    /* |theta_j(t) - (2j-1) pi/(2N)| <= rad for every t >= t*
     * (hkz_ly_cw_limit_t, proof in ising/cw_limit.c) */
    hkz_ly_cw_limit_theta(x, j, N, prec);
    arb_add_error_mag(x, rad);
}

int hkz_ly_cw_track_range(int *tail, arb_t tstar, mag_t rad, slong N,
                          const arb_t t0, const arb_t t1, slong rel_bits)
{
    int st = hkz_ly_cw_limit_t(tstar, rad, N, rel_bits);
    if (st != HKZ_SUCCESS)
        return st;
    /* beyond t* every zero is at its limit within the goal: tracking
     * stops there, the tail rows cover [t*, t1] */
    *tail = arb_lt(tstar, t1);
    if (!arb_lt(t0, tstar))
        return hkz_error_set(HKZ_ERR_DOMAIN, "for t >= t* = %.6g every "
                             "zero is already within 2^-%ld of its limit "
                             "(2j-1) pi/(2N): track from t0 < t*",
                             arf_get_d(arb_midref(tstar), ARF_RND_UP),
                             (long) rel_bits);
    return HKZ_SUCCESS;
}
