/* Engine problem and options: defaults and argument checks. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "engine_internal.h"
#include "hkz_check.h"

void hkz_engine_problem_init(hkz_engine_problem_t *pb)
{
    memset(pb, 0, sizeof(*pb));
    pb->basis = HKZ_BASIS_CHEB_U;
    pb->weights = HKZ_WEIGHTS_GIVEN;
    pb->err_layout = HKZ_ERR_PER_ENTRY;
}

void hkz_engine_opts_init(hkz_engine_opts_t *o)
{
    memset(o, 0, sizeof(*o));
    o->backend = HKZ_BACKEND_AUTO;
    o->shard = HKZ_SHARD_AUTO;
    o->nchunks = 1;
    o->device = -1;
}

/* floor(T c / n) (without forming T c: T = q n + r), rounded up to a
 * multiple of HKZ_ENGINE_TALIGN, at most T */
static size_t chunk_start(size_t T, size_t n, size_t c)
{
    size_t a = (T / n) * c + (T % n) * c / n;
    a = (a + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN * HKZ_ENGINE_TALIGN;
    return a < T ? a : T;
}

void hkz_engine_chunk_range(size_t *t0, size_t *t1, size_t T,
                            size_t nchunks, size_t c)
{
    if (nchunks == 0)
        nchunks = 1;
    *t0 = chunk_start(T, nchunks, c);
    *t1 = chunk_start(T, nchunks, c + 1);
}

/* the first non-finite weight of columns [j0, j1) (column-major index;
 * SIZE_MAX: none), kept as the minimum over the threads */
typedef struct
{
    const double *C;
    size_t K, ldc, bad;
} wcheck_arg;

static void wcheck_range(size_t j0, size_t j1, void *varg)
{
    wcheck_arg *A = varg;
    size_t i, j;
    for (j = j0; j < j1; j++)
        for (i = 0; i < A->K; i++)
            if (!isfinite(A->C[i + j * A->ldc]))
            {
                size_t b = i + j * A->K, cur;
                cur = __atomic_load_n(&A->bad, __ATOMIC_RELAXED);
                while (b < cur && !__atomic_compare_exchange_n(&A->bad, &cur,
                       b, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
                    ;
                return;
            }
}

int _hkz_engine_problem_check_mt(const hkz_engine_problem_t *pb,
                                 hkz_pool_t pool, int nthreads,
                                 int scan_weights)
{
    size_t i, j;

    HKZ_CHECK(pb != NULL, HKZ_ERR_ARG, "hkz_engine: NULL problem");
    HKZ_CHECK(pb->P >= 1 && pb->K >= 1 && pb->T >= 1, HKZ_ERR_ARG,
              "hkz_engine: need P, K, T >= 1 (got P = %zu, K = %zu, "
              "T = %zu)", pb->P, pb->K, pb->T);
    HKZ_CHECK(pb->K <= HKZ_ENGINE_KMAX &&
              pb->k_begin <= HKZ_ENGINE_KMAX - pb->K, HKZ_ERR_ARG,
              "hkz_engine: k_begin + K must be <= 2^40 (got %zu + %zu)",
              pb->k_begin, pb->K);
    HKZ_CHECK(pb->P <= INT_MAX && pb->T <= INT_MAX, HKZ_ERR_ARG,
              "hkz_engine: P and T must be <= %d (BLAS int)", INT_MAX);
    HKZ_CHECK(pb->ldo == 0 || (pb->ldo >= pb->P && pb->ldo <= INT_MAX),
              HKZ_ERR_ARG, "hkz_engine: ldo = %zu must be 0 or in [P, "
              "INT_MAX] (P = %zu)", pb->ldo, pb->P);
    HKZ_CHECK(pb->err_layout == HKZ_ERR_PER_ENTRY ||
              pb->err_layout == HKZ_ERR_PER_COLUMN, HKZ_ERR_ARG,
              "hkz_engine: unknown err_layout %d", pb->err_layout);

    switch (pb->basis)
    {
    case HKZ_BASIS_CHEB_U:
    case HKZ_BASIS_COS:
        HKZ_CHECK(pb->x != NULL, HKZ_ERR_ARG, "hkz_engine: NULL points x");
        for (i = 0; i < pb->P; i++)
            HKZ_CHECK(pb->x[i] >= -1.0 && pb->x[i] <= 1.0, HKZ_ERR_ARG,
                      "hkz_engine: point x[%zu] = %g not in [-1, 1]", i,
                      pb->x[i]);
        if (pb->basis == HKZ_BASIS_COS)
            HKZ_CHECK(pb->cos_n <= HKZ_ENGINE_KMAX, HKZ_ERR_ARG,
                      "hkz_engine: cos_n = %zu too large", pb->cos_n);
        break;
    case HKZ_BASIS_USER:
        HKZ_CHECK(pb->fill != NULL && pb->user_bmax != NULL, HKZ_ERR_ARG,
                  "hkz_engine: user basis needs fill and user_bmax");
        for (i = 0; i < pb->K; i++)
        {
            double b = pb->user_bmax[i];
            double e = pb->user_berr != NULL ? pb->user_berr[i] : 0.0;
            HKZ_CHECK(isfinite(b) && b >= 0 && isfinite(e) && e >= 0,
                      HKZ_ERR_ARG, "hkz_engine: user_bmax/user_berr[%zu] "
                      "must be finite and >= 0", i);
        }
        break;
    default:
        return hkz_error_set(HKZ_ERR_ARG, "hkz_engine: unknown basis %d",
                             pb->basis);
    }

    switch (pb->weights)
    {
    case HKZ_WEIGHTS_GIVEN:
        HKZ_CHECK(pb->C != NULL, HKZ_ERR_ARG, "hkz_engine: NULL weights C");
        HKZ_CHECK(pb->ldc >= pb->K && pb->ldc <= INT_MAX, HKZ_ERR_ARG,
                  "hkz_engine: ldc = %zu must be in [K, INT_MAX] (K = %zu)",
                  pb->ldc, pb->K);
        if (scan_weights)
        {
            /* one pass over K x T weights: on the pool's threads (a
             * serial pass was ~3% of a 4096^3 run on 16 cores) */
            wcheck_arg A;
            A.C = pb->C;
            A.K = pb->K;
            A.ldc = pb->ldc;
            A.bad = SIZE_MAX;
            if ((double) pb->K * (double) pb->T < 1e6)
                nthreads = 1;
            hkz_parallel_for(pool, pb->T, nthreads, 0, wcheck_range, &A);
            HKZ_CHECK(A.bad == SIZE_MAX, HKZ_ERR_ARG, "hkz_engine: weight "
                      "C[%zu, %zu] is not finite", A.bad % pb->K,
                      A.bad / pb->K);
        }
        break;
    case HKZ_WEIGHTS_HEAT:
        HKZ_CHECK(pb->times != NULL, HKZ_ERR_ARG, "hkz_engine: NULL times");
        for (j = 0; j < pb->T; j++)
            HKZ_CHECK(isfinite(pb->times[j]) && pb->times[j] > 0,
                      HKZ_ERR_ARG, "hkz_engine: time t[%zu] = %g must be "
                      "finite and > 0", j, pb->times[j]);
        break;
    default:
        return hkz_error_set(HKZ_ERR_ARG, "hkz_engine: unknown weights %d",
                             pb->weights);
    }
    return HKZ_SUCCESS;
}

int hkz_engine_problem_check(const hkz_engine_problem_t *pb)
{
    return _hkz_engine_problem_check_mt(pb, NULL, 1, 1);
}
