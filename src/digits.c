/* Building blocks of the digits-level API (hkz/digits.h): the goal of a
 * number of digits and the reading of an input at the precision rule. */
#include <stdio.h>
#include "hkz/digits.h"
#include "hkz/io.h"
#include "hkz_check.h"

int hkz_digits_goal(hkz_goal_t *goal, slong digits)
{
    HKZ_CHECK(digits >= 1 && digits <= 100000, HKZ_ERR_ARG,
              "digits must lie in [1, 100000] (got %ld)", (long) digits);
    hkz_goal_init_digits(goal, digits);
    return HKZ_SUCCESS;
}

int hkz_digits_read(arb_t x, const char *name, const char *s, slong prec)
{
    char msg[200];
    if (hkz_ball_set_str(x, s, prec) == HKZ_SUCCESS)
        return HKZ_SUCCESS;
    /* the message is rewritten from a copy (not from its own buffer) */
    snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
    return hkz_error_set(HKZ_ERR_ARG, "%s: %s", name, msg);
}
