/* The Ziv loop: meets goals, raises precision, reports HKZ_ERR_PREC. */
#include "hkz_test.h"

/* exp(x) computed with a deliberately lossy formula: the result loses
 * `loss` bits, so the loop must raise precision by that much. */
typedef struct { slong loss; int calls; } lossy_t;

static int lossy_exp(arb_t res, void *param, slong prec)
{
    lossy_t *p = param;
    arb_t big;
    p->calls++;
    arb_init(big);
    arb_one(res);
    arb_mul_2exp_si(big, res, p->loss);  /* 2^loss */
    arb_exp(res, res, prec);             /* e */
    arb_add(res, res, big, prec);
    arb_sub(res, res, big, prec);        /* e again, loss bits lost */
    arb_clear(big);
    return HKZ_SUCCESS;
}

static int failing(arb_t res, void *param, slong prec)
{
    arb_indeterminate(res);
    return hkz_error_set(HKZ_ERR_DOMAIN, "always fails");
}

int main(void)
{
    hkz_goal_t goal;
    lossy_t p;
    arb_t r;
    slong used;

    arb_init(r);
    hkz_goal_init_digits(&goal, 30);
    HKZ_TEST_CHECK(goal.rel_bits == 100, "30 digits = %ld bits",
                   (long) goal.rel_bits);

    p.loss = 300;
    p.calls = 0;
    HKZ_TEST_OK(hkz_goal_eval(r, lossy_exp, &p, &goal, &used));
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(r) >= 100, "goal met");
    HKZ_TEST_CHECK(p.calls >= 2 && used >= 400, "precision raised "
                   "(calls %d, prec %ld)", p.calls, (long) used);
    HKZ_TEST_CONTAINS(r, "2.718281828459045235360287471352662497757", 100,
                      "e");

    goal.max_prec = 200;
    HKZ_TEST_STATUS(hkz_goal_eval(r, lossy_exp, &p, &goal, NULL),
                    HKZ_ERR_PREC);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "max_prec = 200") != NULL,
                   "message names the limit: %s", hkz_errmsg());
    {
        arb_t e;
        arb_init(e);
        arb_const_e(e, 300);
        HKZ_TEST_CHECK(arb_contains(r, e), "still an enclosure");
        arb_clear(e);
    }

    HKZ_TEST_STATUS(hkz_goal_eval(r, failing, NULL, &goal, NULL),
                    HKZ_ERR_DOMAIN);
    goal.rel_bits = 0;
    HKZ_TEST_STATUS(hkz_goal_eval(r, lossy_exp, &p, &goal, NULL),
                    HKZ_ERR_ARG);
    arb_clear(r);
    HKZ_TEST_END("goal");
}
