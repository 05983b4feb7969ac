/* The tier's rows made ahead (grid_internal.h): a thread of its own with
 * a CPU engine of its own (so that the device threads' ranges keep their
 * engines' workers), alive for the whole run.  The run starts it as soon
 * as the tier exists, while the device engines are still being created
 * (heat_run.c), with the z rows and the first tiles' r rows; the stream
 * (tile_pipe.c) wakes it with the next jobs' tiles whenever it is idle.
 * What it has not made when a tier needs it, that tier makes. */
#include <flint/thread_pool.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include "grid_internal.h"
#include "hkz_check.h"

struct _hkz_grid_ahead_s
{
    const hkz_grid_heat_struct *g;
    const _hkz_grid_times_t *tm;
    hkz_engine_t e;
    thread_pool_t tp;
    thread_pool_handle h;
    slong a0, a1;
    int z, status;      /* z: _hkz_grid_tier_ahead's zt */
    _Atomic int busy;
    char msg[512];
};

static void ahead_main(void *arg)
{
    _hkz_grid_ahead_t *A = arg;
    int status = _hkz_grid_tier_ahead(A->g, A->tm, A->e, A->a0, A->a1,
                                      A->z);
    if (status != HKZ_SUCCESS && A->status == HKZ_SUCCESS)
    {
        A->status = status;
        snprintf(A->msg, sizeof(A->msg), "%s", hkz_errmsg());
    }
    flint_cleanup();
    atomic_store(&A->busy, 0);
}

int _hkz_grid_ahead_init(_hkz_grid_ahead_t **ap, const hkz_grid_heat_struct *g,
                         const _hkz_grid_times_t *tm)
{
    _hkz_grid_ahead_t *A;
    hkz_engine_opts_t eo;
    const char *v = getenv("HKZ_GRID_TIER_AHEAD");

    *ap = NULL;
    if (tm->sub_fix[0] == NULL || (v != NULL && atoi(v) == 0))
        return HKZ_SUCCESS;
    A = calloc(1, sizeof(_hkz_grid_ahead_t));
    HKZ_CHECK(A != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
    A->g = g;
    A->tm = tm;
    hkz_engine_opts_init(&eo);
    eo.backend = HKZ_BACKEND_CPU;
    thread_pool_init(A->tp, 1);
    if (hkz_engine_create(&A->e, &eo) != HKZ_SUCCESS
        || thread_pool_request(A->tp, &A->h, 1) != 1)
    {
        hkz_errmsg_clear();   /* (without it: no rows ahead) */
        hkz_engine_destroy(&A->e);
        thread_pool_clear(A->tp);
        free(A);
        return HKZ_SUCCESS;
    }
    *ap = A;
    return HKZ_SUCCESS;
}

void _hkz_grid_ahead_wake(_hkz_grid_ahead_t *A, slong a0, slong a1, int zt)
{
    if (A == NULL || a1 <= a0 || atomic_load(&A->busy))
        return;
    thread_pool_wait(A->tp, A->h);    /* its last run is over */
    A->a0 = a0;
    A->a1 = a1;
    A->z = zt;
    atomic_store(&A->busy, 1);
    thread_pool_wake(A->tp, A->h, 0, ahead_main, A);
}

int _hkz_grid_ahead_clear(_hkz_grid_ahead_t **ap)
{
    _hkz_grid_ahead_t *A = *ap;
    int status;

    if (A == NULL)
        return HKZ_SUCCESS;
    thread_pool_wait(A->tp, A->h);
    thread_pool_give_back(A->tp, A->h);
    thread_pool_clear(A->tp);
    hkz_engine_destroy(&A->e);
    status = A->status == HKZ_SUCCESS ? HKZ_SUCCESS
             : hkz_error_set(A->status, "%s", A->msg);
    free(A);
    *ap = NULL;
    return status;
}
