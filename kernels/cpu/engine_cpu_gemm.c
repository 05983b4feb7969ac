/* The DGEMM tiles of the CPU backend: every call starts at a row and a
 * column that are multiples of HKZ_ENGINE_TALIGN, ragged ends go through
 * zero-padded scratch tiles, the BLAS runs single-threaded during a run
 * (the summation-order note at the top of engine_cpu.c). */
#include <cblas.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "engine_cpu_internal.h"
#include "hkz_check.h"

static pthread_mutex_t blas_lock = PTHREAD_MUTEX_INITIALIZER;
static int blas_users = 0, blas_saved = 1;

#if defined(OPENBLAS_VERSION)
/* The pthread build of OpenBLAS starts its workers when it is loaded and
 * whenever openblas_set_num_threads raises the count, and each worker
 * spins in sched_yield for 2^28 cycles (its THREAD_TIMEOUT) before it
 * sleeps: up to ~0.1 s of a core per start, most of the CPU time of a
 * small grid.  The engine runs the BLAS single-threaded, so it stops the
 * workers (OpenBLAS starts them again at its next threaded call; about
 * 16 us a stop).  Weak: OpenMP and serial builds have no such server. */
extern int blas_thread_shutdown_(void) __attribute__((weak));

static void blas_stop_workers(void)
{
    if (blas_thread_shutdown_ != NULL)
        blas_thread_shutdown_();
}
#endif

void _hkz_engine_blas_serial_enter(void)
{
    pthread_mutex_lock(&blas_lock);
#if defined(OPENBLAS_VERSION)
    if (blas_users++ == 0)
    {
        blas_saved = openblas_get_num_threads();
        openblas_set_num_threads(1);
        blas_stop_workers();
    }
#endif
    pthread_mutex_unlock(&blas_lock);
}

void _hkz_engine_blas_workers_stop(void)
{
    pthread_mutex_lock(&blas_lock);
#if defined(OPENBLAS_VERSION)
    if (blas_users == 0)
        blas_stop_workers();
#endif
    pthread_mutex_unlock(&blas_lock);
}

void _hkz_engine_blas_serial_leave(void)
{
    pthread_mutex_lock(&blas_lock);
#if defined(OPENBLAS_VERSION)
    if (--blas_users == 0)
    {
        openblas_set_num_threads(blas_saved);
        blas_stop_workers();
    }
#endif
    pthread_mutex_unlock(&blas_lock);
}

/* Out[r0:r1, c0:c1] (+)= blk[r0:r1, panel] C[panel, c0:c1] for the K-panel
 * starting at q0.  Aligned blocks go straight to DGEMM; a block holding
 * the ragged rows or columns is computed in a zero-padded scratch tile. */
static void gemm_block(const _hkz_cpu_gemm_t *A, size_t r0, size_t r1,
                       size_t c0, size_t c1, size_t q0, size_t kq, int *status)
{
    const int first = A->k0 + q0 == 0;
    const int ctail = c1 > HKZ_ALIGN_DOWN(A->tc);
    size_t m = r1 - r0, n = c1 - c0, mp, np_, i, j;
    const double *B;
    size_t ldbB;
    double *S;

    if (m == 0 || n == 0)
        return;
    if (ctail)
    {
        /* only the tail columns [c0, c1) = [ALIGN_DOWN(tc), tc) */
        B = A->Ctail + (A->k0 + q0);
        ldbB = A->K;
    }
    else
    {
        B = A->C + (A->k0 + q0) + c0 * A->ldc;
        ldbB = A->ldc;
    }
    if (m % HKZ_ENGINE_TALIGN == 0 && n % HKZ_ENGINE_TALIGN == 0 && !ctail)
    {
        cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, (int) m,
                    (int) n, (int) kq, 1.0, A->blk + r0 + q0 * A->ldb,
                    (int) A->ldb, B, (int) ldbB, first ? 0.0 : 1.0,
                    A->out + r0 + c0 * A->ldo, (int) A->ldo);
        return;
    }
    mp = HKZ_ALIGN_UP(m);
    np_ = HKZ_ALIGN_UP(n);
    S = malloc(mp * np_ * sizeof(double));
    if (S == NULL)
    {
        *status = HKZ_ERR_NOMEM;
        return;
    }
    /* rows past np of blk are zero (ldb >= ALIGN_UP(np)), and so are
     * Ctail's columns past the tail */
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, (int) mp,
                (int) np_, (int) kq, 1.0, A->blk + r0 + q0 * A->ldb,
                (int) A->ldb, B, (int) ldbB, 0.0, S, (int) mp);
    for (j = 0; j < n; j++)
    {
        double *o = A->out + r0 + (c0 + j) * A->ldo;
        const double *sj = S + j * mp;
        if (first)
            memcpy(o, sj, m * sizeof(double));
        else
            for (i = 0; i < m; i++)
                o[i] += sj[i];
    }
    free(S);
}

/* after the last K-block: the sub-tile's outputs are finite (checked
 * while they are in this thread's cache, not in a serial pass) */
static void check_block(_hkz_cpu_gemm_t *A, size_t r0, size_t r1, size_t c0,
                        size_t c1)
{
    size_t i, j;
    for (j = c0; j < c1; j++)
    {
        const double *o = A->out + j * A->ldo;
        for (i = r0; i < r1; i++)
            if (!isfinite(o[i]))
            {
                size_t b = i + j * A->np, cur;
                cur = __atomic_load_n(&A->bad, __ATOMIC_RELAXED);
                while (b < cur && !__atomic_compare_exchange_n(&A->bad, &cur,
                       b, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
                    ;
                return;
            }
    }
}

void _hkz_engine_cpu_tiles(size_t *nr, size_t *nc, size_t ur, size_t uc,
                           int nth)
{
    /* each row block packs the chunk's weights panel again (OpenBLAS packs
     * its operands per call): on 1 or 2 threads the items of a K-block
     * stay even without them (2048^3 on 2 threads: 1 x 2 sub-tiles 96.8%
     * of plain DGEMM, 4 x 2 95.3%, packing 2.6% of the CPU samples
     * against 5.2%); 16 threads need them (cpueng4 in bench/NOTES.md) */
    size_t per = nth <= 2 ? 1 : HKZ_CPU_TILES_PER_THREAD;
    size_t rows = per * ((size_t) nth / (uc < (size_t) nth ? uc
                                                           : (size_t) nth));
    *nc = uc < (size_t) nth ? uc : (size_t) nth;
    *nr = rows < ur ? rows : ur;
}

size_t _hkz_engine_cpu_split(size_t n, size_t parts, size_t i)
{
    size_t units = (n + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN;
    size_t a = units * i / parts * HKZ_ENGINE_TALIGN;
    return a < n ? a : n;
}

void _hkz_engine_cpu_gemm_tile(_hkz_cpu_gemm_t *A, size_t r0, size_t r1,
                               size_t c0, size_t c1)
{
    const size_t kp = HKZ_ENGINE_KPANEL;
    size_t q0, rm, cm;
    int status = HKZ_SUCCESS;
    if (r0 == r1 || c0 == c1)
        return;
    /* split off the ragged last rows / columns (see the top note) */
    rm = HKZ_ALIGN_DOWN(A->np);
    rm = rm < r0 ? r0 : (rm > r1 ? r1 : rm);
    cm = HKZ_ALIGN_DOWN(A->tc);
    cm = cm < c0 ? c0 : (cm > c1 ? c1 : cm);
    for (q0 = 0; q0 < A->nk; q0 += kp)
    {
        size_t kq = A->nk - q0 < kp ? A->nk - q0 : kp;
        gemm_block(A, r0, rm, c0, cm, q0, kq, &status);
        gemm_block(A, rm, r1, c0, cm, q0, kq, &status);
        gemm_block(A, r0, rm, cm, c1, q0, kq, &status);
        gemm_block(A, rm, r1, cm, c1, q0, kq, &status);
    }
    if (status != HKZ_SUCCESS)
        __atomic_store_n(&A->status, status, __ATOMIC_RELAXED);
    else if (A->last && A->check)
        check_block(A, r0, r1, c0, c1);
}

void _hkz_engine_cpu_check_range(size_t i0, size_t i1, void *varg)
{
    _hkz_cpu_gemm_t *A = varg;
    size_t w;

    for (w = i0; w < i1; w++)
        check_block(A, _hkz_engine_cpu_split(A->np, A->nr, w % A->nr),
                    _hkz_engine_cpu_split(A->np, A->nr, w % A->nr + 1),
                    _hkz_engine_cpu_split(A->tc, A->nc, w / A->nr),
                    _hkz_engine_cpu_split(A->tc, A->nc, w / A->nr + 1));
}

void _hkz_engine_cpu_gemm_range(size_t i0, size_t i1, void *varg)
{
    _hkz_cpu_gemm_t *A = varg;
    size_t w;

    for (w = i0; w < i1; w++)
        _hkz_engine_cpu_gemm_tile(A,
                _hkz_engine_cpu_split(A->np, A->nr, w % A->nr),
                _hkz_engine_cpu_split(A->np, A->nr, w % A->nr + 1),
                _hkz_engine_cpu_split(A->tc, A->nc, w / A->nr),
                _hkz_engine_cpu_split(A->tc, A->nc, w / A->nr + 1));
}

int _hkz_engine_cpu_region(hkz_pool_t pool, int nth, _hkz_cpu_gemm_t *G)
{
    size_t ur = (G->np + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN;
    size_t uc = (G->tc + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN;
    _hkz_engine_cpu_tiles(&G->nr, &G->nc, ur, uc, nth);
    return hkz_parallel_for(pool, G->nr * G->nc, nth, 1,
                            _hkz_engine_cpu_gemm_range, G);
}
