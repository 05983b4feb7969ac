/* The engine's threads: each engine handle owns a FLINT thread pool
 * (flint/thread_pool.h, FLINT >= 2.8) of nthreads - 1 sleeping workers,
 * created once with the handle; a fixed-split parallel for runs on it
 * (basis generation, bounds, DGEMM sub-tiles, the su2 grid bases).
 *
 * Why the pool and not flint_parallel_do: flint_parallel_do takes its
 * thread count from the process-wide flint_set_num_threads (default 1) and
 * the global pool, while the engine's thread count is a per-handle option
 * (opts.nthreads, default one per CPU); so the engine uses FLINT's pool
 * type directly, with its own pool per handle.  The split into ranges
 * depends on n and nthreads only: a range that finds no free worker (the
 * pool is shared by concurrent runs on one handle) runs in the caller, so
 * the work done, and every bit of the results, never depend on timing. */
#include <stdlib.h>
#include <flint/thread_pool.h>
#include "engine_internal.h"
#include "hkz_check.h"

#define HKZ_PAR_MAX 256

struct _hkz_engine_pool_s
{
    thread_pool_t tp;
};

int _hkz_engine_pool_create(_hkz_engine_pool_t *p, int nthreads)
{
    *p = NULL;
    if (nthreads <= 1)
        return HKZ_SUCCESS;
    if (nthreads > HKZ_PAR_MAX)
        nthreads = HKZ_PAR_MAX;
    *p = malloc(sizeof(struct _hkz_engine_pool_s));
    HKZ_CHECK(*p != NULL, HKZ_ERR_NOMEM, "hkz_engine_create: out of memory");
    thread_pool_init((*p)->tp, nthreads - 1);
    return HKZ_SUCCESS;
}

void _hkz_engine_pool_destroy(_hkz_engine_pool_t *p)
{
    if (*p == NULL)
        return;
    thread_pool_clear((*p)->tp);
    free(*p);
    *p = NULL;
}

typedef struct
{
    void (*fn)(size_t, size_t, void *);
    void *arg;
    size_t i0, i1;
} par_job;

static void par_main(void *p)
{
    par_job *j = p;
    j->fn(j->i0, j->i1, j->arg);
}

int _hkz_engine_parallel_for(_hkz_engine_pool_t pool, size_t n,
                             int nthreads,
                             void (*fn)(size_t i0, size_t i1, void *arg),
                             void *arg)
{
    par_job job[HKZ_PAR_MAX];
    thread_pool_handle h[HKZ_PAR_MAX];
    size_t t, nt, got = 0;

    if (n == 0)
        return HKZ_SUCCESS;
    nt = nthreads < 1 ? 1 : (size_t) nthreads;
    if (nt > HKZ_PAR_MAX)
        nt = HKZ_PAR_MAX;
    if (nt > n)
        nt = n;
    if (nt == 1 || pool == NULL)
    {
        fn(0, n, arg);
        return HKZ_SUCCESS;
    }
    for (t = 0; t < nt; t++)
    {
        job[t].fn = fn;
        job[t].arg = arg;
        job[t].i0 = n * t / nt;
        job[t].i1 = n * (t + 1) / nt;
    }
    /* ranges 1 .. got on workers, the rest in the caller */
    got = (size_t) thread_pool_request(pool->tp, h, (slong) (nt - 1));
    for (t = 0; t < got; t++)
        thread_pool_wake(pool->tp, h[t], 0, par_main, &job[t + 1]);
    par_main(&job[0]);
    for (t = got + 1; t < nt; t++)
        par_main(&job[t]);
    for (t = 0; t < got; t++)
    {
        thread_pool_wait(pool->tp, h[t]);
        thread_pool_give_back(pool->tp, h[t]);
    }
    return HKZ_SUCCESS;
}
