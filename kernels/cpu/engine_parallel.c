/* A fixed-split parallel for over pthreads (basis generation, bounds). */
#include <pthread.h>
#include <stdlib.h>
#include "engine_internal.h"
#include "hkz_check.h"

#define HKZ_PAR_MAX 256

typedef struct
{
    void (*fn)(size_t, size_t, void *);
    void *arg;
    size_t i0, i1;
} par_job;

static void *par_main(void *p)
{
    par_job *j = p;
    j->fn(j->i0, j->i1, j->arg);
    return NULL;
}

int _hkz_engine_parallel_for(size_t n, int nthreads,
                             void (*fn)(size_t i0, size_t i1, void *arg),
                             void *arg)
{
    par_job job[HKZ_PAR_MAX];
    pthread_t tid[HKZ_PAR_MAX];
    int started[HKZ_PAR_MAX];
    size_t t, nt;

    if (n == 0)
        return HKZ_SUCCESS;
    nt = nthreads < 1 ? 1 : (size_t) nthreads;
    if (nt > HKZ_PAR_MAX)
        nt = HKZ_PAR_MAX;
    if (nt > n)
        nt = n;
    if (nt == 1)
    {
        fn(0, n, arg);
        return HKZ_SUCCESS;
    }
    /* The ranges depend on n and nt only; a thread that cannot be started
     * runs its range in the caller, so the work done is always the same. */
    for (t = 0; t < nt; t++)
    {
        job[t].fn = fn;
        job[t].arg = arg;
        job[t].i0 = n * t / nt;
        job[t].i1 = n * (t + 1) / nt;
        started[t] = 0;
    }
    for (t = 1; t < nt; t++)
        started[t] = pthread_create(&tid[t], NULL, par_main, &job[t]) == 0;
    par_main(&job[0]);
    for (t = 1; t < nt; t++)
    {
        if (started[t])
            pthread_join(tid[t], NULL);
        else
            par_main(&job[t]);
    }
    return HKZ_SUCCESS;
}
