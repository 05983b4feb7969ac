// Chunk bookkeeping of split K: the reduction of chunk c issued on the
// communication stream behind the chunk's event (a) or readiness signal
// (b); chunk events and signal slots; device buffers.
#include <stdlib.h>
#include "nccl_internal.h"

// Issues the reduction of chunk c on s_comm, behind the chunk's event (a)
// or readiness signal (b) on the engine's stream s (none when s is NULL).
int _hkz_nccl_issue_chunk(_hkz_nccl_hook_t *h, size_t c, cudaStream_t s)
{
    hkz_nccl_t nc = h->nc;
    size_t t0, t1;
    int status = HKZ_SUCCESS;
    // one rank: the local partial is the result; no event, signal, copy
    // or kernel per chunk (what made the window mode slower than the
    // sequential run on one GPU)
    if (nc->solo)
        return HKZ_SUCCESS;
    hkz_engine_chunk_range(&t0, &t1, h->T, h->nchunks, c);
    if (h->mode == HKZ_OVERLAP_WINDOW)
    {
        if (s != NULL)
        {
            HKZ_TRY_GOTO(hkz_cuda_signal_post_async(nc->sig, c, nc->epoch,
                                                    (void *) s));
            HKZ_TRY_GOTO(hkz_cuda_signal_wait_async(nc->sig, c, nc->epoch,
                                                    (void *) nc->s_comm));
        }
        HKZ_TRY_GOTO(_hkz_nccl_window_chunk(nc, h->d + t0 * h->P,
                                            h->P * (t1 - t0), h->seg,
                                            nc->s_comm));
    }
    else
    {
        if (s != NULL)
        {
            HKZ_CUDA_TRY_GOTO(cudaEventRecord(nc->ev[c], s), "hkz_nccl");
            HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(nc->s_comm, nc->ev[c], 0),
                              "hkz_nccl");
        }
        HKZ_TRY_GOTO(_hkz_nccl_reduce_chunk(nc, h->d + t0 * h->P,
                                            h->P * (t1 - t0), nc->s_comm));
    }
cleanup:
    return status;
}

int _hkz_nccl_chunk_hook(void *varg, size_t t_done, void *stream)
{
    _hkz_nccl_hook_t *h = (_hkz_nccl_hook_t *) varg;
    cudaStream_t s = (cudaStream_t) stream;
    int status = HKZ_SUCCESS;
    while (h->next < h->nchunks)
    {
        size_t t0, t1;
        hkz_engine_chunk_range(&t0, &t1, h->T, h->nchunks, h->next);
        if (t1 > t_done)
            break;
        h->next++;
        HKZ_TRY_GOTO(_hkz_nccl_issue_chunk(h, h->next - 1, s));
    }
cleanup:
    return status;
}

// Chunk events and signal slots for nchunks chunks.
int _hkz_nccl_reserve_chunks(hkz_nccl_t nc, size_t nchunks)
{
    int status = HKZ_SUCCESS;
    if (nc->nev < nchunks)
    {
        cudaEvent_t *ev = (cudaEvent_t *) realloc(nc->ev, nchunks *
                                                  sizeof(cudaEvent_t));
        if (ev == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "hkz_nccl: out of memory");
        nc->ev = ev;
        while (nc->nev < nchunks)
        {
            HKZ_CUDA_TRY_GOTO(cudaEventCreateWithFlags(&nc->ev[nc->nev],
                                                       cudaEventDisableTiming),
                              "hkz_nccl");
            nc->nev++;
        }
    }
    if (hkz_cuda_signal_count(nc->sig) < nchunks)
    {
        hkz_cuda_signal_destroy(&nc->sig);
        HKZ_TRY_GOTO(hkz_cuda_signal_create(&nc->sig, nchunks));
        nc->epoch = 0;
    }
cleanup:
    return status;
}

int _hkz_nccl_grow(double **buf, size_t *cap, size_t n, const char *what)
{
    cudaError_t e;
    if (n <= *cap)
        return HKZ_SUCCESS;
    cudaFree(*buf);
    *buf = NULL;
    *cap = 0;
    e = cudaMalloc((void **) buf, n * sizeof(double));
    if (e != cudaSuccess)
    {
        *buf = NULL;
        return hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl: %s (%zu doubles): %s",
                             what, n, cudaGetErrorString(e));
    }
    *cap = n;
    return HKZ_SUCCESS;
}
