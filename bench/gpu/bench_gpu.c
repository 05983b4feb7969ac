/* bench_gpu -- the CUDA spectral-sum engine against its baselines, all
 * measured in the same run (overlap_kernels.md 3.1):
 *
 *   one GPU:  plain cublasDgemm P x T x K on a pregenerated B (the best
 *             non-split GEMM), the engine's fixed panel/block DGEMMs on the
 *             same B, and the whole engine (basis generation on the device,
 *             DGEMMs, error bounds): TFLOP/s and ratios to plain cuBLAS.
 *   N ranks (built with hkz_nccl, run under mpirun; one rank is fine):
 *             T_gemm (plain DGEMM on the local K slice), T_comm (the
 *             reduction alone on P x T), T_seq (engine, then reduction),
 *             T_ovl (chunked overlap (a)), T_win (window overlap (b)); Flux's
 *             ECT = T - T_gemm and E_overlap = 1 - ECT_ovl / ECT_seq.
 *
 * Times: per iteration the maximum over ranks (ranks aligned by a barrier
 * and a device synchronisation), then the median (p10, p90) over --iters
 * iterations after 2 warm-ups.  Usage:
 *   bench_gpu [--P n] [--K n] [--T n] [--nchunks n] [--iters n]
 *             [--basis u|cos] [--no-single] [--no-dist]
 * Output: one "key value" line per figure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cuda_runtime_api.h>
#include <cublas_v2.h>
#include "hkz/cuda.h"
#include "hkz/status.h"
#ifdef HKZ_BENCH_NCCL
#include <mpi.h>
#include "hkz/nccl.h"
#endif

static int rank = 0, nranks = 1;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void barrier(void)
{
    cudaDeviceSynchronize();
#ifdef HKZ_BENCH_NCCL
    MPI_Barrier(MPI_COMM_WORLD);
#endif
}

static double max_over_ranks(double v)
{
#ifdef HKZ_BENCH_NCCL
    double m = v;
    MPI_Allreduce(&v, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return m;
#else
    return v;
#endif
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

typedef struct
{
    double med, p10, p90;
} stats;

static stats summarize(double *t, int n)
{
    stats s;
    qsort(t, (size_t) n, sizeof(double), cmp_d);
    s.med = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
    s.p10 = t[(int) (0.1 * (n - 1))];
    s.p90 = t[(int) ceil(0.9 * (n - 1))];
    return s;
}

static void report(const char *key, stats s, double flops)
{
    if (rank != 0)
        return;
    printf("%-28s %10.3f ms  (p10 %.3f, p90 %.3f)", key, 1e3 * s.med,
           1e3 * s.p10, 1e3 * s.p90);
    if (flops > 0)
        printf("  %7.2f TFLOP/s", flops / s.med * 1e-12);
    printf("\n");
}

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "rank %d: ", rank);                             \
            fprintf(stderr, __VA_ARGS__);                                   \
            fprintf(stderr, " [%s]\n", hkz_errmsg());                       \
            exit(1);                                                        \
        }                                                                   \
    } while (0)

typedef int (*bench_fn)(void *arg);

static stats timeit(bench_fn f, void *arg, int iters)
{
    double *t = malloc((size_t) iters * sizeof(double));
    stats s;
    int i;
    for (i = -2; i < iters; i++)
    {
        double t0;
        barrier();
        t0 = now();
        CHECK(f(arg) == 0, "benchmarked call failed");
        cudaDeviceSynchronize();
        t0 = max_over_ranks(now() - t0);
        if (i >= 0)
            t[i] = t0;
    }
    s = summarize(t, iters);
    free(t);
    return s;
}

typedef struct
{
    cublasHandle_t h;
    const double *B, *C;
    double *out;
    size_t P, K, T, ldc;
    int panels;
    hkz_cuda_engine_t e;
    hkz_engine_problem_t *pb;
#ifdef HKZ_BENCH_NCCL
    hkz_nccl_t nc;
    int overlap;
#endif
} ctx_t;

/* one cublasDgemm on the pregenerated B */
static int plain_gemm(void *v)
{
    ctx_t *c = v;
    const double one = 1.0, zero = 0.0;
    return cublasDgemm(c->h, CUBLAS_OP_N, CUBLAS_OP_N, (int) c->P,
                       (int) c->T, (int) c->K, &one, c->B, (int) c->P, c->C,
                       (int) c->ldc, &zero, c->out, (int) c->P) !=
           CUBLAS_STATUS_SUCCESS;
}

/* the engine's call pattern (1024-column panels x 2048-mode blocks) on
 * the pregenerated B: the cost of the fixed blocking alone */
static int panel_gemm(void *v)
{
    ctx_t *c = v;
    const double one = 1.0, zero = 0.0;
    size_t t0, k0;
    for (t0 = 0; t0 < c->T; t0 += 1024)
        for (k0 = 0; k0 < c->K; k0 += 2048)
        {
            size_t nt = c->T - t0 < 1024 ? c->T - t0 : 1024;
            size_t nk = c->K - k0 < 2048 ? c->K - k0 : 2048;
            if (cublasDgemm(c->h, CUBLAS_OP_N, CUBLAS_OP_N, (int) c->P,
                            (int) nt, (int) nk, &one, c->B + k0 * c->P,
                            (int) c->P, c->C + k0 + t0 * c->ldc,
                            (int) c->ldc, k0 == 0 ? &zero : &one,
                            c->out + t0 * c->P, (int) c->P) !=
                CUBLAS_STATUS_SUCCESS)
                return 1;
        }
    return 0;
}

static int engine_run(void *v)
{
    ctx_t *c = v;
    return hkz_cuda_engine_run_dev(c->e, c->out, NULL, NULL, c->pb);
}

#ifdef HKZ_BENCH_NCCL
static int nccl_run(void *v)
{
    ctx_t *c = v;
    return hkz_nccl_run_dev(c->nc, c->out, NULL, NULL, c->pb, c->overlap);
}

static int nccl_reduce(void *v)
{
    ctx_t *c = v;
    return hkz_nccl_reduce_dev(c->nc, c->out, c->P * c->T);
}
#endif

static double *dev_alloc(size_t n)
{
    double *d = NULL;
    CHECK(cudaMalloc((void **) &d, n * sizeof(double)) == cudaSuccess,
          "cudaMalloc of %zu doubles", n);
    return d;
}

static double *dev_random(size_t n, unsigned seed)
{
    double *h = malloc(n * sizeof(double)), *d = dev_alloc(n);
    size_t i;
    srand(seed);
    for (i = 0; i < n; i++)
        h[i] = (double) rand() / RAND_MAX - 0.5;
    cudaMemcpy(d, h, n * sizeof(double), cudaMemcpyHostToDevice);
    free(h);
    return d;
}

static unsigned long long hash_dev(const double *d, size_t n)
{
    unsigned long long *h = malloc(n * sizeof(double)), x = 1469598103934665603ULL;
    size_t i;
    cudaMemcpy(h, d, n * sizeof(double), cudaMemcpyDeviceToHost);
    for (i = 0; i < n; i++)
        x = (x ^ h[i]) * 1099511628211ULL;
    free(h);
    return x;
}

int main(int argc, char **argv)
{
    size_t P = 8192, K = 8192, T = 8192, nchunks = 8, i;
    int iters = 10, basis = HKZ_BASIS_CHEB_U, do_single = 1, do_dist = 1;
    int ndev = 0;
    double *x, *d_C, *d_B, *d_out;
    hkz_engine_problem_t pb;
    hkz_engine_opts_t o;
    ctx_t c;

#ifdef HKZ_BENCH_NCCL
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
#endif
    for (i = 1; i < (size_t) argc; i++)
    {
        const char *a = argv[i], *v = i + 1 < (size_t) argc ? argv[i + 1]
                                                            : "";
        if (!strcmp(a, "--P")) { P = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--K")) { K = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--T")) { T = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--nchunks")) { nchunks = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--iters")) { iters = atoi(v); i++; }
        else if (!strcmp(a, "--basis")) { basis = !strcmp(v, "cos") ? HKZ_BASIS_COS : HKZ_BASIS_CHEB_U; i++; }
        else if (!strcmp(a, "--no-single")) do_single = 0;
        else if (!strcmp(a, "--no-dist")) do_dist = 0;
        else { fprintf(stderr, "unknown option %s\n", a); return 2; }
    }
    CHECK(iters >= 1, "--iters must be >= 1");
    CHECK(hkz_cuda_device_count(&ndev) == HKZ_SUCCESS && ndev > 0,
          "no CUDA device");
    cudaSetDevice(rank % ndev);
    if (rank == 0)
    {
        struct cudaDeviceProp prop;
        cudaGetDeviceProperties(&prop, rank % ndev);
        printf("device %s, %d SMs; ranks %d; P %zu K %zu T %zu nchunks %zu "
               "iters %d basis %s\n", prop.name, prop.multiProcessorCount,
               nranks, P, K, T, nchunks, iters,
               basis == HKZ_BASIS_COS ? "cos" : "cheb_u");
    }

    x = malloc(P * sizeof(double));
    for (i = 0; i < P; i++)
        x[i] = cos(3.14159265358979 * (i + 0.5) / P);
    d_C = dev_random(K * T, 11);
    d_out = dev_alloc(P * T);
    hkz_engine_problem_init(&pb);
    pb.P = P;
    pb.K = K;
    pb.T = T;
    pb.basis = basis;
    pb.cos_n = K - 1;
    pb.x = x;
    pb.C = d_C;
    pb.ldc = K;
    memset(&c, 0, sizeof(c));
    c.C = d_C;
    c.out = d_out;
    c.P = P;
    c.K = K;
    c.T = T;
    c.ldc = K;
    c.pb = &pb;
    CHECK(cublasCreate(&c.h) == CUBLAS_STATUS_SUCCESS, "cublasCreate");
    hkz_engine_opts_init(&o);
    o.nchunks = nchunks;
    o.device = rank % ndev;
    CHECK(hkz_cuda_engine_create(&c.e, &o) == HKZ_SUCCESS, "engine");

    if (do_single)
    {
        double flops = 2.0 * P * K * T;
        stats sp, sb, se;
        unsigned long long h1, h2;
        hkz_cuda_engine_t e1 = NULL;
        d_B = dev_random(P * K, 12);
        c.B = d_B;
        sp = timeit(plain_gemm, &c, iters);
        sb = timeit(panel_gemm, &c, iters);
        se = timeit(engine_run, &c, iters);
        report("plain_cublas_dgemm", sp, flops);
        report("engine_panels_pregen_B", sb, flops);
        report("engine_full", se, flops);
        if (rank == 0)
        {
            printf("ratio_panels_vs_plain        %.4f\n", sp.med / sb.med);
            printf("ratio_engine_vs_plain        %.4f   (target >= 0.90)\n",
                   sp.med / se.med);
        }
        /* bitwise: nchunks does not change the result */
        h1 = hash_dev(d_out, P * T);
        o.nchunks = 1;
        CHECK(hkz_cuda_engine_create(&e1, &o) == HKZ_SUCCESS, "engine");
        CHECK(hkz_cuda_engine_run_dev(e1, d_out, NULL, NULL, &pb) ==
              HKZ_SUCCESS, "engine run");
        h2 = hash_dev(d_out, P * T);
        hkz_cuda_engine_destroy(&e1);
        o.nchunks = nchunks;
        if (rank == 0)
            printf("bitwise_nchunks_%zu_vs_1       %s\n", nchunks,
                   h1 == h2 ? "identical" : "DIFFERENT");
        cudaFree(d_B);
    }
#ifdef HKZ_BENCH_NCCL
    if (do_dist)
    {
        size_t Kl = K / nranks;
        double flops = 2.0 * P * Kl * T;
        stats sg, sc, ss, so, sw;
        unsigned long long hs, ho, hw;
        int win = 0;
        o.shard = HKZ_SHARD_SPLIT_K;
        CHECK(hkz_nccl_create(&c.nc, MPI_COMM_WORLD, &o) == HKZ_SUCCESS,
              "hkz_nccl_create");
        hkz_nccl_info(c.nc, NULL, NULL, NULL, &win);
        /* T_gemm: the best non-split DGEMM of the local slice */
        d_B = dev_random(P * Kl, 13);
        c.B = d_B;
        c.K = Kl;
        sg = timeit(plain_gemm, &c, iters);
        c.K = K;
        cudaFree(d_B);
        sc = timeit(nccl_reduce, &c, iters);
        c.overlap = HKZ_OVERLAP_NONE;
        ss = timeit(nccl_run, &c, iters);
        hs = hash_dev(d_out, P * T);
        c.overlap = HKZ_OVERLAP_CHUNKED;
        so = timeit(nccl_run, &c, iters);
        ho = hash_dev(d_out, P * T);
        c.overlap = HKZ_OVERLAP_WINDOW;
        sw = timeit(nccl_run, &c, iters);
        hw = hash_dev(d_out, P * T);
        if (rank == 0)
            printf("dist: %d ranks, K_loc %zu, window mode %s\n", nranks, Kl,
                   win ? "on" : "off (falls back to chunked)");
        report("T_gemm_local_plain", sg, flops);
        report("T_comm_reduce_alone", sc, 0);
        report("T_seq_engine_then_reduce", ss, flops);
        report("T_ovl_chunked", so, flops);
        report("T_win_window", sw, flops);
        if (rank == 0)
        {
            double ect_seq = ss.med - sg.med, ect_ovl = so.med - sg.med;
            double ect_win = sw.med - sg.med;
            double ideal = sg.med > sc.med ? sg.med : sc.med;
            printf("comm_GBps_busbw              %.1f\n",
                   nranks > 1 ? 2.0 * (nranks - 1) / nranks * 8.0 * P * T /
                   sc.med * 1e-9 : 8.0 * P * T / sc.med * 1e-9);
            printf("E_overlap_chunked            %.3f\n",
                   ect_seq > 0 ? 1.0 - ect_ovl / ect_seq : NAN);
            printf("E_overlap_window             %.3f\n",
                   ect_seq > 0 ? 1.0 - ect_win / ect_seq : NAN);
            printf("speedup_seq_over_chunked     %.3f\n", ss.med / so.med);
            printf("speedup_seq_over_window      %.3f\n", ss.med / sw.med);
            printf("gain_realised_chunked        %.3f  (T_ideal %.3f ms)\n",
                   ss.med > ideal ? (ss.med - so.med) / (ss.med - ideal)
                                  : NAN, 1e3 * ideal);
            printf("bitwise_none_chunked_window  %s\n",
                   hs == ho && ho == hw ? "identical" : "DIFFERENT");
        }
        hkz_nccl_destroy(&c.nc);
    }
#else
    (void) do_dist;
#endif
    hkz_cuda_engine_destroy(&c.e);
    cublasDestroy(c.h);
    cudaFree(d_C);
    cudaFree(d_out);
    free(x);
#ifdef HKZ_BENCH_NCCL
    MPI_Finalize();
#endif
    return 0;
}
