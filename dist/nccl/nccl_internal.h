/* nccl_internal.h -- private state of hkz_nccl (dist/nccl sources only; CUDA
 * C++17, because nccl_device.h is C++). */
#ifndef HKZ_NCCL_INTERNAL_H
#define HKZ_NCCL_INTERNAL_H

#include <mpi.h>
#include <cuda_runtime.h>
#include <nccl.h>
#include <nccl_device.h>
#include "hkz/cuda.h"
#include "hkz/nccl.h"
#include "hkz/status.h"

/* A CUDA failure with its text; evaluates to the status. */
#define HKZ_CUDA_ERR(e, where)                                              \
    hkz_error_set(HKZ_ERR_CUDA, "%s: %s", (where), cudaGetErrorString(e))

/* Need `int status` and a `cleanup:` label. */
#define HKZ_CUDA_TRY_GOTO(call, where)                                      \
    do {                                                                    \
        cudaError_t hkz_ce_ = (call);                                       \
        if (hkz_ce_ != cudaSuccess) {                                       \
            status = HKZ_CUDA_ERR(hkz_ce_, where);                          \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

#define HKZ_TRY_GOTO(expr)                                                  \
    do {                                                                    \
        status = (expr);                                                    \
        if (status != HKZ_SUCCESS)                                          \
            goto cleanup;                                                   \
    } while (0)

/* CTAs (one LSA barrier each) and threads of the window kernel, and the
 * most ranks of one node it handles (else: chunked mode) */
#define HKZ_NCCL_WIN_CTAS 32
#define HKZ_NCCL_WIN_THREADS 512
#define HKZ_NCCL_WIN_MAXPEERS 64

struct hkz_nccl_s
{
    MPI_Comm comm;
    int rank, nranks, local_rank, one_node;
    int solo;                    /* one rank: the partial is the sum, no
                                    reduction at all (HKZ_NCCL_SELF_REDUCE=1
                                    keeps the reduction path, for tests) */
    int device;
    hkz_cuda_engine_t eng;
    ncclComm_t nccl;
    cudaStream_t s_comm;         /* highest priority */
    /* chunk bookkeeping */
    cudaEvent_t *ev;
    size_t nev;
    hkz_cuda_signal_t sig;       /* chunk readiness, window mode */
    uint64_t epoch;
    /* window mode (b) */
    int win_ok;                  /* device communicator created everywhere */
    ncclDevComm dc;
    void *win_buf;
    size_t win_bytes;
    ncclWindow_t win;
    /* device scratch */
    double *d_recv;   size_t cap_recv;   /* ordered reduction, N > 2 */
    double *d_out;    size_t cap_out;    /* host runs */
    double *d_C;      size_t cap_C;
    double *d_col;    size_t cap_col;    /* local err, mag */
    double *d_stage;  size_t cap_stage;  /* split P gather */
    double *h_col;    size_t cap_hcol;   /* gathered err, mag of all ranks */
};

/* NCCL failure with NCCL's own text. */
int _hkz_nccl_err(ncclResult_t r, ncclComm_t comm, const char *where);

/* The agreed status: MPI_Allreduce(MAX) of `status` over nc->comm. */
int _hkz_nccl_agree(MPI_Comm comm, int status, const char *where);

/* Reduction of n doubles at d (device, in place) in rank order, on s:
 * ncclAllReduce for N <= 2, else point-to-point reduce-scatter to owners,
 * ordered sum, grouped broadcasts.  Every rank must call it with the same
 * n, in the same order. */
int _hkz_nccl_reduce_chunk(hkz_nccl_t nc, double *d, size_t n,
                           cudaStream_t s);

/* Window mode: make sure the registered window holds 2 N seg doubles
 * (collective; same seg on every rank). */
int _hkz_nccl_window_reserve(hkz_nccl_t nc, size_t seg);

/* Window mode: the reduction of the chunk d[0..n) through the window, on
 * s (launch of the window kernel). */
int _hkz_nccl_window_chunk(hkz_nccl_t nc, double *d, size_t n, size_t seg,
                           cudaStream_t s);

/* Grows a device buffer of the engine's device (contents are lost). */
int _hkz_nccl_grow(double **buf, size_t *cap, size_t n, const char *what);

/* Chunk bookkeeping of split K (nccl_chunks.cu): the reduction of chunk c
 * is issued on nc->s_comm behind the chunk's event (mode a) or readiness
 * signal (mode b) on the engine's stream. */
typedef struct
{
    hkz_nccl_t nc;
    int mode;                  /* HKZ_OVERLAP_CHUNKED or _WINDOW */
    double *d;
    size_t P, T, nchunks, next, seg;
} _hkz_nccl_hook_t;

/* Issues chunk c (behind the engine stream s, none when s is NULL). */
int _hkz_nccl_issue_chunk(_hkz_nccl_hook_t *h, size_t c, cudaStream_t s);
/* hkz_cuda_chunk_hook_t: issues every chunk final at t_done. */
int _hkz_nccl_chunk_hook(void *h, size_t t_done, void *stream);
/* Chunk events and signal slots for nchunks chunks. */
int _hkz_nccl_reserve_chunks(hkz_nccl_t nc, size_t nchunks);

/* The two shardings (nccl_shard.cu): this rank's part enqueued, the
 * collectives issued (*issued_all set once every collective the peers
 * wait for is issued, even after a local failure). */
int _hkz_nccl_plan_shard(hkz_nccl_t nc, const hkz_engine_problem_t *pb);
int _hkz_nccl_split_k(hkz_nccl_t nc, double *d_out,
                      const hkz_engine_problem_t *pb, int overlap,
                      int *issued_all);
int _hkz_nccl_split_p(hkz_nccl_t nc, double *d_out,
                      const hkz_engine_problem_t *pb, int *issued_all);

/* First element of owner o's segment of n elements over N owners. */
__host__ __device__ static inline size_t _hkz_nccl_seg_begin(size_t n, size_t N, size_t o)
{
    return (n / N) * o + (n % N) * o / N;
}

#endif
