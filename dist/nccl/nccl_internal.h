/* nccl_internal.h -- private state of hkz_nccl (dist/nccl sources only; CUDA
 * C++17, because nccl_device.h is C++). */
#ifndef HKZ_NCCL_INTERNAL_H
#define HKZ_NCCL_INTERNAL_H

#include <mpi.h>
#include <nccl.h>
#include <nccl_device.h>
#include "hkz/nccl.h"
#include "../../kernels/cuda/engine_cuda.h"

/* CTAs (one LSA barrier each) and threads of the window kernel, and the
 * most ranks of one node it handles (else: chunked mode) */
#define HKZ_NCCL_WIN_CTAS 32
#define HKZ_NCCL_WIN_THREADS 512
#define HKZ_NCCL_WIN_MAXPEERS 64

struct hkz_nccl_s
{
    MPI_Comm comm;
    int rank, nranks, local_rank, one_node;
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

/* First element of owner o's segment of n elements over N owners. */
__host__ __device__ static inline size_t _hkz_nccl_seg_begin(size_t n, size_t N, size_t o)
{
    return (n / N) * o + (n % N) * o / N;
}

#endif
