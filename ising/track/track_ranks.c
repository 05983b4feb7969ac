/* Trajectories over the ranks of a hkz_dist_t (hkz_ly_track_ranks).
 * With a checkpoint the runner (hkz/runner.h) splits the zero indices in
 * blocks of equal model cost and each rank tracks its block with its own
 * checkpoint (PATH.r<rank>).  Without one the range is cut in pieces taken
 * at run time (as the zero lists, zeros_pieces.c): the ranks end within
 * about a piece of each other whatever the speed of a core (N = 10^4 on
 * the 16 cores of the device host: blocks of equal model cost took 107 to
 * 169 s, and the zeros' costs measured here were flat over those blocks).
 * Either way rank 0 receives every zero's records (the checkpoint records
 * of track_records.c, one unit per zero, joined by '|') into the tracker
 * of the whole range; a zero's records depend on the zero alone: the same
 * bytes as one process. */
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

/* pieces per rank: small enough that the last one ends near the others,
 * large enough that a piece's tracker costs little beside its zeros */
#define PIECES_PER_RANK 16

typedef struct
{
    const hkz_progress_t *to;
    slong off, total;
} pprog_t;

/* a piece's progress: the zeros of this piece done, after those of all
 * ranks' pieces finished when this rank's last piece ended (counter
 * `size`): rank 0 shows about the whole run's progress */
static int pprog_fn(void *ctx, slong done, slong total)
{
    const pprog_t *p = ctx;
    (void) total;
    return p->to->fn(p->to->ctx, p->off + done, p->total);
}

/* Tracks zeros lo..hi-1 from the list z at t0 (computed by the first
 * piece) and appends their records, one line per zero, to out. */
static int track_piece(tctx_t *c, hkz_ly_zeros_t z, int *have_z, slong lo,
                       slong hi, _hkz_ly_sbuf_t *out, slong off)
{
    const hkz_ly_track_job_t *jb = c->job;
    hkz_ly_track_t tr = NULL;
    hkz_ly_opts_t o = *c->opts;
    hkz_progress_t pp;
    pprog_t pc;
    slong i;
    int st = hkz_ly_track_create(&tr, jb->W, jb->fn, jb->param, jb->family,
                                 jb->t0, jb->t1, lo, hi, c->opts);
    if (st == HKZ_SUCCESS && !*have_z)
        *have_z = (st = _hkz_ly_track_start_zeros(z, tr, c->opts)) ==
                  HKZ_SUCCESS;
    if (st == HKZ_SUCCESS)
        st = _hkz_ly_track_start_from(tr, z);
    if (st == HKZ_SUCCESS)
    {
        pc.to = c->opts->progress;
        pc.off = off;
        pc.total = jb->j1 - jb->j0;
        pp.fn = pprog_fn;
        pp.ctx = &pc;
        o.progress = pc.to != NULL && pc.to->fn != NULL ? &pp : NULL;
        /* a zero that could not be continued is a result (its records) */
        st = hkz_ly_track_run(tr, 0, &o);
        if (st == HKZ_ERR_NOT_CERTIFIED)
            st = HKZ_SUCCESS;
    }
    for (i = 0; st == HKZ_SUCCESS && i < hi - lo; i++)
    {
        st = _hkz_ly_track_records(out, tr, i, 1, '|');
        if (st == HKZ_SUCCESS)
            st = _hkz_ly_sbuf_add(out, "\n");
    }
    hkz_ly_track_destroy(&tr);
    return st;
}

/* piece k is the units b[k]..b[k+1]-1: np pieces of about equal model
 * cost (c NULL: equal counts), none empty */
static void piece_bounds(slong *b, slong np, const double *c, slong m)
{
    double all = 0, acc = 0;
    slong i = 0, k;
    for (k = 0; k < m; k++)
        all += c != NULL ? c[k] : 1.0;
    b[0] = 0;
    for (k = 1; k < np; k++)
    {
        double goal = all * (double) k / (double) np;
        for (; i < m; i++)
        {
            double ci = c != NULL ? c[i] : 1.0;
            if (acc + 0.5 * ci >= goal)
                break;
            acc += ci;
        }
        b[k] = FLINT_MIN(FLINT_MAX(i, b[k - 1] + 1), m - (np - k));
    }
    b[np] = m;
}

/* Collective: the pieces path (see top); st: this rank's status before */
static int track_pieces(tctx_t *c, int st)
{
    const hkz_ly_track_job_t *jb = c->job;
    int size = hkz_dist_size(c->d), rank = hkz_dist_rank(c->d),
        victim = rank, have_z = 0, r, s2;
    slong m = jb->j1 - jb->j0, np = FLINT_MIN(m, (slong) size *
          PIECES_PER_RANK), k = 0, own = 0, off = 0;
    slong *b = flint_malloc(sizeof(slong) * (np + 1 + 2 * size)),
          *k0 = b + np + 1, *k1 = k0 + size;
    double *cost = track_costs(jb);
    hkz_dist_counters_t cnt = NULL;
    _hkz_ly_sbuf_t out = {NULL, 0, 0};
    size_t *len = flint_calloc((size_t) size, sizeof(size_t)), l = 0;
    char *in = NULL, *p, *e;
    hkz_ly_zeros_t z;

    piece_bounds(b, np, cost, m);
    flint_free(cost);
    for (r = 0; r < size; r++)
    {
        k0[r] = np * r / size;
        k1[r] = np * (r + 1) / size;
    }
    hkz_ly_zeros_init(z, jb->W);
    s2 = hkz_dist_counters_init(&cnt, c->d, size + 1);
    if (st == HKZ_SUCCESS)
        st = s2;
    while (st == HKZ_SUCCESS)
    {
        st = _hkz_ly_claim_piece(&k, &victim, cnt, k0, k1, size, &own);
        if (st != HKZ_SUCCESS || k < 0)
            break;
        st = track_piece(c, z, &have_z, jb->j0 + b[k], jb->j0 + b[k + 1],
                         &out, off);
        if (st == HKZ_SUCCESS)
            st = hkz_dist_counters_add(cnt, size, b[k + 1] - b[k], &off);
        off += b[k + 1] - b[k];
    }
    (void) t_compute(c, NULL, 0);   /* this rank's end: wall and CPU */
    /* every record to rank 0 (a failed rank sends nothing) */
    len[0] = st == HKZ_SUCCESS ? out.len : 0;
    s2 = hkz_dist_exchange(c->d, &in, &l, out.s, len);
    if (st == HKZ_SUCCESS)
        st = s2;
    for (p = in; st == HKZ_SUCCESS && c->full != NULL && p < in + l; p = e + 1)
    {
        slong i;
        e = memchr(p, '\n', (size_t) (in + l - p));
        if (e == NULL)
            break;
        *e = '\0';
        st = t_decode(&i, c, p);
    }
    hkz_dist_counters_clear(&cnt);
    hkz_ly_zeros_clear(z);
    flint_free(in);
    flint_free(out.s);
    flint_free(len);
    flint_free(b);
    return st;
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
    ro.cost = size > 1 && job->checkpoint != NULL ? track_costs(job)
                                                  : NULL;
    if (size > 1 && job->checkpoint == NULL)
        st = track_pieces(&c, st);
    else
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
