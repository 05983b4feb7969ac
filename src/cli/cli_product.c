/* hkz product: the glue between the options and groups/su2n -- --factors
 * (hkz_su2n_ops_set_str) and the accuracy goals of mu_t and of the
 * distances (hkz_su2n_heat_goal / hkz_su2n_dist_goal). */
#include "product.h"

int hkz_cli_product_heat(arb_t res, hkz_su2n_info_t *info, prod_heat_t *j,
                         const arb_t t, slong digits, int use_double)
{
    const hkz_su2n_ops_struct *o = j->have_ops ? j->ops : NULL;
    const hkz_su2n_point_struct *x = j->have_x ? j->x : NULL;
    if (use_double)
        return hkz_su2n_heat_any(res, info, j->w, j->op, o, t, x, 53);
    return hkz_su2n_heat_goal(res, info, j->w, j->op, o, t, x,
                              hkz_digits_to_bits(digits));
}

int hkz_cli_product_dist(arb_t d, int *nc, prod_dist_t *j, int op,
                         slong digits)
{
    const hkz_su2n_weights_struct *w = op == HKZ_SU2N_DELTA ? j->a : j->b;
    int s = hkz_su2n_dist_goal(d, w, op, j->x, j->tail ? j->dlo : NULL,
                               j->tail ? j->dhi : NULL,
                               hkz_digits_to_bits(digits));
    *nc = s == HKZ_ERR_NOT_CERTIFIED;
    return *nc ? HKZ_SUCCESS : s;
}

int hkz_cli_factors(hkz_su2n_ops_t o, const char *s, int spin, slong prec)
{
    int st = hkz_su2n_ops_set_str(o, s, spin, prec);
    if (st == HKZ_ERR_ARG)
        return hkz_cli_usage_error("--factors: %s", hkz_errmsg());
    if (st != HKZ_SUCCESS)
        return hkz_cli_fail(st);
    return 0;
}
