/* Checkpoint and resume: a run stopped by its progress callback after
 * the first block resumes to exactly the balls of an uninterrupted run;
 * a resume with other parameters is refused. */
#include <unistd.h>
#include "grid_test.h"

static int stop_after_first(void *ctx, slong done, slong total)
{
    int *calls = ctx;
    return ++*calls >= 1 && done < total;
}

int main(void)
{
    hkz_grid_heat_t g;
    grid_collect_t ref, a, b;
    hkz_grid_summary_t s;
    hkz_grid_opts_t o;
    hkz_progress_t pr;
    char path[64];
    int calls = 0;

    snprintf(path, sizeof(path), "t-grid-resume-%ld.ck", (long) getpid());
    hkz_grid_heat_init(g, HKZ_GRID_SU2);
    HKZ_TEST_OK(hkz_grid_list_set_str(g->alpha, "0:3.14:600", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.01:2:3", 1, 256));
    g->digits = 9;

    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;
    o.nthreads = 1;
    HKZ_TEST_OK(grid_run_collect(&ref, &s, g, &o));

    /* stopped after the first block of 256 points */
    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;
    o.nthreads = 1;
    o.block = 256;
    o.checkpoint = path;
    pr.fn = stop_after_first;
    pr.ctx = &calls;
    o.progress = &pr;
    HKZ_TEST_STATUS(grid_run_collect(&a, &s, g, &o), HKZ_ERR_INTERRUPTED);
    HKZ_TEST_CHECK(a.next == 256, "stopped at point %ld", (long) a.next);

    /* resumed with another block size */
    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;
    o.block = 512;
    o.checkpoint = path;
    o.resume = 1;
    HKZ_TEST_OK(grid_run_collect(&b, &s, g, &o));
    HKZ_TEST_CHECK(s.resumed == 256 * 3, "resumed %ld entries",
                   (long) s.resumed);
    HKZ_TEST_CHECK(grid_collect_equal(&ref, &b), "resumed run differs");

    /* resumed twice: everything from the records */
    grid_collect_clear(&a);
    HKZ_TEST_OK(grid_run_collect(&a, &s, g, &o));
    HKZ_TEST_CHECK(grid_collect_equal(&ref, &a), "second resume differs");
    HKZ_TEST_CHECK(s.resumed == s.entries, "all resumed");
    grid_collect_clear(&a);

    /* other digits: refused */
    g->digits = 10;
    HKZ_TEST_STATUS(grid_run_collect(&a, &s, g, &o), HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "digits") != NULL, "message '%s'",
                   hkz_errmsg());

    grid_collect_clear(&a);
    grid_collect_clear(&b);
    grid_collect_clear(&ref);
    hkz_grid_heat_clear(g);
    remove(path);
    flint_cleanup();
    return hkz_test_failures ? 1 : 0;
}
