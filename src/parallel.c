/* The one parallel for of the library (hkz_parallel.h): FLINT's thread
 * pool (flint/thread_pool.h, FLINT >= 2.8), a private one or the global one.
 *
 * Why private pools too and not only flint_parallel_do: flint_parallel_do
 * takes its threads from the process-wide flint_set_num_threads (default
 * 1) and the global pool, while the engine's thread count is a per-handle
 * option (opts.nthreads, default one per CPU) and the counting methods
 * take an nthreads argument; those own a pool of exactly nthreads - 1
 * workers.  The Lee-Yang drivers use the global pool (the hkz CLI sizes it
 * from --threads), as flint_parallel_do does.  Ranges are fixed by n,
 * nthreads and grain; with grain >= 1 the free threads take the next range
 * (one atomic counter), so uneven work balances while every range, and
 * every bit of the results, stays independent of timing. */
#include <stdatomic.h>
#include <stdlib.h>
#include <flint/thread_pool.h>
#include <flint/thread_support.h>
#include "hkz_parallel.h"
#include "hkz_check.h"

#define HKZ_PAR_MAX 256

struct hkz_pool_s
{
    thread_pool_t tp;
    int global;                 /* FLINT's global pool (tp unused) */
};

static struct hkz_pool_s pool_flint = {.global = 1};

hkz_pool_t hkz_pool_flint(void)
{
    return &pool_flint;
}

int hkz_pool_create(hkz_pool_t *p, int nthreads)
{
    *p = NULL;
    if (nthreads <= 1)
        return HKZ_SUCCESS;
    if (nthreads > HKZ_PAR_MAX)
        nthreads = HKZ_PAR_MAX;
    *p = malloc(sizeof(struct hkz_pool_s));
    HKZ_CHECK(*p != NULL, HKZ_ERR_NOMEM, "thread pool: out of memory");
    thread_pool_init((*p)->tp, nthreads - 1);
    (*p)->global = 0;
    return HKZ_SUCCESS;
}

void hkz_pool_destroy(hkz_pool_t *p)
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
    size_t n, nr, grain;        /* nr ranges; grain 0: the even split */
    atomic_size_t next;         /* the next range to take */
} par_job;

static void par_main(void *p)
{
    par_job *j = p;
    size_t r;
    while ((r = atomic_fetch_add(&j->next, 1)) < j->nr)
    {
        size_t i0, i1;
        if (j->grain == 0)
        {
            i0 = j->n * r / j->nr;
            i1 = j->n * (r + 1) / j->nr;
        }
        else
        {
            i0 = r * j->grain;
            i1 = i0 + j->grain < j->n ? i0 + j->grain : j->n;
        }
        j->fn(i0, i1, j->arg);
    }
}

int hkz_parallel_for(hkz_pool_t pool, size_t n, int nthreads, size_t grain,
                     void (*fn)(size_t i0, size_t i1, void *arg), void *arg)
{
    thread_pool_handle hp[HKZ_PAR_MAX], *h = hp;
    thread_pool_struct *tp = NULL;
    par_job job;
    size_t t, nt, got = 0;

    if (n == 0)
        return HKZ_SUCCESS;
    nt = nthreads < 1 ? 1 : (size_t) nthreads;
    if (nt > HKZ_PAR_MAX)
        nt = HKZ_PAR_MAX;
    job.fn = fn;
    job.arg = arg;
    job.n = n;
    job.grain = grain;
    job.nr = grain == 0 ? (nt < n ? nt : n) : (n - 1) / grain + 1;
    atomic_init(&job.next, 0);
    if (nt > job.nr)
        nt = job.nr;
    if (pool == NULL)
        nt = 1;
    if (nt > 1 && !pool->global)
    {
        tp = pool->tp;
        got = (size_t) thread_pool_request(tp, h, (slong) (nt - 1));
    }
    else if (nt > 1)
    {
        tp = global_thread_pool;
        got = (size_t) flint_request_threads(&h, (slong) nt);
    }
    for (t = 0; t < got; t++)
        thread_pool_wake(tp, h[t], 0, par_main, &job);
    par_main(&job);
    for (t = 0; t < got; t++)
        thread_pool_wait(tp, h[t]);
    if (nt > 1 && !pool->global)
        for (t = 0; t < got; t++)
            thread_pool_give_back(tp, h[t]);
    else if (nt > 1)
        flint_give_back_threads(h, (slong) got);
    return HKZ_SUCCESS;
}
