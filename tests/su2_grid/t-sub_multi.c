/* hkz_su2_heat_sub_multi (the batched fallback of su2-sub grids) at random
 * points and times against the certified scalar path hkz_su2_heat_sub:
 * small t (0.01) at far points, several z at one r, (the entries the
 * double engine cannot certify), r = 0 and pi/2, |z| up to 1000,
 * derivatives 0..3.  Every ball must meet the scalar ball; each entry must be bitwise the same whatever the
 * other times of the call (order, subsets: tiling independence); an entry
 * whose weights are not cached must come back with ok = 0. */
#include <stdlib.h>
#include <string.h>
#include "grid_test.h"

int main(void)
{
    flint_rand_t st;
    slong iter;

    hkz_test_rand_init(st);
    for (iter = 0; iter < hkz_test_iters(16); iter++)
    {
        hkz_su2_sub_wcache_t c;
        arb_ptr t = _arb_vec_init(4), res = _arb_vec_init(4);
        arb_ptr one = _arb_vec_init(1), ref = _arb_vec_init(1);
        arb_ptr z = _arb_vec_init(4);
        arb_t r;
        int ok[4], ok1;
        slong nt = 1 + n_randint(st, 4), j, prec = 40 + n_randint(st, 60);
        ulong d = n_randint(st, 3) == 0 ? 1 + n_randint(st, 3) : 0;

        arb_init(r);
        arb_set_d(r, grid_test_pick_r(st));
        for (j = 0; j < nt; j++)
        {
            /* repeated times and z values: shared inner sums */
            if (j > 0 && n_randint(st, 3) == 0)
                arb_set(t + j, t + j - 1);
            else
                arb_set_d(t + j, n_randint(st, 2) == 0 ? 0.01 : 0.01
                          + grid_test_unit(st));
            if (j > 0 && n_randint(st, 3) == 0)
                arb_set(z + j, z + j - 1);
            else
                arb_set_d(z + j, n_randint(st, 4) == 0 ? 2000.0
                          * grid_test_unit(st) - 1000.0 : 6.0
                          * grid_test_unit(st));
        }
        HKZ_TEST_OK(hkz_su2_sub_wcache_init(&c));
        /* nothing cached yet: every entry ok = 0 */
        HKZ_TEST_OK(hkz_su2_heat_sub_multi(res, ok, t, nt, r, z, d, prec, c));
        for (j = 0; j < nt; j++)
            HKZ_TEST_CHECK(!ok[j], "entry %ld computed without weights", (long) j);
        for (j = 0; j < nt; j++)
            HKZ_TEST_OK(hkz_su2_sub_wcache_prepare(c, t + j, r, z + j, d, prec));
        HKZ_TEST_OK(hkz_su2_heat_sub_multi(res, ok, t, nt, r, z, d, prec, c));
        for (j = 0; j < nt; j++)
        {
            HKZ_TEST_CHECK(ok[j], "entry %ld not computed", (long) j);
            HKZ_TEST_OK(hkz_su2_heat_sub(ref, t + j, r, z + j, d, prec + 64));
            HKZ_TEST_CHECK(arb_overlaps(res + j, ref),
                     "iter %ld: t = %g, d = %lu: multi and scalar disjoint",
                     (long) iter, arf_get_d(arb_midref(t + j), ARF_RND_NEAR),
                     (unsigned long) d);
            HKZ_TEST_CHECK(arb_is_finite(res + j), "not finite");
            /* alone, the same bits */
            HKZ_TEST_OK(hkz_su2_heat_sub_multi(one, &ok1, t + j, 1, r, z + j,
                                               d, prec, c));
            HKZ_TEST_CHECK(ok1 && arb_equal(one, res + j),
                     "entry %ld depends on the other times", (long) j);
        }
        hkz_su2_sub_wcache_clear(c);
        _arb_vec_clear(t, 4);
        _arb_vec_clear(res, 4);
        _arb_vec_clear(one, 1);
        _arb_vec_clear(ref, 1);
        arb_clear(r);
        _arb_vec_clear(z, 4);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_multi");
}
