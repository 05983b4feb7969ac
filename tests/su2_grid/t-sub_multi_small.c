/* hkz_su2_heat_sub_multi_keys at small t (t < 1/16: the regime of the
 * shared basis key and weight sets, heat_sub_grid_coef.c and
 * heat_sub_grid_wcache.c) at random points: t in [0.01, 0.06] (a few t per
 * call, repeated), r in [0.05, 1.5], z near and far (working precisions
 * 128 .. 512 bits: entries that read the weights of another working
 * precision), prec 30..40.  Every ball must
 *  - meet the scalar ball hkz_su2_heat_sub at the same precision and
 *    contain the one at prec + 128 (a high-precision value),
 *  - be bitwise the ball of the same entry prepared and summed alone in a
 *    fresh cache (its bits depend on its own inputs, not on which other
 *    working precisions of its t made the shared weights or basis). */
#include <stdlib.h>
#include "grid_test.h"

#define NE 8

/* the entry's ball from a cache prepared with the entries [0, n) */
static void multi(arb_ptr res, int *ok, slong n, const arb_struct *t,
                  const arb_struct *r, const arb_struct *z, slong prec)
{
    hkz_su2_sub_wcache_t c;
    const arb_struct *tp[NE], *rp[NE], *zp[NE];
    slong key[NE], cut[NE], j;

    for (j = 0; j < n; j++)
    {
        tp[j] = t + j;
        rp[j] = r + j;
        zp[j] = z + j;
    }
    HKZ_TEST_OK(hkz_su2_sub_wcache_init(&c));
    HKZ_TEST_OK(hkz_su2_sub_wcache_prepare_keys(c, n, tp, rp, zp, 0, prec,
                                                NULL, key, cut));
    HKZ_TEST_OK(hkz_su2_heat_sub_multi_keys(res, ok, n, key, cut, rp, zp,
                                            prec, c));
    hkz_su2_sub_wcache_clear(c);
}

int main(void)
{
    flint_rand_t st;
    slong iter;

    hkz_test_rand_init(st);
    for (iter = 0; iter < hkz_test_iters(30); iter++)
    {
        arb_ptr t = _arb_vec_init(NE), r = _arb_vec_init(NE);
        arb_ptr z = _arb_vec_init(NE), res = _arb_vec_init(NE);
        arb_t one, ref, hp;
        int ok[NE], ok1;
        slong n = 2 + n_randint(st, NE - 1), j;
        slong prec = 30 + n_randint(st, 11);

        arb_init(one);
        arb_init(ref);
        arb_init(hp);
        for (j = 0; j < n; j++)
        {
            /* runs of one r (the calls group entries by r), t repeated */
            if (j > 0 && n_randint(st, 2) == 0)
                arb_set(r + j, r + j - 1);
            else
                arb_set_d(r + j, 0.05 + 1.45 * grid_test_unit(st));
            if (j > 0 && n_randint(st, 3) != 0)
                arb_set(t + j, t + j - 1);
            else
                arb_set_d(t + j, 0.01 + 0.05 * grid_test_unit(st));
            /* z near 0 (small working precision) or far (up to 512) */
            arb_set_d(z + j, n_randint(st, 3) == 0
                      ? 0.3 * grid_test_unit(st)
                      : 2.0 + 1.1 * grid_test_unit(st));
        }
        multi(res, ok, n, t, r, z, prec);
        for (j = 0; j < n; j++)
        {
            double td = arf_get_d(arb_midref(t + j), ARF_RND_NEAR);
            double rd = arf_get_d(arb_midref(r + j), ARF_RND_NEAR);
            double zd = arf_get_d(arb_midref(z + j), ARF_RND_NEAR);

            HKZ_TEST_CHECK(ok[j], "entry %ld not computed", (long) j);
            HKZ_TEST_OK(hkz_su2_heat_sub(ref, t + j, r + j, z + j, 0,
                                         prec));
            HKZ_TEST_OK(hkz_su2_heat_sub(hp, t + j, r + j, z + j, 0,
                                         prec + 128));
            HKZ_TEST_CHECK(arb_overlaps(res + j, ref), "iter %ld: t = %g, "
                           "r = %g, z = %g, prec %ld: multi and scalar "
                           "disjoint", (long) iter, td, rd, zd,
                           (long) prec);
            HKZ_TEST_CHECK(arb_contains(res + j, hp), "iter %ld: t = %g, "
                           "r = %g, z = %g, prec %ld: the %ld-bit value "
                           "outside", (long) iter, td, rd, zd, (long) prec,
                           (long) prec + 128);
            multi(one, &ok1, 1, t + j, r + j, z + j, prec);
            HKZ_TEST_CHECK(ok1 && arb_equal(one, res + j), "iter %ld: t = "
                           "%g, r = %g, z = %g, prec %ld: alone != with "
                           "the others", (long) iter, td, rd, zd,
                           (long) prec);
        }
        _arb_vec_clear(t, NE);
        _arb_vec_clear(r, NE);
        _arb_vec_clear(z, NE);
        _arb_vec_clear(res, NE);
        arb_clear(one);
        arb_clear(ref);
        arb_clear(hp);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_multi_small");
}
