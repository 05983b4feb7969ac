/* The engines of a run (heat_run.c): the first, and for one rank on a GPU
 * those of the device threads (R->ex, R->ne: tile_pipe.c); the fixed-point
 * tier and the thread of its rows ahead (tile_ahead.c).  On a GPU the
 * engines are made on a thread of their own while the caller makes the
 * host's part of the setup (the tier's frames) and the rows thread starts
 * on the first rows: the CUDA context, streams and cuBLAS handles of two
 * engines take about 0.15 s on an H200 (bench/NOTES.md, tier3, fast4). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "grid_internal.h"
#include "hkz_check.h"

/* the engines made on a thread of their own (start, then join) */
typedef struct
{
    _hkz_grid_run_t *R;
    hkz_engine_opts_t eo;
    pthread_t th;
    int started, status;
    char msg[512];
} engines_job;

/* R->e, and with a GPU on one rank those of the device threads (R->ex,
 * R->ne); sets R->S.backend and R->pipe */
static int engines_create(_hkz_grid_run_t *R, const hkz_engine_opts_t *o)
{
    hkz_engine_opts_t eo = *o;
    int want;

    HKZ_TRY(hkz_engine_create(&R->e, &eo));
    hkz_engine_get_opts(&eo, R->e);
    R->S.backend = eo.backend;
    /* a GPU engine: the fallback of a tile on the CPU threads beside the
     * next tile's engine route, in blocks of >= 2^21 entries
     * (HKZ_GRID_PIPE=0 / 1 turns it off / on anywhere) */
    R->pipe = eo.backend == HKZ_BACKEND_CUDA && R->tm->ok;
    if (getenv("HKZ_GRID_PIPE") != NULL)
        R->pipe = R->tm->ok && atoi(getenv("HKZ_GRID_PIPE")) != 0;
    /* the device threads: each its own engine (streams, buffers), so the
     * host work around one tile's device runs (basis, transfers, chunk
     * sums) overlaps another's */
    R->ex[0] = R->e;
    R->ne = 1;
    if (!R->pipe || R->size != 1 || (eo.backend != HKZ_BACKEND_CUDA
                                     && getenv("HKZ_GRID_ENGINES") == NULL))
        return HKZ_SUCCESS;
    want = eo.backend == HKZ_BACKEND_CUDA ? HKZ_GRID_DEV_DEFAULT : 1;
    if (getenv("HKZ_GRID_ENGINES") != NULL)
        want = atoi(getenv("HKZ_GRID_ENGINES"));
    want = FLINT_MAX(1, FLINT_MIN(want, HKZ_GRID_DEV_MAX));
    while (R->ne < want && hkz_engine_create(&R->ex[R->ne], &eo)
                           == HKZ_SUCCESS)
        R->ne++;
    hkz_errmsg_clear();   /* (fewer device threads) */
    return HKZ_SUCCESS;
}

static void *engines_main(void *arg)
{
    engines_job *J = arg;
    J->status = engines_create(J->R, &J->eo);
    if (J->status != HKZ_SUCCESS)
        snprintf(J->msg, sizeof(J->msg), "%s", hkz_errmsg());
    flint_cleanup();
    return NULL;
}

/* (R's other fields untouched until join) */
static void engines_start(engines_job *J, _hkz_grid_run_t *R,
                          const hkz_engine_opts_t *o)
{
    J->R = R;
    J->eo = *o;
    J->status = HKZ_SUCCESS;
    J->started = pthread_create(&J->th, NULL, engines_main, J) == 0;
    if (!J->started)   /* in the caller, then */
        engines_main(J);
}

static int engines_join(engines_job *J)
{
    if (J->started)
        pthread_join(J->th, NULL);
    J->started = 0;
    if (J->status != HKZ_SUCCESS)
        return hkz_error_set(J->status, "%s", J->msg);
    return HKZ_SUCCESS;
}

/* The fixed-point tier of su2-sub grids (sub_fix.c) on a GPU engine,
 * where its exact sums are cheap; on CPUs the batched Arb fallback is
 * faster per entry.  HKZ_GRID_TIER2=1 / 0 turns it on / off anywhere. */
static int tier2_init(_hkz_grid_times_t *tm, const hkz_grid_heat_t g,
                      int backend)
{
    const char *s = getenv("HKZ_GRID_TIER2");
    int on = backend == HKZ_BACKEND_CUDA;

    if (s != NULL)
        on = atoi(s) != 0;
    if (!on || !tm->ok || g->kind != HKZ_GRID_SU2_SUB || g->deriv != 0)
        return HKZ_SUCCESS;
    HKZ_TRY(hkz_su2_sub_fix_init(tm->sub_fix, g->r->v, g->r->n, g->z->v,
                                 g->z->n, g->t->v, g->t->n, 8));
    return hkz_su2_sub_fix_init(tm->sub_fix + 1, g->r->v, g->r->n,
                                g->z->v, g->z->n, g->t->v, g->t->n,
                                HKZ_FIX_LMAX);
}

/* the fixed-point tier on the device threads, each tile's beside the
 * others' (HKZ_GRID_TIER_DEV=0: on the host thread, one tile at a time) */
static int tier_dev_on(int pipe)
{
    return pipe && (getenv("HKZ_GRID_TIER_DEV") == NULL
                    || atoi(getenv("HKZ_GRID_TIER_DEV")));
}

/* Where the engines will be on a GPU (HKZ_GRID_EARLY=0: not), they are
 * made on a thread of their own while this one makes the tier's frames
 * and the rows thread starts on the z rows, the first tiles' r rows and
 * the t rows (HKZ_GRID_AHEAD_T=0: not the t rows). */
int _hkz_grid_engines_tier(_hkz_grid_run_t *R, const hkz_engine_opts_t *eo)
{
    engines_job J;
    const char *v = getenv("HKZ_GRID_EARLY");
    int early = R->tm->ok && (v == NULL || atoi(v) != 0)
                && (eo->backend == HKZ_BACKEND_CUDA
                    || (eo->backend == HKZ_BACKEND_AUTO
                        && hkz_engine_backend_devices(HKZ_BACKEND_CUDA) > 0));
    int status, st = HKZ_SUCCESS;

    if (!early)
    {
        HKZ_TRY(engines_create(R, eo));
        R->tier_dev = tier_dev_on(R->pipe);
        HKZ_TRY(tier2_init(R->tm, R->g, R->S.backend));
        return R->tier_dev ? _hkz_grid_ahead_init(&R->ahead, R->g, R->tm)
                           : HKZ_SUCCESS;
    }
    engines_start(&J, R, eo);
    /* (the tier as on a GPU; redone below if the engines are not) */
    st = tier2_init(R->tm, R->g, HKZ_BACKEND_CUDA);
    if (st == HKZ_SUCCESS && tier_dev_on(R->tm->ok
            && (getenv("HKZ_GRID_PIPE") == NULL
                || atoi(getenv("HKZ_GRID_PIPE")) != 0)))
    {
        v = getenv("HKZ_GRID_AHEAD_T");
        st = _hkz_grid_ahead_init(&R->ahead, R->g, R->tm);
        _hkz_grid_ahead_wake(R->ahead, 0, FLINT_MIN(R->ntiles,
                             2 * HKZ_GRID_DEV_DEFAULT),
                             v != NULL && atoi(v) == 0 ? 1 : 3);
    }
    status = engines_join(&J);
    if (status == HKZ_SUCCESS)
        status = st;
    if (status != HKZ_SUCCESS)
        return status;
    R->tier_dev = tier_dev_on(R->pipe);
    if (R->S.backend == HKZ_BACKEND_CUDA && R->tier_dev)
        return HKZ_SUCCESS;
    /* not as foreseen: the tier of the engines there are */
    HKZ_TRY(_hkz_grid_ahead_clear(&R->ahead));
    hkz_su2_sub_fix_clear(R->tm->sub_fix[0]);
    hkz_su2_sub_fix_clear(R->tm->sub_fix[1]);
    R->tm->sub_fix[0] = R->tm->sub_fix[1] = NULL;
    HKZ_TRY(tier2_init(R->tm, R->g, R->S.backend));
    return R->tier_dev ? _hkz_grid_ahead_init(&R->ahead, R->g, R->tm)
                       : HKZ_SUCCESS;
}
