/* Trajectories over the ranks of a hkz_dist_t (hkz_ly_track_ranks): the
 * runner (hkz/runner.h) splits the zero indices in blocks, each rank
 * tracks its block with its own checkpoint (PATH.r<rank>), and rank 0
 * receives every zero's records (the checkpoint records of
 * track_records.c, one unit per zero, joined by '|') into the tracker of
 * the whole range: the same bytes as one process. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "hkz/runner.h"
#include "hkz/ly.h"
#include "track_internal.h"
#include "hkz_check.h"

typedef struct
{
    const hkz_ly_track_job_t *job;
    const hkz_ly_opts_t *opts;
    hkz_dist_t d;
    hkz_ly_track_t mine, full;  /* this rank's block; rank 0: all */
    int tstatus;                /* the block's tracking status */
} tctx_t;

/* Create, checkpoint (this rank's file), start, run: zeros lo..hi-1. */
static int track_block(tctx_t *c, slong lo, slong hi)
{
    const hkz_ly_track_job_t *jb = c->job;
    hkz_ckpt_t ck = NULL;
    char buf[4096];
    int st = hkz_ly_track_create(&c->mine, jb->W, jb->fn, jb->param,
                                 jb->family, jb->t0, jb->t1, lo, hi,
                                 c->opts);
    if (st == HKZ_SUCCESS && jb->checkpoint != NULL)
    {
        const char *p = hkz_run_ckpt_path(buf, sizeof(buf), jb->checkpoint,
                                          c->d);
        st = hkz_ckpt_create(&ck, p, "track");
        if (st == HKZ_SUCCESS && jb->digits > 0)
            st = hkz_ckpt_param_slong(ck, "digits", jb->digits);
        if (st == HKZ_SUCCESS)
            st = hkz_ly_track_checkpoint(c->mine, ck, jb->resume, jb->every);
    }
    if (st == HKZ_SUCCESS)
        st = hkz_ly_track_start(c->mine, c->opts);
    if (st == HKZ_SUCCESS)
    {
        /* a zero that could not be continued is a result, not a failure:
         * its records go to rank 0 with the others */
        st = hkz_ly_track_run(c->mine, 0, c->opts);
        c->tstatus = st;
        if (st == HKZ_ERR_NOT_CERTIFIED)
            st = HKZ_SUCCESS;
    }
    hkz_ckpt_destroy(&ck);
    return st;
}

/* the runner's batch is this rank's whole block (contiguous: no
 * restored units) */
static int t_compute(void *ctx, const slong *u, slong m)
{
    tctx_t *c = ctx;
    struct timespec ts;
    int st = m > 0 ? track_block(c, c->job->j0 + u[0],
                                 c->job->j0 + u[m - 1] + 1) : HKZ_SUCCESS;
    if (c->job->done != NULL)
    {
        if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0)
            c->job->done[0] = ts.tv_sec + 1e-9 * ts.tv_nsec;
        if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0)
            c->job->done[1] = ts.tv_sec + 1e-9 * ts.tv_nsec;
    }
    return st;
}

static int t_encode(char **rec, void *ctx, slong i)
{
    tctx_t *c = ctx;
    _hkz_ly_sbuf_t b = {NULL, 0, 0};
    int st = _hkz_ly_sbuf_add(&b, "");
    if (st == HKZ_SUCCESS)
        st = _hkz_ly_track_records(&b, c->mine, c->job->j0 + i -
                                   c->mine->j0, 1, '|');
    *rec = b.s;
    return st;
}

static int t_decode(slong *i, void *ctx, const char *rec)
{
    tctx_t *c = ctx;
    char *s = flint_malloc(strlen(rec) + 1), *p, *e;
    long j;
    int st = HKZ_SUCCESS;
    strcpy(s, rec);
    *i = sscanf(s, "%*s %ld", &j) == 1 ? j - c->job->j0 : -1;
    p = s;
    while (*p != '\0' && st == HKZ_SUCCESS)
    {
        e = strchr(p, '|');
        if (e != NULL)
            *e = '\0';
        if (*p != '\0')
            st = _hkz_ly_track_apply(c->full, p);
        if (e == NULL)
            break;
        p = e + 1;
    }
    flint_free(s);
    return st;
}

/* Estimated costs of Curie-Weiss zeros by the integral over the ranks'
 * blocks (any positive values give the same bytes; these only balance).
 * Measured at N = 10^4 over [1e-5, 1e-4], one thread here (CPU per zero,
 * less the start at t0; x = j/n, n = N/2): zeros 1-100 0.42 s, 501-504
 * 0.26 s, 1001-1004 0.20 s, 2001-2100 0.17 s, 3001-3004 and 4501-4504
 * 0.20 s, 4901-4904 0.30 s; the k-th zero from the last (the slowest
 * next to pi/2: the direction on the zero's band, track_cw_wedge_cert.c)
 * k = 40 0.45 s, 20 0.56 s, 10 0.60 s, 6 0.75 s, 4 0.94 s, 2 1.40 s, the
 * last 2.53 s.  So 1 + 1.6 (1 - x/0.25)^2 up to x = 0.25, then 1; times
 * 1 + 7.2 k^-0.4 e^{-k/300} (k >= 1), 14.9 for the last (the blocks
 * 1-100, 2001-2100, 4901-5000 within 9% of the model). */
static double *track_costs(const hkz_ly_track_job_t *jb)
{
    slong i, n, m = jb->j1 - jb->j0;
    double *c;
    if (jb->fn != hkz_ly_cw_family_integral || jb->param == NULL)
        return NULL;
    n = *(const slong *) jb->param / 2;
    c = flint_malloc(sizeof(double) * FLINT_MAX(m, 1));
    for (i = 0; i < m; i++)
    {
        slong j = jb->j0 + i, k = n - 1 - j;
        double x = (double) (j + 1) / (double) FLINT_MAX(n, 1), y;
        y = FLINT_MAX(0.0, 1.0 - x / 0.25);
        c[i] = (1.0 + 1.6 * y * y) * (k <= 0 ? 14.9 : 1.0 + 7.2 *
               pow((double) k, -0.4) * exp(-(double) k / 300.0));
    }
    return c;
}

int hkz_ly_track_ranks(hkz_ly_track_t *tr, const hkz_ly_track_job_t *job,
                       const hkz_ly_opts_t *opts)
{
    hkz_run_units_t u;
    hkz_run_opts_t ro;
    tctx_t c;
    char *buf = NULL;
    size_t len = 0;
    int st = HKZ_SUCCESS, rank0, size;

    HKZ_CHECK(tr != NULL && job != NULL && opts != NULL && job->j0 >= 0 &&
              job->j1 > job->j0, HKZ_ERR_ARG, "hkz_ly_track_ranks: NULL "
              "argument or empty zero range");
    *tr = NULL;
    memset(&c, 0, sizeof(c));
    c.job = job;
    c.opts = opts;
    c.d = opts->dist;
    c.tstatus = HKZ_SUCCESS;
    size = c.d != NULL ? hkz_dist_size(c.d) : 1;
    rank0 = c.d == NULL || hkz_dist_rank(c.d) == 0;
    /* rank 0 holds the whole range (several ranks: before the records
     * arrive) */
    if (size > 1 && rank0)
        st = hkz_ly_track_create(&c.full, job->W, job->fn, job->param,
                                 job->family, job->t0, job->t1, job->j0,
                                 job->j1, opts);
    u.n = job->j1 - job->j0;
    u.compute = t_compute;
    u.encode = t_encode;
    u.decode = t_decode;
    u.ctx = &c;
    hkz_run_opts_init(&ro);
    ro.dist = c.d;
    ro.batch = u.n;
    ro.share = HKZ_RUN_GATHER;
    ro.status = st;
    ro.cost = size > 1 ? track_costs(job) : NULL;
    st = hkz_run(&u, &ro);
    flint_free((void *) ro.cost);
    if (size == 1)
    {
        /* the block is the range */
        c.full = c.mine;
        c.mine = NULL;
    }
    else if (st == HKZ_SUCCESS && rank0 && c.mine != NULL)
    {
        /* rank 0's own zeros */
        st = hkz_ly_track_pack(&buf, &len, c.mine);
        if (st == HKZ_SUCCESS)
            st = hkz_ly_track_unpack(c.full, buf, len);
        flint_free(buf);
    }
    if (size > 1)
        st = hkz_run_agree(c.d, st);
    hkz_ly_track_destroy(&c.mine);
    if (st != HKZ_SUCCESS)
    {
        hkz_ly_track_destroy(&c.full);
        return st;
    }
    /* the tracking status of the whole range, from rank 0 */
    st = rank0 ? (size == 1 ? c.tstatus : hkz_ly_track_status(c.full))
               : HKZ_SUCCESS;
    if (size > 1)
        st = hkz_run_agree(c.d, st);
    *tr = rank0 ? c.full : NULL;
    if (!rank0)
        hkz_ly_track_destroy(&c.full);
    return st;
}
