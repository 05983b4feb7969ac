/* The engines of a run (heat_run.c): the first, and for one rank on a GPU
 * those of the device threads (R->ex, R->ne: tile_pipe.c).  On a GPU they
 * can be made on a thread of their own while the caller makes the host's
 * part of the setup (the tier's frames and its first rows): the CUDA
 * context, streams and cuBLAS handles of two engines take about 0.15 s
 * on an H200 (bench/NOTES.md, tier3, fast4). */
#include <stdio.h>
#include <stdlib.h>
#include "grid_internal.h"
#include "hkz_check.h"

int _hkz_grid_engines_create(_hkz_grid_run_t *R, const hkz_engine_opts_t *o)
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
    _hkz_grid_engines_t *J = arg;
    J->status = _hkz_grid_engines_create(J->R, &J->eo);
    if (J->status != HKZ_SUCCESS)
        snprintf(J->msg, sizeof(J->msg), "%s", hkz_errmsg());
    flint_cleanup();
    return NULL;
}

int _hkz_grid_engines_start(_hkz_grid_engines_t *J, _hkz_grid_run_t *R,
                            const hkz_engine_opts_t *o)
{
    J->R = R;
    J->eo = *o;
    J->status = HKZ_SUCCESS;
    J->started = pthread_create(&J->th, NULL, engines_main, J) == 0;
    if (!J->started)   /* in the caller, then */
        engines_main(J);
    return HKZ_SUCCESS;
}

int _hkz_grid_engines_join(_hkz_grid_engines_t *J)
{
    if (J->started)
        pthread_join(J->th, NULL);
    J->started = 0;
    if (J->status != HKZ_SUCCESS)
        return hkz_error_set(J->status, "%s", J->msg);
    return HKZ_SUCCESS;
}
