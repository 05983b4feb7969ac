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
 * (tests/engine/t-determinism.c, run under several OPENBLAS_CORETYPEs).
 *
 * Files: this one drives a run; engine_cpu_gen.c is the recurrence,
 * engine_cpu_gemm.c multiplies the aligned tiles (a region per K-block:
 * a USER basis, whose callback runs here), engine_cpu_flow.c runs the
 * generated bases (every K-block in one region, no barriers). */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "engine_cpu_internal.h"
#include "hkz_check.h"

#define HKZ_ENGINE_BLOCK_BYTES ((size_t) 64 << 20)

typedef struct
{
    hkz_engine_opts_t o;
    hkz_pool_t pool;   /* the handle's threads (not owned) */
    /* hkz_engine_basis_bounds of the last CHEB_U / COS problem: they
     * depend on basis, k_begin, K, cos_n only (a serial pass, 2-5 ms at
     * K = 4096, while the other threads wait); runs may be concurrent */
    pthread_mutex_t lock;
    double *cb_max, *cb_err;
    size_t cb_K, cb_kb, cb_n;
    int cb_basis, cb_ok;
    /* the K-block ring and the cosine table of the last run, kept for the
     * next one (scratch_take) */
    double *scr;
    size_t scr_n;
    int scr_busy;
} cpu_state;

static int cpu_create(void **state, const hkz_engine_opts_t *o)
{
    cpu_state *s = calloc(1, sizeof(cpu_state));
    HKZ_CHECK(s != NULL, HKZ_ERR_NOMEM, "hkz_engine_create: out of memory");
    s->o = *o;
    s->pool = NULL;
    pthread_mutex_init(&s->lock, NULL);
    *state = s;
    _hkz_engine_blas_workers_stop();   /* the runs use the BLAS serially */
    return HKZ_SUCCESS;
}

static void cpu_destroy(void *state)
{
    cpu_state *s = state;
    if (s == NULL)
        return;
    pthread_mutex_destroy(&s->lock);
    free(s->scr);
    free(s->cb_max);
    free(s->cb_err);
    free(s);
}

/* bmax, berr of hkz_engine_basis_bounds, from the cache when the basis
 * shape is the last one's (USER bounds are the caller's: never cached) */
static int basis_bounds(cpu_state *s, double *bmax, double *berr,
                        const hkz_engine_problem_t *pb)
{
    const size_t K = pb->K;
    int hit, status;
    if (pb->basis == HKZ_BASIS_USER)
        return hkz_engine_basis_bounds(bmax, berr, pb);
    pthread_mutex_lock(&s->lock);
    hit = s->cb_ok && s->cb_basis == pb->basis && s->cb_K == K &&
          s->cb_kb == pb->k_begin &&
          (pb->basis != HKZ_BASIS_COS || s->cb_n == pb->cos_n);
    if (hit)
    {
        memcpy(bmax, s->cb_max, K * sizeof(double));
        memcpy(berr, s->cb_err, K * sizeof(double));
    }
    pthread_mutex_unlock(&s->lock);
    if (hit)
        return HKZ_SUCCESS;
    status = hkz_engine_basis_bounds(bmax, berr, pb);
    if (status != HKZ_SUCCESS)
        return status;
    pthread_mutex_lock(&s->lock);
    s->cb_ok = 0;
    free(s->cb_max);
    free(s->cb_err);
    s->cb_max = malloc(K * sizeof(double));
    s->cb_err = malloc(K * sizeof(double));
    if (s->cb_max != NULL && s->cb_err != NULL)
    {
        memcpy(s->cb_max, bmax, K * sizeof(double));
        memcpy(s->cb_err, berr, K * sizeof(double));
        s->cb_basis = pb->basis;
        s->cb_K = K;
        s->cb_kb = pb->k_begin;
        s->cb_n = pb->cos_n;
        s->cb_ok = 1;
    }
    pthread_mutex_unlock(&s->lock);
    return HKZ_SUCCESS;
}

/* n doubles of scratch for a run: the engine's kept block when no other
 * run holds it (grown when too small), else a block of the run's own.
 * Why: a fresh 24 MB ring each run cost ~6000 page faults at 2048^3, ~3%
 * of the run's CPU time on 2 cores.  The contents are stale: every entry
 * a run reads it has written first (the padding rows of a K-block are
 * zeroed per K-block, see engine_cpu_flow.c). */
static double *scratch_take(cpu_state *s, size_t n, int *kept)
{
    double *p = NULL;
    pthread_mutex_lock(&s->lock);
    if (!s->scr_busy && s->scr_n < n)
    {
        free(s->scr);
        s->scr = calloc(n, sizeof(double));
        s->scr_n = s->scr != NULL ? n : 0;
    }
    if (!s->scr_busy && s->scr != NULL)
    {
        s->scr_busy = 1;
        p = s->scr;
    }
    pthread_mutex_unlock(&s->lock);
    *kept = p != NULL;
    return p != NULL ? p : calloc(n, sizeof(double));
}

static void scratch_give(cpu_state *s, double *p, int kept)
{
    if (!kept)
    {
        free(p);
        return;
    }
    pthread_mutex_lock(&s->lock);
    s->scr_busy = 0;
    pthread_mutex_unlock(&s->lock);
}

void _hkz_engine_cpu_set_pool(void *state, hkz_pool_t pool)
{
    ((cpu_state *) state)->pool = pool;
}

static size_t cos_m(size_t N, size_t g)
{
    return 2 * g > N ? 2 * g - N : N - 2 * g;
}

static int cpu_run(void *state, double *out, double *err, double *mag,
                   const hkz_engine_problem_t *pb)
{
    cpu_state *s = state;
    const size_t P = pb->P, K = pb->K, T = pb->T, kp = HKZ_ENGINE_KPANEL;
    const size_t ldo = pb->ldo != 0 ? pb->ldo : pb->P;
    const int nth = s->o.nthreads;
    size_t kb, pbs, ldb, nchunks, c, M = 0, tabcols = 0;
    double *bmax = NULL, *berr = NULL, *Cgen = NULL, *cerr = NULL;
    double *colerr = NULL, *blk = NULL, *tab = NULL, *prev = NULL;
    double *cur = NULL, *Ctail = NULL, *scr = NULL;
    const double *C;
    size_t ldc;
    double *ring[HKZ_CPU_FLOW_NBUF] = {NULL};
    _hkz_col_bounds_t bnd;
    int status = HKZ_SUCCESS, serial = 0, fuse, kept = 0;
    size_t b, nbuf = pb->basis == HKZ_BASIS_USER ? 1 : HKZ_CPU_FLOW_NBUF;

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
        /* USER: one block buffer; generated bases: the flow's ring */
        size_t per_row = ((pb->basis == HKZ_BASIS_USER ? 1
                           : HKZ_CPU_FLOW_NBUF) * kb + tabcols) *
                         sizeof(double);
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
    scr = scratch_take(s, nbuf * ldb * kb + pbs * tabcols, &kept);
    for (b = 0; scr != NULL && b < nbuf; b++)
        ring[b] = scr + b * ldb * kb;
    blk = ring[0];
    prev = malloc(pbs * sizeof(double));
    cur = malloc(pbs * sizeof(double));
    /* chunk boundaries are multiples of 64: only the last chunk can have
     * a ragged end, the last T mod 64 columns */
    if (T % HKZ_ENGINE_TALIGN != 0)
        Ctail = calloc(K * HKZ_ENGINE_TALIGN, sizeof(double));
    HKZ_CHECK_GOTO(bmax && berr && prev && cur && scr &&
                   (Ctail != NULL || T % HKZ_ENGINE_TALIGN == 0),
                   HKZ_ERR_NOMEM,
                   "hkz_engine_run: out of memory");
    if (tabcols != 0)
        tab = scr + nbuf * ldb * kb;
    HKZ_TRY_GOTO(basis_bounds(state, bmax, berr, pb));

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

    /* every column's bound in one pass over the weights that also checks
     * them (hkz_engine_run then skips its own scan): one chunk of a
     * generated basis takes it in the tail of its tiles' region (checked
     * there before the outputs), otherwise it comes first */
    fuse = (err != NULL || mag != NULL) && nchunks == 1 && P > 0 && T > 0 &&
           pb->basis != HKZ_BASIS_USER;
    if (err != NULL || mag != NULL)
        HKZ_TRY_GOTO(_hkz_engine_col_bounds_init(&bnd, err != NULL ? colerr
                     : NULL, mag, bmax, berr, C, cerr, ldc, K));
    if ((err != NULL || mag != NULL) && !fuse)
        HKZ_TRY_GOTO(_hkz_engine_col_bounds_run(&bnd, T, s->pool, nth));

    _hkz_engine_blas_serial_enter();
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

        for (p0 = 0; tc > 0 && p0 < P; p0 += pbs)
        {
            size_t np = P - p0 < pbs ? P - p0 : pbs, k0;
            _hkz_cpu_gemm_t G;
            G.C = C + t0 * ldc;
            G.Ctail = Ctail;
            G.out = out + p0 + t0 * ldo;
            G.np = np; G.tc = tc; G.ldb = ldb;
            G.ldc = ldc; G.ldo = ldo; G.K = K;
            G.bad = SIZE_MAX;
            G.status = HKZ_SUCCESS;
            /* a generated basis with bounds: outputs proven finite unless
             * bnd.big (engine_bounds.c, 3), checked after the block */
            G.check = (err == NULL && mag == NULL) ||
                      pb->basis == HKZ_BASIS_USER;
            if (pb->basis == HKZ_BASIS_COS)
            {
                /* T_0 .. T_M for this block of points */
                _hkz_cpu_gen_t A;
                A.x = pb->x + p0;
                A.prev = prev;
                A.cur = cur;
                A.ld = np;
                A.c1 = 1.0;
                A.blk = tab;
                A.g0 = 0;
                A.nk = tabcols;
                HKZ_TRY_GOTO(_hkz_engine_cpu_gen_cols(&A, np, s->pool, nth));
            }
            if (pb->basis != HKZ_BASIS_USER)
            {
                _hkz_cpu_flow_in_t in;
                in.pb = pb;
                in.x = pb->x + p0;
                in.tab = tab;
                for (b = 0; b < HKZ_CPU_FLOW_NBUF; b++)
                    in.buf[b] = ring[b];
                in.prev = prev;
                in.cur = cur;
                in.kb = kb;
                in.bnd = fuse && p0 == 0 ? &bnd : NULL;
                in.T = T;
                HKZ_TRY_GOTO(_hkz_engine_cpu_flow(s->pool, nth, &G, &in));
                if (fuse && p0 == 0)
                    HKZ_TRY_GOTO(_hkz_engine_col_bounds_status(&bnd));
                if (!G.check && bnd.big && G.status == HKZ_SUCCESS)
                    HKZ_TRY_GOTO(hkz_parallel_for(s->pool, G.nr * G.nc, nth,
                                 1, _hkz_engine_cpu_check_range, &G));
            }
            for (k0 = 0; pb->basis == HKZ_BASIS_USER && k0 < K &&
                 G.status == HKZ_SUCCESS; k0 += kb)
            {
                size_t nk = K - k0 < kb ? K - k0 : kb;
                status = pb->fill(blk, ldb, p0, np, pb->k_begin + k0, nk,
                                  pb->fill_ctx);
                if (status != HKZ_SUCCESS)
                {
                    if (hkz_errmsg()[0] == '\0')
                        hkz_error_set(status, "hkz_engine_run: user "
                                      "basis callback failed");
                    goto cleanup;
                }
                if (np % HKZ_ENGINE_TALIGN != 0)
                {
                    /* the zero padding rows (a callback may have used them) */
                    size_t j, pad = HKZ_ALIGN_UP(np) - np;
                    for (j = 0; j < nk; j++)
                        memset(blk + np + j * ldb, 0, pad * sizeof(double));
                }
                G.blk = blk;
                G.nk = nk;
                G.k0 = k0;
                G.last = k0 + nk == K;
                HKZ_TRY_GOTO(_hkz_engine_cpu_region(s->pool, nth, &G));
            }
            HKZ_CHECK_GOTO(G.status == HKZ_SUCCESS, G.status,
                           "hkz_engine_run: out of memory (scratch tile)");
            HKZ_CHECK_GOTO(G.bad == SIZE_MAX, HKZ_ERR_DOMAIN,
                           "hkz_engine_run: output (%zu, %zu) overflowed "
                           "(weights too large)",
                           p0 + G.bad % np, t0 + G.bad / np);
        }

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
        _hkz_engine_blas_serial_leave();
    free(bmax); free(berr); free(Cgen); free(cerr); free(colerr);
    free(prev); free(cur); free(Ctail);
    if (scr != NULL)
        scratch_give(s, scr, kept);
    return status;
}

const hkz_engine_backend_t _hkz_engine_cpu_backend = {
    "cpu", cpu_create, cpu_destroy, cpu_run, NULL, NULL, NULL};
