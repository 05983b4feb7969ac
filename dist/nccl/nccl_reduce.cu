// The reduction of one chunk of partial products over the ranks in rank
// order (mode a, and mode none), and hkz_nccl_reduce_dev (the reduction
// alone, for benchmarks).
#include "nccl_internal.h"

#define AGREE(st, where) _hkz_nccl_agree(nc->comm, (st), (where))

__global__ static void ordered_sum_kernel(double *mine, const double *recv,
                                          size_t seg, size_t len, int N,
                                          int me)
{
    for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < len;
         i += (size_t) gridDim.x * blockDim.x)
    {
        double s = me == 0 ? mine[i] : recv[i];
        for (int src = 1; src < N; src++)
            s += src == me ? mine[i] : recv[src * seg + i];
        mine[i] = s;
    }
}

#define NCCL_TRY_GOTO(call, where)                                          \
    do {                                                                    \
        ncclResult_t hkz_nr_ = (call);                                      \
        if (hkz_nr_ != ncclSuccess) {                                       \
            status = _hkz_nccl_err(hkz_nr_, nc->nccl, (where));             \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

int _hkz_nccl_reduce_chunk(hkz_nccl_t nc, double *d, size_t n,
                                      cudaStream_t s)
{
    const int N = nc->nranks, me = nc->rank;
    size_t seg = (n + N - 1) / N, a, len;
    int status = HKZ_SUCCESS, o, grouped = 0;

    if (n == 0 || nc->solo)
        return HKZ_SUCCESS;
    if (N <= 2)
    {
        // one addition: p0 + p1 == p1 + p0, so NCCL's order does not matter
        NCCL_TRY_GOTO(ncclAllReduce(d, d, n, ncclDouble, ncclSum, nc->nccl,
                                    s), "hkz_nccl (ncclAllReduce)");
        return HKZ_SUCCESS;
    }
    if (nc->cap_recv < (size_t) N * seg)
        return hkz_error_set(HKZ_ERR_INTERNAL, "hkz_nccl: receive buffer "
                             "not reserved");
    // reduce-scatter to the owners by point-to-point ...
    a = _hkz_nccl_seg_begin(n, N, me);
    len = _hkz_nccl_seg_begin(n, N, me + 1) - a;
    NCCL_TRY_GOTO(ncclGroupStart(), "hkz_nccl (ncclGroupStart)");
    grouped = 1;
    for (o = 0; o < N; o++)
    {
        size_t ao = _hkz_nccl_seg_begin(n, N, o);
        size_t lo = _hkz_nccl_seg_begin(n, N, o + 1) - ao;
        if (o == me)
            continue;
        if (lo > 0)
            NCCL_TRY_GOTO(ncclSend(d + ao, lo, ncclDouble, o, nc->nccl, s),
                          "hkz_nccl (ncclSend)");
        if (len > 0)
            NCCL_TRY_GOTO(ncclRecv(nc->d_recv + (size_t) o * seg, len,
                                   ncclDouble, o, nc->nccl, s),
                          "hkz_nccl (ncclRecv)");
    }
    grouped = 0;
    NCCL_TRY_GOTO(ncclGroupEnd(), "hkz_nccl (ncclGroupEnd)");
    // ... the owner's sum in rank order ...
    if (len > 0)
    {
        size_t nb = (len + 255) / 256;
        ordered_sum_kernel<<<(unsigned) (nb < 1024 ? nb : 1024), 256, 0,
                             s>>>(d + a, nc->d_recv, seg, len, N, me);
        HKZ_CUDA_TRY_GOTO(cudaGetLastError(), "hkz_nccl (ordered sum)");
    }
    // ... and every owner's segment to everybody
    NCCL_TRY_GOTO(ncclGroupStart(), "hkz_nccl (ncclGroupStart)");
    grouped = 1;
    for (o = 0; o < N; o++)
    {
        size_t ao = _hkz_nccl_seg_begin(n, N, o);
        size_t lo = _hkz_nccl_seg_begin(n, N, o + 1) - ao;
        if (lo > 0)
            NCCL_TRY_GOTO(ncclBroadcast(d + ao, d + ao, lo, ncclDouble, o,
                                        nc->nccl, s),
                          "hkz_nccl (ncclBroadcast)");
    }
    grouped = 0;
    NCCL_TRY_GOTO(ncclGroupEnd(), "hkz_nccl (ncclGroupEnd)");
cleanup:
    if (grouped)
        ncclGroupEnd();
    return status;
}

extern "C" int hkz_nccl_reduce_dev(hkz_nccl_t nc, double *d_buf, size_t n)
{
    unsigned long long lo = 0, hi = 0, nn = n;
    int status = HKZ_SUCCESS, prev = -1;
    size_t seg = (n + nc->nranks - 1) / nc->nranks;

    MPI_Allreduce(&nn, &lo, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, nc->comm);
    MPI_Allreduce(&nn, &hi, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, nc->comm);
    if (lo != hi)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_reduce_dev: ranks "
                               "disagree on n (%llu .. %llu)", lo, hi);
    if (status == HKZ_SUCCESS)
        status = hkz_cuda_engine_enter(nc->eng, &prev);
    if (status == HKZ_SUCCESS && nc->nranks > 2)
        status = _hkz_nccl_grow(&nc->d_recv, &nc->cap_recv,
                                nc->nranks * seg, "receive buffer");
    status = AGREE(status, "hkz_nccl_reduce_dev");
    if (status == HKZ_SUCCESS)
    {
        status = _hkz_nccl_reduce_chunk(nc, d_buf, n, nc->s_comm);
        if (cudaStreamSynchronize(nc->s_comm) != cudaSuccess &&
            status == HKZ_SUCCESS)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_reduce_dev: "
                                   "stream failed");
        status = AGREE(status, "hkz_nccl_reduce_dev");
    }
    if (prev >= 0)
        hkz_cuda_engine_leave(prev);
    return status;
}
