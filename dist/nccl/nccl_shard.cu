// The two shardings of hkz_nccl_run: split K (modes per rank, partial
// products reduced in rank order, overlapped with the DGEMMs) and split P
// (rows per rank, one all-gather).
#include <string.h>
#include "nccl_internal.h"

#define AGREE(st, where) _hkz_nccl_agree(nc->comm, (st), (where))

int _hkz_nccl_plan_shard(hkz_nccl_t nc, const hkz_engine_problem_t *pb)
{
    hkz_engine_opts_t eo;
    int shard;
    hkz_cuda_engine_get_opts(&eo, nc->eng);
    shard = eo.shard;
    if (shard == HKZ_SHARD_AUTO)
        // split P needs no reduction, so it wins unless the rows per rank
        // are too few for efficient DGEMM tiles (overlap_kernels.md 0)
        shard = pb->P >= 512 * (size_t) nc->nranks ||
                pb->K < (size_t) nc->nranks ? HKZ_SHARD_SPLIT_P
                                            : HKZ_SHARD_SPLIT_K;
    return shard;
}

// Split K: modes [K r / N, K (r+1) / N) on rank r, then the reduction.
int _hkz_nccl_split_k(hkz_nccl_t nc, double *d_out,
                      const hkz_engine_problem_t *pb, int overlap,
                      int *issued_all)
{
    const size_t N = nc->nranks, r = nc->rank;
    size_t k0 = pb->K / N * r + pb->K % N * r / N;
    size_t k1 = pb->K / N * (r + 1) + pb->K % N * (r + 1) / N;
    size_t nchunks, c, maxlen = 0, ldc = 0;
    hkz_engine_problem_t q = *pb;
    hkz_engine_opts_t eo;
    const double *d_C = NULL, *d_cerr = NULL;
    _hkz_nccl_hook_t h;
    int status = HKZ_SUCCESS;

    memset(&h, 0, sizeof(h));
    hkz_cuda_engine_get_opts(&eo, nc->eng);
    nchunks = eo.nchunks < pb->T ? eo.nchunks : pb->T;
    if (nchunks < 1)
        nchunks = 1;
    if (overlap == HKZ_OVERLAP_WINDOW && !nc->win_ok)
        overlap = HKZ_OVERLAP_CHUNKED;
    if (overlap == HKZ_OVERLAP_NONE)
        nchunks = 1;
    for (c = 0; c < nchunks; c++)
    {
        size_t t0, t1;
        hkz_engine_chunk_range(&t0, &t1, pb->T, nchunks, c);
        maxlen = pb->P * (t1 - t0) > maxlen ? pb->P * (t1 - t0) : maxlen;
    }
    h.nc = nc;
    h.mode = overlap == HKZ_OVERLAP_WINDOW ? HKZ_OVERLAP_WINDOW
                                           : HKZ_OVERLAP_CHUNKED;
    h.d = d_out;
    h.P = pb->P;
    h.T = pb->T;
    h.nchunks = nchunks;
    h.seg = ((maxlen + N - 1) / N + 31) / 32 * 32;

    // everything that can fail locally, agreed before the first collective
    status = _hkz_nccl_reserve_chunks(nc, nchunks);
    if (status == HKZ_SUCCESS && N > 2)
        status = _hkz_nccl_grow(&nc->d_recv, &nc->cap_recv, N * h.seg,
                                "receive buffer");
    if (status == HKZ_SUCCESS && k1 > k0 && pb->weights == HKZ_WEIGHTS_HEAT)
    {
        q.k_begin = pb->k_begin + k0;
        q.K = k1 - k0;
        status = hkz_cuda_engine_heat_weights(nc->eng, &q, &d_C, &d_cerr);
    }
    status = AGREE(status, "hkz_nccl_run");
    if (status == HKZ_SUCCESS && h.mode == HKZ_OVERLAP_WINDOW && !nc->solo)
        status = _hkz_nccl_window_reserve(nc, h.seg);
    if (status != HKZ_SUCCESS)
        return status;
    nc->epoch++;

    if (k1 > k0)
    {
        q.k_begin = pb->k_begin + k0;
        q.K = k1 - k0;
        if (pb->weights == HKZ_WEIGHTS_GIVEN)
        {
            q.C = pb->C + k0;
            d_C = q.C;
            ldc = pb->ldc;
            d_cerr = NULL;
        }
        else
            ldc = q.K;
        if (q.basis == HKZ_BASIS_USER)
        {
            q.user_bmax = pb->user_bmax + k0;
            q.user_berr = pb->user_berr != NULL ? pb->user_berr + k0 : NULL;
        }
        status = hkz_cuda_engine_enqueue(nc->eng, d_out, pb->P, nc->d_col,
                                         &q, d_C, ldc, d_cerr,
                                         overlap == HKZ_OVERLAP_NONE
                                         ? NULL : _hkz_nccl_chunk_hook, &h);
        if (status == HKZ_SUCCESS && overlap == HKZ_OVERLAP_NONE)
            status = _hkz_nccl_chunk_hook(&h, pb->T,
                                          hkz_cuda_engine_stream(nc->eng));
    }
    else
    {
        // no modes here: a zero partial, zero bounds
        if (cudaMemsetAsync(d_out, 0, pb->P * pb->T * sizeof(double),
                            nc->s_comm) != cudaSuccess ||
            cudaMemsetAsync(nc->d_col, 0, 2 * pb->T * sizeof(double),
                            nc->s_comm) != cudaSuccess)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: memset");
        if (status == HKZ_SUCCESS)
        {
            h.next = 0;
            while (h.next < h.nchunks && status == HKZ_SUCCESS)
                status = _hkz_nccl_issue_chunk(&h, h.next++, NULL);
        }
    }
    // the peers wait for every chunk's collective: issue what is missing
    // (on whatever data) so that a local failure cannot hang them
    while (h.next < h.nchunks)
    {
        int st = _hkz_nccl_issue_chunk(&h, h.next++, NULL);
        if (status == HKZ_SUCCESS)
            status = st;
    }
    *issued_all = 1;
    return status;
}

// Split P: rows [P r / N, P (r+1) / N) on rank r into a padded slab, then
// one all-gather and strided copies into d_out.
int _hkz_nccl_split_p(hkz_nccl_t nc, double *d_out,
                      const hkz_engine_problem_t *pb, int *issued_all)
{
    const size_t N = nc->nranks, r = nc->rank, P = pb->P, T = pb->T;
    size_t pmax = (P + N - 1) / N, cnt = pmax * T, o;
    size_t p0 = P / N * r + P % N * r / N;
    size_t p1 = P / N * (r + 1) + P % N * (r + 1) / N;
    hkz_engine_problem_t q = *pb;
    const double *d_C = NULL, *d_cerr = NULL;
    size_t ldc = 0;
    int status;

    if (nc->solo)
    {
        // one rank: its rows are all rows, written in place (no gather)
        d_C = pb->weights == HKZ_WEIGHTS_GIVEN ? pb->C : NULL;
        ldc = pb->weights == HKZ_WEIGHTS_GIVEN ? pb->ldc : pb->K;
        status = pb->weights == HKZ_WEIGHTS_HEAT
                 ? hkz_cuda_engine_heat_weights(nc->eng, pb, &d_C, &d_cerr)
                 : HKZ_SUCCESS;
        if (status == HKZ_SUCCESS)
            status = hkz_cuda_engine_enqueue(nc->eng, d_out, P, nc->d_col,
                                             pb, d_C, ldc, d_cerr, NULL,
                                             NULL);
        *issued_all = 1;
        return status;
    }
    status = _hkz_nccl_grow(&nc->d_stage, &nc->cap_stage, N * cnt,
                            "gather buffer");
    if (status == HKZ_SUCCESS && p1 > p0 && pb->weights == HKZ_WEIGHTS_HEAT)
        status = hkz_cuda_engine_heat_weights(nc->eng, pb, &d_C, &d_cerr);
    status = AGREE(status, "hkz_nccl_run");
    if (status != HKZ_SUCCESS)
        return status;
    if (p1 > p0)
    {
        q.P = p1 - p0;
        q.ldo = pmax;
        if (q.basis != HKZ_BASIS_USER)
            q.x = pb->x + p0;
        if (pb->weights == HKZ_WEIGHTS_GIVEN)
        {
            d_C = pb->C;
            ldc = pb->ldc;
            d_cerr = NULL;
        }
        else
            ldc = pb->K;
        if (q.basis == HKZ_BASIS_USER)
            status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_nccl_run: "
                                   "split P of a USER basis");
        else
            status = hkz_cuda_engine_enqueue(nc->eng, nc->d_stage + r * cnt,
                                             pmax, nc->d_col, &q, d_C, ldc,
                                             d_cerr, NULL, NULL);
        if (status == HKZ_SUCCESS)
            status = hkz_cuda_engine_join(nc->eng, (void *) nc->s_comm);
    }
    else if (cudaMemsetAsync(nc->d_col, 0, 2 * T * sizeof(double),
                             nc->s_comm) != cudaSuccess)
        status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: memset");
    {
        ncclResult_t nr = ncclAllGather(nc->d_stage + r * cnt, nc->d_stage,
                                        cnt, ncclDouble, nc->nccl,
                                        nc->s_comm);
        if (nr != ncclSuccess && status == HKZ_SUCCESS)
            status = _hkz_nccl_err(nr, nc->nccl, "hkz_nccl (ncclAllGather)");
    }
    *issued_all = 1;
    for (o = 0; o < N && status == HKZ_SUCCESS; o++)
    {
        size_t a = P / N * o + P % N * o / N;
        size_t b = P / N * (o + 1) + P % N * (o + 1) / N;
        if (b > a &&
            cudaMemcpy2DAsync(d_out + a, P * sizeof(double),
                              nc->d_stage + o * cnt, pmax * sizeof(double),
                              (b - a) * sizeof(double), T,
                              cudaMemcpyDeviceToDevice, nc->s_comm) !=
                cudaSuccess)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: copy");
    }
    return status;
}

