/* Riemannian distance d_R(e, g) = arccos(cos r cos z) (spec 4.1), and the
 * argument checks shared by the distance functions. */
#include "hkz_check.h"
#include "elem_internal.h"

int _hkz_su2_dist_args(arb_t rc, const arb_t r, const arb_t z,
                       const char *fn, slong prec)
{
    arb_t h;
    int out;

    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "%s: prec must be >= 2 (got %ld)",
              fn, (long) prec);
    HKZ_CHECK(arb_is_finite(r) && arb_is_finite(z), HKZ_ERR_DOMAIN,
              "%s: r and z must be finite", fn);
    arb_init(h);
    arb_const_pi(h, prec);
    arb_mul_2exp_si(h, h, -1);
    out = arb_is_negative(r) || arb_gt(r, h);
    if (!out)
    {
        /* keep the part of the ball inside the domain [0, pi/2] */
        if (arb_contains_negative(r))
            arb_nonnegative_part(rc, r);
        else
            arb_set(rc, r);
        if (!arb_le(rc, h))
            arb_min(rc, rc, h, prec);
    }
    arb_clear(h);
    HKZ_CHECK(!out, HKZ_ERR_DOMAIN, "%s: r must be in [0, pi/2] (got %g)",
              fn, arf_get_d(arb_midref(r), ARF_RND_NEAR));
    return HKZ_SUCCESS;
}

int hkz_su2_dist_riem(arb_t d, const arb_t r, const arb_t z, slong prec)
{
    arb_t rc, sr, cr, sz, cz;
    int status;

    arb_init(rc);
    arb_init(sr);
    arb_init(cr);
    arb_init(sz);
    arb_init(cz);
    HKZ_TRY_GOTO(_hkz_su2_dist_args(rc, r, z, "hkz_su2_dist_riem", prec));

    /* d_R is the class angle of a = cos r e^{iz}, |b| = sin r:
       atan2(sqrt(cos^2 r sin^2 z + sin^2 r), cos r cos z), which is
       arccos(cos r cos z) without its loss of accuracy near 0 and pi */
    arb_sin_cos(sr, cr, rc, prec);
    arb_sin_cos(sz, cz, z, prec);
    arb_mul(sz, sz, cr, prec);
    arb_mul(cz, cz, cr, prec);
    arb_hypot(sz, sz, sr, prec);
    _hkz_su2_atan2_nonneg(d, sz, cz, prec);

cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(d);
    arb_clear(rc);
    arb_clear(sr);
    arb_clear(cr);
    arb_clear(sz);
    arb_clear(cz);
    return status;
}
