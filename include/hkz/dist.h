/* hkz/dist.h -- the distributed layer (dist/), in libhkz for every build.
 * No MPI types here: calls taking an MPI_Comm are in hkz/dist_mpi.h.
 *
 * With -DHKZ_MPI=ON the implementation is MPI (dist/mpi); without it a
 * serial one-rank implementation of the same calls (dist/serial): the
 * world has one rank, collectives return at once, hkz_dist_engine_run is
 * the plain engine.  hkz_dist_world() is usable in both builds (before
 * hkz_dist_init, and in the serial build always, it is a one-rank world).
 *
 * Errors.  Every collective call returns the same status on every rank.
 * hkz_dist_agree(d, status) is the building block: after it every rank
 * holds the status of the lowest failing rank R and, for R > 0, the
 * message "rank R: <R's message>" in hkz_errmsg().  A rank that fails
 * must keep calling the collectives that the others call (typically:
 * skip its work, then call hkz_dist_agree): then nothing ever hangs.
 *
 * Threads.  MPI is initialized with MPI_THREAD_FUNNELED: only the thread
 * that called hkz_dist_init calls MPI.  hkz_dist_progress may be called
 * from any thread (other threads only record their count).
 *
 * A NULL hkz_dist_t means hkz_dist_world() in every call.
 *
 * The engine over ranks (hkz_dist_plan / hkz_dist_engine_run):
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
 * Every rank passes the same full problem (all P points, all K rows of
 * the weights) and full-size out / err arrays. */
#ifndef HKZ_DIST_H
#define HKZ_DIST_H

#include <stddef.h>
#include <stdint.h>
#include <flint/flint.h>
#include "hkz/config.h"
#include "hkz/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hkz_dist_s *hkz_dist_t;

/* ---- the world ------------------------------------------------------- */

/** Process start: MPI_Init_thread(FUNNELED) unless MPI is already
 *  initialized, then the world handle (a duplicate of MPI_COMM_WORLD).
 *  Serial build: nothing to do.  Idempotent; argc / argv may be NULL. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_init(int *argc, char ***argv);
/** Collective: drains the progress messages, frees the world and calls
 *  MPI_Finalize if hkz_dist_init initialized MPI.  Safe to call twice. */
HKZ_API void hkz_dist_finalize(void);
/** The world (never NULL; one rank before hkz_dist_init). */
HKZ_API hkz_dist_t hkz_dist_world(void);
/** Collective; NULL-safe; sets *d = NULL.  Never destroy the world. */
HKZ_API void hkz_dist_destroy(hkz_dist_t *d);

HKZ_API int hkz_dist_rank(const hkz_dist_t d);
HKZ_API int hkz_dist_size(const hkz_dist_t d);
/** Rank within the node (shared memory) and ranks on the node. */
HKZ_API int hkz_dist_local_rank(const hkz_dist_t d);
HKZ_API int hkz_dist_local_size(const hkz_dist_t d);
HKZ_API int hkz_dist_num_nodes(const hkz_dist_t d);

/** Contiguous split of [n0, n1) over size ranks: rank's block [*lo, *hi)
 *  (possibly empty); the first (n1 - n0) % size ranks get one more. */
HKZ_API void hkz_dist_block(slong *lo, slong *hi, slong n0, slong n1,
        int rank, int size);

/** Output policy of a command-line tool: on ranks other than 0, stdout
 *  and stderr go to /dev/null (rank 0 alone writes data and errors; the
 *  errors of other ranks reach it through hkz_dist_agree).  No-op on rank
 *  0 and in the serial build. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_quiet_nonroot(void);

/* ---- collectives ----------------------------------------------------- */

/** Collective: the status of the lowest failing rank R on every rank
 *  (HKZ_SUCCESS if none), with hkz_errmsg() = "rank R: <R's message>"
 *  when R > 0 (R's own message when R = 0).  Status values are not
 *  interpreted: any non-zero int counts as a failure. */
HKZ_API int hkz_dist_agree(hkz_dist_t d, int status);

/** Collective: rank 0 gets in *all the records mine[0..n) of every rank,
 *  concatenated in rank order (variable sizes; NUL-terminated; release
 *  with flint_free), with the total length in *len; other ranks get NULL
 *  and 0.  mine may be NULL when n = 0.  Status agreed. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_gather(hkz_dist_t d, char **all,
        size_t *len, const char *mine, size_t n);

/** Collective: as hkz_dist_gather, but every rank gets the concatenation
 *  (flint_free) and its length. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_allgather(hkz_dist_t d, char **all,
        size_t *len, const char *mine, size_t n);

/** Collective: every rank's bytes mine[0..n) to sink on rank 0, in rank
 *  order (rank 0's own first), each rank's in pieces (sink may be called
 *  several times per rank; any n, also past the MPI count limit); memory
 *  O(piece) on rank 0.  sink returns HKZ_SUCCESS or a status (then the
 *  rest is received and dropped).  Status agreed.  For output too large
 *  to gather: each rank formats its block, rank 0 writes them in turn. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_stream(hkz_dist_t d, const char *mine,
        size_t n, int (*sink)(void *ctx, const char *buf, size_t len),
        void *ctx);

/** hkz_dist_stream in two halves, without the agreement, so that a
 *  rank's bytes travel while it computes the next ones.  Every rank calls
 *  hkz_dist_post in the same order: rank 0 hands its own bytes and then
 *  every other rank's (rank order, in pieces) to sink and returns when
 *  all have arrived; a rank > 0 starts sending mine[0..n) and returns at
 *  once, and must leave those bytes alone until hkz_dist_post_wait(p)
 *  (nothing on rank 0) says they are gone.  Statuses are this rank's
 *  own: agree (hkz_dist_agree) before acting on them. */
typedef struct hkz_dist_post_s *hkz_dist_post_t;
HKZ_API HKZ_WARN_UNUSED int hkz_dist_post(hkz_dist_post_t *p, hkz_dist_t d,
        const char *mine, size_t n,
        int (*sink)(void *ctx, const char *buf, size_t len), void *ctx);
HKZ_API HKZ_WARN_UNUSED int hkz_dist_post_wait(hkz_dist_post_t *p);

/** Counters that every rank advances atomically, for work balanced at
 *  run time (a rank that runs out of its own pieces takes the next ones
 *  of another rank's list).  Collective: n counters, all 0 (d = NULL: the
 *  world).  One node: shared memory; several: MPI one-sided atomics. */
typedef struct hkz_dist_counters_s *hkz_dist_counters_t;
HKZ_API HKZ_WARN_UNUSED int hkz_dist_counters_init(hkz_dist_counters_t *c,
        hkz_dist_t d, slong n);

/** Not collective: *old = counter k, and counter k += inc, atomically
 *  over the ranks (inc = 0 reads it). */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_counters_add(hkz_dist_counters_t c,
        slong k, slong inc, slong *old);

/** Collective: releases the counters (every rank, also a failed one). */
HKZ_API void hkz_dist_counters_clear(hkz_dist_counters_t *c);

/** Collective: rank r's bytes for rank s are out[o_s .. o_s + out_len[s])
 *  (o_s = out_len[0] + ... + out_len[s - 1]); *in (flint_free,
 *  NUL-terminated) gets the bytes every rank sent to this one,
 *  concatenated in rank order, *in_len their length.  Status agreed. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_exchange(hkz_dist_t d, char **in,
        size_t *in_len, const char *out, const size_t *out_len);

/** Collective: the n bytes of buf on root to every rank. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_bcast(hkz_dist_t d, void *buf,
        size_t n, int root);

typedef enum
{
    HKZ_DIST_SUM = 0,
    HKZ_DIST_MIN = 1,
    HKZ_DIST_MAX = 2
} hkz_dist_op_t;

/** Collective: buf[0..n) becomes, on every rank, the element-wise op
 *  (hkz_dist_op_t) of the ranks' buf.  Sums of doubles are rounded in the
 *  MPI library's order (bound them yourself: (size - 1) roundings). */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_allreduce_double(hkz_dist_t d,
        double *buf, size_t n, int op);
HKZ_API HKZ_WARN_UNUSED int hkz_dist_allreduce_int(hkz_dist_t d, int *buf,
        size_t n, int op);
HKZ_API HKZ_WARN_UNUSED int hkz_dist_allreduce_slong(hkz_dist_t d,
        slong *buf, size_t n, int op);

/** Collective: rank 0 gets every rank's value mine (seconds) in all[r]
 *  (size entries); all is not used on other ranks (may be NULL). */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_times(hkz_dist_t d, double mine,
        double *all);

/** Formats per-rank times all[0..size) as one line (no newline), e.g.
 *  "ranks 3: min 1.2 s, max 1.9 s (rank 2), imbalance 1.58" (imbalance =
 *  max / min; "ranks 1: 1.2 s" for one rank).  Returns the length that
 *  snprintf would write. */
HKZ_API int hkz_dist_times_format(char *buf, size_t n, const double *all,
        int size);

/** Not collective and never blocks: this rank's done count for a progress
 *  line.  Rank 0 gets in *all_done the latest known total over the ranks
 *  (other ranks' counts arrive at most every 0.2 s); other ranks get their
 *  own count.  all_done may be NULL.  Any thread may call it (only the
 *  thread of hkz_dist_init sends / receives). */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_progress(hkz_dist_t d, slong mine_done,
        slong *all_done);

/** Collective: delivers every rank's latest count to rank 0 and completes
 *  the pending messages; rank 0 gets the exact total in *all_done (may be
 *  NULL).  hkz_dist_finalize and hkz_dist_destroy call it. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_progress_drain(hkz_dist_t d,
        slong *all_done);

/** Wall-clock seconds (monotonic) since an arbitrary origin. */
HKZ_API double hkz_dist_wtime(void);

/** Collective HDF5 output (src/io_h5_dist.c): H5Pset_fapl_mpio(fapl, the
 *  communicator of d, MPI_INFO_NULL) on the file access property list
 *  fapl (an hid_t), so that no MPI type appears outside dist/.  0 on
 *  success; -1 on failure and in a build without MPI or parallel HDF5. */
HKZ_API int hkz_dist_h5_fapl(int64_t fapl, hkz_dist_t d);

/* ---- the spectral-sum engine over ranks ------------------------------ */

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
 *  called); it must be the same on every rank.  On one rank: the plain
 *  engine (hkz_engine_run). */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_engine_run(hkz_dist_t d,
        hkz_engine_t e, double *out, double *err,
        const hkz_engine_problem_t *pb, const hkz_dist_opts_t *o,
        const hkz_dist_plan_t *plan);

/** Rank's share of a problem split over nranks as hkz_dist_engine_run
 *  splits it: rows [*lo, *hi) of n = P for HKZ_SHARD_SPLIT_P (starting at
 *  multiples of HKZ_ENGINE_TALIGN, possibly empty), modes of n = K for
 *  HKZ_SHARD_SPLIT_K.  Not collective. */
HKZ_API void hkz_dist_slice(size_t *lo, size_t *hi, int shard, size_t n,
        int nranks, int rank);

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
