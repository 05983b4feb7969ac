/* Angle in [0, pi] of a point (x, y) of the closed upper half plane. */
#include "elem_internal.h"

void _hkz_su2_atan2_nonneg(arb_t res, const arb_t y, const arb_t x,
                           slong prec)
{
    arb_t yp, t;

    arb_init(yp);
    arb_init(t);
    arb_nonnegative_part(yp, y);

    if (arb_is_positive(x))
    {
        /* relative accuracy is kept for small angles */
        arb_div(t, yp, x, prec);
        arb_atan(res, t, prec);
    }
    else if (arb_is_negative(x))
    {
        /* pi - atan(y/|x|): finite also when y contains 0 */
        arb_neg(t, x);
        arb_div(t, yp, t, prec);
        arb_atan(t, t, prec);
        arb_const_pi(res, prec);
        arb_sub(res, res, t, prec);
    }
    else if (arb_is_positive(yp))
    {
        arb_div(t, x, yp, prec);
        arb_atan(t, t, prec);
        arb_const_pi(res, prec);
        arb_mul_2exp_si(res, res, -1);
        arb_sub(res, res, t, prec);
    }
    else
    {
        /* x and y both contain 0: any angle in [0, pi] */
        arb_const_pi(t, prec);
        arb_mul_2exp_si(t, t, -1);
        arb_set(res, t);
        arb_add_error(res, t);
    }

    arb_clear(yp);
    arb_clear(t);
}
