/* The fixed-point tier of su2-sub grids on the CUDA engine (label gpu;
 * exit 77 without a device): hkz_su2_sub_fix_eval at random lists of r, z,
 * t gives bitwise the balls of the CPU code (the sums are exact integers)
 * and every ball meets the certified scalar path hkz_su2_heat_sub; then a
 * grid on the device certifies entries by the tier, each overlapping the
 * CPU run without the tier and meeting the goal. */
#include <stdlib.h>
#include "hkz_gpu_test.h"
#include "hkz/goal.h"
#include "hkz/grid.h"
#include "hkz/su2.h"
#include "../grid/grid_test.h"

static double unit(flint_rand_t st)
{
    return (double) n_randint(st, 1000001) / 1e6;
}

int main(void)
{
    flint_rand_t st;
    hkz_engine_opts_t eo;
    hkz_engine_t e;
    slong iter;

    HKZ_TEST_NEED_CUDA("sub_fix");
    HKZ_TEST_OK(hkz_cuda_register());
    hkz_test_rand_init(st);
    hkz_engine_opts_init(&eo);
    eo.backend = HKZ_BACKEND_CUDA;
    HKZ_TEST_OK(hkz_engine_create(&e, &eo));
    for (iter = 0; iter < hkz_test_iters(4); iter++)
    {
        hkz_su2_sub_fix_t fc, fg;
        /* the last iteration: >= 8192 entries at 8 digits, several
         * blocks of pairs (larger t: fewer modes for the CPU) */
        int big = iter == hkz_test_iters(4) - 1;
        slong nz = big ? 90 : 1 + n_randint(st, 12);
        slong nt = big ? 100 : 1 + n_randint(st, 12);
        slong i, j, *iz = malloc(nz * sizeof(slong));
        slong *jt = malloc(nt * sizeof(slong)), nchk = 0;
        arb_ptr r = _arb_vec_init(1), z = _arb_vec_init(nz);
        arb_ptr t = _arb_vec_init(nt), rc = _arb_vec_init(nz * nt);
        arb_ptr rg = _arb_vec_init(nz * nt);
        int *okc = malloc(nz * nt * sizeof(int));
        int *okg = malloc(nz * nt * sizeof(int));
        arb_t ref;

        arb_init(ref);
        arb_set_d(r, M_PI_2 * unit(st));
        for (i = 0; i < nz; i++)
        {
            arb_set_d(z + i, 6.0 * unit(st));
            iz[i] = i;
        }
        for (j = 0; j < nt; j++)
        {
            arb_set_d(t + j, (big ? 0.1 : 0.01) + 0.2 * unit(st));
            jt[j] = j;
        }
        int L = iter % 2 == 0 || big ? 8 : HKZ_FIX_LMAX;
        HKZ_TEST_OK(hkz_su2_sub_fix_init(&fc, r, 1, z, nz, t, nt, L));
        HKZ_TEST_OK(hkz_su2_sub_fix_init(&fg, r, 1, z, nz, t, nt, L));
        HKZ_TEST_OK(hkz_su2_sub_fix_eval(rc, okc, fc, NULL, 0, iz, nz, jt,
                                         nt, 0));
        HKZ_TEST_OK(hkz_su2_sub_fix_eval(rg, okg, fg, e, 0, iz, nz, jt, nt,
                                         0));
        for (i = 0; i < nz * nt; i++)
        {
            HKZ_TEST_CHECK(okc[i] && okg[i] && arb_equal(rc + i, rg + i),
                           "iter %ld: entry %ld: device and CPU differ",
                           (long) iter, (long) i);
            /* a few entries against the scalar path (slow at small t) */
            if (n_randint(st, nz * nt) < 4 && nchk < 4)
            {
                nchk++;
                HKZ_TEST_OK(hkz_su2_heat_sub(ref, t + i % nt, r,
                                             z + i / nt, 0, 128));
                HKZ_TEST_CHECK(arb_overlaps(ref, rg + i), "iter %ld: entry "
                               "%ld: device tier and scalar path disjoint",
                               (long) iter, (long) i);
            }
        }
        hkz_su2_sub_fix_clear(fc);
        hkz_su2_sub_fix_clear(fg);
        _arb_vec_clear(r, 1); _arb_vec_clear(z, nz); _arb_vec_clear(t, nt);
        _arb_vec_clear(rc, nz * nt); _arb_vec_clear(rg, nz * nt);
        free(iz); free(jt); free(okc); free(okg);
        arb_clear(ref);
    }
    hkz_engine_destroy(&e);
    {
        hkz_grid_heat_t g;
        hkz_grid_opts_t o;
        hkz_grid_summary_t s0, s1;
        grid_collect_t c0, c1;
        slong k, bits;

        hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
        HKZ_TEST_OK(hkz_grid_list_set_str(g->r, "0.05:1.5:6", 0, 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->z, "0:6:8", 0, 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.02:0.3:8", 0, 256));
        g->digits = 10;
        bits = hkz_digits_to_bits(g->digits);
        hkz_grid_opts_init(&o);
        o.device = HKZ_BACKEND_CPU;
        setenv("HKZ_GRID_TIER2", "0", 1);
        HKZ_TEST_OK(grid_run_collect(&c0, &s0, g, &o));
        unsetenv("HKZ_GRID_TIER2");
        hkz_grid_opts_init(&o);
        o.device = HKZ_BACKEND_CUDA;
        HKZ_TEST_OK(grid_run_collect(&c1, &s1, g, &o));
        printf("grid on the device: %ld entries: engine %ld, tier2 %ld, "
               "scalar %ld, below the goal %ld\n", (long) s1.entries,
               (long) s1.certified_engine, (long) s1.certified_tier2,
               (long) s1.certified_scalar, (long) s1.below_goal);
        HKZ_TEST_CHECK(s1.backend == HKZ_BACKEND_CUDA
                       && s1.certified_tier2 > 0 && s1.below_goal == 0,
                       "tier counts");
        for (k = 0; k < c1.P * c1.T; k++)
            HKZ_TEST_CHECK(arb_overlaps(c0.v + k, c1.v + k)
                           && arb_rel_accuracy_bits(c1.v + k) >= bits,
                           "grid entry %ld", (long) k);
        grid_collect_clear(&c0);
        grid_collect_clear(&c1);
        hkz_grid_heat_clear(g);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("gpu.sub_fix");
}
