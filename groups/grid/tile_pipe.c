/* A row block on one rank, streamed tile by tile through two flat tile
 * buffers (tbuf.c): while the calling thread runs the engine route of
 * tile i (the device, the goal test, the second tier), a second host
 * thread finishes tile i - 1: the scalar route of its held entries, its
 * checkpoint record, its counts and the sink (the HDF5 write).  Host
 * memory is two tiles (about 20 bytes an entry) whatever the grid's size.
 *
 * Each step computes exactly what _hkz_grid_tile computes for the tile
 * (every entry depends on its own inputs and the tile only), so the bytes
 * are those of the sequential order; records and sinks come in tile
 * order.  The second host thread is the one worker of a FLINT thread pool
 * made for the block; without a GPU engine (R->pipe == 0) both steps run
 * in the caller.  The engine's thread pool is shared by both host
 * threads: a range that finds no free worker runs in its caller
 * (src/parallel.c), so nothing waits on the other thread's work. */
#include <flint/thread_pool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"

typedef struct
{
    _hkz_grid_run_t *R;
    _hkz_grid_tbuf_t *tb;
    int resumed;           /* the tile comes from the checkpoint */
    int status, pending, threaded;
    char msg[512];
} pipe_job;

/* the host thread beside the engine's (none: everything in the caller) */
typedef struct
{
    thread_pool_t tp;
    thread_pool_handle h;
    int have;
} pipe_thread;

/* the tile's rows to the sinks: columns as they are, or rows (one tile
 * of them, rebuilt exactly from the buffer) */
static int emit(_hkz_grid_run_t *R, const _hkz_grid_tbuf_t *tb)
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
static void rest_main(void *arg)
{
    pipe_job *J = arg;
    _hkz_grid_run_t *R = J->R;
    char *s;
    int status = HKZ_SUCCESS;

    /* (records are read here too: this thread alone adds to R->ck
       while the block streams) */
    if (J->resumed)
        status = _hkz_grid_record_load_tb(J->tb,
                hkz_ckpt_get(R->ck, R->rec[J->tb->tile]));
    else
        status = _hkz_grid_tile_rest(J->tb, R->g, R->tm, R->e, &R->goal);
    if (status == HKZ_SUCCESS && !J->resumed && R->ck != NULL)
    {
        s = _hkz_grid_record_tb(J->tb);
        if (s == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
        else
            status = hkz_ckpt_add(R->ck, s);
        free(s);
    }
    if (status == HKZ_SUCCESS)
    {
        _hkz_grid_tb_count(&R->S, J->tb);
        R->S.resumed += J->resumed ? J->tb->n : 0;
        R->mine += J->tb->n;
        status = emit(R, J->tb);
    }
    J->status = status;
    if (status != HKZ_SUCCESS)
        snprintf(J->msg, sizeof(J->msg), "%s", hkz_errmsg());
    if (J->threaded)
        flint_cleanup();   /* FLINT's thread-local caches */
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
    slong i;
    int cur = 0, status = HKZ_SUCCESS, st;

    memset(job, 0, sizeof(job));
    P.have = 0;
    if (R->pipe)
    {
        thread_pool_init(P.tp, 1);
        P.have = thread_pool_request(P.tp, &P.h, 1) == 1;
    }
    job[0].R = job[1].R = R;
    job[0].tb = R->tb;
    job[1].tb = R->tb + 1;
    for (i = t0; i < t1 && status == HKZ_SUCCESS; i++)
    {
        pipe_job *J = job + cur;
        slong q0 = i * HKZ_GRID_TILE, np = FLINT_MIN(R->P, q0 + HKZ_GRID_TILE)
                                           - q0;
        /* the first step of tile i beside the second of tile i - 1 */
        J->resumed = R->done[i];
        if (J->resumed)
            status = _hkz_grid_tb_reset(J->tb, i, np, R->T);
        else
            status = _hkz_grid_tile_engine(J->tb, R->g, q0, np, R->tm,
                                           R->e, &R->goal);
        st = finish(job + 1 - cur, &P);
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
    /* the last tile (and, after an error, the one still running) */
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
    }
    return status;
}
