/* bench_engine: GFLOP/s of the CPU spectral-sum engine (basis generated
 * in blocks + OpenBLAS DGEMM + error bounds) against plain cblas_dgemm on
 * a pregenerated basis, in the same run.
 *
 *   bench_engine [P K T [reps [basis]]]     basis: cheb (default) | cos
 *
 * Prints the best time over reps of each variant and the ratio
 * engine / plain.  Not a test. */
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hkz/engine.h"
#include "hkz/status.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char **argv)
{
    size_t P = 2048, K = 2048, T = 2048, reps = 3, i, k, r;
    int cos_basis = 0, status;
    double *x, *C, *B, *out, *ref, *err, t, best_plain = 1e300;
    double best_eng = 1e300, best_eng_err = 1e300, flops;
    hkz_engine_t e = NULL;
    hkz_engine_opts_t o;
    hkz_engine_problem_t pb;

    if (argc >= 4)
    {
        P = strtoul(argv[1], NULL, 10);
        K = strtoul(argv[2], NULL, 10);
        T = strtoul(argv[3], NULL, 10);
    }
    if (argc >= 5)
        reps = strtoul(argv[4], NULL, 10);
    if (argc >= 6)
        cos_basis = strcmp(argv[5], "cos") == 0;
    flops = 2.0 * P * K * T;

    x = malloc(P * sizeof(double));
    C = malloc(K * T * sizeof(double));
    B = malloc(P * K * sizeof(double));
    out = malloc(P * T * sizeof(double));
    ref = malloc(P * T * sizeof(double));
    err = malloc(T * sizeof(double));
    if (!x || !C || !B || !out || !ref || !err)
    {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    srand(1);
    for (i = 0; i < P; i++)
        x[i] = 2.0 * rand() / RAND_MAX - 1.0;
    for (i = 0; i < K * T; i++)
        C[i] = 2.0 * rand() / RAND_MAX - 1.0;

    /* the baseline: B pregenerated (same recurrence), one cblas_dgemm with
     * the BLAS's own threads */
    for (i = 0; i < P; i++)
    {
        double y = 2.0 * x[i], a = 1.0, b = cos_basis ? x[i] : y, c;
        B[i] = 1.0;
        if (K > 1)
            B[i + P] = b;
        for (k = 2; k < K; k++)
        {
            c = y * b - a;
            a = b;
            b = c;
            B[i + k * P] = c;
        }
    }
    for (r = 0; r < reps; r++)
    {
        t = now();
        cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, (int) P,
                    (int) T, (int) K, 1.0, B, (int) P, C, (int) K, 0.0, ref,
                    (int) P);
        t = now() - t;
        best_plain = t < best_plain ? t : best_plain;
    }

    hkz_engine_opts_init(&o);
    o.backend = HKZ_BACKEND_CPU;
    status = hkz_engine_create(&e, &o);
    hkz_engine_problem_init(&pb);
    pb.P = P; pb.K = K; pb.T = T; pb.x = x; pb.C = C; pb.ldc = K;
    pb.basis = HKZ_BASIS_CHEB_U;
    if (cos_basis)
    {
        /* T_{|N-2g|}, N = 2K - 2: modes g = 0.. give T_N, T_{N-2}, ...
         * (same flops; the baseline multiplies another B of equal size) */
        pb.basis = HKZ_BASIS_COS;
        pb.cos_n = 2 * K - 2;
    }
    pb.err_layout = HKZ_ERR_PER_COLUMN;
    for (r = 0; r < reps && status == HKZ_SUCCESS; r++)
    {
        t = now();
        status = hkz_engine_run(e, out, NULL, &pb);
        t = now() - t;
        best_eng = t < best_eng ? t : best_eng;
        t = now();
        if (status == HKZ_SUCCESS)
            status = hkz_engine_run(e, out, err, &pb);
        t = now() - t;
        best_eng_err = t < best_eng_err ? t : best_eng_err;
    }
    if (status != HKZ_SUCCESS)
    {
        fprintf(stderr, "engine: %s: %s\n", hkz_status_name(status),
                hkz_errmsg());
        return 1;
    }
    {
        double md = 0.0, me = 0.0;
        for (i = 0; i < P * T; i++)
        {
            double d = out[i] - ref[i];
            d = d < 0 ? -d : d;
            md = d > md ? d : md;
        }
        for (i = 0; i < T; i++)
            me = err[i] > me ? err[i] : me;
        hkz_engine_get_opts(&o, e);
        printf("P=%zu K=%zu T=%zu basis=%s threads=%d reps=%zu\n", P, K, T,
               cos_basis ? "cos" : "cheb_u", o.nthreads, reps);
        printf("plain cblas_dgemm (B pregenerated): %8.4f s  %7.2f GFLOP/s\n",
               best_plain, flops / best_plain * 1e-9);
        printf("engine (no bound)                 : %8.4f s  %7.2f GFLOP/s"
               "  ratio %.3f\n", best_eng, flops / best_eng * 1e-9,
               best_plain / best_eng);
        printf("engine (with bound)               : %8.4f s  %7.2f GFLOP/s"
               "  ratio %.3f\n", best_eng_err, flops / best_eng_err * 1e-9,
               best_plain / best_eng_err);
        if (!cos_basis)
            printf("max |engine - plain| = %.3g, max bound = %.3g\n", md, me);
    }
    hkz_engine_destroy(&e);
    free(x); free(C); free(B); free(out); free(ref); free(err);
    return 0;
}
