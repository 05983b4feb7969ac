/* Class angle alpha in [0, pi]: g is conjugate to diag(e^{i alpha},
 * e^{-i alpha}), cos alpha = Re a (spec 1.2). */
#include "elem_internal.h"

void hkz_su2_elem_class_angle(arb_t alpha, const hkz_su2_elem_t g,
                              slong prec)
{
    arb_t y, t;

    arb_init(y);
    arb_init(t);
    /* sin alpha = sqrt(Im(a)^2 + |b|^2) >= 0; atan2 instead of arccos(Re a)
       keeps full accuracy near alpha = 0 and alpha = pi */
    arb_sqr(y, acb_imagref(&g->a), prec);
    arb_sqr(t, acb_realref(&g->b), prec);
    arb_add(y, y, t, prec);
    arb_sqr(t, acb_imagref(&g->b), prec);
    arb_add(y, y, t, prec);
    arb_sqrtpos(y, y, prec);
    _hkz_su2_atan2_nonneg(alpha, y, acb_realref(&g->a), prec);
    arb_clear(y);
    arb_clear(t);
}
