/* Accuracy goals: the Ziv loop (raise precision until the ball is tight). */
#include "hkz/goal.h"
#include "hkz_check.h"

slong hkz_digits_to_bits(slong digits)
{
    /* log2(10) < 3.3219281, so this never undershoots */
    return (slong) (digits * 3.3219281 + 1.0);
}

void hkz_goal_init(hkz_goal_t *goal, slong rel_bits)
{
    goal->rel_bits = rel_bits;
    goal->max_prec = 16 * rel_bits + 4096;
    goal->start_prec = 0;
}

void hkz_goal_init_digits(hkz_goal_t *goal, slong digits)
{
    hkz_goal_init(goal, hkz_digits_to_bits(digits));
}

int hkz_goal_eval(arb_t res, hkz_goal_fn f, void *param,
                  const hkz_goal_t *goal, slong *prec_used)
{
    slong prec, acc = 0;
    int status;

    HKZ_CHECK(goal != NULL && f != NULL, HKZ_ERR_ARG,
              "hkz_goal_eval: NULL goal or function");
    HKZ_CHECK(goal->rel_bits >= 1 && goal->rel_bits <= (WORD(1) << 24),
              HKZ_ERR_ARG, "hkz_goal_eval: rel_bits must be in [1, 2^24] "
              "(got %ld)", (long) goal->rel_bits);
    HKZ_CHECK(goal->max_prec >= 2, HKZ_ERR_ARG,
              "hkz_goal_eval: max_prec must be >= 2 (got %ld)",
              (long) goal->max_prec);

    prec = goal->start_prec > 0 ? goal->start_prec : goal->rel_bits + 32;
    if (prec > goal->max_prec)
        prec = goal->max_prec;
    for (;;)
    {
        status = f(res, param, prec);
        if (prec_used != NULL)
            *prec_used = prec;
        if (status != HKZ_SUCCESS)
            return status;
        acc = arb_rel_accuracy_bits(res);
        if (acc >= goal->rel_bits)
            return HKZ_SUCCESS;
        if (prec >= goal->max_prec)
            break;
        prec = FLINT_MIN(2 * prec, goal->max_prec);
    }
    return hkz_error_set(HKZ_ERR_PREC, "accuracy goal of %ld bits not met: "
                         "%ld bits at max_prec = %ld",
                         (long) goal->rel_bits, (long) acc,
                         (long) goal->max_prec);
}
