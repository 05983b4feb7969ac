// Sharded spectral sums over NCCL (hkz/nccl.h): split P (independent rows,
// one all-gather) or split K (partial products reduced in rank order),
// with the reduction overlapped with the DGEMMs (overlap_kernels.md 2):
// (a) chunk c reduced on the high-priority stream once an event says its
// DGEMMs are done; (b) the window kernel, released by a readiness signal.
#include <stdlib.h>
#include <string.h>
#include "nccl_internal.h"

#define AGREE(st, where) _hkz_nccl_agree(nc->comm, (st), (where))

/* ---- problem agreement ---------------------------------------------- */

// Ranks that disagree on the problem get HKZ_ERR_ARG everywhere, before
// any collective on the data.
static int agree_problem(hkz_nccl_t nc, const hkz_engine_problem_t *pb,
                         int overlap, int status)
{
    unsigned long long d[12], lo[12], hi[12];
    int i, n = 12;
    status = AGREE(status, "hkz_nccl_run");
    if (status != HKZ_SUCCESS)
        return status;
    d[0] = pb->P; d[1] = pb->K; d[2] = pb->T; d[3] = pb->k_begin;
    d[4] = (unsigned) pb->basis; d[5] = (unsigned) pb->weights;
    d[6] = pb->cos_n; d[7] = pb->ldo != 0 ? pb->ldo : pb->P;
    d[8] = (unsigned) pb->err_layout; d[9] = (unsigned) overlap;
    d[10] = pb->ldc; d[11] = pb->ready != NULL;
    if (MPI_Allreduce(d, lo, n, MPI_UNSIGNED_LONG_LONG, MPI_MIN, nc->comm)
            != MPI_SUCCESS ||
        MPI_Allreduce(d, hi, n, MPI_UNSIGNED_LONG_LONG, MPI_MAX, nc->comm)
            != MPI_SUCCESS)
        return hkz_error_set(HKZ_ERR_MPI, "hkz_nccl_run: MPI_Allreduce "
                             "failed");
    for (i = 0; i < n; i++)
        if (lo[i] != hi[i])
            return hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run: ranks disagree "
                                 "on the problem (field %d: %llu .. %llu)",
                                 i, lo[i], hi[i]);
    return HKZ_SUCCESS;
}

/* ---- the common core -------------------------------------------------- */

// pb: the full problem with C (GIVEN) on the device.  err, mag: host,
// per column.
static int run_core(hkz_nccl_t nc, double *d_out, double *err, double *mag,
                    const hkz_engine_problem_t *pb, int overlap, int status)
{
    int prev = -1, entered = 0, shard = HKZ_SHARD_SPLIT_K, issued = 0;
    size_t T = pb != NULL ? pb->T : 0;

    status = agree_problem(nc, pb, overlap, status);
    if (status != HKZ_SUCCESS)
        return status;
    status = hkz_cuda_engine_enter(nc->eng, &prev);
    entered = status == HKZ_SUCCESS;
    if (status == HKZ_SUCCESS)
        status = _hkz_nccl_grow(&nc->d_col, &nc->cap_col, 2 * T,
                                "column bounds");
    if (status == HKZ_SUCCESS)
    {
        double *h = (double *) realloc(nc->h_col, 2 * T * (nc->nranks + 1) *
                                       sizeof(double));
        if (h == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_nccl_run: out of "
                                   "memory");
        else
            nc->h_col = h;
    }
    shard = _hkz_nccl_plan_shard(nc, pb);
    status = AGREE(status, "hkz_nccl_run");
    if (status != HKZ_SUCCESS)
        goto cleanup;
    if (shard == HKZ_SHARD_SPLIT_P)
        status = _hkz_nccl_split_p(nc, d_out, pb, &issued);
    else
        status = _hkz_nccl_split_k(nc, d_out, pb, overlap, &issued);
    // wait for the engine (and its device-side checks) and the reduction
    if (issued)
    {
        int st = hkz_cuda_engine_finish(nc->eng);
        if (status == HKZ_SUCCESS)
            status = st;
        if (cudaStreamSynchronize(nc->s_comm) != cudaSuccess &&
            status == HKZ_SUCCESS)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: the "
                                   "communication stream failed");
        if (status == HKZ_SUCCESS &&
            cudaMemcpy(nc->h_col + 2 * T * nc->nranks, nc->d_col,
                       2 * T * sizeof(double), cudaMemcpyDeviceToHost) !=
                cudaSuccess)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: copy");
    }
    status = AGREE(status, "hkz_nccl_run");
    if (status != HKZ_SUCCESS)
        goto cleanup;
    // bounds: split K combines the ranks' bounds (engine.h); split P has
    // the same per-column bound on every rank with rows (max over ranks)
    if (shard == HKZ_SHARD_SPLIT_K)
    {
        if (MPI_Allgather(nc->h_col + 2 * T * nc->nranks, (int) (2 * T),
                          MPI_DOUBLE, nc->h_col, (int) (2 * T), MPI_DOUBLE,
                          nc->comm) != MPI_SUCCESS)
            status = hkz_error_set(HKZ_ERR_MPI, "hkz_nccl_run: "
                                   "MPI_Allgather failed");
        else
            hkz_cuda_reduce_bounds(err, mag, nc->h_col, nc->nranks, T);
    }
    else
    {
        if (MPI_Allreduce(nc->h_col + 2 * T * nc->nranks, nc->h_col,
                          (int) (2 * T), MPI_DOUBLE, MPI_MAX, nc->comm) !=
            MPI_SUCCESS)
            status = hkz_error_set(HKZ_ERR_MPI, "hkz_nccl_run: "
                                   "MPI_Allreduce failed");
        else
        {
            if (err != NULL)
                memcpy(err, nc->h_col, T * sizeof(double));
            if (mag != NULL)
                memcpy(mag, nc->h_col + T, T * sizeof(double));
        }
    }
    status = AGREE(status, "hkz_nccl_run");
cleanup:
    if (entered)
        hkz_cuda_engine_leave(prev);
    return status;
}

static void post_ready(const hkz_engine_problem_t *pb)
{
    if (pb != NULL && pb->ready != NULL)
        for (size_t i = 0; i < hkz_signal_count(pb->ready); i++)
            hkz_signal_post(pb->ready, i, pb->epoch);
}

extern "C" int hkz_nccl_run_dev(hkz_nccl_t nc, double *d_out, double *err,
                                double *mag, const hkz_engine_problem_t *pb,
                                int overlap)
{
    int status = HKZ_SUCCESS;
    if (nc == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run_dev: NULL handle");
    if (pb == NULL || d_out == NULL || (pb->ldo != 0 && pb->ldo != pb->P))
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run_dev: NULL problem "
                               "or output, or ldo != P");
    else if (overlap < HKZ_OVERLAP_NONE || overlap > HKZ_OVERLAP_WINDOW)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run_dev: unknown "
                               "overlap %d", overlap);
    else if (pb->P < 1 || pb->K < 1 || pb->T < 1 || pb->T > 0x7fffffff ||
             (pb->weights == HKZ_WEIGHTS_GIVEN &&
              (pb->C == NULL || pb->ldc < pb->K)))
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run_dev: bad sizes "
                               "or weights (P = %zu, K = %zu, T = %zu)",
                               pb->P, pb->K, pb->T);
    if (pb == NULL)
    {
        // cannot describe the problem to the others: fail collectively
        return AGREE(status, "hkz_nccl_run_dev");
    }
    status = run_core(nc, d_out, err, mag, pb, overlap, status);
    post_ready(pb);
    return status;
}

extern "C" int hkz_nccl_run(hkz_nccl_t nc, double *out, double *err,
                            double *mag, const hkz_engine_problem_t *pb,
                            int overlap)
{
    hkz_engine_problem_t q;
    double *colerr = NULL;
    size_t P = 0, K = 0, T = 0, ldo = 0, t, i;
    int status = HKZ_SUCCESS, prev = -1;

    if (nc == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run: NULL handle");
    if (out == NULL || pb == NULL)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run: NULL output or "
                               "problem");
    else
        status = hkz_engine_problem_check(pb);
    if (status == HKZ_SUCCESS && (overlap < HKZ_OVERLAP_NONE ||
                                  overlap > HKZ_OVERLAP_WINDOW))
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run: unknown overlap "
                               "%d", overlap);
    if (pb == NULL)
        return AGREE(status, "hkz_nccl_run");
    q = *pb;
    P = pb->P; K = pb->K; T = pb->T;
    ldo = pb->ldo != 0 ? pb->ldo : P;
    q.ldo = 0;
    if (status == HKZ_SUCCESS)
        status = hkz_cuda_engine_enter(nc->eng, &prev);
    if (status == HKZ_SUCCESS)
        status = _hkz_nccl_grow(&nc->d_out, &nc->cap_out, P * T, "output");
    if (status == HKZ_SUCCESS && pb->weights == HKZ_WEIGHTS_GIVEN)
    {
        status = _hkz_nccl_grow(&nc->d_C, &nc->cap_C, K * T, "weights");
        if (status == HKZ_SUCCESS &&
            cudaMemcpy2D(nc->d_C, K * sizeof(double), pb->C,
                         pb->ldc * sizeof(double), K * sizeof(double), T,
                         cudaMemcpyHostToDevice) != cudaSuccess)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: weights "
                                   "upload failed");
        q.C = nc->d_C;
        q.ldc = K;
    }
    if (status == HKZ_SUCCESS)
    {
        colerr = (double *) malloc(T * sizeof(double));
        if (colerr == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_nccl_run: out of "
                                   "memory");
    }
    if (prev >= 0)
        hkz_cuda_engine_leave(prev);
    // ldo is part of the agreement: compare the caller's
    q.ldo = pb->ldo;
    status = run_core(nc, nc->d_out, colerr, mag, &q, overlap, status);
    if (status == HKZ_SUCCESS)
    {
        prev = -1;
        status = hkz_cuda_engine_enter(nc->eng, &prev);
        if (status == HKZ_SUCCESS &&
            cudaMemcpy2D(out, ldo * sizeof(double), nc->d_out,
                         P * sizeof(double), P * sizeof(double), T,
                         cudaMemcpyDeviceToHost) != cudaSuccess)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: download "
                                   "failed");
        if (prev >= 0)
            hkz_cuda_engine_leave(prev);
        status = AGREE(status, "hkz_nccl_run");
    }
    if (status == HKZ_SUCCESS && err != NULL)
    {
        if (pb->err_layout == HKZ_ERR_PER_COLUMN)
            memcpy(err, colerr, T * sizeof(double));
        else
            for (t = 0; t < T; t++)
                for (i = 0; i < P; i++)
                    err[i + t * ldo] = colerr[t];
    }
    free(colerr);
    post_ready(pb);
    return status;
}

