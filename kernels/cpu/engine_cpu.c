/* The CPU backend of the spectral-sum engine: the basis is generated in
 * blocks of pblock points x kblock modes (never the whole B), multiplied
 * by OpenBLAS DGEMM panel by panel.
 *
 * Summation order (bitwise reproducibility).  For every output entry the
 * modes are summed in fixed panels of HKZ_ENGINE_KPANEL consecutive modes,
 * panel 0 first (beta = 0, so Out = panel sum exactly), then Out += panel
 * sum.  Inside a panel the order is the BLAS micro-kernel's, which depends
 * on where the entry sits in the kernel's register tiles: the tiles start
 * at the first row / column of a call, and the ragged last tile of a call
 * uses other kernels.  So every DGEMM call here starts at a row and a
 * column that are multiples of HKZ_ENGINE_TALIGN (64, a multiple of every
 * OpenBLAS unroll) and ends at such a multiple or at P / T; and the BLAS
 * runs single-threaded during the call (its own thread split of M and N
 * falls anywhere), the parallelism coming from our threads over aligned
 * sub-tiles.  The ragged ends (the last P mod 64 rows, the last T mod 64
 * columns) are never passed as ragged calls: OpenBLAS's edge kernels (and
 * its small-matrix kernels on AVX-512) sum in another order depending on
 * the call's shape, so those entries are computed in zero-padded 64-row /
 * 64-column tiles into a scratch tile and then added, the same way in
 * every configuration.  Then kblock, pblock, nchunks and nthreads only
 * regroup calls and do not change a single bit
 * (tests/engine/t-determinism.c, run under several OPENBLAS_CORETYPEs). */
#include <cblas.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "engine_internal.h"
#include "hkz_check.h"

#define HKZ_ENGINE_BLOCK_BYTES ((size_t) 64 << 20)

typedef struct
{
    hkz_engine_opts_t o;
} cpu_state;

static int cpu_create(void **state, const hkz_engine_opts_t *o)
{
    cpu_state *s = malloc(sizeof(cpu_state));
    HKZ_CHECK(s != NULL, HKZ_ERR_NOMEM, "hkz_engine_create: out of memory");
    s->o = *o;
    *state = s;
    return HKZ_SUCCESS;
}

static void cpu_destroy(void *state)
{
    free(state);
}

/* Columns g0 .. g0 + nk - 1 of the recurrence v_0 = 1, v_1 = c1 x,
 * v_g = (2x) v_{g-1} - v_{g-2} (the scheme the bounds in engine_bounds.c
 * are proven for), rows [i0, i1).  prev/cur hold v_{g0-2}, v_{g0-1} on
 * entry and v_{g0+nk-2}, v_{g0+nk-1} on exit. */
typedef struct
{
    const double *x;
    double c1;
    double *prev, *cur;
    double *blk;
    size_t ld, g0, nk;
} gen_arg;

static void gen_range(size_t i0, size_t i1, void *varg)
{
    const gen_arg *A = varg;
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

static int gen_cols(gen_arg *A, size_t np, int nthreads)
{
    /* threads only when the block is worth it */
    if ((double) np * (double) A->nk < 65536.0)
        nthreads = 1;
    return _hkz_engine_parallel_for(np, nthreads, gen_range, A);
}

/* The BLAS runs single-threaded while any engine run is active (process-
 * wide setting, saved by the first run and restored by the last). */
static pthread_mutex_t blas_lock = PTHREAD_MUTEX_INITIALIZER;
static int blas_users = 0, blas_saved = 1;

static void blas_serial_enter(void)
{
    pthread_mutex_lock(&blas_lock);
#if defined(OPENBLAS_VERSION)
    if (blas_users++ == 0)
    {
        blas_saved = openblas_get_num_threads();
        openblas_set_num_threads(1);
    }
#endif
    pthread_mutex_unlock(&blas_lock);
}

static void blas_serial_leave(void)
{
    pthread_mutex_lock(&blas_lock);
#if defined(OPENBLAS_VERSION)
    if (--blas_users == 0)
        openblas_set_num_threads(blas_saved);
#endif
    pthread_mutex_unlock(&blas_lock);
}

/* One K-block times the chunk's weights, the (np x tc) tile cut into
 * aligned sub-tiles, one per thread. */
typedef struct
{
    const double *blk, *C;
    const double *Ctail;      /* the last T mod 64 columns of C, zero-
                                 padded to 64 columns (ld K), or NULL */
    double *out;
    size_t np, tc, nk, ldb, ldc, ldo, k0, K;
    size_t nr, nc;            /* sub-tile grid: nr x nc */
    int status;               /* HKZ_ERR_NOMEM if a scratch tile failed */
} gemm_arg;

#define HKZ_ALIGN_UP(n) (((n) + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN * \
                         HKZ_ENGINE_TALIGN)
#define HKZ_ALIGN_DOWN(n) ((n) / HKZ_ENGINE_TALIGN * HKZ_ENGINE_TALIGN)

/* Out[r0:r1, c0:c1] (+)= blk[r0:r1, panel] C[panel, c0:c1] for the K-panel
 * starting at q0.  Aligned blocks go straight to DGEMM; a block holding
 * the ragged rows or columns is computed in a zero-padded scratch tile. */
static void gemm_block(const gemm_arg *A, size_t r0, size_t r1, size_t c0,
                       size_t c1, size_t q0, size_t kq, int *status)
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

static size_t align_split(size_t n, size_t parts, size_t i)
{
    size_t units = (n + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN;
    size_t a = units * i / parts * HKZ_ENGINE_TALIGN;
    return a < n ? a : n;
}

static void gemm_range(size_t i0, size_t i1, void *varg)
{
    const gemm_arg *A = varg;
    const size_t kp = HKZ_ENGINE_KPANEL;
    size_t w;

    for (w = i0; w < i1; w++)
    {
        size_t r0 = align_split(A->np, A->nr, w % A->nr);
        size_t r1 = align_split(A->np, A->nr, w % A->nr + 1);
        size_t c0 = align_split(A->tc, A->nc, w / A->nr);
        size_t c1 = align_split(A->tc, A->nc, w / A->nr + 1);
        size_t q0, rm, cm;
        int status = HKZ_SUCCESS;
        if (r0 == r1 || c0 == c1)
            continue;
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
            __atomic_store_n(&((gemm_arg *) varg)->status, status,
                             __ATOMIC_RELAXED);
    }
}

static size_t cos_m(size_t N, size_t g)
{
    return 2 * g > N ? 2 * g - N : N - 2 * g;
}

static int cpu_run(void *state, double *out, double *err, double *mag,
                   const hkz_engine_problem_t *pb)
{
    const cpu_state *s = state;
    const size_t P = pb->P, K = pb->K, T = pb->T, kp = HKZ_ENGINE_KPANEL;
    const size_t ldo = pb->ldo != 0 ? pb->ldo : pb->P;
    const int nth = s->o.nthreads;
    size_t kb, pbs, ldb, nchunks, c, M = 0, tabcols = 0;
    double *bmax = NULL, *berr = NULL, *Cgen = NULL, *cerr = NULL;
    double *colerr = NULL, *blk = NULL, *tab = NULL, *prev = NULL;
    double *cur = NULL, *Ctail = NULL;
    const double *C;
    size_t ldc;
    int status = HKZ_SUCCESS, serial = 0;

    /* block sizes: memory knobs only (see the note at the top) */
    kb = s->o.kblock != 0 ? s->o.kblock : 2 * kp;
    kb = (kb + kp - 1) / kp * kp;
    if (kb > (K + kp - 1) / kp * kp)
        kb = (K + kp - 1) / kp * kp;
    if (pb->basis == HKZ_BASIS_COS)
    {
        M = cos_m(pb->cos_n, pb->k_begin);
        if (cos_m(pb->cos_n, pb->k_begin + K - 1) > M)
            M = cos_m(pb->cos_n, pb->k_begin + K - 1);
        tabcols = M + 1;
    }
    pbs = s->o.pblock;
    if (pbs == 0)
    {
        size_t per_row = (kb + tabcols) * sizeof(double);
        pbs = HKZ_ENGINE_BLOCK_BYTES / per_row;
        if (pbs < 64)
            pbs = 64;
    }
    pbs = (pbs + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN *
          HKZ_ENGINE_TALIGN;
    if (pbs > P)
        pbs = P;
    nchunks = s->o.nchunks < T ? s->o.nchunks : T;
    if (nchunks == 0)
        nchunks = 1;

    /* rows past a block's np stay zero up to the next multiple of 64 */
    ldb = HKZ_ALIGN_UP(pbs);
    bmax = malloc(K * sizeof(double));
    berr = malloc(K * sizeof(double));
    blk = calloc(ldb * kb, sizeof(double));
    prev = malloc(pbs * sizeof(double));
    cur = malloc(pbs * sizeof(double));
    /* chunk boundaries are multiples of 64: only the last chunk can have
     * a ragged end, the last T mod 64 columns */
    if (T % HKZ_ENGINE_TALIGN != 0)
        Ctail = calloc(K * HKZ_ENGINE_TALIGN, sizeof(double));
    HKZ_CHECK_GOTO(bmax && berr && blk && prev && cur &&
                   (Ctail != NULL || T % HKZ_ENGINE_TALIGN == 0), HKZ_ERR_NOMEM,
                   "hkz_engine_run: out of memory");
    if (tabcols != 0)
    {
        tab = malloc(pbs * tabcols * sizeof(double));
        HKZ_CHECK_GOTO(tab != NULL, HKZ_ERR_NOMEM,
                       "hkz_engine_run: out of memory (cosine table of "
                       "%zu x %zu)", pbs, tabcols);
    }
    HKZ_TRY_GOTO(hkz_engine_basis_bounds(bmax, berr, pb));

    if (pb->weights == HKZ_WEIGHTS_HEAT)
    {
        Cgen = malloc(K * T * sizeof(double));
        cerr = malloc(K * T * sizeof(double));
        HKZ_CHECK_GOTO(Cgen != NULL && cerr != NULL, HKZ_ERR_NOMEM,
                       "hkz_engine_run: out of memory (weights)");
        HKZ_TRY_GOTO(hkz_engine_heat_weights(Cgen, cerr, K, K, pb->k_begin,
                                             pb->times, T));
        C = Cgen;
        ldc = K;
    }
    else
    {
        C = pb->C;
        ldc = pb->ldc;
    }
    if (err != NULL)
    {
        colerr = malloc(T * sizeof(double));
        HKZ_CHECK_GOTO(colerr != NULL, HKZ_ERR_NOMEM,
                       "hkz_engine_run: out of memory");
    }

    blas_serial_enter();
    serial = 1;
    for (c = 0; c < nchunks; c++)
    {
        size_t t0, t1, tc, p0, i, t;
        hkz_engine_chunk_range(&t0, &t1, T, nchunks, c);
        tc = t1 - t0;
        if (tc % HKZ_ENGINE_TALIGN != 0)
        {
            size_t j0 = t0 + HKZ_ALIGN_DOWN(tc), j;
            for (j = j0; j < t1; j++)
                memcpy(Ctail + (j - j0) * K, C + j * ldc, K * sizeof(double));
        }
        if (err != NULL || mag != NULL)
            HKZ_TRY_GOTO(_hkz_engine_col_bounds_mt(
                    err != NULL ? colerr + t0 : NULL,
                    mag != NULL ? mag + t0 : NULL, bmax, berr, C + t0 * ldc,
                    cerr != NULL ? cerr + t0 * ldc : NULL, ldc, K, tc, nth));

        for (p0 = 0; tc > 0 && p0 < P; p0 += pbs)
        {
            size_t np = P - p0 < pbs ? P - p0 : pbs, k0, g;
            gen_arg A;
            A.x = pb->x != NULL ? pb->x + p0 : NULL;
            A.prev = prev;
            A.cur = cur;
            A.ld = ldb;
            if (pb->basis == HKZ_BASIS_COS)
            {
                /* T_0 .. T_M for this block of points */
                A.ld = np;
                A.c1 = 1.0;
                A.blk = tab;
                A.g0 = 0;
                A.nk = tabcols;
                HKZ_TRY_GOTO(gen_cols(&A, np, nth));
                A.ld = ldb;
            }
            else if (pb->basis == HKZ_BASIS_CHEB_U)
            {
                /* run the recurrence up to the first mode (discarded) */
                A.c1 = 2.0;
                A.blk = blk;
                for (g = 0; g < pb->k_begin; g += A.nk)
                {
                    A.g0 = g;
                    A.nk = pb->k_begin - g < kb ? pb->k_begin - g : kb;
                    HKZ_TRY_GOTO(gen_cols(&A, np, nth));
                }
            }
            for (k0 = 0; k0 < K; k0 += kb)
            {
                size_t nk = K - k0 < kb ? K - k0 : kb;
                if (pb->basis == HKZ_BASIS_CHEB_U)
                {
                    A.g0 = pb->k_begin + k0;
                    A.nk = nk;
                    HKZ_TRY_GOTO(gen_cols(&A, np, nth));
                }
                else if (pb->basis == HKZ_BASIS_COS)
                {
                    size_t j;
                    for (j = 0; j < nk; j++)
                        memcpy(blk + j * ldb, tab + cos_m(pb->cos_n,
                               pb->k_begin + k0 + j) * np,
                               np * sizeof(double));
                }
                else
                {
                    status = pb->fill(blk, ldb, p0, np, pb->k_begin + k0, nk,
                                      pb->fill_ctx);
                    if (status != HKZ_SUCCESS)
                    {
                        if (hkz_errmsg()[0] == '\0')
                            hkz_error_set(status, "hkz_engine_run: user "
                                          "basis callback failed");
                        goto cleanup;
                    }
                }
                if (np % HKZ_ENGINE_TALIGN != 0)
                {
                    /* the zero padding rows (a callback may have used them) */
                    size_t j, pad = HKZ_ALIGN_UP(np) - np;
                    for (j = 0; j < nk; j++)
                        memset(blk + np + j * ldb, 0, pad * sizeof(double));
                }
                {
                    gemm_arg G;
                    size_t ur = (np + HKZ_ENGINE_TALIGN - 1) /
                                HKZ_ENGINE_TALIGN;
                    size_t uc = (tc + HKZ_ENGINE_TALIGN - 1) /
                                HKZ_ENGINE_TALIGN;
                    G.blk = blk; G.C = C + t0 * ldc;
                    G.Ctail = Ctail;
                    G.out = out + p0 + t0 * ldo;
                    G.np = np; G.tc = tc; G.nk = nk; G.ldb = ldb;
                    G.ldc = ldc; G.ldo = ldo; G.k0 = k0; G.K = K;
                    G.status = HKZ_SUCCESS;
                    /* columns first (contiguous output), then rows */
                    G.nc = uc < (size_t) nth ? uc : (size_t) nth;
                    G.nr = (size_t) nth / G.nc;
                    G.nr = G.nr < ur ? G.nr : ur;
                    HKZ_TRY_GOTO(_hkz_engine_parallel_for(G.nr * G.nc,
                            (int) (G.nr * G.nc), gemm_range, &G));
                    HKZ_CHECK_GOTO(G.status == HKZ_SUCCESS, G.status,
                                   "hkz_engine_run: out of memory (scratch "
                                   "tile)");
                }
            }
        }

        for (t = t0; t < t1; t++)
            for (i = 0; i < P; i++)
                HKZ_CHECK_GOTO(isfinite(out[i + t * ldo]), HKZ_ERR_DOMAIN,
                               "hkz_engine_run: output (%zu, %zu) overflowed "
                               "(weights too large)", i, t);
        if (err != NULL)
        {
            if (pb->err_layout == HKZ_ERR_PER_COLUMN)
                memcpy(err + t0, colerr + t0, tc * sizeof(double));
            else
                for (t = t0; t < t1; t++)
                    for (i = 0; i < P; i++)
                        err[i + t * ldo] = colerr[t];
        }
        if (pb->ready != NULL)
            hkz_signal_post(pb->ready, c, pb->epoch);
    }
cleanup:
    if (serial)
        blas_serial_leave();
    free(bmax); free(berr); free(Cgen); free(cerr); free(colerr);
    free(blk); free(tab); free(prev); free(cur); free(Ctail);
    return status;
}

const hkz_engine_backend_t _hkz_engine_cpu_backend = {
    "cpu", cpu_create, cpu_destroy, cpu_run};
