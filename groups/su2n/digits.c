/* The digits-level calls of SU(2)^n (hkz/digits.h): weight spec, factors,
 * time and point read once at the precision rule, then the Ziv loops of
 * goal.c (hkz_su2n_heat_goal / hkz_su2n_dist_goal) -- hkz product heat /
 * dist. */
#include <string.h>
#include "hkz/digits.h"
#include "hkz_check.h"

/* Weights (unless NULL: then factors must be given), and the point
 * unless NULL or "e" (then *have_x = 0). */
static int read_inputs(hkz_su2n_weights_t w, hkz_su2n_point_t x,
                       int *have_x, const char *weights, int op,
                       const char *point, slong prec)
{
    if (weights != NULL)
    {
        HKZ_CHECK(op == HKZ_SU2N_DELTA || op == HKZ_SU2N_L, HKZ_ERR_ARG,
                  "op must be HKZ_SU2N_DELTA or HKZ_SU2N_L (got %d)", op);
        HKZ_TRY(hkz_su2n_weights_set_str(w, weights, prec));
    }
    *have_x = point != NULL && strcmp(point, "e") != 0;
    if (*have_x)
        HKZ_TRY(hkz_su2n_point_set_str(x, point, prec));
    return HKZ_SUCCESS;
}

/* mu_t(x) of the weights, of the factors, or of factors followed by the
 * weights' family (the tail) -- the three forms of hkz product heat. */
static int heat(arb_t res, hkz_su2n_info_t *info, const char *factors,
                const char *weights, int op, const char *t,
                const char *point, slong digits)
{
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    hkz_su2n_ops_t o;
    hkz_su2n_info_t inf;
    hkz_goal_t goal;
    arb_t tb;
    slong prec;
    int status, have_x = 0;

    HKZ_TRY(hkz_digits_goal(&goal, digits));
    HKZ_CHECK(weights != NULL || factors != NULL, HKZ_ERR_ARG,
              "give a weight spec or factors");
    prec = goal.max_prec + 64;
    hkz_su2n_weights_init(w);
    hkz_su2n_point_init(x, 0);
    hkz_su2n_ops_init(o, 0);
    arb_init(tb);
    memset(&inf, 0, sizeof(inf));
    HKZ_TRY_GOTO(read_inputs(w, x, &have_x, weights, op, point, prec));
    if (factors != NULL)
    {
        HKZ_TRY_GOTO(hkz_su2n_ops_set_str(o, factors, 0, prec));
        if (weights != NULL)
            HKZ_TRY_GOTO(hkz_su2n_ops_set_tail(o, w, op));
    }
    HKZ_TRY_GOTO(hkz_digits_read(tb, "t", t, prec));
    status = hkz_su2n_heat_goal(res, &inf, w, op, factors != NULL ? o : NULL,
                                tb, have_x ? x : NULL, goal.rel_bits);
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
    hkz_su2n_ops_clear(o);
    arb_clear(tb);
    return status;
}

int hkz_su2n_heat_digits(arb_t res, hkz_su2n_info_t *info,
                         const char *weights, int op, const char *t,
                         const char *point, slong digits)
{
    HKZ_CHECK(weights != NULL, HKZ_ERR_ARG, "weights: missing spec");
    return heat(res, info, NULL, weights, op, t, point, digits);
}

int hkz_su2n_ops_heat_digits(arb_t res, hkz_su2n_info_t *info,
                             const char *factors, const char *tail_weights,
                             int tail_op, const char *t, const char *point,
                             slong digits)
{
    HKZ_CHECK(factors != NULL, HKZ_ERR_ARG, "factors: missing");
    return heat(res, info, factors, tail_weights, tail_op, t, point, digits);
}

int hkz_su2n_dist_digits(arb_t res, const char *weights, int op,
                         const char *point, slong digits)
{
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    hkz_goal_t goal;
    int status, have_x = 0;

    HKZ_TRY(hkz_digits_goal(&goal, digits));
    HKZ_CHECK(weights != NULL, HKZ_ERR_ARG, "weights: missing spec");
    hkz_su2n_weights_init(w);
    hkz_su2n_point_init(x, 0);
    HKZ_TRY_GOTO(read_inputs(w, x, &have_x, weights, op, point,
                             goal.max_prec + 64));
    status = hkz_su2n_dist_goal(res, w, op, x, NULL, NULL, goal.rel_bits);
cleanup:
    hkz_su2n_weights_clear(w);
    hkz_su2n_point_clear(x);
    return status;
}
