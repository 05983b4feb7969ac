/* su2n_test.h -- small helpers shared by the su2n tests (not installed). */
#ifndef HKZ_SU2N_TEST_H
#define HKZ_SU2N_TEST_H

#include "hkz_test.h"

/* w = c i^p */
static inline void su2n_set_pow(hkz_su2n_weights_t w, double c, double p)
{
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    arb_set_d(a, c);
    arb_set_d(b, p);
    HKZ_TEST_OK(hkz_su2n_weights_set_pow(w, a, b));
    arb_clear(a);
    arb_clear(b);
}

/* w = c 2^i, c log(1+i), c log(1+i)^2 */
static inline void su2n_set_family(hkz_su2n_weights_t w, int family,
                                   double c)
{
    arb_t a;
    arb_init(a);
    arb_set_d(a, c);
    if (family == HKZ_SU2N_GEOM)
        HKZ_TEST_OK(hkz_su2n_weights_set_geom(w, a));
    else if (family == HKZ_SU2N_LOG)
        HKZ_TEST_OK(hkz_su2n_weights_set_log(w, a));
    else
        HKZ_TEST_OK(hkz_su2n_weights_set_log2(w, a));
    arb_clear(a);
}

/* the first n weights of c i^p as a list */
static inline void su2n_set_pow_list(hkz_su2n_weights_t w, double c,
                                     double p, slong n)
{
    hkz_su2n_weights_t f;
    hkz_su2n_weights_init(f);
    su2n_set_pow(f, c, p);
    HKZ_TEST_OK(hkz_su2n_weights_set_head(w, f, n, 256));
    hkz_su2n_weights_clear(f);
}

/* a decimal string as a ball (exact to the working precision) */
static inline void su2n_str(arb_t x, const char *s)
{
    if (arb_set_str(x, s, 400) != 0)
    {
        fprintf(stderr, "bad number %s\n", s);
        abort();
    }
}

/* x_i = (r, z) from decimal strings ("pi" allowed for z) */
static inline void su2n_point_set(hkz_su2n_point_t x, slong i,
                                  const char *r, const char *z)
{
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    su2n_str(a, r);
    if (strcmp(z, "pi") == 0)
        arb_const_pi(b, 400);
    else
        su2n_str(b, z);
    HKZ_TEST_OK(hkz_su2n_point_set_cyl(x, i, a, NULL, b));
    arb_clear(a);
    arb_clear(b);
}

#endif
