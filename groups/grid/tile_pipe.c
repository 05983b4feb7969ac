/* The tiles of a row block on one rank with a GPU engine, pipelined: the
 * scalar route of tile i (the certified fallback, on the engine's CPU
 * threads) runs on a second host thread while the engine route of tile
 * i + 1 runs (GPU, with the basis on the calling thread).  Each step
 * computes exactly what _hkz_grid_tile computes for the tile (every entry
 * depends on its own inputs and the tile only), so the bytes are those of
 * the sequential order; the checkpoint records are added in tile order.
 * The second host thread is the one worker of a FLINT thread pool made
 * for the run (one pool, not a thread per tile; one scalar route runs at a
 * time).  The engine's thread pool is shared by both host threads: a range
 * that finds no free worker runs in its caller (src/parallel.c), so
 * nothing waits on the other thread's work. */
#include <flint/thread_pool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"

typedef struct
{
    _hkz_grid_run_t *R;
    hkz_grid_entry_t *rows;
    slong *idx, nsc, tile, n;
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

static void rest_main(void *arg)
{
    pipe_job *J = arg;
    _hkz_grid_run_t *R = J->R;

    J->status = _hkz_grid_tile_rest(J->rows, J->idx, J->nsc, R->g,
                                    J->tile * HKZ_GRID_TILE, R->tm, R->e,
                                    &R->goal);
    if (J->status != HKZ_SUCCESS)
        snprintf(J->msg, sizeof(J->msg), "%s", hkz_errmsg());
    if (J->threaded)
        flint_cleanup();   /* FLINT's thread-local caches */
}

/* waits for the scalar route of J's tile, then its record */
static int finish(pipe_job *J, pipe_thread *P)
{
    _hkz_grid_run_t *R = J->R;
    char *s;
    int status;

    if (!J->pending)
        return HKZ_SUCCESS;
    if (J->threaded)
        thread_pool_wait(P->tp, P->h);
    J->pending = J->threaded = 0;
    if (J->status != HKZ_SUCCESS)
        return hkz_error_set(J->status, "%s", J->msg);
    R->mine += J->n;
    if (R->ck == NULL)
        return HKZ_SUCCESS;
    s = _hkz_grid_record(J->tile, J->rows, J->n);
    if (s == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
    status = hkz_ckpt_add(R->ck, s);
    free(s);
    return status;
}

int _hkz_grid_compute_pipe(_hkz_grid_run_t *R, slong t0, slong t1)
{
    pipe_job job[2];
    pipe_thread P;
    slong i, k;
    int cur = 0, status = HKZ_SUCCESS, st;

    memset(job, 0, sizeof(job));
    thread_pool_init(P.tp, 1);
    P.have = thread_pool_request(P.tp, &P.h, 1) == 1;
    for (k = 0; k < 2; k++)
    {
        job[k].R = R;
        job[k].idx = malloc(HKZ_GRID_TILE * R->T * sizeof(slong));
    }
    HKZ_CHECK_GOTO(job[0].idx != NULL && job[1].idx != NULL, HKZ_ERR_NOMEM,
                   "grid: out of memory");
    for (i = t0; i < t1 && status == HKZ_SUCCESS; i++)
    {
        pipe_job *J = job + cur;
        slong q0 = i * HKZ_GRID_TILE, np = FLINT_MIN(R->P, q0 + HKZ_GRID_TILE)
                                           - q0;
        if (R->done[i])
            continue;
        J->tile = i;
        J->rows = R->rows + (i - t0) * HKZ_GRID_TILE * R->T;
        J->n = np * R->T;
        /* the engine route of tile i beside the scalar route of i - 1 */
        status = _hkz_grid_tile_engine(J->rows, J->idx, &J->nsc, R->g, q0,
                                       np, R->tm, R->e, &R->goal);
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
cleanup:
    if (P.have)
        thread_pool_give_back(P.tp, P.h);
    thread_pool_clear(P.tp);
    free(job[0].idx);
    free(job[1].idx);
    return status;
}
