/* Progress callbacks (hkz/progress.h): hkz_progress_report's stop, and
 * hkz_progress_ranks on one process: the computation's own (done, total)
 * without a run total, the run total with one (the sum over one rank is
 * its own count), a stop request passed back, no callback never stops. */
#include "hkz_test.h"
#include "hkz/progress.h"
#include "hkz/dist.h"

typedef struct
{
    slong done, total, calls, stop_at;
} seen_t;

static int record(void *ctx, slong done, slong total)
{
    seen_t *s = ctx;
    s->done = done;
    s->total = total;
    s->calls++;
    return s->stop_at > 0 && done >= s->stop_at;
}

int main(void)
{
    seen_t s = {0, 0, 0, 0};
    hkz_progress_ranks_t r;
    hkz_progress_t p;
    slong i;
    int w;

    HKZ_TEST_OK(hkz_progress_report(NULL, 1, 2));
    /* the computation's own counts: no run total */
    for (w = 0; w < 2; w++)
    {
        r.to.fn = record;
        r.to.ctx = &s;
        r.dist = w ? hkz_dist_world() : NULL;
        r.total = 0;
        p = hkz_progress_ranks(&r);
        s.calls = 0;
        for (i = 1; i <= 5; i++)
            HKZ_TEST_OK(hkz_progress_report(&p, i, 5));
        HKZ_TEST_CHECK(s.calls == 5 && s.done == 5 && s.total == 5,
                       "own counts (dist %d): %ld calls, %ld of %ld", w,
                       (long) s.calls, (long) s.done, (long) s.total);
        /* a run total set between reports replaces the computation's */
        r.total = 40;
        HKZ_TEST_OK(hkz_progress_report(&p, 7, 5));
        HKZ_TEST_CHECK(s.done == 7 && s.total == 40, "run total (dist %d): "
                       "%ld of %ld", w, (long) s.done, (long) s.total);
    }
    /* the caller's stop request comes back as HKZ_ERR_INTERRUPTED */
    s.stop_at = 3;
    r.total = 0;
    HKZ_TEST_OK(hkz_progress_report(&p, 2, 10));
    HKZ_TEST_STATUS(hkz_progress_report(&p, 3, 10), HKZ_ERR_INTERRUPTED);
    /* no callback: reports never stop */
    r.to.fn = NULL;
    HKZ_TEST_OK(hkz_progress_report(&p, 10, 10));
    HKZ_TEST_END("progress");
}
