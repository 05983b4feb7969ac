/* A small dynamic parallel-for on pthreads for the zero drivers. */
#include <pthread.h>
#include "zeros_internal.h"

typedef struct
{
    slong n, next;
    _hkz_ly_task_fn fn;
    void *arg;
    pthread_mutex_t lock;
} pool_t;

static void *worker(void *p)
{
    pool_t *pool = p;
    for (;;)
    {
        slong i;
        pthread_mutex_lock(&pool->lock);
        i = pool->next++;
        pthread_mutex_unlock(&pool->lock);
        if (i >= pool->n)
            break;
        pool->fn(i, pool->arg);
    }
    return NULL;
}

static void *worker_thread(void *p)
{
    worker(p);
    /* Arb keeps thread-local caches (constants, ...): free them here. */
    flint_cleanup();
    return NULL;
}

void _hkz_ly_parallel_for(slong n, int nthreads, _hkz_ly_task_fn fn,
                          void *arg)
{
    pool_t pool;
    pthread_t th[256];
    int i, started = 0;

    if (n <= 0)
        return;
    if (nthreads > 256)
        nthreads = 256;
    if (nthreads > n)
        nthreads = (int) n;
    pool.n = n;
    pool.next = 0;
    pool.fn = fn;
    pool.arg = arg;
    pthread_mutex_init(&pool.lock, NULL);
    /* the calling thread works too; if a thread cannot be created the
     * remaining work is simply done by fewer threads */
    for (i = 1; i < nthreads; i++)
    {
        if (pthread_create(th + started, NULL, worker_thread, &pool) != 0)
            break;
        started++;
    }
    worker(&pool);
    for (i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    pthread_mutex_destroy(&pool.lock);
}
