/* The parallel loop of the Lee-Yang drivers: FLINT's thread pool
 * (flint_parallel_do, dynamic schedule).  At most nthreads threads work,
 * the calling one included, and only as many as FLINT's pool holds
 * (flint_set_num_threads; the hkz CLI sets it from --threads).  A nested
 * loop (a task that itself calls this) finds the pool busy and runs in
 * its own thread.  FLINT frees its thread-local caches in pool threads. */
#include <flint/thread_support.h>
#include "zeros_internal.h"

void _hkz_ly_parallel_for(slong n, int nthreads, _hkz_ly_task_fn fn,
                          void *arg)
{
    slong i;
    if (n <= 0)
        return;
    if (nthreads <= 1 || n == 1)
    {
        for (i = 0; i < n; i++)
            fn(i, arg);
        return;
    }
    flint_parallel_do(fn, arg, n, nthreads,
                      FLINT_PARALLEL_DYNAMIC);
}
