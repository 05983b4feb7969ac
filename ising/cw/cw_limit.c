/* Curie-Weiss zeros at their t -> infinity limit (spec 2.3, 2.6).
 *
 * Claim.  Let rho(t) = sum_{k=1}^{N/2} b_k(t) with the coefficients of
 * hkz/ly.h, b_k = eps_k C(N,k) q^{k(N-k)}, q = e^{-2t} (so b_0 = 2), and
 * delta = pi rho / (3N).  If rho(t*) <= 1.5 * 2^-rel_bits, then for every
 * t >= t* and every j = 1..n, n = floor(N/2),
 *   |theta_j(t) - theta_j(inf)| <= delta <= 2^-rel_bits theta_j(inf),
 *   theta_j(inf) = (2j-1) pi/(2N).
 * Proof.  G_N(t, theta) = 2 cos(N theta) + R with |R| <= rho(t) <= rho(t*)
 * (every b_k > 0 decreases in t).  At theta_j(inf) -+ delta,
 * |2 cos(N theta)| = 2 sin(N delta) >= 4 N delta/pi = 4 rho(t*)/3 > |R|
 * (sin x >= 2x/pi on [0, pi/2]; N delta < pi/2 as rho < 1.5), and the two
 * signs differ: each of the n intervals [theta_j(inf) -+ delta] holds a
 * sign change of G.  They are disjoint (spacing pi/N > 2 delta) and lie in
 * (0, pi/2), so by the count of hkz/ly.h they hold the n principal zeros,
 * one each, in order.  Finally delta <= 2^-rel_bits pi/(2N) <=
 * 2^-rel_bits theta_j(inf).  (This is the O(e^{-2t}) rate of spec 2.3
 * made explicit: rho ~ 2N e^{-2t(N-1)}.) */
#include <math.h>
#include "zeros/zeros_internal.h"
#include "hkz_check.h"

/* upper bound of rho(t) */
static int rho_ub(mag_t r, slong N, const arb_t t, slong prec)
{
    slong k, len = N / 2 + 1;
    arb_ptr b = _arb_vec_init(len);
    arb_t s;
    int st = hkz_ly_cw_coeffs(b, 0, N, t, prec);
    arb_init(s);
    for (k = 1; k < len; k++)
        arb_add(s, s, b + k, prec);
    arb_get_mag(r, s);
    arb_clear(s);
    _arb_vec_clear(b, len);
    return st;
}

int hkz_ly_cw_limit_t(arb_t tstar, mag_t rad, slong N, slong rel_bits)
{
    mag_t r, goal;
    arb_t t;
    double td;
    slong it, prec = 64 + 2 * FLINT_BIT_COUNT(N);
    int st = HKZ_SUCCESS;

    HKZ_CHECK(N >= 2 && rel_bits >= 1 && rel_bits <= 1000000, HKZ_ERR_ARG,
              "hkz_ly_cw_limit_t: need N >= 2 and 1 <= rel_bits <= 10^6");
    mag_init(r);
    mag_init(goal);
    arb_init(t);
    /* rho ~ 2 N q^(N-1): solve 2 N e^{-2t(N-1)} = 2^-rel_bits */
    td = (rel_bits * HKZ_LY_LN2 + log(4.0 * N)) / (2.0 * (N - 1));
    mag_set_ui_2exp_si(goal, 3, -rel_bits - 1);
    for (it = 0; it < 64; it++)
    {
        /* an exact t with few bits */
        arb_set_d(t, ldexp(ceil(ldexp(td, 20)), -20));
        if ((st = rho_ub(r, N, t, prec)) != HKZ_SUCCESS)
            break;
        if (mag_cmp(r, goal) <= 0)
            break;
        td *= 1.0625;
    }
    if (st == HKZ_SUCCESS && mag_cmp(r, goal) > 0)
        st = hkz_error_set(HKZ_ERR_INTERNAL, "hkz_ly_cw_limit_t: no t* "
                           "found for N = %ld", (long) N);
    if (st == HKZ_SUCCESS)
    {
        arb_set(tstar, t);
        /* delta = pi rho / (3N), rounded up */
        mag_const_pi(goal);
        mag_mul(rad, r, goal);
        mag_div_ui(rad, rad, (ulong) (3 * N));
    }
    mag_clear(r);
    mag_clear(goal);
    arb_clear(t);
    return st;
}
