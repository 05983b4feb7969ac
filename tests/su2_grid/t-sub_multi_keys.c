/* hkz_su2_sub_wcache_prepare_keys + hkz_su2_heat_sub_multi_keys (the
 * grid's fallback: entries looked up once, many r per call, the distinct
 * keys found by address then by value) against hkz_su2_heat_sub_multi per
 * r on a cache of single prepares: random entries at a few r, t and z
 * balls repeated by address and by value (equal balls at two addresses),
 * on a 2-thread engine and on none; every ball and ok flag must be
 * bitwise the same. */
#include <stdlib.h>
#include "grid_test.h"

#define NMAX 64

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
    for (iter = 0; iter < hkz_test_iters(10); iter++)
    {
        hkz_su2_sub_wcache_t c1, c2;
        arb_ptr t = _arb_vec_init(NMAX), z = _arb_vec_init(NMAX);
        arb_ptr r = _arb_vec_init(4), ra = _arb_vec_init(NMAX);
        arb_ptr rb = _arb_vec_init(NMAX), tj = _arb_vec_init(NMAX);
        arb_ptr zj = _arb_vec_init(NMAX);
        const arb_struct *tp[NMAX], *rp[NMAX], *zp[NMAX];
        slong key[NMAX], cut[NMAX];
        int oka[NMAX], okb[NMAX];
        slong n = 2 + n_randint(st, NMAX - 1), i, j, m, a;
        slong prec = 30 + n_randint(st, 40);
        ulong d = n_randint(st, 4) == 0 ? 1 : 0;

        for (i = 0; i < 3; i++)
            arb_set_d(r + i, 0.05 + 1.45 * grid_test_unit(st));
        arb_set(r + 3, r + 1);              /* r[1] at a second address */
        for (i = 0; i < n; i++)
        {
            arb_set_d(t + i, 0.01 + 0.3 * grid_test_unit(st));
            arb_set_d(z + i, n_randint(st, 3) == 0 ? 1.0
                      : 6.0 * grid_test_unit(st));
        }
        /* entries in runs of one r (r[1] and r[3] in one run), with t and
         * z balls repeated by address or by value */
        for (i = 0; i < n; i++)
        {
            j = 3 * i / n;
            rp[i] = r + (j == 1 && n_randint(st, 2) ? 3 : j);
            tp[i] = i > 0 && n_randint(st, 2) ? tp[n_randint(st, i)] : t + i;
            zp[i] = i > 0 && n_randint(st, 3) == 0 ? zp[n_randint(st, i)]
                                                   : z + i;
        }
        HKZ_TEST_OK(hkz_su2_sub_wcache_init(&c1));
        HKZ_TEST_OK(hkz_su2_sub_wcache_init(&c2));
        /* part of the entries first (cached keys for the second call) */
        m = n_randint(st, n + 1);
        HKZ_TEST_OK(hkz_su2_sub_wcache_prepare_keys(c1, m, tp, rp, zp, d,
                                                    prec, NULL, key, cut));
        HKZ_TEST_OK(hkz_su2_sub_wcache_prepare_keys(c1, n, tp, rp, zp, d,
                                prec, n_randint(st, 2) ? e : NULL, key, cut));
        for (i = 0; i < n; i++)
            HKZ_TEST_OK(hkz_su2_sub_wcache_prepare(c2, tp[i], rp[i], zp[i],
                                                   d, prec));
        /* with the cuts of the prepare, or made again */
        HKZ_TEST_OK(hkz_su2_heat_sub_multi_keys(ra, oka, n, key,
                        n_randint(st, 2) ? cut : NULL, rp, zp, prec, c1));
        /* per run of one r value: hkz_su2_heat_sub_multi on c2 */
        for (a = 0; a < n; a = i)
        {
            for (i = a; i < n && arb_equal(rp[i], rp[a]); i++)
            {
                arb_set(tj + i - a, tp[i]);
                arb_set(zj + i - a, zp[i]);
            }
            HKZ_TEST_OK(hkz_su2_heat_sub_multi(rb + a, okb + a, tj, i - a,
                                               rp[a], zj, d, prec, c2));
        }
        for (i = 0; i < n; i++)
        {
            HKZ_TEST_CHECK(oka[i] == okb[i] && oka[i], "iter %ld: entry %ld:"
                           " ok %d / %d", (long) iter, (long) i, oka[i],
                           okb[i]);
            HKZ_TEST_CHECK(arb_equal(ra + i, rb + i), "iter %ld: entry %ld: "
                           "other bits", (long) iter, (long) i);
        }
        hkz_su2_sub_wcache_clear(c1);
        hkz_su2_sub_wcache_clear(c2);
        _arb_vec_clear(t, NMAX);
        _arb_vec_clear(z, NMAX);
        _arb_vec_clear(r, 4);
        _arb_vec_clear(ra, NMAX);
        _arb_vec_clear(rb, NMAX);
        _arb_vec_clear(tj, NMAX);
        _arb_vec_clear(zj, NMAX);
    }
    hkz_engine_destroy(&e);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_multi_keys");
}
