/* hkz_su2_sub_wcache_prepare_many (sorted keys, binary-search lookups,
 * parallel weights / k-cuts / 2 cos(kz)) against n single
 * hkz_su2_sub_wcache_prepare calls: random entries at a few r, times and
 * z with repeats, prepared in two batches (the second partly cached: new
 * keys inserted into the sorted index, longer cos vectors), on a 2-thread
 * engine and on none; every hkz_su2_heat_sub_multi ball and ok flag must
 * be bitwise those of the single prepares. */
#include <stdlib.h>
#include "grid_test.h"

#define NMAX 48

int main(void)
{
    flint_rand_t st;
    hkz_engine_opts_t o;
    hkz_engine_t e;
    slong iter;

    hkz_test_rand_init(st);
    hkz_engine_opts_init(&o);
    o.nthreads = 2;
    HKZ_TEST_OK(hkz_engine_create(&e, &o));
    for (iter = 0; iter < hkz_test_iters(12); iter++)
    {
        hkz_su2_sub_wcache_t c1, c2;
        arb_ptr t = _arb_vec_init(NMAX), z = _arb_vec_init(NMAX);
        arb_ptr r = _arb_vec_init(3), ra = _arb_vec_init(NMAX);
        arb_ptr rb = _arb_vec_init(NMAX);
        const arb_struct *tp[NMAX], *rp[NMAX], *zp[NMAX];
        int oka[NMAX], okb[NMAX];
        slong n = 2 + n_randint(st, NMAX - 1), n1 = n_randint(st, n + 1);
        slong i, j, prec = 30 + n_randint(st, 40);
        ulong d = n_randint(st, 4) == 0 ? 1 : 0;

        for (i = 0; i < 3; i++)
            arb_set_d(r + i, 0.05 + 1.45 * grid_test_unit(st));
        for (i = 0; i < n; i++)
        {
            arb_set_d(t + i, i > 0 && n_randint(st, 3) == 0
                      ? arf_get_d(arb_midref(t + i - 1), ARF_RND_NEAR)
                      : 0.01 + 0.3 * grid_test_unit(st));
            arb_set_d(z + i, n_randint(st, 3) == 0 ? 1.0
                      : 6.0 * grid_test_unit(st));
            tp[i] = t + i;
            rp[i] = r + n_randint(st, 3);
            zp[i] = z + i;
        }
        HKZ_TEST_OK(hkz_su2_sub_wcache_init(&c1));
        HKZ_TEST_OK(hkz_su2_sub_wcache_init(&c2));
        /* two batches, the first on one thread, the second on e */
        HKZ_TEST_OK(hkz_su2_sub_wcache_prepare_many(c1, n1, tp, rp, zp, d,
                                                    prec, NULL));
        HKZ_TEST_OK(hkz_su2_sub_wcache_prepare_many(c1, n, tp, rp, zp, d,
                                                    prec, e));
        for (i = n - 1; i >= 0; i--)
            HKZ_TEST_OK(hkz_su2_sub_wcache_prepare(c2, tp[i], rp[i], zp[i],
                                                   d, prec));
        /* per r, its entries through the batched sums on both caches */
        for (j = 0; j < 3; j++)
        {
            slong m = 0;
            arb_ptr tj = _arb_vec_init(n), zj = _arb_vec_init(n);
            for (i = 0; i < n; i++)
                if (rp[i] == r + j)
                {
                    arb_set(tj + m, t + i);
                    arb_set(zj + m, z + i);
                    m++;
                }
            HKZ_TEST_OK(hkz_su2_heat_sub_multi(ra, oka, tj, m, r + j, zj, d,
                                               prec, c1));
            HKZ_TEST_OK(hkz_su2_heat_sub_multi(rb, okb, tj, m, r + j, zj, d,
                                               prec, c2));
            for (i = 0; i < m; i++)
            {
                HKZ_TEST_CHECK(oka[i] == okb[i], "iter %ld: ok differs "
                               "(entry %ld)", (long) iter, (long) i);
                HKZ_TEST_CHECK(oka[i], "iter %ld: entry %ld not prepared",
                               (long) iter, (long) i);
                HKZ_TEST_CHECK(arb_equal(ra + i, rb + i), "iter %ld: entry "
                               "%ld: other bits", (long) iter, (long) i);
            }
            _arb_vec_clear(tj, n);
            _arb_vec_clear(zj, n);
        }
        hkz_su2_sub_wcache_clear(c1);
        hkz_su2_sub_wcache_clear(c2);
        _arb_vec_clear(t, NMAX);
        _arb_vec_clear(z, NMAX);
        _arb_vec_clear(r, 3);
        _arb_vec_clear(ra, NMAX);
        _arb_vec_clear(rb, NMAX);
    }
    hkz_engine_destroy(&e);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_prepare_many");
}
