/* Trajectories over the ranks of a hkz_dist_t (hkz_ly_track_ranks).
 * One process tracks the whole range (its checkpoint: PATH).  Several cut
 * the range in pieces of equal model cost, taken at run time
 * (hkz_run_claim): the ranks end within about a piece of each other
 * whatever the speed of a core (N = 10^4 on the 16 cores of the device
 * host: static blocks of equal model cost took 107 to 169 s, and the
 * zeros' costs measured here were flat over those blocks).  With a
 * checkpoint, PATH records the run's parameters and the number of pieces
 * (rank 0), and each piece k its trajectories (PATH.p<k>), so a piece
 * resumes on whichever rank takes it, under any rank count that gives the
 * same pieces (all up to MIN_PIECES / PIECES_PER_RANK = 16 ranks).  Rank 0
 * receives every zero's records (the checkpoint records of
 * track_records.c, one line per zero, joined by '|') into the tracker of
 * the whole range; a zero's records depend on the zero alone: the same
 * bytes as one process. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "hkz/runner.h"
#include "hkz/ly.h"
#include "track_lockstep.h"
#include "hkz_check.h"

typedef struct
{
    const hkz_ly_track_job_t *job;
    const hkz_ly_opts_t *opts;
    hkz_dist_t d;
    hkz_ly_track_t full;        /* rank 0: the whole range */
    int tstatus;                /* one process: the tracking status */
} tctx_t;

int _hkz_ly_track_open_ckpt(hkz_ckpt_t *ck, const char *path,
                            hkz_ly_track_t tr, const hkz_ly_track_job_t *jb,
                            int resume)
{
    int st = hkz_ckpt_create(ck, path, "track");
    if (st == HKZ_SUCCESS && jb->digits > 0)
        st = hkz_ckpt_param_slong(*ck, "digits", jb->digits);
    if (st == HKZ_SUCCESS)
        st = hkz_ly_track_checkpoint(tr, *ck, resume, jb->every);
    return st;
}

/* A resume from PATH of the other layout (kind: "track" of one process,
 * "track-pieces" of several ranks): one line saying how to resume it. */
static int other_layout(const hkz_ly_track_job_t *jb, const char *kind,
                        const char *how)
{
    char k[64];
    if (jb->resume && hkz_ckpt_file_kind(k, sizeof(k), jb->checkpoint) &&
        strcmp(k, kind) == 0)
        return hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint '%s' %s",
                             jb->checkpoint, how);
    return HKZ_SUCCESS;
}

/* One process: create, checkpoint (PATH), start, run the whole range. */
static int track_all(tctx_t *c)
{
    const hkz_ly_track_job_t *jb = c->job;
    hkz_ckpt_t ck = NULL;
    int st = hkz_ly_track_create(&c->full, jb->W, jb->fn, jb->param,
                                 jb->family, jb->t0, jb->t1, jb->j0, jb->j1,
                                 c->opts);
    if (st == HKZ_SUCCESS && jb->checkpoint != NULL)
    {
        st = other_layout(jb, "track-pieces", "was made under several "
                          "ranks: resume it under mpiexec (up to 16 ranks)");
        if (st == HKZ_SUCCESS)
            st = _hkz_ly_track_open_ckpt(&ck, jb->checkpoint, c->full, jb,
                                         jb->resume);
    }
    if (st == HKZ_SUCCESS)
        st = hkz_ly_track_start(c->full, c->opts);
    if (st == HKZ_SUCCESS)
    {
        st = hkz_ly_track_run(c->full, 0, c->opts);
        c->tstatus = st;
        if (st == HKZ_ERR_NOT_CERTIFIED)
            st = HKZ_SUCCESS;
    }
    hkz_ckpt_destroy(&ck);
    return st;
}

/* job->done: this process's wall and CPU clocks when its zeros were
 * tracked */
static void mark_done(const hkz_ly_track_job_t *jb)
{
    struct timespec ts;
    if (jb->done == NULL)
        return;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0)
        jb->done[0] = ts.tv_sec + 1e-9 * ts.tv_nsec;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0)
        jb->done[1] = ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* a zero's records (one line, joined by '|') into the whole range */
static int apply_line(tctx_t *c, char *p)
{
    char *e;
    int st = HKZ_SUCCESS;
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
    return st;
}

/* Estimated costs of Curie-Weiss zeros by the integral, for the ranks'
 * pieces (any positive values give the same bytes; these only balance).
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

/* pieces: at least MIN_PIECES (so the pieces, and a checkpoint's files,
 * are the same under up to 16 ranks), PIECES_PER_RANK beyond: small
 * enough that the last one ends near the others, large enough that a
 * piece's tracker costs little beside its zeros */
#define MIN_PIECES 256
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

/* Tracks piece k, zeros lo..hi-1: restored from its checkpoint file
 * PATH.p<k> (if any), the rest from the list z at t0 (computed by the
 * first piece that needs it); appends their records, one line per zero,
 * to out. */
static int track_piece(tctx_t *c, hkz_ly_zeros_t z, int *have_z, slong k,
                       slong lo, slong hi, _hkz_ly_sbuf_t *out, slong off)
{
    const hkz_ly_track_job_t *jb = c->job;
    hkz_ly_track_t tr = NULL;
    hkz_ckpt_t ck = NULL;
    hkz_ly_opts_t o = *c->opts;
    hkz_progress_t pp;
    pprog_t pc;
    slong i, todo = 0;
    int st = hkz_ly_track_create(&tr, jb->W, jb->fn, jb->param, jb->family,
                                 jb->t0, jb->t1, lo, hi, c->opts);
    if (st == HKZ_SUCCESS && jb->checkpoint != NULL)
    {
        char path[4096];
        snprintf(path, sizeof(path), "%s.p%ld", jb->checkpoint, (long) k);
        /* a piece no rank took before the stop has no file yet */
        st = _hkz_ly_track_open_ckpt(&ck, path, tr, jb, jb->resume
                                     && access(path, F_OK) == 0);
    }
    for (i = 0; st == HKZ_SUCCESS && i < hi - lo; i++)
        todo += !tr->started[i];
    if (st == HKZ_SUCCESS && todo > 0 && !*have_z)
        *have_z = (st = _hkz_ly_track_start_zeros(z, tr, c->opts)) ==
                  HKZ_SUCCESS;
    if (st == HKZ_SUCCESS && todo > 0)
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
    hkz_ckpt_destroy(&ck);
    return st;
}

/* Collective: rank 0 declares the run and its np pieces in PATH (kind
 * "track-pieces"; a resume must match them); st: this rank's status */
static int pieces_manifest(tctx_t *c, slong np, int st)
{
    const hkz_ly_track_job_t *jb = c->job;
    hkz_ckpt_t ck = NULL;
    if (st == HKZ_SUCCESS && c->full != NULL)
    {
        st = hkz_ckpt_create(&ck, jb->checkpoint, "track-pieces");
        if (st == HKZ_SUCCESS && jb->digits > 0)
            st = hkz_ckpt_param_slong(ck, "digits", jb->digits);
        if (st == HKZ_SUCCESS)
            st = hkz_ckpt_param_slong(ck, "pieces", np);
        if (st == HKZ_SUCCESS)
            st = _hkz_ly_track_params(ck, c->full);
        if (st == HKZ_SUCCESS)
            st = other_layout(jb, "track", "was made by one process: "
                              "resume it without mpiexec");
        if (st == HKZ_SUCCESS)
            st = hkz_ckpt_open(ck, jb->resume);
        if (st == HKZ_SUCCESS)
            st = hkz_ckpt_commit(ck);
        hkz_ckpt_destroy(&ck);
    }
    return hkz_run_agree(c->d, st);
}

/* Collective: the pieces of several ranks (see top); st: this rank's
 * status before */
static int track_pieces(tctx_t *c, int st)
{
    const hkz_ly_track_job_t *jb = c->job;
    int size = hkz_dist_size(c->d), owner = hkz_dist_rank(c->d), have_z = 0,
        r, s2;
    slong m = jb->j1 - jb->j0, own = 0, off = 0, k = 0, np =
          FLINT_MIN(m, FLINT_MAX(MIN_PIECES, (slong) size * PIECES_PER_RANK));
    slong *b = flint_malloc(sizeof(slong) * (np + 1 + 2 * size)),
          *k0 = b + np + 1, *k1 = k0 + size;
    double *cost = track_costs(jb);
    hkz_dist_counters_t cnt = NULL;
    _hkz_ly_sbuf_t out = {NULL, 0, 0};
    size_t *len = flint_calloc((size_t) size, sizeof(size_t)), l = 0;
    char *in = NULL, *p, *e;
    hkz_ly_zeros_t z;

    hkz_run_cuts(b, np, cost, NULL, m);
    flint_free(cost);
    for (r = 0; r < size; r++)
    {
        k0[r] = np * r / size;
        k1[r] = np * (r + 1) / size;
    }
    hkz_ly_zeros_init(z, jb->W);
    if (jb->checkpoint != NULL)
        st = pieces_manifest(c, np, st);
    /* counters 0..size-1: the shares; size: zeros done (progress) */
    s2 = hkz_dist_counters_init(&cnt, c->d, size + 1);
    if (st == HKZ_SUCCESS)
        st = s2;
    while (st == HKZ_SUCCESS)
    {
        st = hkz_run_claim(&k, &owner, cnt, k0, k1, size, &own);
        if (st != HKZ_SUCCESS || k < 0)
            break;
        st = track_piece(c, z, &have_z, k, jb->j0 + b[k], jb->j0 + b[k + 1],
                         &out, off);
        if (st == HKZ_SUCCESS)
            st = hkz_dist_counters_add(cnt, size, b[k + 1] - b[k], &off);
        off += b[k + 1] - b[k];
    }
    mark_done(jb);
    /* every record to rank 0 (a failed rank sends nothing) */
    len[0] = st == HKZ_SUCCESS ? out.len : 0;
    s2 = hkz_dist_exchange(c->d, &in, &l, out.s, len);
    if (st == HKZ_SUCCESS)
        st = s2;
    for (p = in; st == HKZ_SUCCESS && c->full != NULL && p < in + l; p = e + 1)
    {
        e = memchr(p, '\n', (size_t) (in + l - p));
        if (e == NULL)
            break;
        *e = '\0';
        st = apply_line(c, p);
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
    tctx_t c;
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
    if (size > 1 && job->fn == hkz_ly_cw_family_lockstep)
    {
        st = _hkz_ly_track_lockstep_ranks(&c.full, &c.tstatus, job, opts);
        mark_done(job);
        if (st == HKZ_SUCCESS)
            st = c.tstatus;
        if (!rank0 || (st != HKZ_SUCCESS && st != HKZ_ERR_NOT_CERTIFIED))
            hkz_ly_track_destroy(&c.full);
        *tr = c.full;
        return st;
    }
    if (size == 1)
    {
        st = track_all(&c);
        mark_done(job);
        if (st == HKZ_SUCCESS)
            st = c.tstatus;
        if (st != HKZ_SUCCESS && st != HKZ_ERR_NOT_CERTIFIED)
            hkz_ly_track_destroy(&c.full);
        *tr = c.full;
        return st;
    }
    /* rank 0 holds the whole range, before the records arrive */
    if (rank0)
        st = hkz_ly_track_create(&c.full, job->W, job->fn, job->param,
                                 job->family, job->t0, job->t1, job->j0,
                                 job->j1, opts);
    st = hkz_run_agree(c.d, track_pieces(&c, st));
    if (st != HKZ_SUCCESS)
    {
        hkz_ly_track_destroy(&c.full);
        return st;
    }
    /* the tracking status of the whole range, from rank 0 */
    st = hkz_run_agree(c.d, rank0 ? hkz_ly_track_status(c.full)
                                  : HKZ_SUCCESS);
    *tr = c.full;
    return st;
}
