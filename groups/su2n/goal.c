/* Ziv loops of the product heat kernel and of the product distances to a
 * relative accuracy goal.  Unlike hkz_goal_eval they stop early where no
 * accuracy can be gained: mu_t = +inf or a partial product (tail not
 * certified), a distance that is +inf or 0, and a tail range (a genuine
 * interval). */
#include "hkz_check.h"
#include "su2n_internal.h"

/* the precisions of the loop: bits + 32 doubled up to 16 bits + 4096 */
#define GOAL_PREC0(bits) ((bits) + 32)
#define GOAL_MAXPREC(bits) (16 * (bits) + 4096)

int hkz_su2n_heat_any(arb_t res, hkz_su2n_info_t *info,
                      const hkz_su2n_weights_t w, int op,
                      const hkz_su2n_ops_struct *o, const arb_t t,
                      const hkz_su2n_point_struct *x, slong prec)
{
    if (o != NULL)
        return hkz_su2n_ops_heat(res, info, o, t, x, prec);
    if (x != NULL)
        return hkz_su2n_heat(res, info, w, op, t, x, prec);
    return hkz_su2n_heat_e(res, info, w, op, t, prec);
}

int hkz_su2n_heat_goal(arb_t res, hkz_su2n_info_t *info,
                       const hkz_su2n_weights_t w, int op,
                       const hkz_su2n_ops_struct *o, const arb_t t,
                       const hkz_su2n_point_struct *x, slong bits)
{
    slong prec = GOAL_PREC0(bits), max_prec = GOAL_MAXPREC(bits);
    int s;

    if (info == NULL || bits < 1)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_su2n_heat_goal: info NULL "
                             "or bits < 1");
    for (;;)
    {
        s = hkz_su2n_heat_any(res, info, w, op, o, t, x, prec);
        if (s != HKZ_SUCCESS || info->kind != HKZ_SU2N_FINITE ||
            arb_rel_accuracy_bits(res) >= bits)
            return s;
        if (prec >= max_prec)
            return hkz_error_set(HKZ_ERR_PREC, "relative accuracy %ld bits "
                                 "at precision %ld", (long)
                                 arb_rel_accuracy_bits(res), (long) prec);
        prec = FLINT_MIN(2 * prec, max_prec);
    }
}

int hkz_su2n_dist_goal(arb_t d, const hkz_su2n_weights_t w, int op,
                       const hkz_su2n_point_t x, const arb_t dlo,
                       const arb_t dhi, slong bits)
{
    slong prec = GOAL_PREC0(bits), max_prec = GOAL_MAXPREC(bits);
    int s, tail = dlo != NULL;

    if (bits < 1 || (dlo == NULL) != (dhi == NULL))
        return hkz_error_set(HKZ_ERR_ARG, "hkz_su2n_dist_goal: bits < 1 or "
                             "only one end of the tail range");
    for (;;)
    {
        if (tail)
            s = hkz_su2n_dist_tail(d, w, op, x, dlo, dhi, prec);
        else
            s = hkz_su2n_dist(d, w, op, x, prec);
        if (s != HKZ_SUCCESS || !arb_is_finite(d) || arb_is_zero(d) ||
            arb_rel_accuracy_bits(d) >= bits)
            return s;
        /* a tail range gives a genuine interval: no accuracy to gain */
        if (tail && prec > GOAL_PREC0(bits))
            return s;
        if (prec >= max_prec)
            return hkz_error_set(HKZ_ERR_PREC, "relative accuracy %ld bits "
                                 "at precision %ld", (long)
                                 arb_rel_accuracy_bits(d), (long) prec);
        prec = FLINT_MIN(2 * prec, max_prec);
    }
}
