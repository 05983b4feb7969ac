/* weights_str_internal.h -- pieces of the weight-spec text layer of
 * groups/su2n (not installed): weights_str.c (the grammar),
 * weights_str_util.c (string and number helpers), weights_file.c (the
 * "file:" form), weights_str_get.c (the canonical text). */
#ifndef HKZ_SU2N_WEIGHTS_STR_INTERNAL_H
#define HKZ_SU2N_WEIGHTS_STR_INTERNAL_H

#include "su2n_internal.h"

#define QUOTE_MAX 60            /* characters of a spec quoted in messages */

/* copy of s[0..n-1], NUL-terminated (flint_free it) */
char *_hkz_su2n_str_dup_n(const char *s, size_t n);

/* copy of s without whitespace (flint_free it), or NULL if whitespace
   separates two characters of one number or name: "1 2" must not read
   as 12, nor "i^2 .5" as i^2.5 or "1e -3" as 1e-3.  Whitespace between
   tokens ("2 * i ^ 2", "[1 +/- 0.5]") is dropped. */
char *_hkz_su2n_str_strip_all(const char *s);

/* copy of s without leading and trailing whitespace */
char *_hkz_su2n_str_trim(const char *s);

/* the spec for messages: at most QUOTE_MAX characters, then "..." */
void _hkz_su2n_str_quote(char *buf, size_t size, const char *s);

/* N of a suffix "@N": digits only, 1 <= N < 2^62; 0 if malformed */
slong _hkz_su2n_str_count(const char *s);

/* x = the number s (decimal, "pi" or "[m +/- r]"); 0 on failure (the
   message of hkz_ball_set_str is overwritten by the caller) */
int _hkz_su2n_str_number(arb_t x, const char *s, slong prec);

/* the list of weights of a file into tmp (freshly initialized) */
int _hkz_su2n_weights_file_list(hkz_su2n_weights_t tmp, const char *path,
        slong prec);

/* w = tmp (swapped), keeping w's max_factors */
void _hkz_su2n_weights_swap_keep_cap(hkz_su2n_weights_t w,
        hkz_su2n_weights_t tmp);

#endif
