/* Carnot-Caratheodory distance d_sR(e, g), X and Y orthonormal
 * (spec 4.2), certified.
 *
 * g = exp(r(cos phi X + sin phi Y)) exp(zZ) with r in [0, pi/2]; Z denotes
 * |z| reduced to [0, pi] (the distance from z to 2 pi Z; z is an angle).
 *
 * - Z = 0: d = r (horizontal geodesic).
 * - r = 0 (fibre): d = sqrt(2 pi Z - Z^2).
 * - 0 < r < pi/2: theta* = smallest root in [r, pi - r] of Psi_r(theta) = Z,
 *   Psi_r(theta) = arccos(cos theta / cos r)
 *                  - theta sqrt(sin^2 theta - sin^2 r) / sin theta,
 *   and d = f(theta*), f(theta) = theta sin r / sin theta.
 * - r = pi/2: d = pi/2.
 *
 * Stable form of Psi.  With s = sqrt(sin^2 th - sin^2 r) computed as
 * sqrt(sin(th - r) sin(th + r)), beta = arccos(cos th / cos r) has
 * e^{i beta} proportional to cos th + i s, so e^{i(beta - th)} is
 * proportional to (cos^2 th + s sin th) + i cos th (s - sin th), whose real
 * part is > 0; with sin th - s = sin^2 r / (sin th + s):
 *   Psi_r(th) = (beta - th) + th (1 - s / sin th)
 *     = th sin^2 r / (sin th (sin th + s))
 *       - atan(sin^2 r cos th / ((sin th + s)(cos^2 th + s sin th))).
 * No arccos near +-1, no cancellation for th >= pi/2 (both terms >= 0),
 * and for small th the terms cancel only to a relative th^2, paid for with
 * 2 log2(1/th) extra bits (cc_eprec).  The ball evaluation uses
 * arb_sqrtpos for s; on [r, pi - r] the product under the root is >= 0, so
 * the clamp changes nothing there.  (Identity checked at 40 digits.)
 *
 * Psi_r is in fact increasing: differentiating the arccos form gives
 * Psi_r' = sin^2 r (sin th - th cos th) / (s sin^2 th) > 0 on (r, pi - r),
 * so the root is unique; the search below does not rely on this.
 *
 * Certification.  The balls r, z may have radius: the result encloses d
 * for every point (r', Z') of the input balls in the domain.
 *
 * Lower end.  All roots of Psi_r' = Z' in [r', pi - r'] lie in [u0, v0] =
 * [lower(r), upper(pi - r)].  A depth-first bisection, leftmost half first,
 * discards every subinterval on which the ball enclosure of Psi (valid on
 * the part of the box inside the domain) does not meet the ball Z, and
 * stops at the leftmost subinterval [a, b] that it cannot discard, once
 * b - a <= 2^-wp.  Everything left of a is discarded, so theta* >= a and,
 * f being increasing on (0, pi) (theta / sin theta increases),
 * d = f(theta*) >= f(a).  Also d >= r.
 *
 * Upper end.  Psi_r is continuous on [r, pi - r] with Psi_r(r) = 0 <= Z
 * and Psi_r(pi - r) = pi >= Z.  If Psi(t) >= Z is CERTIFIED at a point
 * t >= upper(r), then either t <= pi - r' and the intermediate value
 * theorem gives a root in [r', t], or t > pi - r' >= theta*; either way
 * theta* <= t and d <= f(t).  Points t = b, b + w, b + 3w, b + 7w, ...
 * (w = b - a, t >= upper(r)) are tried until one is certified.  Since
 * theta* <= pi - r, also d <= f(pi - r) = pi - r; with d >= f(r) = r this
 * a-priori enclosure [r, pi - r] is intersected in (and is the whole
 * answer when r may equal pi/2, where it is exact).  Several roots would
 * not loosen the lower end, and the upper end comes from the leftmost
 * certified crossing, so the enclosure is that of the smallest root, which
 * gives the distance (spec 4.2).
 *
 * Near the fibre (r may be below 2^-prec, or contain 0) the Lipschitz bound
 * |d_sR(r, z) - d_sR(0, z)| <= r (spec 4.2: g and exp(zZ) differ by a
 * horizontal one-parameter element of length r) is used instead.  Away
 * from it the bisection runs with log2(1/r) extra bits: theta* may be
 * within O(r) of pi, where sin theta* must keep its relative accuracy. */
#include "hkz_check.h"
#include "elem_internal.h"
#include "dist_cc_internal.h"

/* Z = |z| reduced to [0, pi], as a ball (tent map z -> dist(z, 2 pi Z)). */
static void cc_reduce_angle(arb_t Z, const arb_t z, slong prec)
{
    arb_t tp, w, a;
    arf_t q, lo, hi;
    fmpz_t k;
    slong wp;

    arb_init(tp);
    arb_init(w);
    arb_init(a);
    arf_init(q);
    arf_init(lo);
    arf_init(hi);
    fmpz_init(k);

    wp = prec + 8 + FLINT_MAX(0,
            arf_abs_bound_lt_2exp_si(arb_midref(z)));
    arb_const_pi(tp, wp);
    arb_mul_2exp_si(tp, tp, 1);
    arf_div(q, arb_midref(z), arb_midref(tp), wp, ARF_RND_NEAR);
    arf_get_fmpz(k, q, ARF_RND_NEAR);
    arb_set(w, z);
    arb_submul_fmpz(w, tp, k, wp);   /* w = z - 2 pi k, |w| about <= pi */

    /* a = |w| as an exact image interval */
    if (arb_is_nonnegative(w))
        arb_set(a, w);
    else if (arb_is_nonpositive(w))
        arb_neg(a, w);
    else
    {
        arb_get_abs_ubound_arf(hi, w, wp);
        arf_zero(lo);
        arb_set_interval_arf(a, lo, hi, wp);
    }

    /* tent: Z = min(a, 2 pi - a); computed without cancellation unless
       the ball a meets pi, where Z is near pi anyway */
    arb_mul_2exp_si(tp, tp, -1);     /* pi */
    if (arb_le(a, tp))
        arb_set_round(Z, a, prec);
    else
    {
        arb_mul_2exp_si(w, tp, 1);
        arb_sub(w, w, a, wp);        /* 2 pi - a */
        if (arb_ge(a, tp))
            arb_set_round(Z, w, prec);
        else
        {
            arb_get_lbound_arf(lo, a, wp);
            arb_get_lbound_arf(q, w, wp);
            if (arf_cmp(q, lo) < 0)
                arf_set(lo, q);
            if (arf_sgn(lo) < 0)
                arf_zero(lo);
            arb_get_ubound_arf(hi, tp, wp);
            arb_set_interval_arf(Z, lo, hi, prec);
        }
    }

    arb_clear(tp);
    arb_clear(w);
    arb_clear(a);
    arf_clear(q);
    arf_clear(lo);
    arf_clear(hi);
    fmpz_clear(k);
}

int hkz_su2_dist_cc(arb_t d, const arb_t r, const arb_t z, slong prec)
{
    arb_t rc, Z, t, h;
    arf_t lo, hi, u0, v0;
    mag_t e;
    slong wp;
    int status;

    arb_init(rc);
    arb_init(Z);
    arb_init(t);
    arb_init(h);
    arf_init(lo);
    arf_init(hi);
    arf_init(u0);
    arf_init(v0);
    mag_init(e);
    HKZ_TRY_GOTO(_hkz_su2_dist_args(rc, r, z, "hkz_su2_dist_cc", prec));

    cc_reduce_angle(Z, z, prec + 16);
    if (arb_is_zero(Z))
    {
        /* z = 0: d = r (spec 4.2 special values) */
        arb_set_round(d, rc, prec);
        goto cleanup;
    }

    arb_get_lbound_arf(u0, rc, prec + 16);
    if (arf_cmp_2exp_si(u0, -prec) <= 0)
    {
        /* fibre: sqrt(2 pi Z - Z^2) = sqrt(Z (2 pi - Z)), plus the
           Lipschitz bound |d(r, z) - d(0, z)| <= r (spec 4.2) */
        arb_const_pi(t, prec + 16);
        arb_mul_2exp_si(t, t, 1);
        arb_sub(t, t, Z, prec + 16);
        arb_mul(t, t, Z, prec + 16);
        arb_sqrtpos(d, t, prec);
        arb_get_mag(e, rc);
        arb_add_error_mag(d, e);
        arb_nonnegative_part(d, d);
        goto cleanup;
    }

    /* log2(1/r) extra bits: theta* may be within O(r) of pi */
    wp = prec + 24 - FLINT_MIN(0, arf_abs_bound_lt_2exp_si(u0));
    cc_reduce_angle(Z, z, wp);
    arb_get_lbound_arf(u0, rc, wp);
    arb_const_pi(h, wp);
    arb_sub(t, h, rc, wp);
    arb_get_ubound_arf(v0, t, wp);
    arb_mul_2exp_si(h, h, -1);

    if (arb_lt(rc, h))
        _hkz_su2_cc_bisect(lo, hi, rc, Z, u0, v0, wp);
    else
    {
        /* r may be pi/2: the a-priori enclosure [r, pi - r] */
        arf_set(lo, u0);
        arf_set(hi, v0);
    }
    arb_set_interval_arf(d, lo, hi, prec);

cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(d);
    arb_clear(rc);
    arb_clear(Z);
    arb_clear(t);
    arb_clear(h);
    arf_clear(lo);
    arf_clear(hi);
    arf_clear(u0);
    arf_clear(v0);
    mag_clear(e);
    return status;
}
