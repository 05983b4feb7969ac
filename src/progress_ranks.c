/* A caller's progress callback fed the counts summed over the ranks of a
 * run (hkz_progress_ranks, hkz/progress.h). */
#include "hkz/progress.h"
#include "hkz/runner.h"
#include "hkz/status.h"

/* under MPI hkz_run_progress (hkz_dist_progress) never blocks: rank 0 sums
 * the counts that reached it */
static int ranks_fn(void *ctx, slong done, slong total)
{
    hkz_progress_ranks_t *r = ctx;
    slong all = done;

    if (hkz_run_progress(r->dist, done, &all) != HKZ_SUCCESS)
        all = done;
    if (r->total > 0)
    {
        /* a rank's units may include a few at the edges of its block that
           a neighbour counts too (zeros cw: 2008 of 2000 at 3 ranks) */
        total = r->total;
        if (all > total)
            all = total;
    }
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
