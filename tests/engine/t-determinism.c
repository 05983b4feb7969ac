/* Bitwise reproducibility of the CPU engine: the same bits whatever the
 * block sizes, chunk count, generation threads and BLAS threads (the
 * summation order is fixed by HKZ_ENGINE_KPANEL); exact results for
 * integer inputs (overlap_kernels.md 2-T). */
#include <cblas.h>
#include <string.h>
#include "engine_ref.h"

int main(void)
{
    static const size_t kbs[] = {0, 256, 512, 300, 1024};
    static const size_t pbs[] = {0, 1, 7, 64, 100000};
    static const size_t ncs[] = {1, 2, 3, 7, 1000};
    flint_rand_t st;
    slong it, iters = hkz_test_iters(3);
    int blas0 = openblas_get_num_threads();

    hkz_test_rand_init(st);
    for (it = 0; it < iters; it++)
    {
        hkz_engine_problem_t pb;
        double *x, *C, *ref, *out, *eref, *err;
        size_t i, v, n;
        int basis;

        for (basis = 0; basis < 2; basis++)
        {
            hkz_engine_problem_init(&pb);
            /* P >= 1024 in half the runs: row blocks of sub-tiles (two
             * dimensional grids, engine_cpu_internal.h) */
            pb.P = n_randint(st, 2) ? 150 + n_randint(st, 200)
                                    : 1030 + n_randint(st, 300);
            pb.K = 600 + n_randint(st, 600);
            pb.T = 60 + n_randint(st, 150);
            pb.basis = basis;
            pb.cos_n = pb.K - 1;
            pb.k_begin = basis == 0 ? n_randint(st, 3) * 100 : 0;
            x = malloc(pb.P * sizeof(double));
            for (i = 0; i < pb.P; i++)
                x[i] = rand_point(st);
            pb.x = x;
            pb.ldc = pb.K;
            C = malloc(pb.K * pb.T * sizeof(double));
            for (i = 0; i < pb.K * pb.T; i++)
                C[i] = rand_weight(st, 1);
            pb.C = C;
            n = pb.P * pb.T;
            ref = malloc(n * sizeof(double));
            out = malloc(n * sizeof(double));
            eref = malloc(n * sizeof(double));
            err = malloc(n * sizeof(double));
            openblas_set_num_threads(1);
            HKZ_TEST_OK(ref_engine_run(ref, eref, &pb, 0, 0, 1, 1));
            for (v = 0; v < 8; v++)
            {
                size_t kb = kbs[n_randint(st, 5)], pbk = pbs[n_randint(st, 5)];
                size_t nc = ncs[n_randint(st, 5)];
                int nt = 1 + (int) n_randint(st, 8);
                openblas_set_num_threads(1 + (int) n_randint(st, 2));
                HKZ_TEST_OK(ref_engine_run(out, err, &pb, kb, pbk, nc, nt));
                HKZ_TEST_CHECK(memcmp(out, ref, n * sizeof(double)) == 0 &&
                               memcmp(err, eref, n * sizeof(double)) == 0,
                               "basis %d, P %zu K %zu T %zu: bits differ "
                               "with kblock %zu pblock %zu nchunks %zu "
                               "nthreads %d blas threads %d", basis, pb.P,
                               pb.K, pb.T, kb, pbk, nc, nt,
                               openblas_get_num_threads());
            }
            free(x); free(C); free(ref); free(out); free(eref); free(err);
        }
    }

    /* one engine over problems of changing shapes (engine_cpu.c caches
     * the basis bounds of the last shape): the bounds of a fresh engine */
    {
        static const size_t Ks[] = {300, 700, 701};
        hkz_engine_opts_t o;
        hkz_engine_t e = NULL;
        hkz_engine_problem_t pb;
        size_t P = 70, T = 65, v, i;
        double *x = malloc(P * sizeof(double));
        double *C = malloc(701 * T * sizeof(double));
        double *o1 = malloc(P * T * sizeof(double));
        double *o2 = malloc(P * T * sizeof(double));
        double *e1 = malloc(T * sizeof(double));
        double *e2 = malloc(T * sizeof(double));
        for (i = 0; i < P; i++)
            x[i] = rand_point(st);
        for (i = 0; i < 701 * T; i++)
            C[i] = rand_weight(st, 1);
        hkz_engine_opts_init(&o);
        o.backend = HKZ_BACKEND_CPU;
        o.nthreads = 2;
        HKZ_TEST_OK(hkz_engine_create(&e, &o));
        for (v = 0; v < 16; v++)
        {
            hkz_engine_problem_init(&pb);
            pb.P = P;
            pb.T = T;
            pb.K = Ks[n_randint(st, 3)];
            pb.basis = (int) n_randint(st, 2);
            pb.k_begin = n_randint(st, 2) * 40;
            pb.cos_n = n_randint(st, 2) ? pb.K - 1 : 3 * pb.K;
            pb.x = x;
            pb.C = C;
            pb.ldc = 701;
            pb.err_layout = HKZ_ERR_PER_COLUMN;
            HKZ_TEST_OK(hkz_engine_run(e, o1, e1, &pb));
            HKZ_TEST_OK(ref_engine_run(o2, e2, &pb, 0, 0, 1, 2));
            HKZ_TEST_CHECK(memcmp(e1, e2, T * sizeof(double)) == 0 &&
                           memcmp(o1, o2, P * T * sizeof(double)) == 0,
                           "reused engine, basis %d K %zu k_begin %zu N "
                           "%zu: bits differ from a fresh engine's",
                           pb.basis, pb.K, pb.k_begin, pb.cos_n);
        }
        hkz_engine_destroy(&e);
        free(x); free(C); free(o1); free(o2); free(e1); free(e2);
    }

    /* integer inputs: every partial sum is exact, so out is the exact sum
     * for any summation order */
    {
        hkz_engine_problem_t pb;
        size_t P = 37, K = 700, T = 9, Pctx = P, i, j, k;
        double *ub = malloc(P * K * sizeof(double));
        double *bmax = malloc(K * sizeof(double));
        double *C = malloc(K * T * sizeof(double));
        double *out = malloc(P * T * sizeof(double));
        double *err = malloc(P * T * sizeof(double));
        int bad = 0;
        for (i = 0; i < P * K; i++)
            ub[i] = (double) ((slong) n_randint(st, 17) - 8);
        for (i = 0; i < K * T; i++)
            C[i] = (double) ((slong) n_randint(st, 17) - 8);
        for (k = 0; k < K; k++)
            bmax[k] = 8.0;
        ref_user_B = ub;
        hkz_engine_problem_init(&pb);
        pb.P = P; pb.K = K; pb.T = T;
        pb.basis = HKZ_BASIS_USER;
        pb.fill = ref_user_fill;
        pb.fill_ctx = &Pctx;
        pb.user_bmax = bmax;
        pb.C = C;
        pb.ldc = K;
        openblas_set_num_threads(blas0);
        HKZ_TEST_OK(ref_engine_run(out, err, &pb, 0, 5, 2, 2));
        for (j = 0; j < T; j++)
            for (i = 0; i < P; i++)
            {
                double s = 0.0;
                for (k = 0; k < K; k++)
                    s += ub[i + k * P] * C[k + j * K];
                bad += out[i + j * P] != s;
            }
        HKZ_TEST_CHECK(bad == 0, "integer inputs: %d entries not exact", bad);
        free(ub); free(bmax); free(C); free(out); free(err);
    }
    openblas_set_num_threads(blas0);
    hkz_rand_clear(st);
    HKZ_TEST_END("engine.determinism");
}
