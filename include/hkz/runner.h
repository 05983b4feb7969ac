/* hkz/runner.h -- the one runner of long distributed work (src/runner.c).
 *
 * A run is a list of units 0..n-1, the same on every rank of a
 * hkz_dist_t; a unit's result is a deterministic function of the unit, so
 * it can be computed on any rank, in any order, or restored from a
 * record.  hkz_run (collective):
 *   1. restores: every record of the checkpoint (this rank's file, opened
 *      by the caller through hkz/checkpoint.h) is decoded; under several
 *      ranks the restored records are pooled, so that every rank sees the
 *      same work left (a resume under another rank count works);
 *   2. splits the units left over the ranks in contiguous blocks
 *      (hkz_dist_block, or of even cost) and computes this rank's block in batches;
 *      between batches: the records of the batch go to the checkpoint,
 *      progress is reported (hkz/progress.h; a stop request ends the run
 *      with HKZ_ERR_INTERRUPTED, checkpoint committed), and the checkpoint
 *      is committed at most every commit_s seconds, and at the end;
 *   3. agrees on the status (hkz_dist_agree: the lowest failing rank's,
 *      "rank R: ..." in hkz_errmsg());
 *   4. shares the records: HKZ_RUN_GATHER decodes every rank's records on
 *      rank 0, HKZ_RUN_ALL on every rank, HKZ_RUN_KEEP leaves each rank
 *      with its own.  Records come in rank order, which is unit order.
 * Records are one line each (no '\n') and must not begin with '#'.
 *
 * The output side: hkz_run_rows writes rows that every rank formats for
 * its block to rank 0's writer in rank order (the bytes of one rank), and
 * hkz_run_times_line / hkz_run_rank_lines give rank 0 the per-rank
 * report lines.  A NULL hkz_dist_t means this process alone (unlike
 * hkz/dist.h, where NULL is the world): with one rank every call is a
 * plain local loop.
 */
#ifndef HKZ_RUNNER_H
#define HKZ_RUNNER_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/checkpoint.h"
#include "hkz/progress.h"
#include "hkz/dist.h"
#include "hkz/io.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct
{
    slong n;            /* units 0..n-1, the same on every rank */
    /* computes units u[0..m) (increasing; may use threads) */
    int (*compute)(void *ctx, const slong *u, slong m);
    /* the record of finished unit i (one line; flint_free) */
    int (*encode)(char **rec, void *ctx, slong i);
    /* applies a record: *i = the unit it finishes, or -1 when the record
     * is not one of this list's (then it is skipped) */
    int (*decode)(slong *i, void *ctx, const char *rec);
    void *ctx;
} hkz_run_units_t;

typedef enum
{
    HKZ_RUN_KEEP = 0,       /* every rank keeps its own results */
    HKZ_RUN_GATHER = 1,     /* rank 0 gets every rank's */
    HKZ_RUN_ALL = 2         /* every rank gets every rank's */
} hkz_run_share_t;

typedef struct
{
    hkz_dist_t dist;        /* ranks sharing the work (NULL: this process
                               alone, no collective call) */
    hkz_ckpt_t checkpoint;  /* this rank's, opened (NULL: none) */
    const hkz_progress_t *progress; /* NULL: none */
    slong batch;            /* units per compute call (<= 0: 1) */
    int share;              /* hkz_run_share_t */
    double commit_s;        /* least seconds between commits (<= 0: 5;
                               a commit waits at least 4 x the last one) */
    slong *done;            /* progress count to advance (NULL: from 0) */
    slong total;            /* reported total (<= 0: n) */
    int status;             /* a failure of this rank before the run: it
                               still takes part, the run fails on every
                               rank (HKZ_SUCCESS: none) */
    const double *cost;     /* n estimated unit costs, > 0, the same on
                               every rank: the blocks of step 2 split the
                               cost left evenly (NULL: the unit count) */
} hkz_run_opts_t;

/** Defaults: this process alone, no checkpoint or progress, batch 1, HKZ_RUN_KEEP. */
HKZ_API void hkz_run_opts_init(hkz_run_opts_t *o);

/** Collective: runs the units (see top).  The same status on every rank. */
HKZ_API HKZ_WARN_UNUSED int hkz_run(const hkz_run_units_t *u,
        const hkz_run_opts_t *o);

/** Collective: rank r calls row(w_r, ctx, i) for its i in [0, n) (w_r = w
 *  on rank 0, a memory writer of format fmt elsewhere); rank 0's writer
 *  receives every rank's rows in rank order.  w is used on rank 0 only
 *  (may be NULL elsewhere).  Status agreed. */
HKZ_API HKZ_WARN_UNUSED int hkz_run_rows(hkz_dist_t d, hkz_writer_t *w,
        hkz_format_t fmt, slong n,
        int (*row)(hkz_writer_t *w, void *ctx, slong i), void *ctx);

/** Collective: rank 0 gets in buf the line of hkz_dist_times_format for
 *  every rank's seconds mine (other ranks: ""). */
HKZ_API HKZ_WARN_UNUSED int hkz_run_times_line(hkz_dist_t d, double mine,
        char *buf, size_t n);

/** Collective: rank 0 gets every rank's seconds mine in all[r] (size
 *  entries; all may be NULL elsewhere); d = NULL: all[0] = mine. */
HKZ_API HKZ_WARN_UNUSED int hkz_run_times(hkz_dist_t d, double mine,
        double *all);

/** Not collective, never blocks: the done count of a run over the ranks
 *  for a progress line (rank 0: the latest known total; others: their
 *  own; hkz_dist_progress); d = NULL: *all_done = mine_done. */
HKZ_API HKZ_WARN_UNUSED int hkz_run_progress(hkz_dist_t d, slong mine_done,
        slong *all_done);

/** Collective: rank 0 gets in *all (flint_free) every rank's line mine
 *  (ending in '\n'), in rank order; other ranks get NULL. */
HKZ_API HKZ_WARN_UNUSED int hkz_run_rank_lines(hkz_dist_t d, char **all,
        const char *mine);

/** Collective: hkz_dist_agree (the status of the lowest failing rank,
 *  "rank R: ..." in hkz_errmsg()); d = NULL: status itself. */
HKZ_API int hkz_run_agree(hkz_dist_t d, int status);

/** This process's rank in d and the number of ranks (d = NULL: 0 and 1):
 *  rank 0 writes what a run gathers. */
HKZ_API int hkz_run_rank(hkz_dist_t d);
HKZ_API int hkz_run_size(hkz_dist_t d);

/** Cuts units idx[0..m) (idx NULL: 0..m-1) of costs cost[idx[j]] (> 0;
 *  cost NULL: 1 each) into np >= 1 contiguous parts of about equal summed
 *  cost: part k is [b[k], b[k+1]) of idx, b[0] = 0, b[np] = m; no part is
 *  empty when np <= m.  The same doubles summed in the same order: the
 *  same cuts on every rank (src/runner_pieces.c). */
HKZ_API void hkz_run_cuts(slong *b, slong np, const double *cost,
        const slong *idx, slong m);

/** Not collective: work balanced at run time.  Pieces are shared over the
 *  ranks, rank r's share being pieces [k0[r], k1[r]) with counter r of c
 *  (hkz_dist_counters_init, all 0 at first).  *k = the next piece from
 *  the share of rank *owner (start with this rank's own) while it lasts,
 *  then from the share with the most pieces left (*owner: its rank); -1
 *  when none is left anywhere.  A rank that runs out so helps the slowest,
 *  and the ranks end within about a piece of each other.  c NULL: this
 *  process alone (counter *mine). */
HKZ_API HKZ_WARN_UNUSED int hkz_run_claim(slong *k, int *owner,
        hkz_dist_counters_t c, const slong *k0, const slong *k1, int size,
        slong *mine);

/** "PATH" for one rank, "PATH.r<rank>" under several (buf, n bytes). */
HKZ_API const char *hkz_run_ckpt_path(char *buf, size_t n,
        const char *path, hkz_dist_t d);

#ifdef __cplusplus
}
#endif
#endif
