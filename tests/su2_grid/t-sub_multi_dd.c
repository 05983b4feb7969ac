/* hkz_su2_heat_sub_multi where its outer sums go through double-doubles
 * (heat_sub_grid_dd.c: working precision <= 256, the 15-digit grids) at
 * random points against the certified scalar path hkz_su2_heat_sub: t in
 * [0.15, 1.5], prec 30..72 (the 15-digit grids use 66), r in [0, pi/2],
 * |z| <= 4, several z and t per r (shared cos vectors and inner sums).
 * Every ball must meet the scalar ball at the same precision and contain
 * the scalar ball at prec + 128 (a high-precision value), and be as
 * accurate as prec - 2 bits allow (the balls a grid keeps). */
#include <stdlib.h>
#include "grid_test.h"

#define NE 12

int main(void)
{
    flint_rand_t st;
    slong iter;

    hkz_test_rand_init(st);
    for (iter = 0; iter < hkz_test_iters(40); iter++)
    {
        hkz_su2_sub_wcache_t c;
        arb_ptr t = _arb_vec_init(NE), z = _arb_vec_init(NE);
        arb_ptr res = _arb_vec_init(NE);
        arb_t r, ref, hp;
        int ok[NE];
        slong n = 1 + n_randint(st, NE), j, prec = 30 + n_randint(st, 43);

        arb_init(r);
        arb_init(ref);
        arb_init(hp);
        arb_set_d(r, M_PI_2 * grid_test_unit(st));
        for (j = 0; j < n; j++)
        {
            if (j > 0 && n_randint(st, 3) == 0)
                arb_set(t + j, t + j - 1);
            else
                arb_set_d(t + j, 0.15 + 1.35 * grid_test_unit(st));
            if (j > 0 && n_randint(st, 3) == 0)
                arb_set(z + j, z + j - 1);
            else
                arb_set_d(z + j, 8.0 * grid_test_unit(st) - 4.0);
        }
        HKZ_TEST_OK(hkz_su2_sub_wcache_init(&c));
        for (j = 0; j < n; j++)
            HKZ_TEST_OK(hkz_su2_sub_wcache_prepare(c, t + j, r, z + j, 0,
                                                   prec));
        HKZ_TEST_OK(hkz_su2_heat_sub_multi(res, ok, t, n, r, z, 0, prec, c));
        for (j = 0; j < n; j++)
        {
            double td = arf_get_d(arb_midref(t + j), ARF_RND_NEAR);
            double zd = arf_get_d(arb_midref(z + j), ARF_RND_NEAR);

            HKZ_TEST_CHECK(ok[j], "entry %ld not computed", (long) j);
            HKZ_TEST_OK(hkz_su2_heat_sub(ref, t + j, r, z + j, 0, prec));
            HKZ_TEST_OK(hkz_su2_heat_sub(hp, t + j, r, z + j, 0,
                                         prec + 128));
            HKZ_TEST_CHECK(arb_overlaps(res + j, ref), "iter %ld: t = %g, "
                           "z = %g, prec %ld: multi and scalar disjoint",
                           (long) iter, td, zd, (long) prec);
            HKZ_TEST_CHECK(arb_contains(res + j, hp), "iter %ld: t = %g, "
                           "z = %g, prec %ld: the %ld-bit value outside",
                           (long) iter, td, zd, (long) prec,
                           (long) prec + 128);
            HKZ_TEST_CHECK(arb_rel_accuracy_bits(res + j) >= prec - 2,
                           "iter %ld: %ld bits of %ld", (long) iter,
                           (long) arb_rel_accuracy_bits(res + j),
                           (long) prec);
        }
        hkz_su2_sub_wcache_clear(c);
        _arb_vec_clear(t, NE);
        _arb_vec_clear(z, NE);
        _arb_vec_clear(res, NE);
        arb_clear(r);
        arb_clear(ref);
        arb_clear(hp);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_multi_dd");
}
