// The reduction steps of hkz_bench_ssum (hkz/bench.h) over the ranks'
// GPUs: COMM, the NCCL reduction alone of P x T doubles
// (hkz_nccl_reduce_dev); SEQ, the engine over the ranks with all DGEMMs,
// then the reduction (HKZ_OVERLAP_NONE); OVL, the same overlapped (chunked
// or window).  Compiled into libhkz_bench in a build with NCCL, and
// registered there by default; public API of hkz_nccl and dist only.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include "ssum_internal.h"
#include "hkz/dist_mpi.h"
#include "hkz/nccl.h"
#include "hkz/status.h"

// Needs `int status` and a `cleanup:` label.
#define CUDA_TRY_GOTO(call, where)                                          \
    do {                                                                    \
        cudaError_t ce_ = (call);                                           \
        if (ce_ != cudaSuccess) {                                           \
            status = hkz_error_set(HKZ_ERR_CUDA, "%s: %s", (where),         \
                                   cudaGetErrorString(ce_));                \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

typedef struct
{
    hkz_nccl_t nc;
    double *d_C, *d_out, *d_buf, *err;
    hkz_engine_problem_t pb;      // the whole problem, weights on the device
    int overlap;
} nccl_bench_t;

static void nb_destroy(void *state)
{
    nccl_bench_t *s = (nccl_bench_t *) state;
    if (s == NULL)
        return;
    cudaFree(s->d_C);
    cudaFree(s->d_out);
    cudaFree(s->d_buf);
    free(s->err);
    hkz_nccl_destroy(&s->nc);    // collective
    free(s);
}

static int nb_create(void **state, char **desc,
                     const hkz_bench_ssum_task_t *t)
{
    nccl_bench_t *s;
    hkz_engine_opts_t o;
    size_t PT = t->P * t->T;
    int status, nranks = 1, dev = 0, window = 0;

    *state = NULL;
    s = (nccl_bench_t *) calloc(1, sizeof(nccl_bench_t));
    hkz_engine_opts_init(&o);
    o.backend = HKZ_BACKEND_CUDA;
    o.nchunks = t->nchunks;
    o.shard = t->shard;
    o.device = t->device;
    /* collective, also on a rank whose calloc failed (it then fails
     * there, and every rank gets the agreed status) */
    if (s == NULL)
    {
        hkz_nccl_t nc = NULL;
        status = hkz_nccl_create(&nc, hkz_dist_comm(hkz_dist_world()), &o);
        hkz_nccl_destroy(&nc);
        (void) status;
        return hkz_error_set(HKZ_ERR_NOMEM, "hkz_bench_ssum: out of memory");
    }
    status = hkz_nccl_create(&s->nc, hkz_dist_comm(hkz_dist_world()), &o);
    if (status != HKZ_SUCCESS)
    {
        free(s);
        return status;
    }
    CUDA_TRY_GOTO(cudaMalloc((void **) &s->d_C, t->K * t->T * 8),
                      "hkz_bench_ssum (nccl): cudaMalloc");
    CUDA_TRY_GOTO(cudaMalloc((void **) &s->d_out, PT * 8),
                      "hkz_bench_ssum (nccl): cudaMalloc");
    CUDA_TRY_GOTO(cudaMalloc((void **) &s->d_buf, PT * 8),
                      "hkz_bench_ssum (nccl): cudaMalloc");
    CUDA_TRY_GOTO(cudaMemset(s->d_buf, 0, PT * 8),
                      "hkz_bench_ssum (nccl): cudaMemset");
    CUDA_TRY_GOTO(cudaMemcpy(s->d_C, t->C, t->K * t->T * 8,
                                 cudaMemcpyHostToDevice),
                      "hkz_bench_ssum (nccl): cudaMemcpy");
    s->err = (double *) malloc(t->T * sizeof(double));
    if (s->err == NULL)
    {
        status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_bench_ssum: out of memory");
        goto cleanup;
    }
    hkz_engine_problem_init(&s->pb);
    s->pb.P = t->P;
    s->pb.K = t->K;
    s->pb.T = t->T;
    s->pb.basis = t->basis;
    s->pb.cos_n = t->cos_n;
    s->pb.x = t->x;
    s->pb.C = s->d_C;
    s->pb.ldc = t->K;
    s->pb.err_layout = HKZ_ERR_PER_COLUMN;
    s->overlap = t->overlap;
    hkz_nccl_info(s->nc, NULL, &nranks, &dev, &window);
    if (hkz_nccl_solo(s->nc))
        *desc = _hkz_bench_strf("none (1 rank: the local partial is the "
                "sum; no NCCL call, no window kernel; overlap_efficiency n/a)");
    else
        *desc = _hkz_bench_strf("NCCL over %d ranks, overlap %s%s", nranks,
                t->overlap == HKZ_OVERLAP_WINDOW ? "window"
                : t->overlap == HKZ_OVERLAP_CHUNKED ? "chunked" : "none",
                t->overlap == HKZ_OVERLAP_WINDOW && !window
                ? " (unavailable: falls back to chunked)" : "");

cleanup:
    /* the communicator exists on every rank: the state goes back even
     * after a local failure, so that every rank destroys it (collective) */
    *state = s;
    return status;
}

static int nb_step(void *state, int step)
{
    nccl_bench_t *s = (nccl_bench_t *) state;
    cudaError_t c;
    int status;

    switch (step)
    {
    case HKZ_BENCH_COMM:
        status = hkz_nccl_reduce_dev(s->nc, s->d_buf, s->pb.P * s->pb.T);
        break;
    case HKZ_BENCH_SEQ:
        status = hkz_nccl_run_dev(s->nc, s->d_out, s->err, NULL, &s->pb,
                                  HKZ_OVERLAP_NONE);
        break;
    case HKZ_BENCH_OVL:
        status = hkz_nccl_run_dev(s->nc, s->d_out, s->err, NULL, &s->pb,
                                  s->overlap);
        break;
    default:
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_bench_ssum (nccl): "
                             "step %d", step);
    }
    if (status == HKZ_SUCCESS && (c = cudaDeviceSynchronize()) != cudaSuccess)
        status = hkz_error_set(HKZ_ERR_CUDA, "%s: %s", "hkz_bench_ssum "
                               "(nccl): synchronize", cudaGetErrorString(c));
    return status;
}

static const hkz_bench_ssum_hook_t nccl_hook = {
    "nccl", nb_create, nb_destroy, nb_step, NULL};

extern "C" const hkz_bench_ssum_hook_t *hkz_nccl_bench_ssum_hook(void)
{
    return &nccl_hook;
}
