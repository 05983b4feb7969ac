/* Zero lists with checkpoints (interrupt, resume, parameter mismatch):
 * the same bytes as one uninterrupted process.  The split over ranks is
 * tested under mpiexec (tests/ly_mpi). */
#include <stdio.h>
#include <string.h>
#include "hkz_test.h"

static void same(const hkz_ly_zeros_t a, const hkz_ly_zeros_t b,
                 const char *what)
{
    slong j;
    HKZ_TEST_CHECK(a->complete == b->complete && a->n == b->n, "%s", what);
    for (j = 0; j < a->n; j++)
        HKZ_TEST_CHECK(arb_equal(a->theta + j, b->theta + j) &&
                       a->flag[j] == b->flag[j], "%s: zero %ld differs",
                       what, (long) j + 1);
}

static int stop_at_3(void *ctx, slong done, slong total)
{
    (void) ctx;
    (void) total;
    return done >= 3;
}

static hkz_ckpt_t open_ck(const char *path, const hkz_ly_opts_t *o,
                          const char *t, int resume, int expect)
{
    hkz_ckpt_t c;
    HKZ_TEST_OK(hkz_ckpt_create(&c, path, "zeros"));
    HKZ_TEST_OK(hkz_ckpt_param(c, "family", "cw N=24"));
    HKZ_TEST_OK(hkz_ckpt_param(c, "t", t));
    HKZ_TEST_OK(hkz_ly_zeros_ckpt_params(c, o));
    HKZ_TEST_STATUS(hkz_ckpt_open(c, resume), expect);
    return c;
}

static void checkpoint(const arb_t t)
{
    hkz_ly_zeros_t ref, z;
    hkz_ly_opts_t o;
    hkz_progress_t pr;
    hkz_ckpt_t c;
    char path[64];

    snprintf(path, sizeof(path), "t-zeros-units-%d.ck", 0);
    hkz_ly_opts_init(&o);
    hkz_ly_opts_set_digits(&o, 30);
    o.nthreads = 1;
    hkz_ly_zeros_init(ref, 24);
    hkz_ly_zeros_init(z, 24);
    HKZ_TEST_OK(hkz_ly_cw_zeros(ref, 24, t, &o));
    /* interrupted after 3 zeros */
    c = open_ck(path, &o, "0.05", 0, HKZ_SUCCESS);
    pr.fn = stop_at_3;
    pr.ctx = NULL;
    o.progress = &pr;
    o.checkpoint = c;
    HKZ_TEST_STATUS(hkz_ly_cw_zeros(z, 24, t, &o), HKZ_ERR_INTERRUPTED);
    hkz_ckpt_destroy(&c);
    o.progress = NULL;
    /* resumed: the same balls */
    c = open_ck(path, &o, "0.05", 1, HKZ_SUCCESS);
    HKZ_TEST_CHECK(hkz_ckpt_count(c) >= 3, "%ld records",
                   (long) hkz_ckpt_count(c));
    o.checkpoint = c;
    HKZ_TEST_OK(hkz_ly_cw_zeros(z, 24, t, &o));
    same(ref, z, "resumed zeros");
    hkz_ckpt_destroy(&c);
    /* other digits: refused, named */
    hkz_ly_opts_set_digits(&o, 20);
    c = open_ck(path, &o, "0.05", 1, HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "rel_bits") != NULL, "message '%s'",
                   hkz_errmsg());
    hkz_ckpt_destroy(&c);
    remove(path);
    hkz_ly_zeros_clear(ref);
    hkz_ly_zeros_clear(z);
}

int main(void)
{
    arb_t t;
    arb_init(t);
    HKZ_TEST_OK(hkz_ball_set_str(t, "0.05", 2048));
    checkpoint(t);
    arb_clear(t);
    HKZ_TEST_END("ly.zeros_units");
}
