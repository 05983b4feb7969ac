/* Cylindrical coordinates (r, phi, z) of g = exp(r(cos phi X + sin phi Y))
 * exp(zZ): a = cos r e^{iz}, b = -sin r e^{-i(phi - z)} (spec 1.2).
 *
 * Where a coordinate is undefined or jumps, the ball is wide, as for any
 * enclosure of a discontinuous function.  z = arg a uses Arb's acb_arg
 * (values in (-pi, pi], cut on the negative real axis): a ball a meeting
 * the cut or containing 0 (r near pi/2) gives z = [0 +/- pi], and exact
 * a = 0 gives z = 0 (Arb's arg(0) = 0; z is undefined at r = pi/2).
 * phi = arg(-a conj b) = arg(cos r sin r e^{i phi}) is moved to [0, 2 pi)
 * when certainly negative (a ball meeting phi = 0 stays around 0, which
 * is the same angle mod 2 pi); it is likewise [0 +/- pi] (or 0) where it
 * is undefined (r = 0, r = pi/2) and when the ball meets phi = pi. */
#include "elem_internal.h"

void hkz_su2_elem_get_cyl(arb_t r, arb_t phi, arb_t z,
                          const hkz_su2_elem_t g, slong prec)
{
    arb_t aa, bb;

    arb_init(aa);
    arb_init(bb);
    acb_arg(z, &g->a, prec);
    if (phi != NULL)
    {
        acb_t w;
        acb_init(w);
        acb_conj(w, &g->b);
        acb_mul(w, w, &g->a, prec);
        acb_neg(w, w);
        acb_arg(phi, w, prec);
        if (arb_is_negative(phi))
        {
            arb_const_pi(aa, prec);
            arb_mul_2exp_si(aa, aa, 1);
            arb_add(phi, phi, aa, prec);
        }
        acb_clear(w);
    }

    /* r = atan2(|b|, |a|): stable near 0 and pi/2, unlike arccos|a|.
       Computed last: after the inline acb_abs, GCC 12 wrongly sizes &g->a
       as an arb (-Wstringop-overread) in the acb calls that follow. */
    acb_abs(aa, &g->a, prec);
    acb_abs(bb, &g->b, prec);
    _hkz_su2_atan2_nonneg(r, bb, aa, prec);
    arb_clear(aa);
    arb_clear(bb);
}
