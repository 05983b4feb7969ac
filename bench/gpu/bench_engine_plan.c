/* bench_engine_plan -- where the CUDA engine's time goes against plain
 * cuBLAS (issue 19.3).  In one process, on one data set (B at P Chebyshev
 * nodes, C uniform in [-1, 1], as hkz bench ssum):
 *   - DGEMM call plans alone on a pregenerated B (no generation, no
 *     bound): "plain" (one call), "kb2048_tp1024" (main's 32 calls),
 *     "hyb_tpN" (the first 1024-column panel by 2048-mode blocks, then one
 *     call over all K per N columns), "full_tpN" (one call over all K per
 *     N columns);
 *   - whole engine runs (hkz_cuda_engine_run_dev) under variants of the
 *     tuning environment (read at hkz_cuda_engine_create), given as
 *     arguments NAME[:VAR=VAL[,VAR=VAL...]].
 * Every round times each entry once (wall time to a device
 * synchronisation), every other round in reverse order, so drift hits all
 * alike; medians of --reps rounds after one warm-up, and the ratio plain /
 * entry.
 * Usage: bench_engine_plan [--P n] [--K n] [--T n] [--reps n] [--basis
 *        u|cos] [--no-plans] VARIANT...   (--reps 0: one untimed round,
 *        for a profiler) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cuda_runtime_api.h>
#include <cublas_v2.h>
#include "hkz/bench.h"
#include "hkz/cuda.h"
#include "hkz/status.h"

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, __VA_ARGS__);                                   \
            fprintf(stderr, " [%s]\n", hkz_errmsg());                       \
            exit(1);                                                        \
        }                                                                   \
    } while (0)

#define MAXE 64

typedef struct
{
    char name[64];
    int kind;          /* 0: GEMM plan, 1: engine */
    size_t kb, tp, kbpan;
    hkz_cuda_engine_t e;
    double *t;
} entry_t;

static size_t P = 8192, K = 8192, T = 8192;
static double *dB, *dC, *dout, *derr;
static cublasHandle_t blas;
static hkz_engine_problem_t pb;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static void gemm(size_t k0, size_t nk, size_t t0, size_t nt, int acc)
{
    const double one = 1.0, zero = 0.0;
    CHECK(cublasDgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, (int) P, (int) nt,
                      (int) nk, &one, dB + k0 * P, (int) P, dC + k0 + t0 * K,
                      (int) K, acc ? &one : &zero, dout + t0 * P, (int) P)
          == CUBLAS_STATUS_SUCCESS, "cublasDgemm");
}

/* the engine's call plan on a pregenerated B */
static void run_plan(const entry_t *p)
{
    size_t t0, k0, pan = 0;
    for (t0 = 0; t0 < T; t0 += p->tp, pan++)
    {
        size_t nt = T - t0 < p->tp ? T - t0 : p->tp;
        if (pan >= p->kbpan)
        {
            gemm(0, K, t0, nt, 0);
            continue;
        }
        for (k0 = 0; k0 < K; k0 += p->kb)
            gemm(k0, K - k0 < p->kb ? K - k0 : p->kb, t0, nt, k0 > 0);
    }
}

static double run(entry_t *p)
{
    double s = now();
    if (p->kind == 0)
        run_plan(p);
    else
        CHECK(hkz_cuda_engine_run_dev(p->e, dout, derr, NULL, &pb)
              == HKZ_SUCCESS, "engine %s", p->name);
    CHECK(cudaDeviceSynchronize() == cudaSuccess, "sync");
    return now() - s;
}

static void add_plan(entry_t *E, int *n, const char *name, size_t kb,
                     size_t tp, size_t kbpan)
{
    entry_t *p = &E[(*n)++];
    snprintf(p->name, sizeof(p->name), "%s", name);
    p->kind = 0;
    p->kb = kb;
    p->tp = tp;
    p->kbpan = kbpan;
}

/* NAME[:VAR=VAL,...]: the engine created under that environment */
static void add_engine(entry_t *E, int *n, const char *spec)
{
    entry_t *p = &E[(*n)++];
    char buf[512], *vars[16], *tok, *save = NULL;
    const char *colon = strchr(spec, ':');
    hkz_engine_opts_t o;
    int nv = 0, i;
    size_t len = colon != NULL ? (size_t) (colon - spec) : strlen(spec);
    snprintf(p->name, sizeof(p->name), "%.*s", (int) len, spec);
    p->kind = 1;
    snprintf(buf, sizeof(buf), "%s", colon != NULL ? colon + 1 : "");
    for (tok = strtok_r(buf, ",", &save); tok != NULL && nv < 16;
         tok = strtok_r(NULL, ",", &save))
    {
        char *eq = strchr(tok, '=');
        if (eq == NULL)
            continue;
        *eq = '\0';
        setenv(tok, eq + 1, 1);
        vars[nv++] = tok;
    }
    hkz_engine_opts_init(&o);
    o.backend = HKZ_BACKEND_CUDA;
    o.nchunks = 8;
    CHECK(hkz_cuda_engine_create(&p->e, &o) == HKZ_SUCCESS, "create %s",
          p->name);
    for (i = 0; i < nv; i++)
        unsetenv(vars[i]);
}

int main(int argc, char **argv)
{
    entry_t E[MAXE];
    int n = 0, i, r, reps = 10, basis = HKZ_BASIS_CHEB_U, plans = 1;
    double *x, *B, *C;
    uint64_t s = 0x9E3779B97F4A7C15ULL * 2;
    size_t j;

    memset(E, 0, sizeof(E));
    for (i = 1; i < argc; i++)
    {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(a, "--P")) { P = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--K")) { K = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--T")) { T = strtoull(v, NULL, 10); i++; }
        else if (!strcmp(a, "--reps")) { reps = atoi(v); i++; }
        else if (!strcmp(a, "--basis")) { basis = !strcmp(v, "cos") ? HKZ_BASIS_COS : HKZ_BASIS_CHEB_U; i++; }
        else if (!strcmp(a, "--no-plans")) plans = 0;
        else break;
    }
    CHECK(reps >= 0, "--reps");   /* 0: one untimed round (for ncu) */
    x = malloc(P * sizeof(double));
    B = malloc(P * K * sizeof(double));
    C = malloc(K * T * sizeof(double));
    CHECK(x != NULL && B != NULL && C != NULL, "host memory");
    for (j = 0; j < P; j++)
        x[j] = cos(3.14159265358979323846 * ((double) j + 0.5) / (double) P);
    for (j = 0; j < K * T; j++)
    {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        C[j] = (double) ((s * 0x2545F4914F6CDD1DULL) >> 11) * 0x1.0p-52 - 1.0;
    }
    /* the engine's own values (cos: T_{|N - 2g|}, N = 2 K - 2), so that
     * plain and engine multiply the same data */
    if (basis == HKZ_BASIS_COS)
        hkz_bench_basis_cos(B, x, P, 0, K, 2 * K - 2);
    else
        hkz_bench_basis(B, P, x, 0, P, 0, K, basis);
    CHECK(cudaMalloc((void **) &dB, P * K * 8) == cudaSuccess &&
          cudaMalloc((void **) &dC, K * T * 8) == cudaSuccess &&
          cudaMalloc((void **) &dout, P * T * 8) == cudaSuccess &&
          cudaMalloc((void **) &derr, T * 8) == cudaSuccess, "device memory");
    CHECK(cudaMemcpy(dB, B, P * K * 8, cudaMemcpyHostToDevice) == cudaSuccess
          && cudaMemcpy(dC, C, K * T * 8, cudaMemcpyHostToDevice)
          == cudaSuccess, "upload");
    free(B);
    free(C);
    CHECK(cublasCreate(&blas) == CUBLAS_STATUS_SUCCESS, "cublasCreate");
    hkz_engine_problem_init(&pb);
    pb.P = P;
    pb.K = K;
    pb.T = T;
    pb.basis = basis;
    pb.cos_n = 2 * K - 2;
    pb.x = x;
    pb.C = dC;
    pb.ldc = K;
    pb.err_layout = HKZ_ERR_PER_COLUMN;

    add_plan(E, &n, "plain", K, T, 0);
    if (plans)
    {
        add_plan(E, &n, "gemm_kb2048_tp1024", 2048, 1024, (size_t) -1);
        add_plan(E, &n, "gemm_hyb_tp1024", 2048, 1024, 1);
        add_plan(E, &n, "gemm_hyb_tp2048", 2048, 2048, 1);
        add_plan(E, &n, "gemm_full_tp1024", K, 1024, 0);
        add_plan(E, &n, "gemm_full_tp2048", K, 2048, 0);
        add_plan(E, &n, "gemm_full_tp4096", K, 4096, 0);
        add_plan(E, &n, "gemm_full_tp8192", K, 8192, 0);
    }
    for (; i < argc && n < MAXE; i++)
        add_engine(E, &n, argv[i]);
    for (i = 0; i < n; i++)
    {
        E[i].t = malloc((size_t) (reps + 1) * sizeof(double));
        CHECK(E[i].t != NULL, "host memory");
    }
    /* every other round in reverse order: a drift within a round (clock,
     * temperature) hits every entry alike on average */
    for (r = reps > 0 ? -1 : 0; r < (reps > 0 ? reps : 1); r++)
        for (i = 0; i < n; i++)
        {
            int q = r % 2 != 0 ? n - 1 - i : i;
            double t = run(&E[q]);
            if (r >= 0 && reps > 0)
                E[q].t[r] = t;
        }
    printf("# P %zu K %zu T %zu basis %s reps %d (median ms, min ms, "
           "plain/entry on medians)\n", P, K, T,
           basis == HKZ_BASIS_COS ? "cos" : "u", reps);
    for (i = 0; i < n; i++)
        qsort(E[i].t, (size_t) reps, sizeof(double), cmp_d);
    for (i = 0; i < n; i++)
    {
        double med = E[i].t[reps / 2], pl = E[0].t[reps / 2];
        if (reps > 0)
            printf("%-28s %8.3f %8.3f %6.1f%%\n", E[i].name, 1e3 * med,
                   1e3 * E[i].t[0], 100.0 * pl / med);
        if (E[i].kind == 1)
            hkz_cuda_engine_destroy(&E[i].e);
        free(E[i].t);
    }
    cublasDestroy(blas);
    cudaFree(dB);
    cudaFree(dC);
    cudaFree(dout);
    cudaFree(derr);
    free(x);
    return 0;
}
