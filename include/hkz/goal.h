/* hkz/goal.h -- accuracy goals and the Ziv loop.
 *
 * A driver takes a target of relative accuracy in bits and evaluates a
 * ball-valued function at increasing working precision until the ball meets
 * the target (arb_rel_accuracy_bits >= rel_bits), or returns HKZ_ERR_PREC
 * naming the limit reached.  The result ball is always a valid enclosure,
 * also when the goal is missed.
 */
#ifndef HKZ_GOAL_H
#define HKZ_GOAL_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct
{
    slong rel_bits;  /* target relative accuracy, bits */
    slong max_prec;  /* largest working precision tried, bits */
    slong start_prec;/* first working precision (0: rel_bits + 32) */
} hkz_goal_t;

/** Ball-valued function evaluated by the Ziv loop: sets res to an enclosure
 *  at working precision prec and returns a status. */
typedef int (*hkz_goal_fn)(arb_t res, void *param, slong prec);

/** Sets a goal of rel_bits bits; max_prec defaults to 16 * rel_bits + 4096. */
HKZ_API void hkz_goal_init(hkz_goal_t *goal, slong rel_bits);

/** Sets a goal of the given number of significant decimal digits. */
HKZ_API void hkz_goal_init_digits(hkz_goal_t *goal, slong digits);

/** Runs f at precisions start, 2 start, ... up to max_prec until res meets
 *  the goal.  Returns HKZ_SUCCESS, the first error status of f, or
 *  HKZ_ERR_PREC (res then holds the last, too wide, enclosure).  If
 *  prec_used is not NULL it receives the last precision used. */
HKZ_API HKZ_WARN_UNUSED int hkz_goal_eval(arb_t res, hkz_goal_fn f,
        void *param, const hkz_goal_t *goal, slong *prec_used);

/** Number of bits needed for digits decimal digits (ceil(d log2 10)). */
HKZ_API slong hkz_digits_to_bits(slong digits);

#ifdef __cplusplus
}
#endif
#endif
