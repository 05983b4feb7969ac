/* Progress reports through a caller's callback, and their sum over the
 * ranks of a run (hkz/progress.h). */
#include "hkz/progress.h"
#include "hkz/runner.h"
#include "hkz/status.h"

int hkz_progress_report(const hkz_progress_t *p, slong done, slong total)
{
    if (p == NULL || p->fn == NULL)
        return HKZ_SUCCESS;
    if (p->fn(p->ctx, done, total) != 0)
        return hkz_error_set(HKZ_ERR_INTERRUPTED, "stopped at %ld of %ld "
                             "(interrupted)", (long) done, (long) total);
    return HKZ_SUCCESS;
}

/* under MPI hkz_run_progress (hkz_dist_progress) never blocks: rank 0 sums
 * the counts that reached it */
static int ranks_fn(void *ctx, slong done, slong total)
{
    hkz_progress_ranks_t *r = ctx;
    slong all = done;

    if (hkz_run_progress(r->dist, done, &all) != HKZ_SUCCESS)
        all = done;
    if (r->total > 0)
        total = r->total;
    else
        all = done;
    return r->to.fn != NULL ? r->to.fn(r->to.ctx, all, total) : 0;
}

hkz_progress_t hkz_progress_ranks(hkz_progress_ranks_t *r)
{
    hkz_progress_t p;
    p.fn = ranks_fn;
    p.ctx = r;
    return p;
}
