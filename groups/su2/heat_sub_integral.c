/* Sub-Laplacian heat kernel through the Baudoin-Bonnefont integral (spec
 * section 3.3, eq. (3.2)), integrated with acb_calc_integrate.  This is an
 * independent check of the spectral sum (3.1), not a fast route.
 *
 *   p_t(r,z) = (4 pi t)^{-1/2} 2 int_0^inf e^{-(y^2-z^2)/(4t)} cos(yz/(2t))
 *                                          q_t(cos r cosh y) dy,
 *   q_t(x)   = sum_{n>=1} n e^{-(n^2-1)t} U_{n-1}(x)          (entire in x).
 *
 * We integrate f(y) = e^{-y^2/(4t)} cos(y z/(2t)) q_t(c cosh y), c = cos r,
 * over [0, Y] and bound the rest (_hkz_su2_bb_tail_img, _spec); f is
 * entire in y, so acb_calc_integrate may evaluate it on any complex box.
 * Supported range: 1e-4 <= t < 1e8 and at most 20000 bits of cancellation
 * (z^2 + d^2)/(4t ln 2); small t is slow (and needs precise inputs).
 * Files: heat_sub_integral_internal.h lists the pieces. */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_integral_internal.h"

int hkz_su2_heat_sub_integral(arb_t res, const arb_t t, const arb_t r,
                              const arb_t z, slong prec)
{
    bb_param_struct p;
    arb_t zz, u, l, Yb, half_pi;
    acb_t ia, ib, piece, x0;
    mag_t tol, tail, tail2;
    acb_calc_integrate_opt_t opt;
    double td, rd, zd, ld, cmax, Yd, logtarget, dr, d2;
    slong wp, j, npieces, h;
    int status = HKZ_SUCCESS;

    arb_init(zz);
    arb_init(u);
    arb_init(l);
    arb_init(Yb);
    arb_init(half_pi);
    acb_init(ia);
    acb_init(ib);
    acb_init(piece);
    acb_init(x0);
    mag_init(tol);
    mag_init(tail);
    mag_init(tail2);
    arb_init(&p.t);
    arb_init(&p.c);
    arb_init(&p.w);
    arb_init(&p.g);
    arb_init(&p.pit);
    arb_init(&p.pref);
    p.ek = NULL;
    p.kmax = 0;
    p.wt = NULL;
    p.len = 0;
    p.alloc = 0;

    HKZ_CHECK_GOTO(prec >= 2, HKZ_ERR_ARG,
                   "hkz_su2_heat_sub_integral: prec must be >= 2 (got %ld)",
                   (long) prec);
    HKZ_CHECK_GOTO(arb_is_finite(t) && arb_is_positive(t), HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_sub_integral: t must be > 0 (got %.17g)",
                   arf_get_d(arb_midref(t), ARF_RND_NEAR));
    arb_const_pi(half_pi, prec + 10);
    arb_mul_2exp_si(half_pi, half_pi, -1);
    HKZ_CHECK_GOTO(arb_is_finite(r) && !arb_is_negative(r)
                   && !arb_gt(r, half_pi), HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_sub_integral: r must be in [0, pi/2] "
                   "(got %.17g)", arf_get_d(arb_midref(r), ARF_RND_NEAR));
    HKZ_CHECK_GOTO(arb_is_finite(z), HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_sub_integral: z must be finite");

    td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    rd = arf_get_d(arb_midref(r), ARF_RND_NEAR);

    /* p_t is even and 2 pi-periodic in z, and so is the right side of
     * (3.2) (shift the contour by -iz); reduce z to [-pi, pi] to keep the
     * cancellation factor e^{z^2/(4t)} small, then take |z|.  Any integer
     * k is exact by periodicity; k = round(z / (2 pi)) only makes |z| small.
     * Up to |z| < 2^50 the double quotient gives that k; beyond, k is
     * taken from an Arb quotient with the bits of z added (a double
     * quotient of z = 1e30 is off by ~1e13 periods). */
    {
        arb_t twopi;
        fmpz_t k;
        slong ez = arf_abs_bound_lt_2exp_si(arb_midref(z)), zp;
        HKZ_CHECK_GOTO(ez <= BB_ZBITS, HKZ_ERR_TOO_LARGE,
                       "hkz_su2_heat_sub_integral: z = %.3g is too large "
                       "for the integral method (reducing z mod 2 pi "
                       "needs more than %d bits of pi; use the spectral "
                       "method)", arf_get_d(arb_midref(z), ARF_RND_NEAR),
                       (int) BB_ZBITS);
        zp = prec + 64 + FLINT_MAX(0, ez - 50);
        arb_init(twopi);
        fmpz_init(k);
        arb_const_pi(twopi, zp);
        arb_mul_2exp_si(twopi, twopi, 1);
        zd = arf_get_d(arb_midref(z), ARF_RND_NEAR);
        if (ez < 50)
            fmpz_set_d(k, floor(zd / (2 * BB_PI) + 0.5));
        else
        {
            arb_div(zz, z, twopi, zp);
            arf_get_fmpz(k, arb_midref(zz), ARF_RND_NEAR);
        }
        arb_mul_fmpz(zz, twopi, k, zp);
        arb_sub(zz, z, zz, zp);
        arb_abs(zz, zz);
        fmpz_clear(k);
        arb_clear(twopi);
    }
    zd = arf_get_d(arb_midref(zz), ARF_RND_NEAR);

    /* guard bits for the cancellation: the integrand is of size
     * e^{z^2/(4t)} h_t(r) while the result is of size e^{-d^2/(4t)}/t^2,
     * d = d_sR <= min(sqrt(2 pi d_R), pi) (spec 4), d_R = arccos(cos r
     * cos z); (spec 3.3: about (z^2 + d^2)/(4t ln 2) bits) */
    dr = acos(FLINT_MAX(-1.0, FLINT_MIN(1.0, cos(rd) * cos(zd))));
    d2 = FLINT_MIN(2 * BB_PI * dr, BB_PI * BB_PI);
    HKZ_CHECK_GOTO(td >= 1e-4 && td < 1e8, HKZ_ERR_TOO_LARGE,
                   "hkz_su2_heat_sub_integral: t = %g is outside the range "
                   "1e-4 <= t < 1e8 of the integral method (length of the "
                   "integral)", td);
    HKZ_CHECK_GOTO((zd * zd + d2) / (4 * td * BB_LN2) < 20000,
                   HKZ_ERR_TOO_LARGE, "hkz_su2_heat_sub_integral: the "
                   "integral method would cancel %.0f bits at t = %g, z = "
                   "%g (mod 2 pi), r = %g ((z^2 + d^2)/(4 t ln 2) must be "
                   "< 20000: t too small)",
                   (zd * zd + d2) / (4 * td * BB_LN2), td, zd, rd);
    wp = prec + 24 + (slong) ((zd * zd + d2) / (4 * td * BB_LN2))
         + 2 * FLINT_BIT_COUNT(prec);

    arb_set_round(&p.t, t, wp);
    arb_cos(&p.c, r, wp);
    arb_div(&p.w, zz, t, wp);
    arb_mul_2exp_si(&p.w, &p.w, -1);
    arb_inv(&p.g, t, wp);
    arb_mul_2exp_si(&p.g, &p.g, -2);
    arb_const_pi(&p.pit, wp);
    arb_div(&p.pit, &p.pit, &p.t, wp);
    /* pref = sqrt(pi) e^t / (4 t^{3/2}) */
    arb_const_sqrt_pi(&p.pref, wp);
    arb_exp(u, &p.t, wp);
    arb_mul(&p.pref, &p.pref, u, wp);
    arb_sqrt(u, &p.t, wp);
    arb_mul(u, u, &p.t, wp);
    arb_div(&p.pref, &p.pref, u, wp);
    arb_mul_2exp_si(&p.pref, &p.pref, -2);
    /* e^{-pi^2 k^2/t}: on real boxes K ~ sqrt(wp t ln 2)/pi suffices */
    p.kmax = FLINT_MIN(BB_KMAX,
                       2 * (slong) (sqrt(wp * td * BB_LN2) / BB_PI) + 4);
    p.ek = _arb_vec_init(p.kmax + 1);
    for (j = 0; j <= p.kmax; j++)
    {
        arb_mul(u, &p.pit, &p.pit, wp);
        arb_mul(u, u, &p.t, wp);
        arb_mul_si(u, u, -j * j, wp);
        arb_exp(p.ek + j, u, wp);
    }
    p.wprec = wp;
    p.td = td;
    p.lrmax = 1e6;

    /* l = min(-log|c|_max, 4) >= 0 (any l in [0, -log|c|_max] is valid) */
    arb_get_abs_ubound_arf(arb_midref(u), &p.c, MAG_BITS);
    mag_zero(arb_radref(u));
    cmax = arf_get_d(arb_midref(u), ARF_RND_UP);
    if (cmax >= 1.0)
        arb_zero(l);
    else
    {
        arb_log(l, u, MAG_BITS);
        arb_neg(l, l);
        arb_get_lbound_arf(arb_midref(l), l, MAG_BITS);
        mag_zero(arb_radref(l));
        if (arf_cmp_si(arb_midref(l), 4) > 0)
            arf_set_si(arb_midref(l), 4);
        if (arf_sgn(arb_midref(l)) < 0)
            arb_zero(l);
    }
    ld = arf_get_d(arb_midref(l), ARF_RND_DOWN);
    arb_set_d(l, ld);                   /* l = ld exactly, still valid */

    /* the image form is tight where c cosh y >= 5/4 (away from the branch
     * points x = c cosh y = +-1 of eta = arccosh x), and only for t <= 4:
     * its terms are of size pref ~ e^t/t^{3/2} >> q_t */
    arb_get_lbound_arf(arb_midref(u), &p.c, MAG_BITS);
    mag_zero(arb_radref(u));
    if (arf_sgn(arb_midref(u)) > 0 && td <= 4)
        p.ysw = acosh(1.25 / arf_get_d(arb_midref(u), ARF_RND_DOWN));
    else
        p.ysw = 1e300;

    /* absolute goal 2^{-wp} |f(0)|, f(0) = q_t(c) */
    acb_set_arb(x0, &p.c);
    _hkz_su2_bb_q_spectral(piece, x0, &p, wp);
    acb_get_mag(tol, piece);
    HKZ_CHECK_GOTO(mag_is_finite(tol), HKZ_ERR_INTERNAL,
                   "hkz_su2_heat_sub_integral: q_t(cos r) not finite");
    if (mag_is_zero(tol))
        mag_one(tol);
    mag_mul_2exp_si(tol, tol, -wp);

    /* truncation point Y, a multiple of the piece length h (heuristic
     * choice; the bound is rigorous): the smaller of the two bounds */
    logtarget = mag_get_d_log2_approx(tol) * BB_LN2 - 4;
    h = FLINT_MAX(1, (slong) sqrt(td));
    for (Yd = h * ceil((ld + 1) / h); Yd < 1e6; Yd += h)
        if (_hkz_su2_bb_tail_img_log_d(td, ld, Yd) < logtarget
            || (td > 1 && _hkz_su2_bb_tail_spec_log_d(td, ld, Yd) < logtarget))
            break;
    arb_set_d(Yb, Yd);
    _hkz_su2_bb_tail_img(tail, &p.t, &p.pref, l, Yb, MAG_BITS);
    if (td > 1)
    {
        _hkz_su2_bb_tail_spec(tail2, &p.t, l, Yb, MAG_BITS);
        if (mag_cmp(tail2, tail) < 0)
            mag_swap(tail, tail2);
    }

    /* integrate over [0, Y] in pieces of length h; boxes with |x| much
     * beyond cosh(Y) are not evaluated */
    p.lrmax = Yd + 20;
    acb_calc_integrate_opt_init(opt);
    npieces = (slong) (Yd / h);
    arb_zero(res);
    for (j = 0; j < npieces; j++)
    {
        acb_set_si(ia, j * h);
        acb_set_si(ib, (j + 1) * h);
        acb_calc_integrate(piece, _hkz_su2_bb_integrand, &p, ia, ib, wp,
                           tol, opt, wp);
        arb_add(res, res, acb_realref(piece), wp);
    }
    arb_add_error_mag(res, tail);

    /* times 2 e^{z^2/(4t)} (4 pi t)^{-1/2} */
    arb_sqr(u, zz, wp);
    arb_mul(u, u, &p.g, wp);
    arb_exp(u, u, wp);
    arb_mul(res, res, u, wp);
    arb_const_pi(u, wp);
    arb_mul(u, u, &p.t, wp);
    arb_rsqrt(u, u, wp);
    arb_mul(res, res, u, wp);
    arb_set_round(res, res, prec);

cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    if (p.wt != NULL)
        _arb_vec_clear(p.wt, p.alloc);
    if (p.ek != NULL)
        _arb_vec_clear(p.ek, p.kmax + 1);
    arb_clear(&p.pit);
    arb_clear(&p.pref);
    arb_clear(&p.t);
    arb_clear(&p.c);
    arb_clear(&p.w);
    arb_clear(&p.g);
    arb_clear(zz);
    arb_clear(u);
    arb_clear(l);
    arb_clear(Yb);
    arb_clear(half_pi);
    acb_clear(ia);
    acb_clear(ib);
    acb_clear(piece);
    acb_clear(x0);
    mag_clear(tol);
    mag_clear(tail);
    mag_clear(tail2);
    return status;
}
