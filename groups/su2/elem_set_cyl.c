/* g = exp(r(cos phi X + sin phi Y)) exp(zZ) (spec 1.2). */
#include "hkz/su2.h"

void hkz_su2_elem_set_cyl(hkz_su2_elem_t g, const arb_t r, const arb_t phi,
                          const arb_t z, slong prec)
{
    arb_t sr, cr, s, c;

    arb_init(sr);
    arb_init(cr);
    arb_init(s);
    arb_init(c);
    arb_sin_cos(sr, cr, r, prec);

    /* a = cos r e^{iz} */
    arb_sin_cos(s, c, z, prec);
    arb_mul(acb_realref(&g->a), cr, c, prec);
    arb_mul(acb_imagref(&g->a), cr, s, prec);

    /* b = -sin r e^{-i(phi - z)}; phi = NULL means phi = 0 */
    if (phi != NULL)
    {
        arb_sub(s, phi, z, prec);
        arb_sin_cos(s, c, s, prec);
    }
    else
        arb_neg(s, s);  /* sin(-z); cos(-z) = c */
    arb_mul(acb_realref(&g->b), sr, c, prec);
    arb_neg(acb_realref(&g->b), acb_realref(&g->b));
    arb_mul(acb_imagref(&g->b), sr, s, prec);

    arb_clear(sr);
    arb_clear(cr);
    arb_clear(s);
    arb_clear(c);
}
