/* su2_grid.c -- the driver shared by the engine grid callers
 * heat_bi_grid.c, heat_sub_grid.c and heat_milnor_grid.c: doubles from
 * Arb balls, batches of points, the basis of a batch on the engine's
 * threads (hkz_engine_parallel_for) and one engine run per batch.  Uses
 * the public engine API only (hkz/engine.h); the bound it adds is
 * described in su2_grid_internal.h. */
#include <math.h>
#include <string.h>
#include <stdlib.h>
#include "hkz/su2.h"
#include "hkz/engine.h"
#include "hkz/status.h"
#include "su2_grid_internal.h"

/* upper bound of a + b for doubles a, b >= 0 */
double _hkz_su2_grid_add_up(double a, double b)
{
    return nextafter(a + b, INFINITY);
}

/* Returns x~ = mid(x) rounded to the nearest double and sets *e to an
 * upper bound (double) of |x~ - y| for every y in the ball x:
 * |mid - x~| (exact in arf) + rad. */
double _hkz_su2_grid_get_d(double *e, const arb_t x)
{
    double v = arf_get_d(arb_midref(x), ARF_RND_NEAR);
    arf_t d;
    mag_t m;

    arf_init(d);
    mag_init(m);
    arf_set_d(d, v);
    arf_sub(d, arb_midref(x), d, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_get_mag(m, d);
    mag_add(m, m, arb_radref(x));
    arf_set_mag(d, m);
    *e = arf_get_d(d, ARF_RND_UP);
    arf_clear(d);
    mag_clear(m);
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

/* One batch of np points: out[i + j ldo] = (B~ C~)[i, j] by the engine e,
 * err[i + j ldo] >= the bound above + tail[j].  colerr: T doubles of
 * scratch. */
int _hkz_su2_grid_run(double *out, double *err, size_t ldo,
        hkz_engine_t e, const double *B, size_t np, const double *bmax,
        const double *berr, size_t K, const double *C, const double *cerr,
        const double *tail, size_t T, double *colerr)
{
    hkz_engine_problem_t pb;
    _hkz_su2_grid_buf_t buf;
    size_t i, j;
    int status;

    buf.B = B;
    buf.ld = np;
    hkz_engine_problem_init(&pb);
    pb.P = np;
    pb.K = K;
    pb.T = T;
    pb.basis = HKZ_BASIS_USER;
    pb.fill = _hkz_su2_grid_fill;
    pb.fill_ctx = &buf;
    pb.user_bmax = bmax;
    pb.user_berr = berr;
    pb.weights = HKZ_WEIGHTS_GIVEN;
    pb.C = C;
    pb.ldc = K;
    pb.ldo = ldo;
    status = hkz_engine_run(e, out, NULL, &pb);
    if (status != HKZ_SUCCESS)
        return status;
    status = hkz_engine_col_bounds(colerr, NULL, bmax, berr, C, cerr, K, K,
                                   T);
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
