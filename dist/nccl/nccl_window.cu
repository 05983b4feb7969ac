// Overlap mode (b) (overlap_kernels.md 2(b)): partial chunks copied into an
// NCCL 2.28 registered window, reduced by their owner in rank order,
// results pushed back; LSA pointers and per-CTA LSA barriers.
//
// Window of every rank: in-slots [N][seg] (slot s holds source s's piece of
// my owned segment), then out-slots [N][seg] (slot o holds owner o's
// reduced segment).  Chunk of n elements: owner o owns [a_o, a_{o+1}),
// a_o = floor(n o / N).  CTA b of every rank handles the same relative
// indices of every segment, so barrier b (one LSA barrier per CTA) is all
// the synchronisation needed:
//   1. push: my piece of segment o -> owner o's in-slot [me];
//   2. barrier b (release / acquire, system scope);
//   3. owner: sum of in-slots 0, 1, ..., N-1 (fixed order: bitwise equal
//      on every rank and for every chunking), stored in every rank's
//      out-slot [me];
//   4. barrier b;
//   5. copy out-slots back into the chunk.
// Slot reuse by the next chunk is safe without double buffering: a rank
// writes an owner's in-slot (step 1) only after passing barrier 4 of the
// previous chunk, by which time every owner has finished step 3; an owner
// writes a rank's out-slot (step 3) only after barrier 2 of the new chunk,
// which that rank reaches after its step 5.
#include <string.h>
#include "nccl_internal.h"

// dst[i] = src[i] for the indices i = tid (mod nth) of [0, len): four
// independent loads in flight per thread, and the same index -> thread map
// in every phase (what the per-CTA barriers rely on)
__device__ __forceinline__ void copy_part(double *dst, const double *src,
                                          size_t len, size_t tid, size_t nth)
{
    size_t i = tid;
    for (; i + 3 * nth < len; i += 4 * nth)
    {
        double a = src[i], b = src[i + nth], c = src[i + 2 * nth];
        double e = src[i + 3 * nth];
        dst[i] = a;
        dst[i + nth] = b;
        dst[i + 2 * nth] = c;
        dst[i + 3 * nth] = e;
    }
    for (; i < len; i += nth)
        dst[i] = src[i];
}

__global__ static void __launch_bounds__(HKZ_NCCL_WIN_THREADS)
win_reduce_kernel(ncclDevComm dc, ncclWindow_t win, double *d, size_t n,
                  size_t seg)
{
    __shared__ char *base[HKZ_NCCL_WIN_MAXPEERS];
    ncclLsaBarrierSession<ncclCoopCta> bar(ncclCoopCta(), dc,
                                           ncclTeamLsa(dc), dc.lsaBarrier,
                                           blockIdx.x);
    const int N = dc.lsaSize, me = dc.lsaRank;
    const size_t tid = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
    const size_t nth = (size_t) gridDim.x * blockDim.x;
    const size_t slot = seg * sizeof(double);

    // every peer's window base, once (LSA pointers: flat mapping)
    for (int p = threadIdx.x; p < N; p += blockDim.x)
        base[p] = (char *) ncclGetLsaPointer(win, 0, p);
    __syncthreads();

    for (int o = 0; o < N; o++)
    {
        size_t a = _hkz_nccl_seg_begin(n, N, o);
        size_t len = _hkz_nccl_seg_begin(n, N, o + 1) - a;
        copy_part((double *) (base[o] + me * slot), d + a, len, tid, nth);
    }
    bar.sync(ncclCoopCta(), cuda::memory_order_acq_rel);
    {
        size_t a = _hkz_nccl_seg_begin(n, N, me);
        size_t len = _hkz_nccl_seg_begin(n, N, me + 1) - a;
        const double *in = (const double *) base[me];
        for (size_t i = tid; i < len; i += nth)
        {
            double s = in[i];
            for (int src = 1; src < N; src++)
                s += in[src * seg + i];
            for (int p = 0; p < N; p++)
                ((double *) (base[p] + (N + me) * slot))[i] = s;
        }
    }
    bar.sync(ncclCoopCta(), cuda::memory_order_acq_rel);
    {
        const double *os = (const double *) (base[me] + N * slot);
        for (int o = 0; o < N; o++)
        {
            size_t a = _hkz_nccl_seg_begin(n, N, o);
            size_t len = _hkz_nccl_seg_begin(n, N, o + 1) - a;
            copy_part(d + a, os + o * seg, len, tid, nth);
        }
    }
}

int _hkz_nccl_window_reserve(hkz_nccl_t nc, size_t seg)
{
    size_t need = 2 * (size_t) nc->nranks * seg * sizeof(double);
    int status = HKZ_SUCCESS;
    ncclResult_t r = ncclSuccess;

    need = (need + NCCL_WIN_REQUIRED_ALIGNMENT - 1) /
           NCCL_WIN_REQUIRED_ALIGNMENT * NCCL_WIN_REQUIRED_ALIGNMENT;
    if (need <= nc->win_bytes)
        return HKZ_SUCCESS;
    // collective: every rank has agreed on the sizes, so all get here
    if (nc->win != NULL)
    {
        ncclCommWindowDeregister(nc->nccl, nc->win);
        nc->win = NULL;
    }
    if (nc->win_buf != NULL)
    {
        ncclMemFree(nc->win_buf);
        nc->win_buf = NULL;
    }
    nc->win_bytes = 0;
    r = ncclMemAlloc(&nc->win_buf, need);
    if (r != ncclSuccess)
    {
        nc->win_buf = NULL;
        status = _hkz_nccl_err(r, nc->nccl, "hkz_nccl (ncclMemAlloc)");
    }
    status = _hkz_nccl_agree(nc->comm, status, "hkz_nccl (window)");
    if (status != HKZ_SUCCESS)
        goto cleanup;
    // NCCL_WIN_DEFAULT, not COLL_SYMMETRIC: the latter may create an NVLS
    // multicast object (overlap_kernels.md 2(b), trap 2)
    r = ncclCommWindowRegister(nc->nccl, nc->win_buf, need, &nc->win,
                               NCCL_WIN_DEFAULT);
    if (r != ncclSuccess)
    {
        nc->win = NULL;
        status = _hkz_nccl_err(r, nc->nccl,
                               "hkz_nccl (ncclCommWindowRegister)");
    }
    status = _hkz_nccl_agree(nc->comm, status, "hkz_nccl (window)");
    if (status == HKZ_SUCCESS)
        nc->win_bytes = need;
cleanup:
    if (status != HKZ_SUCCESS)
    {
        if (nc->win != NULL)
            ncclCommWindowDeregister(nc->nccl, nc->win);
        if (nc->win_buf != NULL)
            ncclMemFree(nc->win_buf);
        nc->win = NULL;
        nc->win_buf = NULL;
    }
    return status;
}

int _hkz_nccl_window_chunk(hkz_nccl_t nc, double *d, size_t n,
                                      size_t seg, cudaStream_t s)
{
    cudaError_t e;
    win_reduce_kernel<<<HKZ_NCCL_WIN_CTAS, HKZ_NCCL_WIN_THREADS, 0, s>>>(
        nc->dc, nc->win, d, n, seg);
    e = cudaGetLastError();
    return e == cudaSuccess ? HKZ_SUCCESS
                            : HKZ_CUDA_ERR(e, "hkz_nccl (window kernel)");
}
