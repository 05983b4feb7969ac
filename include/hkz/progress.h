/* hkz/progress.h -- progress callbacks of long library computations
 * (in the spirit of PETSc's KSPMonitorSet).
 *
 * A long library function (trajectories, complete zero lists, sweeps,
 * grids) takes an optional const hkz_progress_t *.  It calls fn(ctx, done,
 * total) after each unit of work (a zero, a sample, a row block), from the
 * calling thread only, and at least once at the end with done == total.
 * Units are the caller-visible ones (zeros, samples, grid entries); under
 * MPI each rank reports its own units, and hkz_progress_ranks (below)
 * sums them for the caller's callback.
 *
 * The callback returns 0 to go on, or non-zero to ask the computation to
 * stop: the function then writes its checkpoint (if it has one), and
 * returns HKZ_ERR_INTERRUPTED with the state resumable.  A SIGTERM/SIGINT
 * handler in an application sets a flag that its callback returns.
 */
#ifndef HKZ_PROGRESS_H
#define HKZ_PROGRESS_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int (*hkz_progress_fn)(void *ctx, slong done, slong total);

typedef struct
{
    hkz_progress_fn fn;  /* NULL: no reports, never stops */
    void *ctx;
} hkz_progress_t;

/** Reports (done, total) through p (NULL-safe).  Returns HKZ_SUCCESS, or
 *  HKZ_ERR_INTERRUPTED (with a message) when the callback asked to stop. */
HKZ_API HKZ_WARN_UNUSED int hkz_progress_report(const hkz_progress_t *p,
                                                slong done, slong total);

struct hkz_dist_s;   /* hkz_dist_t of hkz/dist.h */

/* A run over ranks: each rank's computation reports its own units, and
 * the callback of hkz_progress_ranks(r) hands r->to the done count summed
 * over the ranks of r->dist (rank 0: the latest sum it knows, without
 * blocking; other ranks: their own) against r->total, the run's units
 * over all ranks.  With r->total <= 0, r->to sees the computation's own
 * (done, total); r->dist NULL is one process. */
typedef struct
{
    hkz_progress_t to;         /* the caller's callback */
    struct hkz_dist_s *dist;   /* the ranks (hkz_dist_world()), or NULL */
    slong total;               /* > 0: the run's units over all ranks */
} hkz_progress_ranks_t;

/** The callback (fn, ctx) that reports through r as above; r must outlive
 *  it, and its dist and total may be set between reports. */
HKZ_API hkz_progress_t hkz_progress_ranks(hkz_progress_ranks_t *r);

#ifdef __cplusplus
}
#endif
#endif
