/* Basis generation of the CPU backend: the Chebyshev recurrence, block
 * by block, rows split over the engine's threads (engine_cpu.c). */
#include <string.h>
#include "engine_cpu_internal.h"

void _hkz_engine_cpu_gen_range(size_t i0, size_t i1, void *varg)
{
    const _hkz_cpu_gen_t *A = varg;
    const double *x = A->x;
    size_t i, jj;

    for (jj = 0; jj < A->nk; jj++)
    {
        size_t g = A->g0 + jj;
        double *col = A->blk + jj * A->ld;
        if (g == 0)
            for (i = i0; i < i1; i++)
                col[i] = 1.0;
        else if (g == 1)
            for (i = i0; i < i1; i++)
                col[i] = A->c1 * x[i];
        else
        {
            const double *p2 = jj >= 2 ? A->blk + (jj - 2) * A->ld
                                       : (jj == 1 ? A->cur : A->prev);
            const double *p1 = jj >= 1 ? A->blk + (jj - 1) * A->ld : A->cur;
            for (i = i0; i < i1; i++)
                col[i] = (2.0 * x[i]) * p1[i] - p2[i];
        }
    }
    if (A->nk >= 2)
        memcpy(A->prev + i0, A->blk + (A->nk - 2) * A->ld + i0,
               (i1 - i0) * sizeof(double));
    else
        memcpy(A->prev + i0, A->cur + i0, (i1 - i0) * sizeof(double));
    memcpy(A->cur + i0, A->blk + (A->nk - 1) * A->ld + i0,
           (i1 - i0) * sizeof(double));
}

int _hkz_engine_cpu_gen_cols(_hkz_cpu_gen_t *A, size_t np,
                             hkz_pool_t pool, int nthreads)
{
    /* threads only when the block is worth it */
    if ((double) np * (double) A->nk < 65536.0)
        nthreads = 1;
    return hkz_parallel_for(pool, np, nthreads, 0, _hkz_engine_cpu_gen_range,
                            A);
}
