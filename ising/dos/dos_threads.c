/* Threads of the exact counting methods (enumeration, transfer matrices)
 * on a private FLINT thread pool of nthreads - 1 workers.
 *
 * Why private and not flint_parallel_do: flint_parallel_do takes its
 * workers from FLINT's global pool, whose size is the process-wide
 * flint_get_num_threads() (1 unless the application called
 * flint_set_num_threads, which aborts if the pool is busy), so a library
 * call could not honour its nthreads argument.  A pool per handle (as the
 * engine does) gives exactly nthreads threads, and is safe to use from
 * any thread. */
#include "../ising_impl.h"

void _hkz_ising_threads_init(_hkz_ising_threads_t T, int nthreads)
{
    T->nh = 0;
    T->h = NULL;
    if (nthreads <= 1)
        return;
    thread_pool_init(T->pool, nthreads - 1);
    T->h = flint_malloc((nthreads - 1) * sizeof(thread_pool_handle));
    T->nh = thread_pool_request(T->pool, T->h, nthreads - 1);
}

void _hkz_ising_threads_clear(_hkz_ising_threads_t T)
{
    slong i;
    if (T->h == NULL)
        return;
    for (i = 0; i < T->nh; i++)
        thread_pool_give_back(T->pool, T->h[i]);
    flint_free(T->h);
    thread_pool_clear(T->pool);
    T->h = NULL;
    T->nh = 0;
}

typedef struct
{
    void (*f)(slong, void *);
    void *arg;
    slong n, first, stride;
} job_t;

static void worker(void *p)
{
    job_t *J = p;
    slong i;
    for (i = J->first; i < J->n; i += J->stride)
        J->f(i, J->arg);
}

void _hkz_ising_threads_do(_hkz_ising_threads_t T, void (*f)(slong, void *),
                           void *arg, slong n)
{
    slong t, nt = FLINT_MIN(T->nh + 1, n);
    job_t jobs[64];
    if (nt > 64)
        nt = 64;
    for (t = 0; t < nt; t++)
    {
        jobs[t].f = f;
        jobs[t].arg = arg;
        jobs[t].n = n;
        jobs[t].first = t;
        jobs[t].stride = FLINT_MAX(nt, 1);
    }
    for (t = 1; t < nt; t++)
        thread_pool_wake(T->pool, T->h[t - 1], 0, worker, jobs + t);
    if (nt >= 1)
        worker(jobs);
    for (t = 1; t < nt; t++)
        thread_pool_wait(T->pool, T->h[t - 1]);
}
