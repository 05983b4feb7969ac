/* CUDA spectral-sum engine: bound against Arb references, against the CPU
 * engine, exact integer arithmetic, bitwise reproducibility whatever the
 * chunking, adversarial cancellation, bad input.  Skips without a GPU. */
#include <string.h>
#include <cuda_runtime_api.h>
#include "hkz_gpu_test.h"
#include "../engine/engine_ref.h"

static int run(double *out, double *err, double *mag,
               const hkz_engine_problem_t *pb, int backend, size_t nchunks)
{
    hkz_engine_opts_t o;
    hkz_engine_t e = NULL;
    int s;
    hkz_engine_opts_init(&o);
    o.backend = backend;
    o.nchunks = nchunks;
    s = hkz_engine_create(&e, &o);
    if (s == HKZ_SUCCESS)
    {
        hkz_engine_opts_t got;
        hkz_engine_get_opts(&got, e);
        if (got.backend != backend)
            s = hkz_error_set(HKZ_ERR_INTERNAL, "backend %d instead of %d",
                              got.backend, backend);
    }
    if (s == HKZ_SUCCESS)
        s = hkz_engine_run_mag(e, out, err, mag, pb);
    hkz_engine_destroy(&e);
    return s;
}

static void problem(hkz_engine_problem_t *pb, double **x, double **C,
                    flint_rand_t st, size_t P, size_t K, size_t T, int basis,
                    int wide)
{
    size_t i;
    hkz_engine_problem_init(pb);
    pb->P = P;
    pb->K = K;
    pb->T = T;
    pb->basis = basis;
    pb->cos_n = K - 1;
    *x = malloc(P * sizeof(double));
    for (i = 0; i < P; i++)
        (*x)[i] = rand_point(st);
    pb->x = *x;
    pb->ldc = K + 3;
    *C = malloc(pb->ldc * T * sizeof(double));
    for (i = 0; i < pb->ldc * T; i++)
        (*C)[i] = rand_weight(st, wide);
    pb->C = *C;
}

/* GPU vs Arb: |out - exact| <= err for every entry. */
static void test_arb(flint_rand_t st)
{
    int basis;
    for (basis = 0; basis < 2; basis++)
    {
        hkz_engine_problem_t pb;
        double *x, *C, *out, *err, worst;
        slong bad;
        /* K > 2 HKZ_CUDA_KBLOCK: three mode blocks, one partial */
        problem(&pb, &x, &C, st, 23, 4500 + n_randint(st, 300), 4, basis,
                1);
        if (basis == HKZ_BASIS_CHEB_U)
            pb.k_begin = n_randint(st, 2) * 777;
        out = malloc(pb.P * pb.T * sizeof(double));
        err = malloc(pb.P * pb.T * sizeof(double));
        HKZ_TEST_OK(run(out, err, NULL, &pb, HKZ_BACKEND_CUDA, 1));
        bad = ref_check(&pb, out, err, &worst);
        HKZ_TEST_CHECK(bad == 0, "basis %d: %ld entries violate the bound",
                       basis, (long) bad);
        printf("  arb basis %d K %zu: worst |out - exact| / err = %.3g\n",
               basis, pb.K, worst);
        free(x); free(C); free(out); free(err);
    }
}

/* GPU vs CPU on two column panels and three mode blocks; GPU chunkings
 * give the same bits.  Case 2: a cos basis whose degrees fall with the
 * mode (N > 2 K), generated and summed from its last mode block. */
static void test_cpu(flint_rand_t st)
{
    int basis;
    for (basis = 0; basis < 3; basis++)
    {
        hkz_engine_problem_t pb;
        double *x, *C, *g1, *g2, *c1, *eg, *ec, *mg, *mc;
        size_t i, n, T = 1100 + n_randint(st, 100);
        problem(&pb, &x, &C, st, 70, 4200, T,
                basis == 2 ? HKZ_BASIS_COS : basis, 0);
        if (basis == 2)
            pb.cos_n = 2 * pb.K + 1 + n_randint(st, 50);
        pb.err_layout = HKZ_ERR_PER_COLUMN;
        pb.ldo = pb.P + 5;
        n = pb.ldo * T;
        g1 = calloc(n, sizeof(double)); g2 = calloc(n, sizeof(double));
        c1 = calloc(n, sizeof(double));
        eg = malloc(T * sizeof(double)); ec = malloc(T * sizeof(double));
        mg = malloc(T * sizeof(double)); mc = malloc(T * sizeof(double));
        HKZ_TEST_OK(run(g1, eg, mg, &pb, HKZ_BACKEND_CUDA, 1));
        HKZ_TEST_OK(run(g2, NULL, NULL, &pb, HKZ_BACKEND_CUDA, 7));
        HKZ_TEST_OK(run(c1, ec, mc, &pb, HKZ_BACKEND_CPU, 1));
        HKZ_TEST_CHECK(memcmp(g1, g2, n * sizeof(double)) == 0,
                       "basis %d: 1 and 7 chunks differ", basis);
        for (i = 0; i < T; i++)
        {
            /* same formula; the CPU evaluates it in Arb mag_t (30-bit
             * mantissas, rounded up), the GPU in doubles rounded up */
            HKZ_TEST_CHECK(fabs(eg[i] - ec[i]) <= 1e-7 * ec[i] &&
                           fabs(mg[i] - mc[i]) <= 1e-7 * mc[i],
                           "column %zu: bounds gpu %.17g/%.17g cpu "
                           "%.17g/%.17g", i, eg[i], mg[i], ec[i], mc[i]);
        }
        for (i = 0; i < n; i++)
        {
            size_t t = i / pb.ldo, p = i % pb.ldo;
            if (p >= pb.P)
                continue;
            HKZ_TEST_CHECK(fabs(g1[i] - c1[i]) <= eg[t] + ec[t],
                           "p %zu t %zu: gpu %.17g cpu %.17g err %.3g", p, t,
                           g1[i], c1[i], eg[t]);
        }
        free(x); free(C); free(g1); free(g2); free(c1);
        free(eg); free(ec); free(mg); free(mc);
    }
}

/* Points +-1, +-1/2, 0 and integer weights: U_n and T_n are small
 * integers there, every product and sum is exact, so GPU == CPU ==
 * the integer reference, bitwise. */
static void test_exact(flint_rand_t st)
{
    static const double pts[] = {1.0, -1.0, 0.5, -0.5, 0.0};
    int basis;
    for (basis = 0; basis < 2; basis++)
    {
        hkz_engine_problem_t pb;
        double *x, *C, *g, *c;
        slong *w;
        size_t i, k, t, P = 40, K = 5000, T = 9;
        problem(&pb, &x, &C, st, P, K, T, basis, 0);
        for (i = 0; i < P; i++)
            x[i] = pts[i % 5];
        for (i = 0; i < pb.ldc * T; i++)
            C[i] = (double) ((slong) n_randint(st, 17) - 8);
        g = malloc(P * T * sizeof(double));
        c = malloc(P * T * sizeof(double));
        HKZ_TEST_OK(run(g, NULL, NULL, &pb, HKZ_BACKEND_CUDA, 3));
        HKZ_TEST_OK(run(c, NULL, NULL, &pb, HKZ_BACKEND_CPU, 1));
        HKZ_TEST_CHECK(memcmp(g, c, P * T * sizeof(double)) == 0,
                       "basis %d: exact GPU and CPU differ", basis);
        /* reference in int64 with doubled values w_j = 2 v_j (integers:
         * 2x is an integer at these points), w_j = 2x w_{j-1} - w_{j-2} */
        w = malloc(K * sizeof(slong));
        for (i = 0; i < 5; i++)
        {
            slong y = (slong) (2 * x[i]);
            w[0] = 2;
            w[1] = basis == HKZ_BASIS_CHEB_U ? 2 * y : y;
            for (k = 2; k < K; k++)
                w[k] = y * w[k - 1] - w[k - 2];
            for (t = 0; t < T; t++)
            {
                slong s2 = 0;
                for (k = 0; k < K; k++)
                {
                    size_t m = basis == HKZ_BASIS_CHEB_U ? k
                               : (2 * k > K - 1 ? 2 * k - (K - 1)
                                                : K - 1 - 2 * k);
                    s2 += w[m] * (slong) C[k + t * pb.ldc];
                }
                HKZ_TEST_CHECK((double) s2 / 2 == g[i + t * P],
                               "basis %d p %zu t %zu: %ld/2 vs %.17g",
                               basis, i, t, (long) s2, g[i + t * P]);
            }
        }
        free(w);
        free(x); free(C); free(g); free(c);
    }
}

/* Massive cancellation: weights alternate in sign with a huge common
 * factor, the exact sum is tiny; the bound must still hold. */
static void test_cancel(flint_rand_t st)
{
    hkz_engine_problem_t pb;
    double *x, *C, *out, *err, worst;
    size_t k, j;
    slong bad;
    problem(&pb, &x, &C, st, 7, 2500, 3, HKZ_BASIS_CHEB_U, 0);
    x[0] = 1.0;
    x[1] = 1.0 - ldexp(1.0, -40);
    for (j = 0; j < pb.T; j++)
        for (k = 0; k < pb.K; k++)
            C[k + j * pb.ldc] = ldexp((k & 1 ? -1.0 : 1.0) *
                                      (1.0 + ldexp((double) (k % 97), -45)),
                                      30 + (int) j);
    out = malloc(pb.P * pb.T * sizeof(double));
    err = malloc(pb.P * pb.T * sizeof(double));
    HKZ_TEST_OK(run(out, err, NULL, &pb, HKZ_BACKEND_CUDA, 2));
    bad = ref_check(&pb, out, err, &worst);
    HKZ_TEST_CHECK(bad == 0, "cancellation: %ld violations", (long) bad);
    printf("  cancellation: worst |out - exact| / err = %.3g\n", worst);
    free(x); free(C); free(out); free(err);
}

/* HEAT weights (Arb) and a USER basis, against Arb. */
static void test_heat_user(flint_rand_t st)
{
    hkz_engine_problem_t pb;
    double *x, *C, *out, *err, *B, *bmax, worst, times[3] = {0.001, 0.1, 2.0};
    size_t P = 11, K = 2300, i, k;
    slong bad;

    problem(&pb, &x, &C, st, P, K, 3, HKZ_BASIS_CHEB_U, 0);
    pb.weights = HKZ_WEIGHTS_HEAT;
    pb.times = times;
    out = malloc(P * 3 * sizeof(double));
    err = malloc(P * 3 * sizeof(double));
    HKZ_TEST_OK(run(out, err, NULL, &pb, HKZ_BACKEND_CUDA, 1));
    bad = ref_check(&pb, out, err, &worst);
    HKZ_TEST_CHECK(bad == 0, "heat: %ld violations", (long) bad);

    /* USER basis: random exact values with bmax = 1 */
    B = malloc(P * K * sizeof(double));
    bmax = malloc(K * sizeof(double));
    for (i = 0; i < P * K; i++)
        B[i] = 2.0 * rand_unit(st) - 1.0;
    for (k = 0; k < K; k++)
        bmax[k] = 1.0;
    ref_user_B = B;
    pb.weights = HKZ_WEIGHTS_GIVEN;
    pb.basis = HKZ_BASIS_USER;
    pb.fill = ref_user_fill;
    pb.fill_ctx = &P;
    pb.user_bmax = bmax;
    HKZ_TEST_OK(run(out, err, NULL, &pb, HKZ_BACKEND_CUDA, 1));
    bad = ref_check(&pb, out, err, &worst);
    HKZ_TEST_CHECK(bad == 0, "user: %ld violations", (long) bad);
    free(x); free(C); free(out); free(err); free(B); free(bmax);
}

/* cos_fill: a USER basis holding T_{|N - 2g|}(x) by the host recurrence
 * (v_d = fma(2x, v_{d-1}, -v_{d-2}), the engine's scheme) */
static const double *cos_x;
static size_t cos_N;

static int cos_fill(double *blk, size_t ld, size_t p0, size_t np, size_t g0,
                    size_t nk, void *ctx)
{
    size_t i, j, d, dmax = 0;
    double *v;
    (void) ctx;
    for (j = 0; j < nk; j++)
    {
        size_t g2 = 2 * (g0 + j), dd = g2 > cos_N ? g2 - cos_N : cos_N - g2;
        dmax = dd > dmax ? dd : dmax;
    }
    v = malloc((dmax + 2) * sizeof(double));
    if (v == NULL)
        return HKZ_ERR_NOMEM;
    for (i = 0; i < np; i++)
    {
        double x = cos_x[p0 + i];
        v[0] = 1.0;
        v[1] = x;
        for (d = 2; d <= dmax; d++)
            v[d] = fma(2.0 * x, v[d - 1], -v[d - 2]);
        for (j = 0; j < nk; j++)
        {
            size_t g2 = 2 * (g0 + j);
            blk[i + j * ld] = v[g2 > cos_N ? g2 - cos_N : cos_N - g2];
        }
    }
    free(v);
    return HKZ_SUCCESS;
}

/* The COS basis generated on the device (checkpoints, segments of degrees,
 * blocks from the lowest degrees, one or two columns per degree) holds
 * the host recurrence's values bit for bit: the same problem with that
 * basis given as a USER basis (the same DGEMM calls) gives the same bits. */
static void test_cos_gen(flint_rand_t st)
{
    int it;
    for (it = 0; it < 6; it++)
    {
        hkz_engine_problem_t pb;
        double *x, *C, *o1, *o2, *bmax;
        size_t P = 130 + n_randint(st, 200), K = 2100 + n_randint(st, 4000);
        size_t T = 70 + n_randint(st, 200), k;
        problem(&pb, &x, &C, st, P, K, T, HKZ_BASIS_COS, 0);
        pb.k_begin = n_randint(st, 2) ? 0 : n_randint(st, 700);
        /* both sides of N / 2, all degrees falling, all rising */
        pb.cos_n = it % 3 == 0 ? K - 1 + n_randint(st, 3)
                   : (it % 3 == 1 ? 2 * (pb.k_begin + K) - 2 - n_randint(st, 2)
                      : n_randint(st, pb.k_begin + 1));
        o1 = malloc(P * T * sizeof(double));
        o2 = malloc(P * T * sizeof(double));
        bmax = malloc(K * sizeof(double));
        for (k = 0; k < K; k++)
            bmax[k] = 1.0;
        HKZ_TEST_OK(run(o1, NULL, NULL, &pb, HKZ_BACKEND_CUDA, 1));
        cos_x = x;
        cos_N = pb.cos_n;
        pb.basis = HKZ_BASIS_USER;
        pb.fill = cos_fill;
        pb.user_bmax = bmax;
        HKZ_TEST_OK(run(o2, NULL, NULL, &pb, HKZ_BACKEND_CUDA, 1));
        HKZ_TEST_CHECK(memcmp(o1, o2, P * T * sizeof(double)) == 0,
                       "cos basis P %zu K %zu k_begin %zu N %zu: device "
                       "values differ from the host recurrence", P, K,
                       pb.k_begin, pb.cos_n);
        free(x); free(C); free(o1); free(o2); free(bmax);
    }
}

/* Device-resident run: same bits as the host run, per-entry bound on the
 * device, chunk signals posted. */
static void test_dev(flint_rand_t st)
{
    hkz_engine_problem_t pb;
    hkz_engine_opts_t o;
    hkz_cuda_engine_t e = NULL;
    hkz_signal_t sig = NULL;
    double *x, *C, *h, *g, *ge, *eh, *d_out = NULL, *d_err = NULL;
    double *d_C = NULL, *d_mag = NULL;
    size_t P = 300, K = 3000, T = 1500, i;

    problem(&pb, &x, &C, st, P, K, T, HKZ_BASIS_COS, 0);
    h = malloc(P * T * sizeof(double));
    g = malloc(P * T * sizeof(double));
    ge = malloc(P * T * sizeof(double));
    eh = malloc(P * T * sizeof(double));
    HKZ_TEST_OK(run(h, eh, NULL, &pb, HKZ_BACKEND_CUDA, 4));
    hkz_engine_opts_init(&o);
    o.nchunks = 5;
    HKZ_TEST_OK(hkz_cuda_engine_create(&e, &o));
    HKZ_TEST_OK(hkz_signal_create(&sig, 6));
    HKZ_TEST_CHECK(cudaMalloc((void **) &d_out, P * T * 8) == cudaSuccess &&
                   cudaMalloc((void **) &d_err, P * T * 8) == cudaSuccess &&
                   cudaMalloc((void **) &d_mag, T * 8) == cudaSuccess &&
                   cudaMalloc((void **) &d_C, K * T * 8) == cudaSuccess,
                   "cudaMalloc");
    /* leading dimension K, as the host run's internal copy: the same
     * cuBLAS calls, hence the same bits */
    cudaMemcpy2D(d_C, K * 8, C, pb.ldc * 8, K * 8, T,
                 cudaMemcpyHostToDevice);
    pb.C = d_C;
    pb.ldc = K;
    pb.ready = sig;
    pb.epoch = 42;
    HKZ_TEST_OK(hkz_cuda_engine_run_dev(e, d_out, d_err, d_mag, &pb));
    for (i = 0; i < 6; i++)
        HKZ_TEST_CHECK(hkz_signal_test(sig, i, 42), "slot %zu not posted",
                       i);
    cudaMemcpy(g, d_out, P * T * 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(ge, d_err, P * T * 8, cudaMemcpyDeviceToHost);
    HKZ_TEST_CHECK(memcmp(g, h, P * T * 8) == 0, "dev and host runs differ");
    HKZ_TEST_CHECK(memcmp(ge, eh, P * T * 8) == 0,
                   "dev and host bounds differ");

    /* no chunk signal: the bounds run in the GEMMs' tail (bounds_early 2,
     * the default), the same bits */
    pb.ready = NULL;
    cudaMemset(d_out, 0, P * T * 8);
    cudaMemset(d_err, 0, P * T * 8);
    HKZ_TEST_OK(hkz_cuda_engine_run_dev(e, d_out, d_err, d_mag, &pb));
    cudaMemcpy(g, d_out, P * T * 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(ge, d_err, P * T * 8, cudaMemcpyDeviceToHost);
    HKZ_TEST_CHECK(memcmp(g, h, P * T * 8) == 0 &&
                   memcmp(ge, eh, P * T * 8) == 0,
                   "dev run without a signal differs from the host run");
    pb.ready = sig;

    /* a NaN weight on the device: HKZ_ERR_ARG, with the bounds before the
     * chunks and in the tail */
    {
        double nan = NAN;
        cudaMemcpy(d_C + 5 + 3 * K, &nan, 8, cudaMemcpyHostToDevice);
        HKZ_TEST_STATUS(hkz_cuda_engine_run_dev(e, d_out, NULL, NULL, &pb),
                        HKZ_ERR_ARG);
        pb.ready = NULL;
        HKZ_TEST_STATUS(hkz_cuda_engine_run_dev(e, d_out, NULL, NULL, &pb),
                        HKZ_ERR_ARG);
        pb.ready = sig;
    }
    pb.K = 0;
    HKZ_TEST_STATUS(hkz_cuda_engine_run_dev(e, d_out, NULL, NULL, &pb),
                    HKZ_ERR_ARG);
    cudaFree(d_out); cudaFree(d_err); cudaFree(d_mag); cudaFree(d_C);
    hkz_signal_destroy(&sig);
    hkz_cuda_engine_destroy(&e);
    free(x); free(C); free(h); free(g); free(ge); free(eh);
}

/* Bad input through hkz_engine with the CUDA backend. */
static void test_bad(flint_rand_t st)
{
    hkz_engine_problem_t pb;
    double *x, *C, *out;
    size_t i;
    problem(&pb, &x, &C, st, 10, 50, 4, HKZ_BASIS_CHEB_U, 0);
    out = malloc(10 * 4 * sizeof(double));
    C[7 + 2 * pb.ldc] = NAN;
    HKZ_TEST_STATUS(run(out, NULL, NULL, &pb, HKZ_BACKEND_CUDA, 1),
                    HKZ_ERR_ARG);
    C[7 + 2 * pb.ldc] = 1.0;
    /* points outside [-1, 1], and K = 0 */
    x[3] = 1.5;
    HKZ_TEST_STATUS(run(out, NULL, NULL, &pb, HKZ_BACKEND_CUDA, 1),
                    HKZ_ERR_ARG);
    x[3] = 0.5;
    pb.K = 0;
    HKZ_TEST_STATUS(run(out, NULL, NULL, &pb, HKZ_BACKEND_CUDA, 1),
                    HKZ_ERR_ARG);
    pb.K = 50;
    HKZ_TEST_OK(run(out, NULL, NULL, &pb, HKZ_BACKEND_CUDA, 1));
    for (i = 0; i < 40; i++)
        HKZ_TEST_CHECK(isfinite(out[i]), "out[%zu] not finite", i);
    free(x); free(C); free(out);
}

int main(void)
{
    flint_rand_t st;

    HKZ_TEST_NEED_CUDA("engine_run");
    HKZ_TEST_OK(hkz_cuda_register());
    hkz_test_rand_init(st);
    test_arb(st);
    test_cpu(st);
    test_exact(st);
    test_cancel(st);
    test_heat_user(st);
    test_cos_gen(st);
    test_dev(st);
    test_bad(st);
    flint_randclear(st);
    HKZ_TEST_END("engine_run");
}
