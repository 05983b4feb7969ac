/* compare_internal.h -- private helpers of the comparison experiments
 * X1-X7 (groups/compare/x*.c; util.c).  Not installed. */
#ifndef HKZ_COMPARE_INTERNAL_H
#define HKZ_COMPARE_INTERNAL_H

#include <math.h>
#include "hkz/compare.h"
#include "hkz/status.h"
#include "hkz/goal.h"
#include "hkz/su2.h"
#include "hkz/su2n.h"

/* most values in a comma-separated list parameter (t, N) */
#define HKZ_COMPARE_MAX_LIST 256

/* A ball field: the string "+inf" (the proven value +infinity) or the
 * ball. */
hkz_field_t _hkz_compare_fball(const char *key, const arb_t x);

/* a ball column NAME and its companion NAME_mid (key: a string literal) */
#define HKZ_COMPARE_BALL2(f, n, key, x)                                     \
    do {                                                                    \
        (f)[(n)++] = _hkz_compare_fball(key, x);                            \
        (f)[(n)++] = HKZ_FDBL(key "_mid", hkz_ball_mid_d(x));             \
    } while (0)

/* An equality as a consistency check at the requested accuracy: x and y
 * overlap AND both carry >= bits bits of relative accuracy. */
int _hkz_compare_tight(const arb_t x, const arb_t y, slong bits);

/* How an equality check failed: "!=" or "undecided (...) vs". */
const char *_hkz_compare_neq(const arb_t x, const arb_t y);

/* r = pi num / den */
void _hkz_compare_pi_times(arb_t r, slong num, slong den, slong prec);

/* Starts an experiment: checks r and digits, empties r's tables, sets its
 * name; *prec = working precision (digits + 32 bits), *bits = digits in
 * bits.  HKZ_ERR_ARG on bad arguments. */
int _hkz_compare_start(hkz_compare_result_t *r, const char *name,
                       const void *opts, slong digits, slong *prec,
                       slong *bits);

/* Returns hkz_error_set(code, "name: <the current message>"). */
int _hkz_compare_prefix(int code, const char *name);

/* Parses a weight spec; HKZ_ERR_ARG "name: message" on failure. */
int _hkz_compare_weights(hkz_su2n_weights_t w, const char *name,
                         const char *spec, slong prec);

/* The weights must be a non-empty finite list (SU(2)^n). */
int _hkz_compare_need_list(const hkz_su2n_weights_t w, const char *name);

/* Parses a comma-separated list of at most max positive decimals into v
 * (*n receives the count).  HKZ_ERR_ARG "name: ..." on failure. */
int _hkz_compare_pos_list(arb_ptr v, slong *n, slong max, const char *name,
                          const char *s, slong prec);

/* Same for integers in [lo, hi]. */
int _hkz_compare_slong_list(slong *v, slong *n, slong max, const char *name,
                            const char *s, slong lo, slong hi);

/* Copies the k-th (0-based) comma-separated item of s, trimmed, into buf
 * (size n); "" if there is none. */
void _hkz_compare_list_item(char *buf, size_t n, const char *s, slong k);

/* The key numbers of a verdict, collected in order (one table row per
 * key) and joined into the result's single keys row by keys_finish. */
int _hkz_compare_key_ball(hkz_table_t keys, const char *key, const arb_t x);
int _hkz_compare_key_str(hkz_table_t keys, const char *key, const char *s);
int _hkz_compare_keys_finish(hkz_compare_result_t *r, hkz_table_t keys);

#endif
