/* bench_gpu -- the CUDA spectral-sum engine against its baselines.  The
 * figures are the library's (hkz_bench_ssum, hkz/bench.h; `hkz bench ssum
 * --device cuda` prints the same): plain cublasDgemm on a pregenerated
 * basis, the whole engine (device-resident), the reduction alone,
 * GEMM-then-reduce and the chunked and window overlaps with Flux's
 * E_overlap (one call per overlap mode).  This program adds diagnostics:
 *   - the engine's fixed panel / block DGEMMs on a pregenerated B (the cost
 *     of the blocking alone), median of --iters after 2 warm-ups;
 *   - bitwise identity of the engine's output for --nchunks and 1 chunk;
 *   - (hkz_nccl) bitwise identity of the outputs of the overlap modes.
 * Usage:
 *   bench_gpu [--P n] [--K n] [--T n] [--nchunks n] [--iters n]
 *             [--basis u|cos] [--no-single] [--no-dist]
 * (--no-single skips the panel and nchunks diagnostics, --no-dist the
 * overlap-mode identity).  Output: one "key value" line per figure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime_api.h>
#include <cublas_v2.h>
#include "hkz/bench.h"
#include "hkz/cuda.h"
#include "hkz/dist.h"
#include "hkz/status.h"
#ifdef HKZ_BENCH_NCCL
#include "hkz/dist_mpi.h"
#include "hkz/nccl.h"
#endif

static int rank = 0;

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "rank %d: ", rank);                             \
            fprintf(stderr, __VA_ARGS__);                                   \
            fprintf(stderr, " [%s]\n", hkz_errmsg());                       \
            exit(1);                                                        \
        }                                                                   \
    } while (0)

static double *dev_random(size_t n, unsigned seed)
{
    double *h = malloc(n * sizeof(double)), *d = NULL;
    size_t i;
    CHECK(h != NULL && cudaMalloc((void **) &d, n * sizeof(double)) ==
          cudaSuccess, "allocation of %zu doubles", n);
    srand(seed);
    for (i = 0; i < n; i++)
        h[i] = (double) rand() / RAND_MAX - 0.5;
    cudaMemcpy(d, h, n * sizeof(double), cudaMemcpyHostToDevice);
    free(h);
    return d;
}

static unsigned long long hash_dev(const double *d, size_t n)
{
    unsigned long long *h = malloc(n * sizeof(double));
    unsigned long long x = 1469598103934665603ULL;
    size_t i;
    cudaMemcpy(h, d, n * sizeof(double), cudaMemcpyDeviceToHost);
    for (i = 0; i < n; i++)
        x = (x ^ h[i]) * 1099511628211ULL;
    free(h);
    return x;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

/* the engine's call pattern (1024-column panels x 2048-mode blocks) on a
 * pregenerated B: median time over iters after 2 warm-ups */
static double panel_gemm(size_t P, size_t K, size_t T, const double *B,
                         const double *C, double *out, int iters)
{
    const double one = 1.0, zero = 0.0;
    double *t = malloc((size_t) iters * sizeof(double)), med;
    cublasHandle_t h;
    int i;
    CHECK(t != NULL && cublasCreate(&h) == CUBLAS_STATUS_SUCCESS,
          "cublasCreate");
    for (i = -2; i < iters; i++)
    {
        size_t t0, k0;
        double s = hkz_dist_wtime();
        for (t0 = 0; t0 < T; t0 += 1024)
            for (k0 = 0; k0 < K; k0 += 2048)
            {
                size_t nt = T - t0 < 1024 ? T - t0 : 1024;
                size_t nk = K - k0 < 2048 ? K - k0 : 2048;
                CHECK(cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, (int) P,
                                  (int) nt, (int) nk, &one, B + k0 * P,
                                  (int) P, C + k0 + t0 * K, (int) K,
                                  k0 == 0 ? &zero : &one, out + t0 * P,
                                  (int) P) == CUBLAS_STATUS_SUCCESS,
                      "cublasDgemm");
            }
        cudaDeviceSynchronize();
        if (i >= 0)
            t[i] = hkz_dist_wtime() - s;
    }
    qsort(t, (size_t) iters, sizeof(double), cmp_d);
    med = t[iters / 2];
    cublasDestroy(h);
    free(t);
    return med;
}

static void report(const char *mode, const hkz_bench_ssum_t *r)
{
    const double *t = r->t;
    if (rank != 0)
        return;
    printf("backend                      %s\n", r->backend);
    printf("ranks                        %d  (K_loc %zu, P_loc %zu)\n",
           r->nranks, r->k_loc, r->p_loc);
    printf("plain_cublas_dgemm           %10.3f ms  %7.2f TFLOP/s\n",
           1e3 * t[HKZ_BENCH_PLAIN], r->plain_flops * 1e-12);
    printf("engine_full                  %10.3f ms  %7.2f TFLOP/s\n",
           1e3 * t[HKZ_BENCH_ENGINE], r->engine_flops * 1e-12);
    printf("efficiency_vs_plain_dgemm    %.1f%%\n", 100.0 * r->efficiency);
    printf("reduction                    %s\n", r->reduction);
    printf("T_comm_reduce_alone          %10.3f ms\n",
           1e3 * t[HKZ_BENCH_COMM]);
    printf("T_seq_engine_then_reduce     %10.3f ms\n", 1e3 * t[HKZ_BENCH_SEQ]);
    printf("T_ovl_%-22s %10.3f ms\n", mode, 1e3 * t[HKZ_BENCH_OVL]);
    printf("E_overlap_%-19s %.3f\n", mode, r->e_overlap);
    printf("speedup_seq_over_%-12s %.3f\n", mode,
           t[HKZ_BENCH_SEQ] / t[HKZ_BENCH_OVL]);
}

int main(int argc, char **argv)
{
    hkz_bench_ssum_opts_t o;
    hkz_bench_ssum_t r;
    int i, do_single = 1, do_dist = 1, mode;
    int last = HKZ_BENCH_OVERLAP_CHUNKED;   /* window: with hkz_nccl */

    CHECK(hkz_dist_init(&argc, &argv) == HKZ_SUCCESS, "hkz_dist_init");
    rank = hkz_dist_rank(NULL);
    hkz_bench_ssum_opts_init(&o);
    o.P = o.K = o.T = 8192;
    o.backend = HKZ_BACKEND_CUDA;
    o.nchunks = 8;
    o.reps = 10;
    o.warmup = 2;
    for (i = 1; i < argc; i++)
    {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(a, "--P")) { o.P = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--K")) { o.K = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--T")) { o.T = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--nchunks")) { o.nchunks = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--iters")) { o.reps = atoi(v); i++; }
        else if (!strcmp(a, "--basis")) { o.basis = !strcmp(v, "cos") ? HKZ_BASIS_COS : HKZ_BASIS_CHEB_U; i++; }
        else if (!strcmp(a, "--no-single")) do_single = 0;
        else if (!strcmp(a, "--no-dist")) do_dist = 0;
        else { fprintf(stderr, "unknown option %s\n", a); return 2; }
    }
    CHECK(o.reps >= 1, "--iters must be >= 1");
    CHECK(hkz_bench_ssum_register(HKZ_BENCH_HOOK_CUDA,
                                  hkz_cuda_bench_ssum_hook()) == HKZ_SUCCESS,
          "register");
#ifdef HKZ_BENCH_NCCL
    CHECK(hkz_bench_ssum_register(HKZ_BENCH_HOOK_NCCL,
                                  hkz_nccl_bench_ssum_hook()) == HKZ_SUCCESS,
          "register");
#endif
    /* the library's figures, once per overlap mode */
#ifdef HKZ_BENCH_NCCL
    last = HKZ_BENCH_OVERLAP_WINDOW;
#endif
    for (mode = HKZ_BENCH_OVERLAP_CHUNKED; mode <= last; mode++)
    {
        o.overlap = mode;
        hkz_bench_ssum_init(&r);
        CHECK(hkz_bench_ssum(&r, &o) == HKZ_SUCCESS, "hkz_bench_ssum");
        report(mode == HKZ_BENCH_OVERLAP_CHUNKED ? "chunked" : "window", &r);
        hkz_bench_ssum_clear(&r);
    }

    if (do_single)
    {
        hkz_engine_opts_t eo;
        hkz_engine_problem_t pb;
        hkz_cuda_engine_t e = NULL;
        size_t P = o.P, K = o.K, T = o.T, c;
        double *B = dev_random(P * K, 12), *C = dev_random(K * T, 11);
        double *out = NULL, *x = malloc(P * sizeof(double)), tp;
        unsigned long long h[2];
        CHECK(x != NULL && cudaMalloc((void **) &out, P * T * 8) ==
              cudaSuccess, "allocation");
        tp = panel_gemm(P, K, T, B, C, out, o.reps);
        if (rank == 0)
            printf("engine_panels_pregen_B       %10.3f ms  %7.2f TFLOP/s\n",
                   1e3 * tp, 2.0 * P * K * T / tp * 1e-12);
        /* bitwise: nchunks does not change the result */
        for (c = 0; c < P; c++)
            x[c] = cos(3.14159265358979 * (c + 0.5) / P);
        hkz_engine_problem_init(&pb);
        pb.P = P; pb.K = K; pb.T = T; pb.basis = o.basis;
        pb.cos_n = K - 1; pb.x = x; pb.C = C; pb.ldc = K;
        hkz_engine_opts_init(&eo);
        for (c = 0; c < 2; c++)
        {
            eo.nchunks = c == 0 ? o.nchunks : 1;
            CHECK(hkz_cuda_engine_create(&e, &eo) == HKZ_SUCCESS, "engine");
            CHECK(hkz_cuda_engine_run_dev(e, out, NULL, NULL, &pb) ==
                  HKZ_SUCCESS, "engine run");
            h[c] = hash_dev(out, P * T);
            hkz_cuda_engine_destroy(&e);
        }
        if (rank == 0)
            printf("bitwise_nchunks_%zu_vs_1       %s\n", o.nchunks,
                   h[0] == h[1] ? "identical" : "DIFFERENT");
        cudaFree(B);
        cudaFree(C);
        cudaFree(out);
        free(x);
    }
#ifdef HKZ_BENCH_NCCL
    if (do_dist)
    {
        hkz_engine_opts_t eo;
        hkz_engine_problem_t pb;
        hkz_nccl_t nc = NULL;
        size_t P = o.P, K = o.K, T = o.T, c;
        double *C = dev_random(K * T, 11), *out = NULL;
        double *x = malloc(P * sizeof(double));
        unsigned long long h[3];
        CHECK(x != NULL && cudaMalloc((void **) &out, P * T * 8) ==
              cudaSuccess, "allocation");
        for (c = 0; c < P; c++)
            x[c] = cos(3.14159265358979 * (c + 0.5) / P);
        hkz_engine_problem_init(&pb);
        pb.P = P; pb.K = K; pb.T = T; pb.basis = o.basis;
        pb.cos_n = K - 1; pb.x = x; pb.C = C; pb.ldc = K;
        hkz_engine_opts_init(&eo);
        eo.nchunks = o.nchunks;
        eo.shard = HKZ_SHARD_SPLIT_K;
        CHECK(hkz_nccl_create(&nc, hkz_dist_comm(hkz_dist_world()), &eo) ==
              HKZ_SUCCESS, "hkz_nccl_create");
        for (c = 0; c < 3; c++)
        {
            CHECK(hkz_nccl_run_dev(nc, out, NULL, NULL, &pb, (int) c) ==
                  HKZ_SUCCESS, "hkz_nccl_run_dev");
            h[c] = hash_dev(out, P * T);
        }
        if (rank == 0)
            printf("bitwise_none_chunked_window  %s\n",
                   h[0] == h[1] && h[1] == h[2] ? "identical" : "DIFFERENT");
        hkz_nccl_destroy(&nc);
        cudaFree(C);
        cudaFree(out);
        free(x);
    }
#else
    (void) do_dist;
#endif
    hkz_dist_finalize();
    return 0;
}
