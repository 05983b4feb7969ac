/* A row block on one rank, streamed through flat tile buffers (tbuf.c)
 * in jobs of ne tiles (ne = R->ne device threads, each with its own
 * engine; 1 without a GPU): while the device threads run the engine
 * routes of job k's tiles at once (the device, the goal test, the second
 * tier), a host thread finishes the tiles of job k - 1 in order: the
 * scalar route of their held entries, their checkpoint records, counts
 * and the sink (the HDF5 write).  A third thread (R->ahead, tile_ahead.c)
 * makes the fixed-point tier's rows of the next jobs' tiles ahead (the
 * device threads' tiers would wait for them) whenever it is idle.  Host
 * memory is 2 ne tiles (about 34 bytes an entry) whatever the grid's size.
 *
 * Each step computes exactly what _hkz_grid_tile computes for the tile
 * (every entry depends on its own inputs and the tile only; the engines
 * share options), so the bytes are those of the sequential order; records
 * and sinks come in tile order.  The host thread is the one worker of a
 * FLINT thread pool made for the block, the extra device threads those of
 * a second; without a GPU engine (R->pipe == 0) everything runs in the
 * caller.  The engines' thread pools are shared by all threads: a range
 * that finds no free worker runs in its caller (src/parallel.c), so
 * nothing waits on another thread's work. */
#include <flint/thread_pool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"

/* one tile of a job */
typedef struct
{
    _hkz_grid_run_t *R;
    _hkz_grid_tbuf_t *tb;
    hkz_engine_t e;        /* its device thread's engine */
    int resumed;           /* the tile comes from the checkpoint */
    int status;
    char msg[512];
} pipe_tile;

/* the tiles [t0, t0 + nt) of a job: their engine routes at once on the
 * device threads, then the rest of each in order on the host thread */
typedef struct
{
    _hkz_grid_run_t *R;
    pipe_tile t[HKZ_GRID_DEV_MAX];
    slong nt;
    int status, pending, threaded;
    char msg[512];
} pipe_job;

/* the host thread beside the device's (none: everything in the caller),
 * the device threads beyond the caller's */
typedef struct
{
    thread_pool_t tp, dp;
    thread_pool_handle h, dh[HKZ_GRID_DEV_MAX];
    int have, ndev;
} pipe_thread;

/* the tile's rows to the sinks: columns as they are, or rows (one tile
 * of them, rebuilt exactly from the buffer) */
int _hkz_grid_emit(_hkz_grid_run_t *R, const _hkz_grid_tbuf_t *tb)
{
    const hkz_grid_opts_t *o = R->o;
    slong p1 = tb->p0 + tb->np;
    int status = HKZ_SUCCESS;

    if (o->cols_sink != NULL)
    {
        hkz_grid_cols_t c;
        c.p0 = tb->p0;
        c.p1 = p1;
        c.n = tb->n;
        c.mid = tb->mid;
        c.rad = tb->rad;
        c.certified = tb->cert;
        c.scalar = tb->scal;
        return o->cols_sink(o->sink_ctx, &c);
    }
    if (o->sink == NULL && o->local_sink == NULL)
        return HKZ_SUCCESS;
    _hkz_grid_tb_rows(R->rows, tb);
    if (o->sink != NULL)
        status = o->sink(o->sink_ctx, R->rows, tb->n, tb->p0, p1);
    if (status == HKZ_SUCCESS && o->local_sink != NULL)
        status = o->local_sink(o->sink_ctx, R->rows, tb->n, tb->p0, p1);
    return status;
}

/* the second step of a tile: scalar route, record, counts, sinks */
static int rest_tile(_hkz_grid_run_t *R, pipe_tile *U)
{
    char *s;
    double t0;
    int status;

    /* (records are read here too: this thread alone adds to R->ck
       while the block streams) */
    if (U->resumed)
        status = _hkz_grid_record_load_tb(U->tb,
                hkz_ckpt_get(R->ck, R->rec[U->tb->tile]));
    else
        status = _hkz_grid_tile_rest(U->tb, R->g, R->tm, R->e, &R->goal);
    if (status == HKZ_SUCCESS && R->pack != NULL)   /* to rank 0 */
        return R->pack(R, U->tb);
    if (status == HKZ_SUCCESS && !U->resumed && R->ck != NULL)
    {
        s = _hkz_grid_record_tb(U->tb);
        if (s == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
        else
            status = hkz_ckpt_add(R->ck, s);
        free(s);
    }
    if (status != HKZ_SUCCESS)
        return status;
    _hkz_grid_tb_count(&R->S, U->tb);
    R->S.resumed += U->resumed ? U->tb->n : 0;
    R->mine += U->tb->n;
    t0 = hkz_prof_now();
    status = _hkz_grid_emit(R, U->tb);
    hkz_prof_add(HKZ_PROF_SINK, t0);
    return status;
}

/* one stream for the whole grid (R->pace > 0): the checkpoint's commit
 * and a progress report every R->pace seconds, by the thread that adds
 * the records */
static int pace_report(_hkz_grid_run_t *R)
{
    double now = hkz_dist_wtime();
    int status = HKZ_SUCCESS;

    if (R->pace <= 0 || now - R->paced < R->pace)
        return HKZ_SUCCESS;
    R->paced = now;
    if (R->ck != NULL)
        status = hkz_ckpt_commit(R->ck);
    if (status == HKZ_SUCCESS)
        status = hkz_progress_report(R->o->progress, R->mine, R->S.entries);
    return status;
}

static void rest_main(void *arg)
{
    pipe_job *J = arg;
    slong s;
    int status = HKZ_SUCCESS;

    for (s = 0; s < J->nt && status == HKZ_SUCCESS; s++)
        status = rest_tile(J->R, J->t + s);
    if (status == HKZ_SUCCESS)
        status = pace_report(J->R);
    J->status = status;
    if (status != HKZ_SUCCESS)
        snprintf(J->msg, sizeof(J->msg), "%s", hkz_errmsg());
    if (J->threaded)
        flint_cleanup();   /* FLINT's thread-local caches */
}

/* the first step of a tile on a device thread */
static void dev_main(void *arg)
{
    pipe_tile *U = arg;
    _hkz_grid_run_t *R = U->R;
    slong q0 = U->tb->tile * HKZ_GRID_TILE;

    U->status = _hkz_grid_tile_engine(U->tb, R->g, q0, U->tb->np, R->tm,
                                      U->e, &R->goal);
    if (U->status == HKZ_SUCCESS && R->tier_dev)
        U->status = _hkz_grid_tile_tier(U->tb, R->g, R->tm, U->e, &R->goal);
    if (U->status != HKZ_SUCCESS)
        snprintf(U->msg, sizeof(U->msg), "%s", hkz_errmsg());
}

static void dev_thread_main(void *arg)
{
    dev_main(arg);
    flint_cleanup();
}

/* the first step of the job's tiles: resumed ones only sized here, the
 * others on the device threads (tile s on engine s) */
static int first_steps(pipe_job *J, pipe_thread *P)
{
    slong s;
    int status = HKZ_SUCCESS, woke[HKZ_GRID_DEV_MAX];

    for (s = 0; s < J->nt; s++)
    {
        pipe_tile *U = J->t + s;
        woke[s] = 0;
        U->status = HKZ_SUCCESS;
        if (U->resumed)
            continue;
        if (s > 0 && s - 1 < P->ndev)
        {
            thread_pool_wake(P->dp, P->dh[s - 1], 0, dev_thread_main, U);
            woke[s] = 1;
        }
        else if (s > 0)
            dev_main(U);
    }
    if (J->nt > 0 && !J->t[0].resumed)
        dev_main(J->t);
    for (s = 0; s < J->nt; s++)
    {
        if (woke[s])
            thread_pool_wait(P->dp, P->dh[s - 1]);
        if (status == HKZ_SUCCESS && J->t[s].status != HKZ_SUCCESS)
            status = hkz_error_set(J->t[s].status, "%s", J->t[s].msg);
    }
    return status;
}

/* waits for the second step of J's tile */
static int finish(pipe_job *J, pipe_thread *P)
{
    if (!J->pending)
        return HKZ_SUCCESS;
    if (J->threaded)
        thread_pool_wait(P->tp, P->h);
    J->pending = J->threaded = 0;
    if (J->status != HKZ_SUCCESS)
        return hkz_error_set(J->status, "%s", J->msg);
    return HKZ_SUCCESS;
}

int _hkz_grid_stream(_hkz_grid_run_t *R, slong t0, slong t1)
{
    pipe_job job[2];
    pipe_thread P;
    slong i, s, nt, ne = FLINT_MAX(1, R->ne);
    double w0;
    int cur = 0, status = HKZ_SUCCESS, st;

    memset(job, 0, sizeof(job));
    P.have = 0;
    P.ndev = 0;
    if (R->pipe)
    {
        thread_pool_init(P.tp, 1);
        P.have = thread_pool_request(P.tp, &P.h, 1) == 1;
        if (ne > 1)
        {
            thread_pool_init(P.dp, ne - 1);
            P.ndev = thread_pool_request(P.dp, P.dh, ne - 1);
        }
    }
    for (i = 0; i < 2; i++)
    {
        job[i].R = R;
        for (s = 0; s < ne; s++)
        {
            job[i].t[s].R = R;
            job[i].t[s].tb = R->tb + i * ne + s;
            job[i].t[s].e = R->ex[s] != NULL ? R->ex[s] : R->e;
        }
    }
    /* the rows of the first two jobs' tiles and the z rows */
    _hkz_grid_ahead_wake(R->ahead, t0, FLINT_MIN(t1, t0 + 2 * ne), 1);
    for (i = t0; i < t1 && status == HKZ_SUCCESS; i += nt)
    {
        pipe_job *J = job + cur;
        /* the first steps of tiles [i, i + nt) beside the second steps
           of the job before, and the rows of the two jobs after */
        nt = J->nt = FLINT_MIN(ne, t1 - i);
        _hkz_grid_ahead_wake(R->ahead, i + nt, FLINT_MIN(t1, i + nt + 2 * ne),
                             0);
        for (s = 0; s < J->nt && status == HKZ_SUCCESS; s++)
        {
            slong q0 = (i + s) * HKZ_GRID_TILE;
            J->t[s].resumed = R->done[i + s];
            status = _hkz_grid_tb_reset(J->t[s].tb, i + s,
                    FLINT_MIN(R->P, q0 + HKZ_GRID_TILE) - q0, R->T);
        }
        w0 = hkz_prof_now();
        if (status == HKZ_SUCCESS)
            status = first_steps(J, &P);
        hkz_prof_add(HKZ_PROF_DEV, w0);
        w0 = hkz_prof_now();
        st = finish(job + 1 - cur, &P);
        hkz_prof_add(HKZ_PROF_WAIT, w0);
        if (status == HKZ_SUCCESS)
            status = st;
        if (status != HKZ_SUCCESS)
            break;
        J->pending = 1;
        J->threaded = P.have;
        if (J->threaded)
            thread_pool_wake(P.tp, P.h, 0, rest_main, J);
        else
            rest_main(J);
        cur = 1 - cur;
    }
    /* the last job (and, after an error, the one still running) */
    st = finish(job + 1 - cur, &P);
    if (status == HKZ_SUCCESS)
        status = st;
    st = finish(job + cur, &P);
    if (status == HKZ_SUCCESS)
        status = st;
    if (R->pipe)
    {
        if (P.have)
            thread_pool_give_back(P.tp, P.h);
        thread_pool_clear(P.tp);
        for (s = 0; s < P.ndev; s++)
            thread_pool_give_back(P.dp, P.dh[s]);
        if (ne > 1)
            thread_pool_clear(P.dp);
    }
    return status;
}
