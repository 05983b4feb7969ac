/* Sub-Laplacian heat kernel on the fibre g = exp(zZ): closed form (3.4) of
 * spec heat_kernels_su2.md ((3.3) at z = 0), with a proven k-tail. */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"

#define FIBRE_KMAX (WORD(1) << 16)

/* (3.4) with a = z/(2t), b_k = pi k/t, zeta = |z|:
 *   p = e^t/(8t^2) { (pi^2/2) e^{zeta^2/(4t)} sech^2(pi zeta/(4t))
 *       + 2 sum_{k>=1} e^{(zeta^2 - 4 pi^2 k^2)/(4t)} [(pi^2/4)(sech^2 u+
 *       + sech^2 u-) - pi^2 k (tanh u+ + tanh u-)] },
 *   u+- = pi(b_k +- a)/2 = pi(2 pi k +- zeta)/(4t).
 * The exponentials are combined: e^{X} sech^2(u) = 4 e^{X - 2u}/(1 +
 * e^{-2u})^2 and tanh u = (1 - e^{-2u})/(1 + e^{-2u}), both identities for
 * every real u, so the huge e^{zeta^2/(4t)} is never formed alone: the
 * main term is 4 e^{(zeta^2 - 2 pi zeta)/(4t)}/(1 + e^{-pi zeta/(2t)})^2
 * = 4 e^{-d_sR^2/(4t)}/(...)^2.
 *
 * Tail (derived here): sech^2 <= 1 and |tanh| <= 1 give |term_k| <= f(k)
 * = e^{(zeta^2 - 4 pi^2 k^2)/(4t)} (pi^2/2 + 2 pi^2 k), and
 *   f(k+1)/f(k) = e^{-pi^2 (2k+1)/t} (4k+5)/(4k+1)
 *              <= rho = (9/5) e^{-pi^2 (2K+3)/t}   for k >= K+1 >= 1,
 * so sum_{k>K} 2 f(k) <= 2 f(K+1)/(1 - rho) <= 4 f(K+1) once rho <= 1/2. */
void hkz_su2_sub_fibre_internal(arb_t res, const arb_t t, const arb_t z,
                                slong prec)
{
    double td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    double zd = fabs(arf_get_d(arb_midref(z), ARF_RND_NEAR));
    double need, g;
    slong wp, K, k;
    arb_t pi, pi2, inv4t, za, za2, s, x, e, e2u, num, den, br, half;
    mag_t bound, rho;
    int sgn;

    /* guard bits: exponents of size ~pi^2/t carry absolute errors of that
     * size; for t > 1 the bracket cancels against e^t/t^2 (section 9.9) */
    g = 16.0 + log2(1.0 + 10.0 / td);
    if (td > 1.0)
        g += 1.5 * td;
    wp = prec + (slong) FLINT_MIN(g, 10.0 * prec + 256.0);

    arb_init(pi);
    arb_init(pi2);
    arb_init(inv4t);
    arb_init(za);
    arb_init(za2);
    arb_init(s);
    arb_init(x);
    arb_init(e);
    arb_init(e2u);
    arb_init(num);
    arb_init(den);
    arb_init(br);
    arb_init(half);
    mag_init(bound);
    mag_init(rho);

    arb_const_pi(pi, wp);
    arb_sqr(pi2, pi, wp);
    arb_mul_2exp_si(inv4t, t, 2);
    arb_inv(inv4t, inv4t, wp);
    arb_abs(za, z);
    arb_sqr(za2, za, wp);

    /* main term 2 pi^2 e^{(zeta^2 - 2 pi zeta)/(4t)}
     * / (1 + e^{-2 pi zeta/(4t)})^2 */
    arb_mul(x, pi, za, wp);
    arb_mul_2exp_si(x, x, 1);
    arb_mul(x, x, inv4t, wp);          /* pi zeta/(2t) */
    arb_neg(x, x);
    arb_exp(e2u, x, wp);
    arb_add_ui(den, e2u, 1, wp);
    arb_sqr(den, den, wp);
    arb_mul(num, pi, za, wp);
    arb_mul_2exp_si(num, num, 1);
    arb_sub(num, za2, num, wp);
    arb_mul(num, num, inv4t, wp);
    arb_exp(num, num, wp);
    arb_div(s, num, den, wp);
    arb_mul(s, s, pi2, wp);
    arb_mul_2exp_si(s, s, 1);

    /* K: f(K+1) below 2^{-wp} times the main term (steering), rho <= 1/2 */
    need = wp * M_LN2 + 2.0 * M_PI * zd / (4.0 * td);
    for (K = 0; K < FIBRE_KMAX; K++)
    {
        double kk = K + 1.0;
        if ((4.0 * M_PI * M_PI * kk * kk) / (4.0 * td)
                - log(20.0 * kk + 5.0) >= need + 2.0
            && M_PI * M_PI * (2.0 * K + 3.0) / td >= 1.3)
            break;
    }

    for (k = 1; k <= K; k++)
    {
        /* e = e^{(zeta^2 - 4 pi^2 k^2)/(4t)} */
        arb_mul_ui(x, pi2, 4 * (ulong) k * (ulong) k, wp);
        arb_sub(x, za2, x, wp);
        arb_mul(x, x, inv4t, wp);
        arb_exp(e, x, wp);
        arb_zero(num);    /* sech^2 u+ + sech^2 u- */
        arb_zero(br);     /* tanh u+ + tanh u- */
        for (sgn = -1; sgn <= 1; sgn += 2)
        {
            /* e2u = e^{-2u}, 2u = 2 pi (2 pi k +- zeta)/(4t) */
            arb_mul_ui(x, pi, 2 * (ulong) k, wp);
            if (sgn > 0)
                arb_add(x, x, za, wp);
            else
                arb_sub(x, x, za, wp);
            arb_mul(x, x, pi, wp);
            arb_mul(x, x, inv4t, wp);
            arb_mul_2exp_si(x, x, 1);
            arb_neg(x, x);
            arb_exp(e2u, x, wp);
            arb_add_ui(den, e2u, 1, wp);
            arb_sqr(half, den, wp);
            arb_div(x, e2u, half, wp);
            arb_mul_2exp_si(x, x, 2);
            arb_add(num, num, x, wp);
            arb_sub_ui(x, e2u, 1, wp);
            arb_neg(x, x);
            arb_div(x, x, den, wp);
            arb_add(br, br, x, wp);
        }
        /* [(pi^2/4) num - pi^2 k br] e, doubled */
        arb_mul_2exp_si(num, num, -2);
        arb_mul_ui(br, br, (ulong) k, wp);
        arb_sub(num, num, br, wp);
        arb_mul(num, num, pi2, wp);
        arb_mul(num, num, e, wp);
        arb_mul_2exp_si(num, num, 1);
        arb_add(s, s, num, wp);
    }

    /* rigorous tail: rho = (9/5) e^{-pi^2(2K+3)/t} must be <= 1/2 */
    arb_mul_ui(x, pi2, 2 * (ulong) K + 3, wp);
    arb_mul(x, x, inv4t, wp);
    arb_mul_2exp_si(x, x, 2);
    arb_get_mag_lower(bound, x);
    mag_expinv(rho, bound);
    mag_set_d(bound, 1.8);
    mag_mul(rho, rho, bound);
    /* exponent (4 pi^2 (K+1)^2 - zeta^2)/(4t), must be > 0 */
    arb_mul_ui(x, pi2, 4 * (ulong) (K + 1) * (ulong) (K + 1), wp);
    arb_sub(x, x, za2, wp);
    arb_mul(x, x, inv4t, wp);
    if (mag_cmp_2exp_si(rho, -1) <= 0 && arb_is_positive(x))
    {
        arb_get_mag_lower(rho, x);
        mag_expinv(bound, rho);
        /* pi^2/2 + 2 pi^2 (K+1) <= 5 + 20 (K+1); times 2/(1 - rho) <= 4 */
        mag_mul_ui(bound, bound, 20 * (ulong) (K + 1) + 5);
        mag_mul_2exp_si(bound, bound, 2);
    }
    else
    {
        /* only for z balls wider than 2 pi or absurd t: no finite bound */
        mag_inf(bound);
    }
    arb_add_error_mag(s, bound);

    /* times e^t/(8t^2) */
    arb_exp(x, t, wp);
    arb_mul(s, s, x, wp);
    arb_sqr(x, t, wp);
    arb_div(s, s, x, wp);
    arb_mul_2exp_si(s, s, -3);
    arb_set_round(res, s, prec);

    arb_clear(pi);
    arb_clear(pi2);
    arb_clear(inv4t);
    arb_clear(za);
    arb_clear(za2);
    arb_clear(s);
    arb_clear(x);
    arb_clear(e);
    arb_clear(e2u);
    arb_clear(num);
    arb_clear(den);
    arb_clear(br);
    arb_clear(half);
    mag_clear(bound);
    mag_clear(rho);
}

int hkz_su2_heat_sub_fibre(arb_t res, const arb_t t, const arb_t z,
                           slong prec)
{
    int status;
    arb_t zr;

    status = hkz_su2_sub_check_internal("hkz_su2_heat_sub_fibre", t, NULL,
                                        z, 0, prec);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    arb_init(zr);
    hkz_su2_sub_reduce_z_internal(zr, z, prec);
    hkz_su2_sub_fibre_internal(res, t, zr, prec);
    arb_clear(zr);
    return HKZ_SUCCESS;
}
