/* hkz_su2_heat_sub_mfirst at random small t (0.004 to 0.06) on lists of r
 * (0, tiny, pi/2, random) and z (near 0, random, large |z|): every ball
 * overlaps the certified scalar path (hkz_su2_heat_sub at 96 bits), an
 * entry flagged ok has the goal's bits, an entry alone and in a list, on
 * one thread and on an engine of 2 with a cache (kept over the
 * iterations), gives the same bits; a truncation too large is left (ok
 * = 0); bad input is refused with a status. */
#include <stdlib.h>
#include "grid_test.h"

static double pick_z(flint_rand_t st)
{
    switch (n_randint(st, 4))
    {
        case 0: return ldexp(1.0, -(int) n_randint(st, 20));
        case 1: return 200.0 * grid_test_unit(st) - 100.0;
        default: return 8.0 * grid_test_unit(st) - 4.0;
    }
}

int main(void)
{
    flint_rand_t st;
    arb_ptr r = _arb_vec_init(3), z = _arb_vec_init(3), res = _arb_vec_init(9);
    arb_ptr res2 = _arb_vec_init(9);
    arb_t t, ref, one;
    slong ir[9], iz[9], iter, k, goal = 34, prec = 50;
    int ok[9], ok2[9];
    hkz_engine_t e = grid_test_engine(0, 0, 2, 1);
    hkz_su2_sub_wcache_t w = NULL;

    hkz_test_rand_init(st);
    HKZ_TEST_OK(hkz_su2_sub_wcache_init(&w));
    arb_init(t); arb_init(ref); arb_init(one);
    for (iter = 0; iter < hkz_test_iters(4); iter++)
    {
        double td = 0.004 + 0.056 * grid_test_unit(st) * grid_test_unit(st);
        slong nr = 1 + n_randint(st, 3), nz = 1 + n_randint(st, 3), n = 0;

        arb_set_d(t, td);
        for (k = 0; k < nr; k++)
            arb_set_d(r + k, grid_test_pick_r(st));
        for (k = 0; k < nz; k++)
            arb_set_d(z + k, pick_z(st));
        for (k = 0; k < nr * nz; k++)
            if (n_randint(st, 3))
            {
                ir[n] = n_randint(st, nr);
                iz[n] = n_randint(st, nz);
                n++;
            }
        HKZ_TEST_OK(hkz_su2_heat_sub_mfirst(res, ok, t, r, ir, z, iz, n,
                                            prec, goal, NULL, NULL));
        HKZ_TEST_OK(hkz_su2_heat_sub_mfirst(res2, ok2, t, r, ir, z, iz, n,
                                            prec, goal, e, w));
        for (k = 0; k < n; k++)
        {
            int ok1;
            HKZ_TEST_OK(hkz_su2_heat_sub(ref, t, r + ir[k], z + iz[k], 0,
                                         96));
            HKZ_TEST_CHECK(arb_overlaps(ref, res + k), "t = %g, r = %g, z = "
                           "%g: the ball misses the scalar path", td,
                           arf_get_d(arb_midref(r + ir[k]), ARF_RND_NEAR),
                           arf_get_d(arb_midref(z + iz[k]), ARF_RND_NEAR));
            HKZ_TEST_CHECK(!ok[k] || arb_rel_accuracy_bits(res + k) >= goal,
                           "entry %ld flagged ok below the goal", (long) k);
            HKZ_TEST_CHECK(ok[k] == ok2[k] && arb_equal(res + k, res2 + k),
                           "entry %ld: other bits on 2 threads", (long) k);
            HKZ_TEST_OK(hkz_su2_heat_sub_mfirst(one, &ok1, t, r, ir + k, z,
                                                iz + k, 1, prec, goal, NULL, NULL));
            HKZ_TEST_CHECK(ok1 == ok[k] && arb_equal(one, res + k),
                           "entry %ld: other bits alone", (long) k);
        }
    }
    /* a truncation too large for the route (t = 0.001 far from the
       fibre): ok = 0, no error */
    ir[0] = iz[0] = 0;
    arb_set_d(t, 0.001);
    arb_set_d(r, 0.3);
    arb_set_d(z, 2.0);
    HKZ_TEST_OK(hkz_su2_heat_sub_mfirst(res, ok, t, r, ir, z, iz, 1, prec,
                                        goal, NULL, NULL));
    HKZ_TEST_CHECK(ok[0] == 0, "t = 0.001, r = 0.3, z = 2: taken");
    /* bad input */
    ir[0] = iz[0] = 0;
    arb_set_d(r, 0.5);
    arb_set_d(z, 1.0);
    arb_zero(t);
    HKZ_TEST_CHECK(hkz_su2_heat_sub_mfirst(res, ok, t, r, ir, z, iz, 1, prec,
                   goal, NULL, NULL) != HKZ_SUCCESS, "t = 0 accepted");
    arb_set_d(t, 0.01);
    arb_set_d(r, 2.0);
    HKZ_TEST_CHECK(hkz_su2_heat_sub_mfirst(res, ok, t, r, ir, z, iz, 1, prec,
                   goal, NULL, NULL) != HKZ_SUCCESS, "r = 2 accepted");
    HKZ_TEST_CHECK(hkz_su2_heat_sub_mfirst(res, ok, t, r, ir, z, iz, -1,
                   prec, goal, NULL, NULL) != HKZ_SUCCESS, "n = -1 accepted");
    HKZ_TEST_OK(hkz_su2_heat_sub_mfirst(NULL, NULL, t, r, ir, z, iz, 0, prec,
                                        goal, NULL, NULL));
    hkz_errmsg_clear();
    hkz_engine_destroy(&e);
    hkz_su2_sub_wcache_clear(w);
    _arb_vec_clear(r, 3); _arb_vec_clear(z, 3); _arb_vec_clear(res, 9);
    _arb_vec_clear(res2, 9);
    arb_clear(t); arb_clear(ref); arb_clear(one);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_mfirst");
}
