/* The digits-level calls of SU(2)^n (hkz/digits.h): weight spec, time and
 * point read once at the precision rule, then the Ziv loops of goal.c
 * (hkz_su2n_heat_goal / hkz_su2n_dist_goal) -- hkz product heat / dist. */
#include <string.h>
#include "hkz/digits.h"
#include "hkz_check.h"

/* Weights, and the point unless NULL or "e" (then *have_x = 0). */
static int read_inputs(hkz_su2n_weights_t w, hkz_su2n_point_t x,
                       int *have_x, const char *weights, int op,
                       const char *point, const hkz_goal_t *goal)
{
    slong prec = goal->max_prec + 64;
    HKZ_CHECK(op == HKZ_SU2N_DELTA || op == HKZ_SU2N_L, HKZ_ERR_ARG,
              "op must be HKZ_SU2N_DELTA or HKZ_SU2N_L (got %d)", op);
    HKZ_CHECK(weights != NULL, HKZ_ERR_ARG, "weights: missing spec");
    HKZ_TRY(hkz_su2n_weights_set_str(w, weights, prec));
    *have_x = point != NULL && strcmp(point, "e") != 0;
    if (*have_x)
        HKZ_TRY(hkz_su2n_point_set_str(x, point, prec));
    return HKZ_SUCCESS;
}

int hkz_su2n_heat_digits(arb_t res, hkz_su2n_info_t *info,
                         const char *weights, int op, const char *t,
                         const char *point, slong digits)
{
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    hkz_su2n_info_t inf;
    hkz_goal_t goal;
    arb_t tb;
    int status, have_x = 0;

    HKZ_TRY(hkz_digits_goal(&goal, digits));
    hkz_su2n_weights_init(w);
    hkz_su2n_point_init(x, 0);
    arb_init(tb);
    memset(&inf, 0, sizeof(inf));
    HKZ_TRY_GOTO(read_inputs(w, x, &have_x, weights, op, point, &goal));
    HKZ_TRY_GOTO(hkz_digits_read(tb, "t", t, goal.max_prec + 64));
    status = hkz_su2n_heat_goal(res, &inf, w, op, NULL, tb,
                                have_x ? x : NULL, goal.rel_bits);
    /* a partial product is a lower bound, not the value */
    if (status == HKZ_SUCCESS && inf.kind == HKZ_SU2N_PARTIAL)
        status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "tail not certified: "
                               "res is the partial product of %ld factors "
                               "(a lower bound)", (long) inf.nfactors);
cleanup:
    if (info != NULL)
        *info = inf;
    hkz_su2n_weights_clear(w);
    hkz_su2n_point_clear(x);
    arb_clear(tb);
    return status;
}

int hkz_su2n_dist_digits(arb_t res, const char *weights, int op,
                         const char *point, slong digits)
{
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    hkz_goal_t goal;
    int status, have_x = 0;

    HKZ_TRY(hkz_digits_goal(&goal, digits));
    hkz_su2n_weights_init(w);
    hkz_su2n_point_init(x, 0);
    HKZ_TRY_GOTO(read_inputs(w, x, &have_x, weights, op, point, &goal));
    status = hkz_su2n_dist_goal(res, w, op, x, NULL, NULL, goal.rel_bits);
cleanup:
    hkz_su2n_weights_clear(w);
    hkz_su2n_point_clear(x);
    return status;
}
