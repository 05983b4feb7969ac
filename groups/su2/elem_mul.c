/* Products, inverses and relative positions of SU(2) elements.  With
 * g = [[a, -conj b], [b, conj a]] only the first column is stored. */
#include "hkz/su2.h"

void hkz_su2_elem_mul(hkz_su2_elem_t res, const hkz_su2_elem_t g,
                      const hkz_su2_elem_t h, slong prec)
{
    acb_t a, b, t;

    acb_init(a);
    acb_init(b);
    acb_init(t);
    /* (gh)11 = a_g a_h - conj(b_g) b_h,  (gh)21 = b_g a_h + conj(a_g) b_h */
    acb_mul(a, &g->a, &h->a, prec);
    acb_conj(t, &g->b);
    acb_submul(a, t, &h->b, prec);
    acb_mul(b, &g->b, &h->a, prec);
    acb_conj(t, &g->a);
    acb_addmul(b, t, &h->b, prec);
    acb_swap(&res->a, a);
    acb_swap(&res->b, b);
    acb_clear(a);
    acb_clear(b);
    acb_clear(t);
}

void hkz_su2_elem_inv(hkz_su2_elem_t res, const hkz_su2_elem_t g)
{
    /* g^{-1} = g^* = [[conj a, conj b], [-b, a]] */
    acb_conj(&res->a, &g->a);
    acb_neg(&res->b, &g->b);
}

void hkz_su2_elem_rel(hkz_su2_elem_t res, const hkz_su2_elem_t x,
                      const hkz_su2_elem_t y, slong prec)
{
    acb_t a, b, t;

    acb_init(a);
    acb_init(b);
    acb_init(t);
    /* (x^{-1} y)11 = conj(a_x) a_y + conj(b_x) b_y,
       (x^{-1} y)21 = a_x b_y - b_x a_y */
    acb_conj(t, &x->a);
    acb_mul(a, t, &y->a, prec);
    acb_conj(t, &x->b);
    acb_addmul(a, t, &y->b, prec);
    acb_mul(b, &x->a, &y->b, prec);
    acb_submul(b, &x->b, &y->a, prec);
    acb_swap(&res->a, a);
    acb_swap(&res->b, b);
    acb_clear(a);
    acb_clear(b);
    acb_clear(t);
}
