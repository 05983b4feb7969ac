/* hkz_test.h -- test harness in FLINT's style (not installed).
 *
 * A test program returns 0 on success, 1 on failure, 77 when skipped.
 * HKZ_TEST_MULTIPLIER scales iteration counts; HKZ_TEST_SEED fixes the
 * random seed (printed on every failure).
 */
#ifndef HKZ_TEST_H
#define HKZ_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/hkz.h"

static int hkz_test_failures = 0;
static ulong hkz_test_seed_value = 0;

static inline double hkz_test_multiplier(void)
{
    const char *s = getenv("HKZ_TEST_MULTIPLIER");
    double m = s != NULL ? atof(s) : 1.0;
    return m > 0 ? m : 1.0;
}

static inline slong hkz_test_iters(slong n)
{
    slong k = (slong) (n * hkz_test_multiplier());
    return k < 1 ? 1 : k;
}

/* Initializes state from HKZ_TEST_SEED (or a fixed default). */
static inline void hkz_test_rand_init(flint_rand_t state)
{
    const char *s = getenv("HKZ_TEST_SEED");
    hkz_test_seed_value = s != NULL ? strtoul(s, NULL, 10) : 20261202UL;
    hkz_rand_init(state);
    flint_randseed(state, hkz_test_seed_value, hkz_test_seed_value ^ 0x9e3779b9UL);
}

#define HKZ_TEST_FAIL(...)                                                  \
    do {                                                                    \
        fprintf(stderr, "FAIL %s:%d (seed %lu): ", __FILE__, __LINE__,      \
                (unsigned long) hkz_test_seed_value);                       \
        fprintf(stderr, __VA_ARGS__);                                       \
        fprintf(stderr, "\n");                                              \
        hkz_test_failures++;                                                \
    } while (0)

#define HKZ_TEST_CHECK(cond, ...)                                           \
    do {                                                                    \
        if (!(cond))                                                        \
            HKZ_TEST_FAIL(__VA_ARGS__);                                     \
    } while (0)

/* Checks a status call returned HKZ_SUCCESS. */
#define HKZ_TEST_OK(expr)                                                   \
    do {                                                                    \
        int hkz_t_s_ = (expr);                                              \
        if (hkz_t_s_ != HKZ_SUCCESS)                                        \
            HKZ_TEST_FAIL("%s returned %s: %s", #expr,                      \
                          hkz_status_name(hkz_t_s_), hkz_errmsg());         \
    } while (0)

/* Checks a status call returned the given code. */
#define HKZ_TEST_STATUS(expr, code)                                         \
    do {                                                                    \
        int hkz_t_s_ = (expr);                                              \
        if (hkz_t_s_ != (code))                                             \
            HKZ_TEST_FAIL("%s returned %s, expected %s", #expr,             \
                          hkz_status_name(hkz_t_s_), hkz_status_name(code));\
        else if ((code) != HKZ_SUCCESS && hkz_errmsg()[0] == '\0')          \
            HKZ_TEST_FAIL("%s: no error message", #expr);                   \
    } while (0)

/* The ball x must contain the decimal reference ref (parsed as a ball
 * with the reference's own last-digit uncertainty left out: the
 * reference string is exact to its printed digits up to 1 ulp). */
static inline void hkz_test_contains_str_impl(const arb_t x, const char *ref,
                                              slong min_bits,
                                              const char *what,
                                              const char *file, int line)
{
    arb_t r;
    arb_init(r);
    if (arb_set_str(r, ref, 4 * (slong) strlen(ref) + 64) != 0)
    {
        fprintf(stderr, "FAIL %s:%d: bad reference '%s'\n", file, line, ref);
        hkz_test_failures++;
    }
    else
    {
        /* the reference is rounded to its last printed digit */
        const char *e = strpbrk(ref, "eE");
        const char *dot = strchr(ref, '.');
        slong ndig = 0, exp10 = e != NULL ? atol(e + 1) : 0;
        arb_t u;
        if (dot != NULL)
            ndig = (e != NULL ? e - dot : (slong) strlen(dot)) - 1;
        arb_init(u);
        arb_set_si(u, 10);
        arb_pow_ui(u, u, (ulong) ndig, 64);
        arb_inv(u, u, 64);
        if (exp10 != 0)
        {
            arb_t p;
            arb_init(p);
            arb_set_si(p, 10);
            if (exp10 > 0)
                arb_pow_ui(p, p, (ulong) exp10, 64);
            else
            {
                arb_pow_ui(p, p, (ulong) (-exp10), 64);
                arb_inv(p, p, 64);
            }
            arb_mul(u, u, p, 64);
            arb_clear(p);
        }
        arb_add_error(r, u);
        arb_clear(u);
        if (!arb_overlaps(x, r))
        {
            fprintf(stderr, "FAIL %s:%d: %s: ball ", file, line, what);
            arb_fprintn(stderr, x, 30, 0);
            fprintf(stderr, " misses reference %s\n", ref);
            hkz_test_failures++;
        }
        else if (arb_rel_accuracy_bits(x) < min_bits)
        {
            fprintf(stderr, "FAIL %s:%d: %s: only %ld accurate bits, "
                    "wanted %ld: ", file, line, what,
                    (long) arb_rel_accuracy_bits(x), (long) min_bits);
            arb_fprintn(stderr, x, 30, 0);
            fprintf(stderr, "\n");
            hkz_test_failures++;
        }
    }
    arb_clear(r);
}

/* x must overlap ref (within its printed digits) and have >= min_bits. */
#define HKZ_TEST_CONTAINS(x, ref, min_bits, what)                           \
    hkz_test_contains_str_impl((x), (ref), (min_bits), (what), __FILE__,    \
                               __LINE__)

/* Two enclosures of one quantity must overlap. */
#define HKZ_TEST_OVERLAP(x, y, what)                                        \
    do {                                                                    \
        if (!arb_overlaps((x), (y))) {                                      \
            HKZ_TEST_FAIL("%s: enclosures do not overlap", (what));         \
            arb_fprintn(stderr, (x), 30, 0); fprintf(stderr, "\n");         \
            arb_fprintn(stderr, (y), 30, 0); fprintf(stderr, "\n");         \
        }                                                                   \
    } while (0)

/* Ends a test program: prints PASS/FAIL, frees FLINT caches. */
#define HKZ_TEST_END(name)                                                  \
    do {                                                                    \
        flint_cleanup();                                                    \
        if (hkz_test_failures) {                                            \
            printf("%s....FAIL (%d)\n", (name), hkz_test_failures);         \
            return 1;                                                       \
        }                                                                   \
        printf("%s....PASS\n", (name));                                     \
        return 0;                                                           \
    } while (0)

#endif
