/* hkz/dist.h -- the MPI layer (library hkz_mpi, built with -DHKZ_MPI=ON):
 * bootstrap and rank layout, and the spectral-sum engine over MPI ranks.
 *
 * Every call taking a hkz_dist_t is collective over its communicator and
 * returns the same status on every rank (MPI_Allreduce MAX of the status
 * before returning; a rank that did not fail itself reports "failed on
 * another rank").  Errors never hang: ranks that fail keep taking part in
 * the remaining collectives.
 *
 * Shardings (chosen by hkz_dist_plan from the cost model of
 * overlap_kernels.md section 0, or forced by the engine option shard):
 *   SPLIT_P  rank r computes the rows [p_r, p_{r+1}) (starting at
 *            multiples of HKZ_ENGINE_TALIGN): no reduction; replicated
 *            output needs an all-gather.  Bitwise identical to the
 *            single-rank result.
 *   SPLIT_K  rank r sums the modes [k_r, k_{r+1}) into a full partial
 *            product; partials are reduced chunk by chunk, the reduction of
 *            chunk c overlapping the DGEMM of chunk c + 1 (a worker thread
 *            computes, posting hkz_signal epochs; the calling thread drives
 *            MPI).  Equal to the single-rank result within the returned
 *            bound, which adds the error of the reduction:
 *            sum_r err_r + gamma_{N-1} sum_r (mag_r + err_r).
 * Reductions:
 *   HKZ_DIST_REDUCE_FIXED  partials of each chunk are sent to owners (a
 *            column slab of the chunk per rank), summed in rank order
 *            0, 1, ..., N-1, then all-gathered: bitwise identical whatever
 *            the chunking, for a given rank count.
 *   HKZ_DIST_REDUCE_MPI    MPI_Iallreduce / MPI_Ireduce_scatter per chunk:
 *            the MPI library's order (same bound; bitwise reproducible
 *            across chunkings only for 2 ranks).
 * Output:
 *   HKZ_DIST_OUT_REPLICATED  out and err complete on every rank;
 *   HKZ_DIST_OUT_SHARDED     each rank holds valid values only in its own
 *            blocks (hkz_dist_owned): rows for SPLIT_P, the rank's column
 *            slab of every chunk for SPLIT_K (block-cyclic over chunks).
 *
 * Every rank passes the same full problem (all P points, all K rows of
 * the weights) and full-size out / err arrays. */
#ifndef HKZ_DIST_H
#define HKZ_DIST_H

#include <mpi.h>
#include "hkz/config.h"
#include "hkz/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hkz_dist_s *hkz_dist_t;

/** Collective: duplicates comm (errors returned, never fatal), splits it
 *  by shared memory for the node-local rank.  MPI must be initialized. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_create(hkz_dist_t *d, MPI_Comm comm);
/** Collective; NULL-safe; sets *d = NULL. */
HKZ_API void hkz_dist_destroy(hkz_dist_t *d);

HKZ_API int hkz_dist_rank(const hkz_dist_t d);
HKZ_API int hkz_dist_size(const hkz_dist_t d);
HKZ_API int hkz_dist_local_rank(const hkz_dist_t d);
HKZ_API int hkz_dist_local_size(const hkz_dist_t d);
HKZ_API int hkz_dist_num_nodes(const hkz_dist_t d);
/** The library's duplicate of the communicator. */
HKZ_API MPI_Comm hkz_dist_comm(const hkz_dist_t d);

typedef enum
{
    HKZ_DIST_OUT_REPLICATED = 0,
    HKZ_DIST_OUT_SHARDED = 1
} hkz_dist_out_t;

typedef enum
{
    HKZ_DIST_REDUCE_FIXED = 0,
    HKZ_DIST_REDUCE_MPI = 1
} hkz_dist_reduce_t;

typedef struct
{
    int out_mode;       /* hkz_dist_out_t */
    int reduce;         /* hkz_dist_reduce_t */
    int overlap;        /* 1 (default): compute in a worker thread while
                           the caller's thread drives MPI (needs
                           MPI_THREAD_FUNNELED; else sequential chunks) */
    size_t nchunks;     /* column chunks; 0: the engine's, or 4 when
                           overlapping and T allows */
    double flop_rate;   /* planner: DGEMM flop/s of one rank (0: 2e10) */
    double bandwidth;   /* planner: bus bandwidth in bytes/s (0: 5e9) */
} hkz_dist_opts_t;

HKZ_API void hkz_dist_opts_init(hkz_dist_opts_t *o);

typedef struct
{
    int shard;          /* HKZ_SHARD_SPLIT_P or HKZ_SHARD_SPLIT_K */
    size_t nchunks;
    int nranks;
    double t_gemm;      /* modelled seconds: DGEMM + basis per rank */
    double t_comm;      /* modelled seconds of communication */
    double t_total;     /* modelled total with the chosen overlap */
    double r_comm;      /* t_comm / t_gemm (R of overlap_kernels.md 0) */
} hkz_dist_plan_t;

/** Collective: the plan every rank will use (computed on rank 0 and
 *  broadcast).  Split P wins unless P is small against the rank count;
 *  the engine option shard forces a choice. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_plan(hkz_dist_plan_t *plan,
        hkz_dist_t d, const hkz_engine_t e, const hkz_engine_problem_t *pb,
        const hkz_dist_opts_t *o);

/** Collective: out = B C over the ranks of d (see above), each rank
 *  computing with its engine e; err (may be NULL) as in hkz_engine_run
 *  (layout pb->err_layout).  plan may be NULL (then hkz_dist_plan is
 *  called); it must be the same on every rank. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_engine_run(hkz_dist_t d,
        hkz_engine_t e, double *out, double *err,
        const hkz_engine_problem_t *pb, const hkz_dist_opts_t *o,
        const hkz_dist_plan_t *plan);

/** The blocks of out owned by rank in sharded mode, as rows [b[4i],
 *  b[4i+1]) x columns [b[4i+2], b[4i+3]); at most maxblocks are written,
 *  *nblocks receives the count (empty blocks are omitted).  Not
 *  collective. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_owned(size_t *b, size_t *nblocks,
        size_t maxblocks, const hkz_dist_plan_t *plan, size_t P, size_t T,
        int rank);

#ifdef __cplusplus
}
#endif
#endif
