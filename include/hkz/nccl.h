/* hkz/nccl.h -- the spectral-sum engine over several GPUs: MPI bootstrap of
 * an NCCL communicator, split-K (partial products + reduction) or split-P
 * sharding, and the reduction overlapped with the DGEMMs (library hkz_nccl,
 * built with -DHKZ_CUDA=ON -DHKZ_MPI=ON when NCCL is found).
 *
 * Every function taking a communicator is collective over it: all ranks
 * call it with the same sizes, and all ranks return the same status
 * (agreed by MPI_Allreduce MAX before returning; on a rank whose own part
 * succeeded the message says "failed on another rank").
 *
 * Results are bitwise identical on every rank and for every chunking and
 * overlap mode: partial sums are added in rank order 0, 1, ..., N-1 (two
 * ranks: the single addition commutes), and each rank's partial product is
 * computed by the same cuBLAS calls whatever the chunking (engine_cuda.h).
 * The returned bound covers the reduction:
 *   err = sum_r err_r + gamma_{N-1} sum_r (mag_r + err_r)   (engine.h).
 *
 * One rank: the partial product is the sum, so no reduction is done at all
 * (no NCCL call, no window kernel), whatever the overlap mode; the
 * environment variable HKZ_NCCL_SELF_REDUCE=1 (read at hkz_nccl_create)
 * keeps the reduction path, for tests.
 */
#ifndef HKZ_NCCL_H
#define HKZ_NCCL_H

#include <mpi.h>
#include "hkz/config.h"
#include "hkz/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum
{
    HKZ_OVERLAP_NONE = 0,     /* all DGEMMs, then the reduction */
    HKZ_OVERLAP_CHUNKED = 1,  /* (a): chunk c reduced by NCCL on a
                                 high-priority stream while the DGEMMs of
                                 chunk c + 1 run (joined by events) */
    HKZ_OVERLAP_WINDOW = 2    /* (b): chunk c copied into NCCL 2.28
                                 registered windows, reduced by its owner in
                                 rank order and pushed back (LSA pointers,
                                 per-CTA LSA barriers, chunk readiness by
                                 hkz_cuda signals); falls back to (a) when
                                 ncclDevCommCreate is not available */
} hkz_overlap_t;

typedef struct hkz_nccl_s *hkz_nccl_t;

/** Collective over comm: duplicates comm, picks the device (opts->device
 *  if >= 0, else the rank within the node modulo the device count),
 *  creates a CUDA engine there (opts: nchunks, shard), sets
 *  NCCL_NVLS_ENABLE=0 if unset (HKZ_ERR_UNSUPPORTED if it is set to
 *  anything else: NVLink multicast stays off), bootstraps NCCL
 *  (ncclGetUniqueId on rank 0, MPI_Bcast, ncclCommInitRankConfig) and
 *  probes the device API (ncclDevCommCreate) for the window mode. */
HKZ_API HKZ_WARN_UNUSED int hkz_nccl_create(hkz_nccl_t *nc, MPI_Comm comm,
        const hkz_engine_opts_t *opts);
/** Collective; NULL-safe on every rank; sets *nc = NULL. */
HKZ_API void hkz_nccl_destroy(hkz_nccl_t *nc);

/** Rank, number of ranks, CUDA device, and whether the window mode (b) is
 *  available (1) or falls back to (a) (0).  Any output may be NULL. */
HKZ_API void hkz_nccl_info(const hkz_nccl_t nc, int *rank, int *nranks,
        int *device, int *window);

/** 1 when nc has one rank and reduces nothing (the partial is the sum: no
 *  NCCL call; HKZ_NCCL_SELF_REDUCE=1 keeps the reduction), else 0. */
HKZ_API int hkz_nccl_solo(const hkz_nccl_t nc);

/** The full problem pb (same on every rank: all P points, global modes
 *  k_begin .. k_begin + K - 1, all of C) evaluated over the ranks and
 *  returned on every rank: out (P x T, ld pb->ldo), err (pb->err_layout)
 *  and mag (T entries) on the host, err and mag may be NULL.  Sharding by
 *  opts.shard (AUTO: split P when every rank gets >= 512 points, else
 *  split K), overlap as above (used by split K).  pb->ready: slot nchunks
 *  is posted at return. */
HKZ_API HKZ_WARN_UNUSED int hkz_nccl_run(hkz_nccl_t nc, double *out,
        double *err, double *mag, const hkz_engine_problem_t *pb,
        int overlap);

/** Same with d_out (P x T, ld P: pb->ldo must be 0 or P) and, for GIVEN
 *  weights, pb->C (K x T, ld pb->ldc) device pointers; err, mag: host,
 *  per column (T entries), may be NULL. */
HKZ_API HKZ_WARN_UNUSED int hkz_nccl_run_dev(hkz_nccl_t nc, double *d_out,
        double *err, double *mag, const hkz_engine_problem_t *pb,
        int overlap);

/** The reduction alone (what split K does after the DGEMMs, mode NONE) on
 *  a device buffer of n doubles, in place: for benchmarks. */
HKZ_API HKZ_WARN_UNUSED int hkz_nccl_reduce_dev(hkz_nccl_t nc, double *d_buf,
        size_t n);

#ifdef __cplusplus
}
#endif
#endif
