/* hkz/progress.h -- progress callbacks of long library computations
 * (in the spirit of PETSc's KSPMonitorSet).
 *
 * A long library function (trajectories, complete zero lists, sweeps,
 * grids) takes an optional const hkz_progress_t *.  It calls fn(ctx, done,
 * total) after each unit of work (a zero, a sample, a row block), from the
 * calling thread only, and at least once at the end with done == total.
 * Units are the caller-visible ones (zeros, samples, grid entries); under
 * MPI each rank reports its own units, the CLI aggregates (dist.h).
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

#ifdef __cplusplus
}
#endif
#endif
