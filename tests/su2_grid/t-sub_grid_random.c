/* hkz_su2_heat_sub_grid_deriv at random points and times against the
 * certified scalar path (hkz_su2_heat_sub at the same double inputs):
 * r = 0, tiny r, r = pi/2 and just below, large |z|, t down to 0.01,
 * time derivatives 0..3.  Every [out - err, out + err] must contain the
 * scalar ball, and err must stay within 1e-11 of the scale of the sum
 * (|d^d/dt^d p_t(e)|, the sum of |terms|).  Repeated calls with the same
 * times (the plan cache) must give the same bits, and so must a point
 * alone (points of one r share the r part of the basis). */
#include <stdlib.h>
#include <string.h>
#include "grid_test.h"

static void scalar(arb_t res, double t, double r, double z, ulong d)
{
    arb_t ta, ra, za;
    arb_init(ta); arb_init(ra); arb_init(za);
    arb_set_d(ta, t);
    arb_set_d(ra, r);
    arb_set_d(za, z);
    HKZ_TEST_OK(hkz_su2_heat_sub(res, ta, ra, za, d, 128));
    arb_clear(ta); arb_clear(ra); arb_clear(za);
}

static double pick_r(flint_rand_t st)
{
    switch (n_randint(st, 6))
    {
        case 0: return 0.0;
        case 1: return ldexp(1.0, -(int) n_randint(st, 40));
        case 2: return M_PI_2;
        case 3: return M_PI_2 - ldexp(1.0, -(int) n_randint(st, 40));
        default: return M_PI_2 * grid_test_unit(st);
    }
}

int main(void)
{
    flint_rand_t st;
    arb_t ref;
    slong iter;

    hkz_test_rand_init(st);
    arb_init(ref);
    for (iter = 0; iter < hkz_test_iters(6); iter++)
    {
        double r[4], z[4], t[3], out[12], err[12], out2[12], err2[12];
        size_t np = 1 + n_randint(st, 4), nt = 1 + n_randint(st, 3), i, j;
        ulong d = n_randint(st, 3) == 0 ? 1 + n_randint(st, 3) : 0;

        for (i = 0; i < np; i++)
        {
            /* runs of one r share its part of the basis (same bits) */
            r[i] = i > 0 && n_randint(st, 2) ? r[i - 1] : pick_r(st);
            z[i] = n_randint(st, 4) == 0 ? 2000.0 * grid_test_unit(st)
                   - 1000.0 : 8.0 * grid_test_unit(st) - 4.0;
        }
        for (j = 0; j < nt; j++)
            t[j] = n_randint(st, 3) == 0 ? 0.01 : 0.01
                   + 2.0 * grid_test_unit(st) * grid_test_unit(st);
        HKZ_TEST_OK(hkz_su2_heat_sub_grid_deriv(out, err, 0, NULL, r, z, np,
                                                t, nt, d));
        HKZ_TEST_OK(hkz_su2_heat_sub_grid_deriv(out2, err2, 0, NULL, r, z,
                                                np, t, nt, d));
        HKZ_TEST_CHECK(memcmp(out, out2, np * nt * sizeof(double)) == 0
                       && memcmp(err, err2, np * nt * sizeof(double)) == 0,
                       "iteration %ld: a repeated call differs in bits",
                       (long) iter);
        for (i = 0; i < np; i++)
        {
            HKZ_TEST_OK(hkz_su2_heat_sub_grid_deriv(out2, err2, 0, NULL,
                                                    r + i, z + i, 1, t, nt,
                                                    d));
            for (j = 0; j < nt; j++)
                HKZ_TEST_CHECK(memcmp(out + i + j * np, out2 + j,
                                      sizeof(double)) == 0,
                               "iteration %ld: point %zu alone differs in "
                               "bits", (long) iter, i);
        }
        for (j = 0; j < nt; j++)
        {
            double scale;
            scalar(ref, t[j], 0.0, 0.0, d);
            scale = fabs(arf_get_d(arb_midref(ref), ARF_RND_NEAR));
            for (i = 0; i < np; i++)
            {
                double o = out[i + j * np], e = err[i + j * np];
                scalar(ref, t[j], r[i], z[i], d);
                HKZ_TEST_CHECK(grid_test_contains(o, e, ref),
                               "t = %.17g, r = %.17g, z = %.17g, deriv %lu: "
                               "%.17g +- %.3g misses the certified value",
                               t[j], r[i], z[i], (unsigned long) d, o, e);
                HKZ_TEST_CHECK(e <= 1e-11 * scale, "t = %.17g, deriv %lu: "
                               "err %.3g too wide for the scale %.6g", t[j],
                               (unsigned long) d, e, scale);
            }
        }
    }
    arb_clear(ref);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_grid_random");
}
