/* The row blocks of a run over several ranks in flat memory
 * (block_flat.c), pipelined: while a thread of its own computes this
 * rank's share of block b + 1, the calling thread hands block b on
 * (ranks > 0 post their packed tiles and go on; rank 0 receives them and
 * finishes them: checkpoint records, counts, the sink, i.e. the HDF5
 * write; under parallel HDF5 every rank writes its own columns by
 * collective calls), then commits the checkpoint and reports progress.
 * At most two blocks a rank are in flight (two slots): before a slot is
 * filled again, the bytes posted from it two blocks ago are gone.
 *
 * MPI is initialized with MPI_THREAD_FUNNELED: the calling thread makes
 * every MPI call (the drain, the agreements); the compute thread makes
 * none (split P: the engine hook sums its mode chunks on the rank; no
 * progress calls).  The state the two threads share is split: the
 * compute fills its slot and its own tile buffers (R->tb), the drain
 * reads the other slot and uses its own tile (rank 0), R->S, R->mine,
 * R->ck and R->rows.  Sinks see the tiles in the order one rank gives
 * them, so the output's bytes do not depend on the ranks.  Under
 * HKZ_GRID_PROF=1 (hkz_prof.h) each rank's "sink" is the seconds of its
 * drains, "rest_wait" those it waited for its compute thread after them. */
#include <flint/thread_pool.h>
#include <stdio.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"

/* the compute thread: one worker for the whole run, so that the
 * caches of Arb and FLINT on it (constants, weights) serve every block */
typedef struct
{
    thread_pool_t tp;
    thread_pool_handle h;
    int have;
} fl_thread;

typedef struct
{
    _hkz_grid_run_t *R;
    fl_thread *T;
    int slot, active, threaded, status;
    slong t0, t1;
    double wall;          /* seconds of the compute */
    char msg[512];
} fl_job;

static void job_main(void *arg)
{
    fl_job *J = arg;
    double w0 = hkz_dist_wtime();

    J->status = _hkz_grid_flat_compute(J->R, J->slot, J->t0, J->t1);
    if (J->status != HKZ_SUCCESS)
        snprintf(J->msg, sizeof(J->msg), "%s", hkz_errmsg());
    J->wall = hkz_dist_wtime() - w0;
}

static void cleanup_main(void *arg)
{
    (void) arg;
    flint_cleanup();   /* FLINT's thread-local caches */
}

/* the compute of tiles [t0, t1) on its thread (in the caller if there
 * is none: then without overlap) */
static void job_start(fl_job *J, slong t0, slong t1)
{
    J->t0 = t0;
    J->t1 = t1;
    J->active = 1;
    J->threaded = J->T->have;
    if (J->threaded)
        thread_pool_wake(J->T->tp, J->T->h, 0, job_main, J);
    else
        job_main(J);
}

static int job_join(fl_job *J)
{
    if (J->threaded)
        thread_pool_wait(J->T->tp, J->T->h);
    J->threaded = 0;
    if (J->status != HKZ_SUCCESS)
        return hkz_error_set(J->status, "%s", J->msg);
    return HKZ_SUCCESS;
}

int _hkz_grid_flat_run(_hkz_grid_run_t *R, slong nb, slong bt, slong kmin)
{
    fl_job J[2];
    fl_thread T;
    slong tile;
    double w0;
    int cur = 0, status = HKZ_SUCCESS, st, k;

    memset(J, 0, sizeof(J));
    thread_pool_init(T.tp, 1);
    T.have = thread_pool_request(T.tp, &T.h, 1) == 1;
    for (k = 0; k < 2; k++)
    {
        J[k].R = R;
        J[k].T = &T;
        J[k].slot = k;
    }
    tile = FLINT_MIN(nb, R->ntiles);
    job_start(J, 0, tile);
    while (J[cur].active)
    {
        fl_job *A = J + cur, *B = J + 1 - cur;
        /* block A computed; the status of the drain before it agreed
           with A's (one agreement a block) */
        w0 = hkz_prof_now();
        st = job_join(A);
        hkz_prof_add(HKZ_PROF_WAIT, w0);
        status = hkz_dist_agree(R->d, status != HKZ_SUCCESS ? status : st);
        if (status != HKZ_SUCCESS)
            break;
        if (R->o->block == 0)   /* timed blocks: rank 0's choice */
        {
            nb = _hkz_grid_next_block(A->t1 - A->t0, A->wall, bt, kmin);
            status = hkz_dist_bcast(R->d, &nb, sizeof(nb), 0);
        }
        /* B's slot is free once what it posted two blocks ago is gone
           (rank 0 took it all in that drain: the wait ends) */
        if (status == HKZ_SUCCESS)
            status = _hkz_grid_flat_wait(R, B->slot);
        status = hkz_dist_agree(R->d, status);
        if (status != HKZ_SUCCESS)
            break;
        if (tile < R->ntiles)
        {
            slong t = FLINT_MIN(R->ntiles, tile + nb);
            job_start(B, tile, t);
            tile = t;
        }
        /* (a failure here is agreed after B's compute) */
        w0 = hkz_prof_now();
        status = _hkz_grid_block_done(R, A->t0, A->t1,
                _hkz_grid_flat_drain(R, A->slot, A->t0, A->t1));
        hkz_prof_add(HKZ_PROF_SINK, w0);
        A->active = 0;
        cur = 1 - cur;
    }
    /* after an error: the compute still running, the posts in flight */
    for (k = 0; k < 2; k++)
    {
        if (J[k].threaded)
            thread_pool_wait(T.tp, T.h);
        st = _hkz_grid_flat_wait(R, J[k].slot);
        if (status == HKZ_SUCCESS)
            status = st;
    }
    if (T.have)
    {
        thread_pool_wake(T.tp, T.h, 0, cleanup_main, NULL);
        thread_pool_wait(T.tp, T.h);
        thread_pool_give_back(T.tp, T.h);
    }
    thread_pool_clear(T.tp);
    return hkz_dist_agree(R->d, status);
}
