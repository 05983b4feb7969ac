/* A row block on one rank, streamed through flat tile buffers (tbuf.c):
 * ne device threads (ne = R->ne, each with its own engine; 1 without a
 * GPU) each take the next tile and run its engine route (the device, the
 * goal test, the second tier), while a host thread finishes the tiles in
 * order: the scalar route of their held entries, their checkpoint
 * records, counts and the sink (the HDF5 write).  A device thread takes a
 * tile as soon as it is free (no thread waits for another's tile: the
 * tiers' work differs from tile to tile), and at most 2 ne tiles are in
 * flight: host memory is 2 ne tiles (about 34 bytes an entry) whatever
 * the grid's size.  A third thread (R->ahead, tile_ahead.c) makes the
 * fixed-point tier's rows of the next tiles ahead whenever it is idle.
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

/* a tile in flight (buffer i % nb holds tile i) */
typedef struct
{
    _hkz_grid_run_t *R;
    _hkz_grid_tbuf_t *tb;
    hkz_engine_t e;        /* its device thread's engine */
    int resumed;           /* the tile comes from the checkpoint */
    int ready;             /* its first step is over */
    int status;
    char msg[512];
} pipe_tile;

/* the stream of tiles [t0, t1): the device threads take tile `next`
 * while next < rest + nb (its buffer is free once the host thread is done
 * with tile next - nb); the host thread finishes tile `rest`; all under
 * lock */
typedef struct
{
    _hkz_grid_run_t *R;
    pipe_tile t[2 * HKZ_GRID_DEV_MAX];
    slong nb, t1, next, rest;
    int stop;              /* a failure: no more tiles */
    pthread_mutex_t lock;
    pthread_cond_t cond;
} pipe_stream;

/* a device thread: its engine */
typedef struct
{
    pipe_stream *S;
    hkz_engine_t e;
} pipe_dev;

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

/* the first step of a tile on a device thread */
static void dev_main(pipe_tile *U)
{
    _hkz_grid_run_t *R = U->R;
    slong q0 = U->tb->tile * HKZ_GRID_TILE;

    U->status = _hkz_grid_tile_engine(U->tb, R->g, q0, U->tb->np, R->tm,
                                      U->e, &R->goal);
    if (U->status == HKZ_SUCCESS && R->tier_dev)
        U->status = _hkz_grid_tile_tier(U->tb, R->g, R->tm, U->e, &R->goal);
}

/* a device thread: the next free tile's first step, until none is left */
static void dev_loop(pipe_dev *D)
{
    pipe_stream *S = D->S;
    _hkz_grid_run_t *R = S->R;
    slong i, q0, ne = FLINT_MAX(1, R->ne);
    double w0;
    pipe_tile *U;

    pthread_mutex_lock(&S->lock);
    while (!S->stop && S->next < S->t1)
    {
        if (S->next >= S->rest + S->nb)   /* its buffer is not free yet */
        {
            w0 = hkz_prof_now();
            pthread_cond_wait(&S->cond, &S->lock);
            hkz_prof_add(HKZ_PROF_WAIT, w0);
            continue;
        }
        i = S->next++;
        /* the rows of the tiles after it */
        _hkz_grid_ahead_wake(R->ahead, i + 1, FLINT_MIN(S->t1, i + 1 + 2 * ne),
                             0);
        pthread_mutex_unlock(&S->lock);
        U = S->t + i % S->nb;
        q0 = i * HKZ_GRID_TILE;
        U->e = D->e;
        U->resumed = R->done[i];
        U->status = _hkz_grid_tb_reset(U->tb, i, FLINT_MIN(R->P,
                                       q0 + HKZ_GRID_TILE) - q0, R->T);
        if (U->status == HKZ_SUCCESS && !U->resumed)
            dev_main(U);
        if (U->status != HKZ_SUCCESS)
            snprintf(U->msg, sizeof(U->msg), "%s", hkz_errmsg());
        pthread_mutex_lock(&S->lock);
        U->ready = 1;
        pthread_cond_broadcast(&S->cond);
    }
    pthread_mutex_unlock(&S->lock);
}

static void dev_thread_main(void *arg)
{
    dev_loop(arg);
    flint_cleanup();   /* FLINT's thread-local caches */
}

/* the host thread: the second steps in tile order; returns the first
 * failure (of a first step or its own) and stops the device threads */
static int rest_loop(pipe_stream *S)
{
    slong i;
    pipe_tile *U;
    int status = HKZ_SUCCESS;

    for (i = S->rest; i < S->t1 && status == HKZ_SUCCESS; i++)
    {
        U = S->t + i % S->nb;
        pthread_mutex_lock(&S->lock);
        while (!U->ready)
            pthread_cond_wait(&S->cond, &S->lock);
        pthread_mutex_unlock(&S->lock);
        status = U->status != HKZ_SUCCESS
                 ? hkz_error_set(U->status, "%s", U->msg)
                 : rest_tile(S->R, U);
        if (status == HKZ_SUCCESS)
            status = pace_report(S->R);
        pthread_mutex_lock(&S->lock);
        U->ready = 0;
        S->rest = i + 1;
        S->stop |= status != HKZ_SUCCESS;
        pthread_cond_broadcast(&S->cond);
        pthread_mutex_unlock(&S->lock);
    }
    return status;
}

/* rest_loop on the host thread (its message kept for the caller) */
typedef struct
{
    pipe_stream *S;
    int status;
    char msg[512];
} pipe_rest;

static void rest_thread_main(void *arg)
{
    pipe_rest *H = arg;
    H->status = rest_loop(H->S);
    if (H->status != HKZ_SUCCESS)
        snprintf(H->msg, sizeof(H->msg), "%s", hkz_errmsg());
    flint_cleanup();
}

int _hkz_grid_stream(_hkz_grid_run_t *R, slong t0, slong t1)
{
    pipe_stream S;
    pipe_thread P;
    pipe_dev D[HKZ_GRID_DEV_MAX];
    pipe_rest H;
    slong i, s, ne = FLINT_MAX(1, R->ne);
    double w0;
    int status = HKZ_SUCCESS;

    memset(&S, 0, sizeof(S));
    S.R = R;
    S.nb = 2 * ne;
    S.t1 = t1;
    S.next = S.rest = t0;
    pthread_mutex_init(&S.lock, NULL);
    pthread_cond_init(&S.cond, NULL);
    for (i = 0; i < S.nb; i++)
    {
        S.t[i].R = R;
        S.t[i].tb = R->tb + i;
    }
    for (s = 0; s < ne; s++)
    {
        D[s].S = &S;
        D[s].e = R->ex[s] != NULL ? R->ex[s] : R->e;
    }
    P.have = P.ndev = 0;
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
    /* the rows of the first tiles and the z rows */
    _hkz_grid_ahead_wake(R->ahead, t0, FLINT_MIN(t1, t0 + 2 * ne), 1);
    if (!P.have)   /* one tile after the other in the caller */
    {
        S.nb = 1;
        for (i = t0; i < t1 && status == HKZ_SUCCESS; i++)
        {
            S.t1 = i + 1;
            w0 = hkz_prof_now();
            dev_loop(D);
            hkz_prof_add(HKZ_PROF_DEV, w0);
            status = rest_loop(&S);
        }
    }
    else
    {
        H.S = &S;
        thread_pool_wake(P.tp, P.h, 0, rest_thread_main, &H);
        for (s = 0; s < P.ndev; s++)
            thread_pool_wake(P.dp, P.dh[s], 0, dev_thread_main, D + s + 1);
        w0 = hkz_prof_now();
        dev_loop(D);
        for (s = 0; s < P.ndev; s++)
            thread_pool_wait(P.dp, P.dh[s]);
        hkz_prof_add(HKZ_PROF_DEV, w0);
        thread_pool_wait(P.tp, P.h);
        status = H.status == HKZ_SUCCESS ? HKZ_SUCCESS
                 : hkz_error_set(H.status, "%s", H.msg);
    }
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
    pthread_mutex_destroy(&S.lock);
    pthread_cond_destroy(&S.cond);
    return status;
}
