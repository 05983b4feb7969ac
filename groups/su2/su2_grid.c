/* su2_grid.c -- the driver shared by the engine grid callers
 * heat_bi_grid.c, heat_sub_grid.c and heat_milnor_grid.c: doubles from
 * Arb balls, batches of points, the basis of a batch on the engine's
 * threads (hkz_engine_parallel_for) and one engine run per batch.  Uses
 * the public engine API only (hkz/engine.h); the bound it adds is
 * described in su2_grid_internal.h. */
#include <math.h>
#include <string.h>
#include <stdlib.h>
#include "hkz/io.h"
#include "hkz/su2.h"
#include "hkz/engine.h"
#include "hkz/status.h"
#include "su2_grid_internal.h"
#include "hkz_prof.h"

/* upper bound of a + b for doubles a, b >= 0 */
double _hkz_su2_grid_add_up(double a, double b)
{
    return nextafter(a + b, INFINITY);
}

/* Returns x~ = mid(x) rounded to the nearest double and sets *e to an
 * upper bound (double) of |x~ - y| for every y in the ball x
 * (hkz_ball_get_d). */
double _hkz_su2_grid_get_d(double *e, const arb_t x)
{
    double v;
    hkz_ball_get_d(&v, e, x);
    return v;
}

/* Upper bound of a mag as a double (+inf if too large). */
double _hkz_su2_grid_mag_get_d(const mag_t m)
{
    arf_t f;
    double v;

    if (mag_is_inf(m))
        return INFINITY;
    arf_init(f);
    arf_set_mag(f, m);
    v = arf_get_d(f, ARF_RND_UP);
    arf_clear(f);
    return v;
}

/* Points per batch: the basis of a batch holds at most
 * HKZ_GRID_BATCH_BYTES, at least HKZ_ENGINE_TALIGN points, a multiple of
 * HKZ_ENGINE_TALIGN. */
size_t _hkz_su2_grid_batch(size_t npts, size_t K)
{
    size_t pb = HKZ_GRID_BATCH_BYTES / (K * sizeof(double));

    pb = pb / HKZ_ENGINE_TALIGN * HKZ_ENGINE_TALIGN;
    if (pb < HKZ_ENGINE_TALIGN)
        pb = HKZ_ENGINE_TALIGN;
    return pb < npts ? pb : npts;
}

/* Points per batch for the engine e: _hkz_su2_grid_batch on CPUs; on a
 * GPU at least HKZ_GRID_BATCH_GPU points (fewer, larger runs: the weights
 * C, K x T, travel to the device once per run) while the basis stays
 * below HKZ_GRID_BATCH_GPU_BYTES. */
size_t _hkz_su2_grid_batch_e(hkz_engine_t e, size_t npts, size_t K)
{
    hkz_engine_opts_t o;
    size_t pb = _hkz_su2_grid_batch(npts, K), pg;

    hkz_engine_get_opts(&o, e);
    if (o.backend != HKZ_BACKEND_CUDA)
        return pb;
    pg = HKZ_GRID_BATCH_GPU_BYTES / (K * sizeof(double));
    pg = FLINT_MIN(pg, (size_t) HKZ_GRID_BATCH_GPU);
    pg = pg / HKZ_ENGINE_TALIGN * HKZ_ENGINE_TALIGN;
    pb = FLINT_MAX(pb, pg);
    return pb < npts ? pb : npts;
}

typedef struct
{
    _hkz_su2_grid_rows_fn fn;
    const void *ctx;
    double *B, *bmax, *berr;   /* bmax, berr: nth x K scratch */
    size_t np, K, nth;
} _hkz_su2_grid_par_t;

static void _hkz_su2_grid_par_main(size_t id0, size_t id1, void *arg)
{
    const _hkz_su2_grid_par_t *A = arg;
    size_t id, k;

    for (id = id0; id < id1; id++)
    {
        double *bm = A->bmax + id * A->K, *be = A->berr + id * A->K;
        for (k = 0; k < A->K; k++)
            bm[k] = be[k] = 0.0;
        A->fn(A->B, A->np, bm, be, A->np * id / A->nth,
              A->np * (id + 1) / A->nth, A->ctx);
    }
    /* FLINT's thread-local caches die with the thread */
    flint_cleanup();
}

/* The basis of a batch of np points (B: np x K, leading dimension np) on
 * the engine's threads, points split in nth fixed ranges; bmax, berr are
 * the maxima over the ranges (the values do not depend on nth). */
int _hkz_su2_grid_basis(double *B, double *bmax, double *berr,
        size_t np, size_t K, hkz_engine_t e, _hkz_su2_grid_rows_fn fn,
        const void *ctx)
{
    hkz_engine_opts_t o;
    _hkz_su2_grid_par_t A;
    size_t id, k;
    int status;

    hkz_engine_get_opts(&o, e);
    A.nth = o.nthreads < 1 ? 1 : (size_t) o.nthreads;
    if (A.nth > np)
        A.nth = np;
    A.fn = fn;
    A.ctx = ctx;
    A.B = B;
    A.np = np;
    A.K = K;
    A.bmax = malloc(A.nth * K * sizeof(double));
    A.berr = malloc(A.nth * K * sizeof(double));
    if (A.bmax == NULL || A.berr == NULL)
    {
        free(A.bmax);
        free(A.berr);
        return hkz_error_set(HKZ_ERR_NOMEM, "su2 grid: out of memory");
    }
    status = hkz_engine_parallel_for(e, A.nth, _hkz_su2_grid_par_main, &A);
    for (k = 0; k < K; k++)
    {
        bmax[k] = berr[k] = 0.0;
        for (id = 0; id < A.nth; id++)
        {
            bmax[k] = FLINT_MAX(bmax[k], A.bmax[id * K + k]);
            berr[k] = FLINT_MAX(berr[k], A.berr[id * K + k]);
        }
    }
    free(A.bmax);
    free(A.berr);
    return status;
}

typedef struct
{
    const double *B;   /* np x K, column-major, leading dimension ld */
    size_t ld;
} _hkz_su2_grid_buf_t;

/* On failure every grid output is NaN (out and err, npts x nt). */
void _hkz_su2_grid_set_nan(double *out, double *err, size_t ldo,
                                     size_t npts, size_t nt)
{
    size_t i, j;

    for (j = 0; j < nt; j++)
        for (i = 0; i < npts; i++)
        {
            out[i + j * ldo] = NAN;
            err[i + j * ldo] = NAN;
        }
}

/* hkz_basis_fill_t that copies from a _hkz_su2_grid_buf_t */
static int _hkz_su2_grid_fill(double *blk, size_t ld, size_t p0,
                                 size_t np, size_t k0, size_t nk, void *ctx)
{
    const _hkz_su2_grid_buf_t *s = ctx;
    size_t j;

    for (j = 0; j < nk; j++)
        memcpy(blk + j * ld, s->B + p0 + (k0 + j) * s->ld,
               np * sizeof(double));
    return HKZ_SUCCESS;
}

/* modes per engine run: about sqrt(K), a multiple of 8, at least 16 */
static size_t _hkz_su2_grid_kchunk(size_t K)
{
    size_t kc = (size_t) ceil(sqrt((double) K));
    kc = (kc + 7) / 8 * 8;
    return kc < 16 ? 16 : kc;
}

/* hkz_engine_col_bounds over column ranges on the engine's threads (each
 * column's bound depends on that column only: the same bits) */
typedef struct
{
    double *colerr;
    const double *bmax, *berr, *C, *cerr;
    size_t ldc, kc, T, nr;
    int *st;
} _hkz_su2_grid_cb_t;

static void _hkz_su2_grid_cb_range(size_t r0, size_t r1, void *arg)
{
    const _hkz_su2_grid_cb_t *A = arg;
    size_t r;

    for (r = r0; r < r1; r++)
    {
        size_t t0 = A->T * r / A->nr, t1 = A->T * (r + 1) / A->nr;
        A->st[r] = t1 <= t0 ? HKZ_SUCCESS : hkz_engine_col_bounds(
                A->colerr + t0, NULL, A->bmax, A->berr, A->C + t0 * A->ldc,
                A->cerr + t0 * A->ldc, A->ldc, A->kc, t1 - t0);
    }
}

static int _hkz_su2_grid_col_bounds(double *colerr, hkz_engine_t e,
        const double *bmax, const double *berr, const double *C,
        const double *cerr, size_t ldc, size_t kc, size_t T)
{
    hkz_engine_opts_t o;
    _hkz_su2_grid_cb_t A;
    size_t r;
    int st[64], status;

    hkz_engine_get_opts(&o, e);
    A.nr = o.nthreads < 2 || (double) kc * (double) T < 1e6 ? 1
           : FLINT_MIN((size_t) 4 * o.nthreads, 64);
    A.nr = FLINT_MIN(A.nr, T);
    if (A.nr <= 1)
        return hkz_engine_col_bounds(colerr, NULL, bmax, berr, C, cerr,
                                     ldc, kc, T);
    A.colerr = colerr;
    A.bmax = bmax;
    A.berr = berr;
    A.C = C;
    A.cerr = cerr;
    A.ldc = ldc;
    A.kc = kc;
    A.T = T;
    A.st = st;
    status = hkz_engine_parallel_for(e, A.nr, _hkz_su2_grid_cb_range, &A);
    /* a failing range again, here, for its message (thread-local) */
    for (r = 0; status == HKZ_SUCCESS && r < A.nr; r++)
        if (st[r] != HKZ_SUCCESS)
            status = hkz_engine_col_bounds(colerr, NULL, bmax, berr, C,
                                           cerr, ldc, kc, T);
    return status;
}

/* out (leading dimension ldo) = B~[:, k0 .. k0+kc) C~[k0 .. k0+kc, :] by
 * the engine; colerr[j] = its bound (su2_grid_internal.h) for the kc
 * modes */
static int _hkz_su2_grid_run1(double *out, size_t ldo, hkz_engine_t e,
        const double *B, size_t np, const double *bmax, const double *berr,
        size_t K, size_t k0, size_t kc, const double *C, const double *cerr,
        size_t T, double *colerr, uint64_t ckey)
{
    hkz_engine_problem_t pb;
    _hkz_su2_grid_buf_t buf;
    double t0;
    int status;

    buf.B = B + k0 * np;
    buf.ld = np;
    hkz_engine_problem_init(&pb);
    pb.P = np;
    pb.K = kc;
    pb.T = T;
    pb.basis = HKZ_BASIS_USER;
    pb.fill = _hkz_su2_grid_fill;
    pb.fill_ctx = &buf;
    pb.user_bmax = bmax + k0;
    pb.user_berr = berr + k0;
    pb.weights = HKZ_WEIGHTS_GIVEN;
    pb.C = C + k0;
    pb.ldc = K;
    pb.ldo = ldo;
    pb.c_key = k0 == 0 && kc == K ? ckey : 0;   /* the key names all of C */
    t0 = hkz_prof_now();
    status = hkz_engine_run(e, out, NULL, &pb);
    hkz_prof_add(HKZ_PROF_GEMM, t0);
    if (status != HKZ_SUCCESS)
        return status;
    t0 = hkz_prof_now();
    status = _hkz_su2_grid_col_bounds(colerr, e, bmax + k0, berr + k0,
                                      C + k0, cerr + k0, K, kc, T);
    hkz_prof_add(HKZ_PROF_BOUNDS, t0);
    return status;
}

/* One batch of np points: out[i + j ldo] = (B~ C~)[i, j] by the engine e,
 * err[i + j ldo] >= the bound above + tail[j].  colerr: T doubles of
 * scratch.
 *
 * The K modes are summed in nch chunks of kc ~ sqrt(K) by separate engine
 * runs, out = sum_c out_c in chunk order, so that each product meets at
 * most kc roundings inside its chunk (the engine bound with gamma_kc,
 * colerr_c) and nch - 1 in the outer sum: by Higham (Accuracy and
 * Stability, 2nd ed., (3.4) with Lemma 3.1) the outer sum is off by
 * <= gamma_{nch-1} sum_c |out~_c|, per entry; the computed sum S~ of the
 * |out~_c| obeys S <= S~ (1 + gamma_nch), and gamma_{nch-1} (1 +
 * gamma_nch) <= nch u (1 + 2^-20) for nch u <= 2^-22; the (1 + 2^-44)
 * covers the two roundings of evaluating the product; 2^-1000 covers its
 * underflow (additions of doubles do not underflow).  So
 *   err = sum_c colerr_c[j] + tail[j] + 2^-1000
 *         + nch u (1 + 2^-20)(1 + 2^-44) S~,
 * each addition rounded upwards.  (CPU backend only; other backends run
 * the K modes at once with gamma_K.) */
int _hkz_su2_grid_run(double *out, double *err, size_t ldo,
        hkz_engine_t e, const double *B, size_t np, const double *bmax,
        const double *berr, size_t K, const double *C, const double *cerr,
        const double *tail, size_t T, double *colerr, uint64_t ckey)
{
    hkz_engine_opts_t o;
    size_t kc, nch, i, j, c;
    double *tmp = NULL, *csum = NULL, f;
    int status = HKZ_SUCCESS;

    /* chunks on the CPU backend only: on a GPU many small runs would cost
     * transfers and launches (one run there, the bound with gamma_K) */
    hkz_engine_get_opts(&o, e);
    kc = o.backend == HKZ_BACKEND_CPU ? _hkz_su2_grid_kchunk(K) : K;
    nch = (K + kc - 1) / kc;

    if (nch <= 1)
    {
        status = _hkz_su2_grid_run1(out, ldo, e, B, np, bmax, berr, K, 0, K,
                                    C, cerr, T, colerr, ckey);
        if (status != HKZ_SUCCESS)
            return status;
        for (j = 0; j < T; j++)
        {
            double ej = _hkz_su2_grid_add_up(colerr[j], tail[j]);
            for (i = 0; i < np; i++)
                err[i + j * ldo] = ej;
        }
        return HKZ_SUCCESS;
    }
    tmp = malloc(np * T * sizeof(double));
    csum = calloc(T, sizeof(double));
    if (tmp == NULL || csum == NULL)
    {
        free(tmp);
        free(csum);
        return hkz_error_set(HKZ_ERR_NOMEM, "su2 grid: out of memory");
    }
    for (c = 0; c < nch; c++)
    {
        size_t k0 = c * kc, kn = K - k0 < kc ? K - k0 : kc;
        status = _hkz_su2_grid_run1(tmp, np, e, B, np, bmax, berr, K, k0, kn,
                                    C, cerr, T, colerr, 0);
        if (status != HKZ_SUCCESS)
            break;
        for (j = 0; j < T; j++)
        {
            double *o = out + j * ldo, *s = err + j * ldo;
            const double *x = tmp + j * np;
            csum[j] = _hkz_su2_grid_add_up(csum[j], colerr[j]);
            if (c == 0)
                for (i = 0; i < np; i++)
                {
                    o[i] = x[i];
                    s[i] = fabs(x[i]);
                }
            else
                for (i = 0; i < np; i++)
                {
                    o[i] += x[i];
                    s[i] += fabs(x[i]);
                }
        }
    }
    f = (double) nch * 0x1p-53 * (1.0 + 0x1p-20) * (1.0 + 0x1p-44);
    for (j = 0; status == HKZ_SUCCESS && j < T; j++)
    {
        double ej = _hkz_su2_grid_add_up(_hkz_su2_grid_add_up(csum[j],
                                         tail[j]), 0x1p-1000);
        for (i = 0; i < np; i++)
            err[i + j * ldo] = _hkz_su2_grid_add_up(ej,
                                                   f * err[i + j * ldo]);
    }
    free(tmp);
    free(csum);
    return status;
}
