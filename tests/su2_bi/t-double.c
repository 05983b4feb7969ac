/* The double fast path against the certified values, where the double
 * path is stable: k = 0 everywhere (images / spectral), relative 1e-13;
 * derivatives for t >= 1 (no cancellation), relative 1e-12.  Bad inputs. */
#include <math.h>
#include "hkz_test.h"

static void compare(double t, double alpha, ulong k, double tol)
{
    double d, c;
    arb_t tb, ab, r;
    arb_init(tb);
    arb_init(ab);
    arb_init(r);
    arb_set_d(tb, t);
    arb_set_d(ab, alpha);
    HKZ_TEST_OK(hkz_su2_heat_bi_d(&d, t, alpha, k));
    HKZ_TEST_OK(hkz_su2_heat_bi(r, tb, ab, k, 80));
    c = arf_get_d(arb_midref(r), ARF_RND_NEAR);
    HKZ_TEST_CHECK(fabs(d - c) <= tol * fabs(c), "t=%g alpha=%.17g k=%lu: "
                   "double %.17g, certified %.17g", t, alpha,
                   (unsigned long) k, d, c);
    arb_clear(tb);
    arb_clear(ab);
    arb_clear(r);
}

int main(void)
{
    static const double ts[] = {0.01, 0.05, 0.1, 0.3, 0.7, 0.99, 1.0, 1.5,
                                3.0, 10.0};
    static const double as[] = {0.0, 1e-8, 0.5, 1.0, 1.5707963267948966,
                                2.0, 2.5, 3.0, 3.1415, M_PI};
    static const double das[] = {0.0, 0.5, 1.0, 2.0, 3.0, M_PI};
    flint_rand_t state;
    double d;
    size_t i, j;
    ulong k;
    int rep;

    hkz_test_rand_init(state);
    for (i = 0; i < sizeof(ts) / sizeof(ts[0]); i++)
    {
        for (j = 0; j < sizeof(as) / sizeof(as[0]); j++)
            compare(ts[i], as[j], 0, 1e-13);
        if (ts[i] >= 1.0)
            for (j = 0; j < sizeof(das) / sizeof(das[0]); j++)
                for (k = 1; k <= 3; k++)
                    compare(ts[i], das[j], k, 1e-12);
    }
    for (rep = 0; rep < 200; rep++)
    {
        double t = 0.01 + 2.99 * n_randint(state, 1 << 20) / (1 << 20);
        double a = M_PI * n_randint(state, 1 << 20) / (1 << 20);
        compare(t, a, 0, 1e-13);
    }

    HKZ_TEST_STATUS(hkz_su2_heat_bi_d(&d, 0.0, 1.0, 0), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(isnan(d), "NaN on error");
    HKZ_TEST_STATUS(hkz_su2_heat_bi_d(&d, -1.0, 1.0, 0), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_d(&d, NAN, 1.0, 0), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_d(&d, INFINITY, 1.0, 0), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_d(&d, 0.5, -1e-300, 0), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_d(&d, 0.5, 3.1416, 0), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_d(&d, 0.5, NAN, 0), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_d(&d, 0.5, 1.0, 65), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_d(NULL, 0.5, 1.0, 0), HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_su2_heat_bi_d(&d, 0.5, M_PI, 64));

    hkz_rand_clear(state);
    HKZ_TEST_END("su2_bi.double");
}
