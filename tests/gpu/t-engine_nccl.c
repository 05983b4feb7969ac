/* hkz_nccl: split-K and split-P spectral sums over MPI ranks with NCCL.
 * Bitwise identical results on every rank, for every overlap mode (none,
 * chunked, window) and chunk count; within the bound of the single-GPU
 * engine; exact for integer inputs; bad input fails on every rank.
 * Run with any number of ranks (one GPU per rank; on a single GPU, ranks
 * beyond the first need distinct NCCL_HOSTID, and the window mode falls
 * back to chunked).  Skips without a GPU. */
#include <string.h>
#include <mpi.h>
#include <cuda_runtime_api.h>
#include "hkz/cuda.h"
#include "hkz/nccl.h"
#include "../engine/engine_ref.h"

static int rank = 0, nranks = 1;

/* all ranks agree that cond holds */
static int all_true(int cond)
{
    int all = 0;
    MPI_Allreduce(&cond, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all;
}

/* the same bits as rank 0 */
static int same_as_root(const double *v, size_t n)
{
    double *r = malloc(n * sizeof(double));
    int ok;
    memcpy(r, v, n * sizeof(double));
    MPI_Bcast(r, (int) n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    ok = memcmp(r, v, n * sizeof(double)) == 0;
    free(r);
    return all_true(ok);
}

static void make(hkz_engine_problem_t *pb, double **x, double **C,
                 flint_rand_t st, size_t P, size_t K, size_t T, int exact)
{
    static const double pts[] = {1.0, -1.0, 0.5, -0.5, 0.0};
    size_t i;
    hkz_engine_problem_init(pb);
    pb->P = P;
    pb->K = K;
    pb->T = T;
    pb->basis = HKZ_BASIS_CHEB_U;
    *x = malloc(P * sizeof(double));
    for (i = 0; i < P; i++)
        (*x)[i] = exact ? pts[i % 5] : rand_point(st);
    pb->x = *x;
    pb->ldc = K;
    *C = malloc(K * T * sizeof(double));
    for (i = 0; i < K * T; i++)
        (*C)[i] = exact ? (double) ((slong) n_randint(st, 17) - 8)
                        : rand_weight(st, 0);
    pb->C = *C;
    pb->err_layout = HKZ_ERR_PER_COLUMN;
}

static int single(double *out, double *err, const hkz_engine_problem_t *pb,
                  int backend)
{
    hkz_engine_opts_t o;
    hkz_engine_t e = NULL;
    int s;
    hkz_engine_opts_init(&o);
    o.backend = backend;
    s = hkz_engine_create(&e, &o);
    if (s == HKZ_SUCCESS)
        s = hkz_engine_run(e, out, err, pb);
    hkz_engine_destroy(&e);
    return s;
}

int main(int argc, char **argv)
{
    hkz_engine_opts_t o;
    hkz_nccl_t h1 = NULL, h5 = NULL, hp = NULL;
    hkz_engine_problem_t pb;
    flint_rand_t st;
    double *x, *C, *ref, *eref, *out, *err, *d_out = NULL, *d_C = NULL;
    size_t P = 200, K = 5003, T = 1100, i, t;
    int ndev = 0, win = 0, mode, exact;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    HKZ_TEST_OK(hkz_cuda_device_count(&ndev));
    if (!all_true(ndev > 0))
    {
        if (rank == 0)
            printf("engine_nccl....SKIP (no CUDA device)\n");
        MPI_Finalize();
        return 77;
    }
    hkz_test_rand_init(st);
    hkz_engine_opts_init(&o);
    o.shard = HKZ_SHARD_SPLIT_K;
    o.nchunks = 1;
    HKZ_TEST_OK(hkz_nccl_create(&h1, MPI_COMM_WORLD, &o));
    o.nchunks = 5;
    HKZ_TEST_OK(hkz_nccl_create(&h5, MPI_COMM_WORLD, &o));
    o.shard = HKZ_SHARD_SPLIT_P;
    HKZ_TEST_OK(hkz_nccl_create(&hp, MPI_COMM_WORLD, &o));
    hkz_nccl_info(h5, NULL, NULL, NULL, &win);
    if (rank == 0)
        printf("  %d ranks, window mode %s\n", nranks,
               win ? "available" : "not available (falls back to chunked)");

    for (exact = 0; exact < 2; exact++)
    {
        make(&pb, &x, &C, st, P, K, T, exact);
        /* the same problem on every rank */
        MPI_Bcast(x, (int) P, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        MPI_Bcast(C, (int) (K * T), MPI_DOUBLE, 0, MPI_COMM_WORLD);
        ref = malloc(P * T * sizeof(double));
        eref = malloc(T * sizeof(double));
        out = malloc(P * T * sizeof(double));
        err = malloc(T * sizeof(double));
        HKZ_TEST_OK(single(ref, eref, &pb, exact ? HKZ_BACKEND_CPU
                                                 : HKZ_BACKEND_CUDA));
        {
            double *first = malloc(P * T * sizeof(double));
            for (mode = 0; mode < 5; mode++)
            {
                hkz_nccl_t h = mode == 0 ? h1 : (mode == 4 ? hp : h5);
                int ov = mode == 0 ? HKZ_OVERLAP_NONE
                         : mode == 1 ? HKZ_OVERLAP_CHUNKED
                         : HKZ_OVERLAP_WINDOW;
                memset(out, 0, P * T * sizeof(double));
                HKZ_TEST_OK(hkz_nccl_run(h, out, err, NULL, &pb, ov));
                HKZ_TEST_CHECK(same_as_root(out, P * T),
                               "mode %d: ranks differ", mode);
                if (mode == 0)
                    memcpy(first, out, P * T * sizeof(double));
                else if (mode < 4 || exact)
                    HKZ_TEST_CHECK(memcmp(first, out, P * T * 8) == 0,
                                   "mode %d differs from mode 0", mode);
                if (exact)
                    HKZ_TEST_CHECK(memcmp(ref, out, P * T * 8) == 0,
                                   "mode %d: exact result differs", mode);
                for (t = 0; t < T; t++)
                    for (i = 0; i < P; i++)
                        HKZ_TEST_CHECK(fabs(out[i + t * P] -
                                            ref[i + t * P]) <=
                                       err[t] + eref[t],
                                       "mode %d p %zu t %zu: %.17g vs "
                                       "%.17g (err %.3g)", mode, i, t,
                                       out[i + t * P], ref[i + t * P],
                                       err[t]);
            }
            free(first);
        }
        /* device-resident run: same bits as the host run */
        if (!exact)
        {
            double *h = malloc(P * T * sizeof(double));
            HKZ_TEST_OK(hkz_nccl_run(h5, out, NULL, NULL, &pb,
                                     HKZ_OVERLAP_WINDOW));
            HKZ_TEST_CHECK(cudaMalloc((void **) &d_out, P * T * 8) ==
                           cudaSuccess && cudaMalloc((void **) &d_C,
                           K * T * 8) == cudaSuccess, "cudaMalloc");
            cudaMemcpy(d_C, C, K * T * 8, cudaMemcpyHostToDevice);
            pb.C = d_C;
            HKZ_TEST_OK(hkz_nccl_run_dev(h5, d_out, err, NULL, &pb,
                                         HKZ_OVERLAP_CHUNKED));
            cudaMemcpy(h, d_out, P * T * 8, cudaMemcpyDeviceToHost);
            HKZ_TEST_CHECK(memcmp(h, out, P * T * 8) == 0,
                           "dev run differs");
            pb.C = C;
            cudaFree(d_out);
            cudaFree(d_C);
            free(h);
        }
        free(x); free(C); free(ref); free(eref); free(out); free(err);
    }

    /* bad input: every rank gets the error, nobody hangs */
    make(&pb, &x, &C, st, 50, 300, 21, 0);
    out = malloc(50 * 21 * sizeof(double));
    pb.T = rank == 0 ? 21 : 20;
    HKZ_TEST_STATUS(hkz_nccl_run(h5, out, NULL, NULL, &pb,
                                 HKZ_OVERLAP_CHUNKED),
                    nranks > 1 ? HKZ_ERR_ARG : HKZ_SUCCESS);
    pb.T = 20;
    if (rank == nranks - 1)
        C[3] = NAN;
    HKZ_TEST_STATUS(hkz_nccl_run(h5, out, NULL, NULL, &pb,
                                 HKZ_OVERLAP_WINDOW), HKZ_ERR_ARG);
    C[3] = 0.25;
    pb.K = 0;
    HKZ_TEST_STATUS(hkz_nccl_run(h1, out, NULL, NULL, &pb,
                                 HKZ_OVERLAP_NONE), HKZ_ERR_ARG);
    pb.K = 300;
    HKZ_TEST_OK(hkz_nccl_run(h1, out, NULL, NULL, &pb, HKZ_OVERLAP_NONE));
    free(x); free(C); free(out);

    hkz_nccl_destroy(&hp);
    hkz_nccl_destroy(&h5);
    hkz_nccl_destroy(&h1);
    flint_randclear(st);
    {
        int fails = hkz_test_failures, all = 0;
        MPI_Allreduce(&fails, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Finalize();
        hkz_test_failures = all;
    }
    HKZ_TEST_END("engine_nccl");
}
